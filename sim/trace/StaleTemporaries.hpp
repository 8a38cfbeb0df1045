/* A run killed with SIGKILL (or by a power cut) cannot remove its temporary trace `<output>.tmp-<pid>`, which may
 * hold hundreds of MB. The next run for the same output removes those of processes that are gone. */
#pragma once

#include <string>

namespace coalsim {

/** Removes `<output>.tmp-<pid>` files whose writer is dead: no process `<pid>`, or one started after the file was
 *  last written (the pid was reused), and no lock held on the file (a live HDF5 writer holds one, even from another
 *  pid namespace). Returns how many were removed. */
int remove_stale_temporaries(const std::string& output);

} // namespace coalsim
