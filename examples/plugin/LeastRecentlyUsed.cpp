/* `lru`: each component goes to the usable cluster with room that was least recently given one, so that the grid
 * jobs rotate over the clusters rather than pile onto the largest or the emptiest one (a round robin that skips the
 * clusters without room). The jobs wait in one queue in their order of arrival; a pass places them in that order and
 * stops after `depth` jobs that did not fit. A job's input file is copied from its nearest replica on a cluster that
 * is up.
 *
 * Built outside coalsim's tree against its installed package (README.md); it sees only the policy API (sim/api). */
#include "sim/api/GridPolicy.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include "sim/api/ReplicaChoice.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <numeric>
#include <optional>
#include <vector>

namespace {

using namespace coalsim;

/** Whether `sizes` (decreasing), from the `next`-th on, pack into `idle`: an exact search, each cluster's idle count
 *  tried once per size (two clusters with the same room are the same choice). */
bool packs(const std::vector<int>& sizes, size_t next, std::vector<int>& idle)
{
  if (next == sizes.size())
    return true;
  std::vector<int> tried;
  for (size_t c = 0; c < idle.size(); ++c) {
    if (idle[c] < sizes[next] || std::find(tried.begin(), tried.end(), idle[c]) != tried.end())
      continue;
    tried.push_back(idle[c]);
    idle[c] -= sizes[next];
    bool packed = packs(sizes, next + 1, idle);
    idle[c] += sizes[next];
    if (packed)
      return true;
  }
  return false;
}

class LeastRecentlyUsed : public GridPolicy {
public:
  LeastRecentlyUsed(size_t clusters, int depth) : last_used_(clusters, 0), depth_(depth) {}

  PolicyNeeds needs() const override
  {
    PolicyNeeds needs;
    // It chooses the clusters of every component: a job whose components name theirs (ordered) or that gives only
    // a total (flexible) is not for it, and the engine refuses such an experiment before the run.
    needs.request_types = {RequestType::unordered, RequestType::total};
    return needs;
  }

  void on_job_submitted(const JobSpec& job) override { queue_.push_back(&job); }
  void on_claim_failed(const JobSpec& job) override
  {
    // Back at its place in the order of arrival.
    auto later = std::find_if(queue_.begin(), queue_.end(), [&job](const JobSpec* j) { return j->id > job.id; });
    queue_.insert(later, &job);
  }
  void on_job_withdrawn(const JobSpec& job) override
  {
    queue_.erase(std::remove(queue_.begin(), queue_.end(), &job), queue_.end());
  }
  size_t waiting_jobs() const override { return queue_.size(); }

  Decisions decide(const GridView& view) override
  {
    Decisions decisions;
    std::vector<int> idle = view.idle_counts(); // 0 on the clusters that cannot be used
    int not_fitting       = 0;
    for (auto it = queue_.begin(); it != queue_.end() && not_fitting < depth_;) {
      const JobSpec& job = **it;
      if (auto components = place(job, idle, view)) {
        decisions.placements.push_back(Placement{.job = job.id, .components = std::move(*components)});
        it = queue_.erase(it); // the engine now claims it; a failed claim gives it back (on_claim_failed)
      } else {
        decisions.not_placed.push_back(job.id);
        ++not_fitting;
        ++it;
      }
    }
    return decisions;
  }

private:
  /** The job's components on the least recently used clusters with room, largest component first, each choice one
   *  that leaves room for the rest; nothing when the job does not fit `idle` now (then `idle` is unchanged). */
  std::optional<std::vector<ComponentPlacement>> place(const JobSpec& job, std::vector<int>& idle, const GridView& view)
  {
    if (not file_readable(job, view))
      return std::nullopt; // every replica is on a cluster that is down: wait for one to come back
    std::vector<size_t> order(job.components.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&job](size_t a, size_t b) {
      return job.components[a].processors > job.components[b].processors;
    });
    std::vector<int> sizes;
    for (size_t i : order)
      sizes.push_back(job.components[i].processors);
    std::vector<int> left = idle;
    if (not packs(sizes, 0, left))
      return std::nullopt;

    std::vector<ComponentPlacement> placed(job.components.size());
    std::vector<uint64_t> last_used = last_used_;
    for (size_t k = 0; k < order.size(); ++k) {
      ClusterIndex chosen = no_cluster;
      for (size_t c = 0; c < left.size(); ++c) {
        if (left[c] < sizes[k] || (chosen != no_cluster && last_used[c] >= last_used[chosen]))
          continue;
        left[c] -= sizes[k];
        if (packs(sizes, k + 1, left))
          chosen = static_cast<ClusterIndex>(c);
        left[c] += sizes[k];
      }
      left[chosen] -= sizes[k]; // one exists: the search above found a packing of the rest
      last_used[chosen] = ++uses_;
      placed[order[k]]  = ComponentPlacement{
           .cluster = chosen, .processors = sizes[k], .file_site = nearest_replica(job, chosen, view)};
    }
    idle       = std::move(left);
    last_used_ = std::move(last_used);
    return placed;
  }

  std::deque<const JobSpec*> queue_;
  /** Per cluster, the number of the last component placed there (0: none yet); uses_ counts them. */
  std::vector<uint64_t> last_used_;
  uint64_t uses_ = 0;
  int depth_;
};

} // namespace

COALSIM_REGISTER_POLICY(lru, "lru",
                        "least recently used: each component on the cluster with room given one longest ago",
                        [](coalsim::PolicyParameters& p, const coalsim::PolicyContext& c) {
                          int depth =
                              p.get_int("depth", 1, 1,
                                        "jobs that do not fit a pass looks past before it stops: 1 is FCFS (the "
                                        "first that does not fit blocks the rest); more let later jobs overtake "
                                        "it, with no reservation (they may delay it)");
                          return std::make_unique<LeastRecentlyUsed>(c.cluster_names.size(), depth);
                        });
