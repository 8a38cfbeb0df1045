#include "policies/diana/SiteRanking.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_site_ranking, coalsim_diana, "SiteRanking");

namespace coalsim::diana {

JobKind job_kind_by_name(const std::string& name)
{
  if (name == "compute")
    return JobKind::compute_intensive;
  if (name == "data")
    return JobKind::data_intensive;
  if (name == "both")
    return JobKind::both;
  throw std::invalid_argument("unknown job kind '" + name + "' (valid values are: compute, data, both)");
}

JobKind job_kind_by_input(double input_bytes, double threshold)
{
  return input_bytes >= threshold && input_bytes > 0 ? JobKind::data_intensive : JobKind::compute_intensive;
}

const char* to_string(JobKind kind)
{
  switch (kind) {
    case JobKind::compute_intensive:
      return "compute";
    case JobKind::data_intensive:
      return "data";
    case JobKind::both:
      return "both";
  }
  return "?";
}

double total_cost(const SiteCosts& site, const CostWeights& weights)
{
  return weights.w4 * site.network + site.computation + site.data_transfer;
}

double ranking_cost(const SiteCosts& site, JobKind kind, const CostWeights& weights)
{
  switch (kind) {
    case JobKind::compute_intensive:
      return weights.w4 * site.network + site.computation;
    case JobKind::data_intensive:
      return weights.w4 * site.network + site.data_transfer;
    case JobKind::both:
      return total_cost(site, weights);
  }
  xbt_die("unknown job kind");
}

std::vector<int> rank_sites(const std::vector<SiteCosts>& sites, JobKind kind, const CostWeights& weights)
{
  std::vector<size_t> order(sites.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<double> cost(sites.size());
  for (size_t i = 0; i < sites.size(); ++i)
    cost[i] = ranking_cost(sites[i], kind, weights);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (cost[a] != cost[b])
      return cost[a] < cost[b];
    return sites[a].site < sites[b].site;
  });
  std::vector<int> ranked;
  for (size_t i : order)
    ranked.push_back(sites[i].site);
  return ranked;
}

std::optional<int> choose_site(const std::vector<SiteCosts>& sites, JobKind kind, const CostWeights& weights, int local,
                               bool local_first, bool local_has_room)
{
  auto alive = [&](int site) {
    auto it = std::find_if(sites.begin(), sites.end(), [site](const SiteCosts& s) { return s.site == site; });
    return it != sites.end() && it->alive;
  };
  if (local_first && local_has_room && alive(local))
    return local;
  for (int site : rank_sites(sites, kind, weights))
    if (alive(site))
      return site;
  return std::nullopt;
}

} // namespace coalsim::diana
