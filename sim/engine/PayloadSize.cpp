#include "sim/engine/PayloadSize.hpp"

#include "sim/config/InputError.hpp"

#include <cmath>
#include <sstream>

namespace coalsim {

uint64_t payload_size(double bytes, const std::string& what)
{
  if (not(bytes >= 0 && bytes <= largest_payload)) {
    std::ostringstream message;
    message << "Invalid experiment: " << what << " of " << bytes
            << " bytes is more than the 9.2e18 bytes a SimGrid communication carries";
    throw InputError(message.str());
  }
  return static_cast<uint64_t>(std::llround(bytes));
}

} // namespace coalsim
