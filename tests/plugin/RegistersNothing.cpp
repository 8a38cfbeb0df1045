/* A shared library that registers no policy (tests/plugin/test_plugin.py: simulate refuses it). */
#include "sim/api/Job.hpp"

int coalsim_test_processors_of(const coalsim::JobSpec& job)
{
  return coalsim::processors_needed(job);
}
