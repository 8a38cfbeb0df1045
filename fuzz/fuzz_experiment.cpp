/* libFuzzer target: the experiment reader (YAML, every key and its checks). Any exception but InputError, any
 * crash, leak or undefined behaviour is a bug. */
#include "FuzzInput.hpp"
#include "setup/ExperimentConfig.hpp"
#include "sim/config/InputError.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  const std::string& path = coalsim::fuzz::input_file(data, size);
  try {
    coalsim::load_experiment(path, {});
  } catch (const coalsim::InputError&) {
  }
  return 0;
}
