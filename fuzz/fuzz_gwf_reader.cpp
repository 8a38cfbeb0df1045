/* libFuzzer target: the GWF reader (29 fields, string identifiers), read to the end. */
#include "FuzzInput.hpp"
#include "sim/config/InputError.hpp"
#include "workloads/swf/GwfReader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  const std::string& path = coalsim::fuzz::input_file(data, size);
  try {
    coalsim::GwfReader reader(path);
    coalsim::GwfRecord record;
    while (reader.next_record(record))
      (void)record.job();
  } catch (const coalsim::InputError&) {
  }
  return 0;
}
