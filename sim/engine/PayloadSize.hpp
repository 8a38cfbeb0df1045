/* SimGrid counts a communication's size in 64-bit bytes. A larger size comes from a value no experiment means (a
 * file of 1e20 B, 18 exabytes and more) and would wrap around to a small one: it is refused where it is drawn when
 * its key is known (workloads/JobAttributes.cpp), and otherwise where it is handed to SimGrid. */
#pragma once

#include <cstdint>
#include <string>

namespace coalsim {

constexpr double largest_payload = 9.2e18; // bytes, below 2^63

/** The size SimGrid is given for a communication of `bytes` (rounded); throws InputError naming `what` when it is
 *  above largest_payload or no number. */
uint64_t payload_size(double bytes, const std::string& what);

} // namespace coalsim
