/* The Dynamic Co-allocation Service as a registered policy: `dcs`, with the options of its command line
 * (thesis A.3: -fcfs|-fpfs, -worstfit|-bestfit) and the limits and intervals the thesis leaves configurable. */
#include "policies/dcs/DcsScheduler.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_dcs_policies, coalsim_dcs, "DcsPolicies");

namespace coalsim::dcs {
namespace {

std::unique_ptr<GridPolicy> make_dcs(PolicyParameters& parameters, const PolicyContext&)
{
  DcsScheduler::Settings s;
  s.discipline = WaitQueue::discipline_from_name(parameters.get_choice(
      "queue", "fcfs", WaitQueue::discipline_names(),
      "wait-queue: FCFS tries only the head, FPFS the first job that fits, EASY or conservative backfilling the first "
      "that fits without delaying the head's reservation (or any earlier job's)"));
  s.fit        = ResourceBroker::fit_from_name(parameters.get_choice(
             "fit", "worstfit", ResourceBroker::fit_names(),
             "broker rule for unordered jobs: modified worst-/best-fit with cluster marks (4.3.3), or plain (3.2.1)"));
  s.max_submission_failures =
      parameters.get_int("max_submission_failures", s.max_submission_failures, 0,
                         "submission failures at which a job is removed (0: no limit)", "failures");
  s.max_completion_failures =
      parameters.get_int("max_completion_failures", s.max_completion_failures, 0,
                         "completion failures at which a job is removed (0: no limit)", "failures");
  s.blocking_submission = parameters.get_bool(
      "blocking_submission", s.blocking_submission,
      "the scheduler waits for each DUROC submission to succeed or fail before the next (re)scheduling");
  s.monitor_interval = parameters.get_double(
      "monitor_interval", s.monitor_interval, 0,
      "seconds between the resource monitor's looks for a change after a (re)scheduling failure (0: at once)", "s");
  return std::make_unique<DcsScheduler>(s);
}

} // namespace

COALSIM_REGISTER_POLICY(dcs, "dcs", "Dynamic Co-allocation Service (Sinaga 2004): broker, wait-queue, co-allocator",
                        make_dcs);

} // namespace coalsim::dcs
