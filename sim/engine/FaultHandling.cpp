/* The scheduler's reaction to faults (Mohamed and Epema 2008, Section 4.5): a grid component dies when its cluster goes
 * down, when the host of one of its cores fails, when SimGrid fails its run, or when it drew a component
 * failure at its start. The job's attempt is aborted: a job its policy claims goes back to the policy as an
 * abort (on_job_aborted), an engine-claimed one as after a failed run or claim (abort_attempt). Each failure
 * counts an error against its cluster, which is marked unusable past the threshold. */
#include "sim/engine/Clock.hpp"
#include "sim/engine/GridScheduler.hpp"

#include <algorithm>
#include <cmath>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_fault_handling, coalsim_engine, "FaultHandling");

namespace coalsim {

void GridScheduler::set_health(ClusterHealth* health, std::function<bool()> faults_go_on)
{
  health_ = health;
  fit_limits_.reset();
  if (health_)
    health_->start([this](ClusterIndex c, bool up) { cluster_changed(c, up); },
                   [this](ClusterIndex c, const sg4::Host& host, bool up) { host_changed(c, host, up); },
                   std::move(faults_go_on));
}

void GridScheduler::publish_failure(JobId job, ClusterIndex c, const char* kind, const std::string& host)
{
  parts_.lifecycle.failure(now(), job, c, kind, host);
}

void GridScheduler::count_error(ClusterIndex c, JobId job)
{
  publish_failure(job, c, "component");
  if (health_ && health_->error(c)) {
    XBT_INFO("cluster %s marked unusable after %d consecutive errors", parts_.platform.cluster(c).name.c_str(),
             health_->consecutive_errors(c));
    publish_failure(-1, c, "unusable");
    fit_limits_.reset(); // its `gone` changed
    // The usable clusters shrank for good: every waiting job is checked again at the pass (a cluster that is only
    // down comes back, so an outage is no reason).
    any_unusable_ = true;
    for (const auto& [id, job] : active_)
      if (job.phase == Phase::waiting)
        recheck_.push_back(id);
    request_pass();
  }
}

bool GridScheduler::holds_processors(const ActiveJob& job, size_t k)
{
  return k < job.claimed_at.size() && not std::isnan(job.claimed_at[k]);
}

void GridScheduler::fail_components(JobId id, const std::vector<ClusterIndex>& clusters)
{
  ActiveJob& job = active_.at(id);
  if (job.claiming != Claiming::by_policy) {
    abort_attempt(id, clusters);
    return;
  }
  parts_.lifecycle.run_failed(id);
  for (ClusterIndex c : clusters)
    count_error(c, id);
  abort_to_policy(id, AbortReason::component_failed, clusters);
}

void GridScheduler::fail_holders(ClusterIndex c, const std::function<bool(const ActiveJob&, size_t)>& hit_by)
{
  std::vector<JobId> hit;
  for (const auto& [id, job] : active_)
    for (size_t k = 0; k < job.placement.size(); ++k)
      if (job.placement[k].cluster == c && holds_processors(job, k) && hit_by(job, k)) {
        hit.push_back(id);
        break;
      }
  std::sort(hit.begin(), hit.end()); // the map's order is not deterministic across builds
  for (JobId id : hit)
    fail_components(id, {c});
}

void GridScheduler::run_failed_in_simgrid(JobId id)
{
  // (Called through guarded(): a run already aborted by host_changed, which comes first, is not here.)
  // The clusters with a core on a host that is off; none when a link of the run failed.
  const ActiveJob& job = active_.at(id);
  std::vector<ClusterIndex> clusters;
  for (size_t k = 0; k < job.placement.size(); ++k)
    if (std::any_of(job.cores[k].begin(), job.cores[k].end(), [](const sg4::Host* h) { return not h->is_on(); }))
      clusters.push_back(job.placement[k].cluster);
  std::sort(clusters.begin(), clusters.end());
  clusters.erase(std::unique(clusters.begin(), clusters.end()), clusters.end());
  XBT_VERB("job %ld: SimGrid failed its run", static_cast<long>(id));
  fail_components(id, clusters);
}

void GridScheduler::cluster_changed(ClusterIndex c, bool up)
{
  XBT_VERB("cluster %d %s", c, up ? "back up" : "down");
  publish_failure(-1, c, up ? "outage_end" : "outage");
  if (up) {
    request_pass();
    return;
  }
  // Every grid component holding processors there dies with the cluster (ClusterHealth turns its hosts off
  // right after): running or staging jobs, and jobs with a component claimed by their policy (waiting at the
  // barrier). Copies to or from the cluster of other jobs fail with its file server.
  fail_holders(c, [](const ActiveJob&, size_t) { return true; });
}

void GridScheduler::host_changed(ClusterIndex c, const sg4::Host& host, bool up)
{
  XBT_VERB("host %s %s", host.get_cname(), up ? "back up" : "down");
  publish_failure(-1, c, up ? "host_up" : "host_down", host.get_name());
  if (up) {
    request_pass();
    return;
  }
  // Every grid component with a core on the host dies with it; the manager has already killed the local jobs
  // there. A copy from or to the host, if it is a file server, fails in SimGrid.
  fail_holders(c, [&host](const ActiveJob& job, size_t k) {
    return std::find(job.cores[k].begin(), job.cores[k].end(), &host) != job.cores[k].end();
  });
  request_pass(); // the killed local jobs' cores on other hosts are idle now
}

} // namespace coalsim
