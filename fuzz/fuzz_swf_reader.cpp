/* libFuzzer target: the SWF reader (header comments, records, skips), read to the end. */
#include "FuzzInput.hpp"
#include "sim/config/InputError.hpp"
#include "workloads/swf/SwfReader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  const std::string& path = coalsim::fuzz::input_file(data, size);
  try {
    coalsim::SwfReader reader(path);
    coalsim::SwfRecord record;
    while (reader.next_record(record))
      (void)record.job();
  } catch (const coalsim::InputError&) {
  }
  return 0;
}
