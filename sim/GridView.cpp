#include "sim/GridView.hpp"

namespace coalsim {

std::vector<int> GridView::idle_counts() const
{
  std::vector<int> idle;
  idle.reserve(clusters_.size());
  for (const auto& c : clusters_)
    idle.push_back(c.usable ? c.idle : 0);
  return idle;
}

} // namespace coalsim
