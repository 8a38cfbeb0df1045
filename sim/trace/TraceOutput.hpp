/* What `--output` may name. The trace is written beside it and renamed over it, and a rename replaces whatever the
 * name held: as root, `-o /dev/null` once replaced the system's /dev/null with an HDF5 file, and a FIFO or a loop
 * of symbolic links became a regular file. */
#pragma once

#include <string>

namespace coalsim {

/** Throws InputError ("Invalid output '<output>': ...") unless `output` is absent, a regular file, or a symbolic
 *  link that resolves to a regular file (the link is replaced by the trace; the file it points to is left alone).
 *  Refused: a device, a FIFO, a socket, a folder, a link to one of these, a dangling link, a loop of links. */
void check_output_replaceable(const std::string& output);

} // namespace coalsim
