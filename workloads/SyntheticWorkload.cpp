#include "workloads/SyntheticWorkload.hpp"

#include "sim/config/InputError.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_workloads_synthetic_workload, coalsim_workloads, "SyntheticWorkload");

namespace coalsim {

namespace {
template <class Enum> Distribution mix_of(const std::map<Enum, double>& weights)
{
  std::vector<double> values, w;
  for (const auto& [value, weight] : weights) {
    values.push_back(static_cast<double>(static_cast<int>(value)));
    w.push_back(weight);
  }
  return Distribution::choice(values, w);
}
} // namespace

SyntheticWorkload::SyntheticWorkload(const WorkloadConfig& config, const std::vector<ClusterInfo>& clusters,
                                     uint64_t seed)
    : config_(config)
    , clusters_(clusters)
    , arrivals_(seed, "grid.arrivals")
    , shapes_(seed, "grid.shapes")
    , attributes_(config, clusters, seed)
{
  clock_ = config.start;
  for (const auto& c : clusters_) {
    largest_cluster_ = std::max(largest_cluster_, c.processors);
    all_processors_ += c.processors;
  }
  ordered_pattern_ = resolve_clusters(config.ordered_clusters, clusters_);
  if (config.jobs > 0 && config.component_size.max_value() > largest_cluster_ &&
      std::isfinite(config.component_size.max_value()))
    config.location("component_size")
        .fail("components of up to " + std::to_string(static_cast<long>(config.component_size.max_value())) +
              " processors fit no cluster of this run (largest: " + std::to_string(largest_cluster_) + ")");
  check_jobs_fit(config);
  request_type_mix_ = mix_of(config.request_types);
  if (config.deal_request_types)
    deal_request_types(seed);
  if (config.arrival == WorkloadConfig::Arrival::poisson) {
    rate_ = config.rate;
    if (std::isnan(rate_)) {
      // Offered load = rate * E[processors] * E[runtime] / all processors, with the numbers of components and
      // sizes as drawn (rounded and clamped, see next()).
      double work = config.components.mean_of_sizes(1, std::numeric_limits<int>::max()) *
                    config.component_size.mean_of_sizes(1, largest_cluster_) * config.runtime.mean();
      if (not config.shapes.empty()) {
        double processors = 0;
        for (const auto& [count, size] : config.shapes)
          processors += count * size;
        work = processors / config.shapes.size() * config.runtime.mean();
      }
      rate_ = config.offered_load * all_processors_ / work;
    }
  }
}

void SyntheticWorkload::check_jobs_fit(const WorkloadConfig& config) const
{
  auto given = [&config](RequestType type) {
    auto it = config.request_types.find(type);
    return it != config.request_types.end() && it->second > 0;
  };
  const bool unordered = given(RequestType::unordered), ordered = given(RequestType::ordered);
  if (config.jobs == 0 || not(unordered || ordered))
    return;
  // The components of a job are equal: at most sum over clusters of floor(processors / size) fit at once,
  // even on idle clusters (ordered jobs on random clusters draw them within that room, see next()). An
  // ordered pattern fixes the clusters: a cluster named more than once must hold all its components. A job
  // that fits nowhere waits forever, and the run never ends.
  auto room = [this](int size) {
    long components = 0;
    for (const auto& c : clusters_)
      components += c.processors / size;
    return components;
  };
  auto check = [&](long count, int size, const std::string& key) {
    size = std::clamp(size, 1, largest_cluster_);
    if ((unordered || ordered_pattern_.empty()) && count > room(size))
      config.location(key).fail(std::string(unordered ? "unordered" : "ordered") + " jobs of " + std::to_string(count) +
                                " components of " + std::to_string(size) +
                                " processors fit nowhere in this run, even on idle clusters (room for " +
                                std::to_string(room(size)) + " such components)");
    if (ordered && not ordered_pattern_.empty()) {
      std::vector<long> demand(clusters_.size(), 0);
      for (long k = 0; k < count; ++k) {
        ClusterIndex c = ordered_pattern_[k % ordered_pattern_.size()];
        demand[c] += std::min(size, clusters_[c].processors);
      }
      for (size_t c = 0; c < clusters_.size(); ++c)
        if (demand[c] > clusters_[c].processors)
          config.location("ordered_clusters")
              .fail("ordered jobs of " + std::to_string(count) + " components of " + std::to_string(size) +
                    " processors need " + std::to_string(demand[c]) + " on " + clusters_[c].name + ", which has " +
                    std::to_string(clusters_[c].processors));
    }
  };
  if (not config.shapes.empty()) {
    for (const auto& [count, size] : config.shapes)
      check(count, size, "shapes");
  } else if (std::isfinite(config.components.max_value()) && std::isfinite(config.component_size.max_value())) {
    // The most components with the largest size: room only shrinks as the size grows.
    const int most = std::numeric_limits<int>::max();
    check(rounded_within(config.components.max_value(), 1, most),
          rounded_within(config.component_size.max_value(), 1, most),
          config.given("component_size") && not config.given("components") ? "component_size" : "components");
  }
}

void SyntheticWorkload::deal_request_types(uint64_t seed)
{
  // Each type's share of the jobs, rounded down, and the jobs left over to the largest remainders (the first
  // type on ties); then a Fisher-Yates shuffle on a stream of its own.
  double total = 0;
  for (const auto& [type, weight] : config_.request_types)
    total += weight;
  std::vector<std::pair<RequestType, double>> remainders;
  for (const auto& [type, weight] : config_.request_types) {
    double share = weight / total * config_.jobs;
    dealt_types_.insert(dealt_types_.end(), static_cast<size_t>(std::floor(share)), type);
    remainders.emplace_back(type, share - std::floor(share));
  }
  std::stable_sort(remainders.begin(), remainders.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  for (size_t k = 0; dealt_types_.size() < static_cast<size_t>(config_.jobs); ++k)
    dealt_types_.push_back(remainders[k % remainders.size()].first);
  RngStream deck(seed, "grid.request_types");
  for (size_t i = dealt_types_.size(); i > 1; --i)
    std::swap(dealt_types_[i - 1], dealt_types_[deck.below(i)]);
}

int SyntheticWorkload::draw_size(const Distribution& d, int max)
{
  return rounded_within(d.sample(shapes_), 1, max);
}

std::optional<JobSpec> SyntheticWorkload::next()
{
  if (next_id_ >= config_.jobs)
    return std::nullopt;
  JobSpec job;
  job.id = next_id_++;
  if (config_.arrival == WorkloadConfig::Arrival::poisson && job.id > 0)
    clock_ += -std::log1p(-arrivals_.uniform()) / rate_;
  job.submit_time = clock_;
  job.type        = config_.deal_request_types ? dealt_types_[static_cast<size_t>(job.id)]
                                               : static_cast<RequestType>(static_cast<int>(request_type_mix_.sample(shapes_)));
  int count       = rounded_within(config_.components.sample(shapes_), 1, std::numeric_limits<int>::max());
  int size        = draw_size(config_.component_size, largest_cluster_);
  if (not config_.shapes.empty()) {
    const auto& shape = config_.shapes[shapes_.below(config_.shapes.size())];
    count             = shape.first;
    size              = std::min(shape.second, largest_cluster_);
  }
  switch (job.type) {
    case RequestType::ordered: {
      // Random clusters: each component on a cluster with room left for it beside the job's earlier ones, so
      // that the job fits the idle clusters (the config check makes sure there is such a cluster).
      std::vector<int> room(clusters_.size());
      for (size_t i = 0; i < clusters_.size(); ++i)
        room[i] = clusters_[i].processors;
      for (int k = 0; k < count; ++k) {
        ClusterIndex c;
        if (not ordered_pattern_.empty()) {
          c = ordered_pattern_[k % ordered_pattern_.size()];
        } else {
          std::vector<ClusterIndex> large;
          for (ClusterIndex i = 0; i < static_cast<int>(clusters_.size()); ++i)
            if (room[i] >= size)
              large.push_back(i);
          if (large.empty()) // a size or count beyond the checked bounds (an unbounded distribution)
            for (ClusterIndex i = 0; i < static_cast<int>(clusters_.size()); ++i)
              if (clusters_[i].processors >= size)
                large.push_back(i);
          c = large[shapes_.below(large.size())];
        }
        job.components.push_back({std::min(size, clusters_[c].processors), c});
        room[c] -= job.components.back().processors;
      }
      break;
    }
    case RequestType::unordered:
      job.components.assign(count, ComponentRequest{size, no_cluster});
      break;
    case RequestType::total:
      job.components.assign(1, ComponentRequest{std::min(count * size, largest_cluster_), no_cluster});
      break;
    case RequestType::flexible:
      job.total_processors = std::min(count * size, all_processors_);
      break;
  }
  if (job.type != RequestType::flexible)
    for (const auto& c : job.components)
      job.total_processors += c.processors;
  job.runtime = config_.runtime.sample(shapes_);

  attributes_.draw(job);
  return job;
}

COALSIM_REGISTER(
    WorkloadGenerators, synthetic, "synthetic",
    "grid jobs drawn from distributions: batch or Poisson arrivals (by rate or offered load), component counts and "
    "sizes or shapes, runtimes and request types",
    [](const WorkloadConfig& workload, const std::vector<ClusterInfo>& clusters, uint64_t seed,
       const WorkloadGenerators::LogLocator&) { return std::make_unique<SyntheticWorkload>(workload, clusters, seed); },
    {integer_parameter("jobs", 100, 0, "how many jobs", "jobs"),
     number_parameter("start", 0, 0, "submission time of the first job", "s"),
     {"arrival", ParameterSpec::Type::choice, "poisson", "batch|poisson",
      "all at `start`, or Poisson arrivals from `start`"},
     {"rate", ParameterSpec::Type::number, "-", "> 0", "Poisson arrivals: jobs per second (or offered_load)", "jobs/s"},
     {"offered_load", ParameterSpec::Type::number, "0.3", "> 0",
      "Poisson arrivals: the rate that offers this fraction of all processors (or rate)", "fraction"},
     {"components", ParameterSpec::Type::distribution, "1", ">= 1", "distribution of a job's number of components",
      "components"},
     {"component_size", ParameterSpec::Type::distribution, "8", ">= 1", "distribution of a component's size",
      "processors"},
     {"runtime", ParameterSpec::Type::distribution, "100", ">= 0", "distribution of a job's runtime", "s"},
     {"request_types", ParameterSpec::Type::section, "{unordered: 1}", "",
      "weights of the request types (ordered, unordered, flexible, total)", "weight"},
     {"deal_request_types", ParameterSpec::Type::flag, "false", "true|false",
      "deal the request types by their weights instead of drawing them"},
     {"ordered_clusters", ParameterSpec::Type::section, "random", "", "the clusters of ordered jobs' components"},
     {"shapes", ParameterSpec::Type::section, "-", "",
      "job shapes \"<components>x<processors>\" drawn uniformly, instead of components and component_size"}},
    {.draws_request_types = true,
     .has_jobs            = [](const WorkloadConfig& workload) { return workload.jobs > 0; },
     .times =
         [](const WorkloadConfig& workload) {
           return std::vector<WorkloadTime>{{"runtime", typical_max(workload.runtime), "a run time of"},
                                            {"start", workload.start, "a start at"}};
         }});

} // namespace coalsim
