#include "sim/api/LocalDisciplines.hpp"

namespace coalsim {

std::unique_ptr<LocalQueue> make_local_queue(const std::string& discipline)
{
  return Registry<LocalDisciplines>::instance().at(discipline).factory();
}

} // namespace coalsim
