#include "policies/diana/DianaSettings.hpp"
#include "sim/api/PolicyParameters.hpp"
#include "sim/config/TimeHorizon.hpp"

#include <xbt/log.h>

#include <algorithm>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_settings, coalsim_diana, "DianaSettings");

namespace coalsim::diana {

DianaSettings read_diana_settings(PolicyParameters& p, const std::vector<std::string>& clusters)
{
  DianaSettings s;
  s.weights = read_cost_weights(p);
  auto kind = p.get_choice("job_kind", "both", {"compute", "data", "both", "by_input"},
                           "rank sites by computation, data transfer or all costs (with network), or per job by the "
                           "size of its input");
  // by_input leaves no kind for every job: each job's is chosen by its input (the default, `both`, must not stay).
  s.kind = kind == "by_input" ? std::nullopt : std::optional<JobKind>(job_kind_by_name(kind));
  s.data_intensive_bytes =
      p.get_double("data_intensive_bytes", s.data_intensive_bytes, 0,
                   "job_kind by_input: a job whose input is at least this large is data-intensive, "
                   "a smaller one compute-intensive (bytes)",
                   "bytes");
  s.local_first = p.get_bool("local_first", false, "keep a job at its submission site when that site has room");
  auto submission =
      p.get_choice("submission", "iterative", {"iterative", "bulk", "split"},
                   "jobs submitted together: one decision each, one atomic bulk, or sub-bulks by site rank");
  s.submission = submission == "bulk"    ? Submission::bulk
                 : submission == "split" ? Submission::split
                                         : Submission::iterative;
  auto costs   = p.get_choice("costs", "live", {"live", "static"},
                              "live: the queues and loads sites report; static: network and capability only");
  s.costs      = costs == "static" ? CostSource::static_costs : CostSource::live;
  std::vector<std::string> sites{"drawn"};
  sites.insert(sites.end(), clusters.begin(), clusters.end());
  auto site = p.get_choice("submit_site", "drawn", sites,
                           "where jobs without a submission site are submitted: drawn uniformly, or one cluster");
  if (site != "drawn")
    s.fixed_site = static_cast<ClusterIndex>(std::find(clusters.begin(), clusters.end(), site) - clusters.begin());
  s.query_bytes     = p.get_double("query_bytes", s.query_bytes, 0, "size of a peer query (bytes)", "bytes");
  s.reply_bytes     = p.get_double("reply_bytes", s.reply_bytes, 0, "size of a peer's reply (bytes)", "bytes");
  s.executable_size = p.get_distribution("executable_size", 1e6, 0,
                                         "a job's executable (AD), sent with a remote submission or a migration "
                                         "(bytes; a number or a distribution, drawn per job)",
                                         "bytes");
  s.output_size     = p.get_distribution("output_size", 1e6, 0,
                                         "a job's output (OD), returned to its submission site (bytes; a number or "
                                             "a distribution, drawn per job)",
                                         "bytes");
  s.reply_timeout =
      p.get_double("reply_timeout", s.reply_timeout, 0,
                   "seconds a scheduler waits for its peers' replies; silent peers are taken for dead", "s");
  // The report sets no period for asking the peers again (see DianaPolicy::decide): coalsim's choice. At least the
  // finest interval a run keeps apart (0 would let a site ask its peers again at every event).
  s.retry_interval = p.get_double("retry_interval", s.retry_interval, finest_interval,
                                  "seconds a site marked unusable waits, after a round in which no live peer could "
                                  "take the job it sends on, before it asks its peers again (unless a cluster "
                                  "becomes usable first); coalsim's choice: the report sets no period",
                                  "s");
  s.local_submission_time =
      p.get_double("local_submission_time", s.local_submission_time, 0,
                   "seconds the middleware takes to submit to a site's local scheduler, once per submission (a job "
                   "decided alone, a bulk or a sub-bulk), before its jobs can start (0: no cost)",
                   "s");
  s.migration_interval = p.get_double("migration_interval", s.migration_interval, 0,
                                      "seconds between checks of queued jobs for migration (0: no migration)", "s");
  s.migration_wait     = p.get_double("migration_wait", s.migration_wait, 0,
                                      "seconds a job waits in a queue before it is considered for migration", "s");
  s.max_migrations     = p.get_int("max_migrations", s.max_migrations, 0, "migrations allowed per job", "migrations");
  return s;
}

} // namespace coalsim::diana
