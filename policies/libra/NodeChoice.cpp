#include "policies/libra/NodeChoice.hpp"

namespace coalsim::libra {

std::optional<size_t> choose_node(const std::vector<NodeLoad>& answers, NodeChoice choice)
{
  std::optional<size_t> chosen;
  for (size_t n = 0; n < answers.size(); ++n) {
    if (not answers[n].accepts)
      continue;
    if (not chosen)
      chosen = n;
    else if (choice == NodeChoice::least_loaded ? answers[n].load < answers[*chosen].load
                                                : answers[n].load > answers[*chosen].load)
      chosen = n;
  }
  return chosen;
}

} // namespace coalsim::libra
