/* What `--output` may name. The trace is written beside it and renamed over it, and a rename replaces whatever the
 * name held: as root, `-o /dev/null` once replaced the system's /dev/null with an HDF5 file, and a FIFO or a loop
 * of symbolic links became a regular file. */
#pragma once

#include <string>

namespace coalsim {

/** Throws InputError ("Invalid output '<output>': ...") unless `output` is absent, a regular file, or a symbolic
 *  link that resolves to a regular file (the link is replaced by the trace; the file it points to is left alone).
 *  Refused: a device, a FIFO, a socket, a folder, a link to one of these, a dangling link, a loop of links; and,
 *  unless `force`, a regular file that holds something other than a trace coalsim wrote (a platform, an experiment,
 *  another program's data: `-o mine.xml` once replaced a platform without a word). An empty file holds nothing to
 *  lose and may be replaced. */
void check_output_replaceable(const std::string& output, bool force);

/** Whether `path` is an HDF5 file with the root attribute `simulator` = "coalsim" (a trace simulate wrote). */
bool is_coalsim_trace(const std::string& path);

} // namespace coalsim
