/* libFuzzer target: layer 1 of the platform check (the XML alone, no SimGrid: SimGrid keeps one engine per process
 * and aborts on a second, so the fuzzer cannot load platforms in-process; layer 2 forks per platform). */
#include "sim/config/InputError.hpp"
#include "sim/platform/PlatformCheck.hpp"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  try {
    coalsim::check_platform_text(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.xml");
  } catch (const coalsim::InputError&) {
  }
  return 0;
}
