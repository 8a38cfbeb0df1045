#include "policies/common/WaitQueue.hpp"

#include "sim/config/WideVectors.hpp"

#include <algorithm>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_common_wait_queue, coalsim_common, "WaitQueue");

namespace coalsim {

const std::vector<std::string>& WaitQueue::discipline_names()
{
  static const std::vector<std::string> names = {"fcfs", "fpfs", "easy", "conservative"};
  return names;
}

WaitQueue::Discipline WaitQueue::discipline_from_name(const std::string& name)
{
  const auto& names = discipline_names();
  auto it           = std::find(names.begin(), names.end(), name);
  xbt_assert(it != names.end(), "no wait-queue discipline '%s'", name.c_str());
  return static_cast<Discipline>(it - names.begin());
}

namespace {
/** Room::of's walk, one per scan over every cluster: vectorized, with AVX2's packed max where there is one. */
COALSIM_WIDE_VECTORS WaitQueue::Room room_of(const int* idle, size_t n)
{
  int largest = 0, total = 0;
  for (size_t i = 0; i < n; ++i) {
    largest = std::max(largest, idle[i]);
    total += std::max(idle[i], 0);
  }
  return {largest, total};
}
} // namespace

WaitQueue::Room WaitQueue::Room::of(const std::vector<int>& idle)
{
  return room_of(idle.data(), idle.size());
}

void WaitQueue::append(const JobSpec& job, const Failures& failures)
{
  Waiting waiting{&job, failures};
  waiting.largest = largest_component(job);
  waiting.total   = processors_needed(job);
  if (spare_.empty()) {
    unscreened_.push_back(waiting_.insert(waiting_.end(), waiting));
    return;
  }
  const Position at = spare_.begin();
  *at               = waiting;
  waiting_.splice(waiting_.end(), spare_, at);
  unscreened_.push_back(at);
}

void WaitQueue::erase(Position it)
{
  if (not it->screened) // rare: placed before any screening (screen_new() comes first in every pass)
    unscreened_.erase(std::find(unscreened_.begin(), unscreened_.end(), it));
  unlink(it);
}

void WaitQueue::withdraw(JobId id)
{
  auto it = std::find_if(waiting_.begin(), waiting_.end(), [id](const Waiting& w) { return w.job->id == id; });
  if (it != waiting_.end())
    erase(it);
  handed_out_.erase(id);
}

void WaitQueue::hand_out(JobId id, const Failures& failures)
{
  if (failures.submission > 0 || failures.completion > 0)
    handed_out_[id] = failures;
  else
    handed_out_.erase(id);
}

WaitQueue::Failures WaitQueue::take_back(JobId id)
{
  Failures failures;
  if (auto it = handed_out_.find(id); it != handed_out_.end()) {
    failures = it->second;
    handed_out_.erase(it);
  }
  return failures;
}

WaitQueue::Outcome WaitQueue::requeue(const JobSpec& job, const Failures& failures, int count, int max)
{
  if (max > 0 && count >= max)
    return {true, count};
  append(job, failures);
  return {false, count};
}

WaitQueue::Outcome WaitQueue::submission_failed(const JobSpec& job)
{
  Failures failures = take_back(job.id);
  ++failures.submission;
  return requeue(job, failures, failures.submission, limits_.max_submission_failures);
}

WaitQueue::Outcome WaitQueue::completion_failed(const JobSpec& job)
{
  Failures failures = take_back(job.id);
  ++failures.completion;
  return requeue(job, failures, failures.completion, limits_.max_completion_failures);
}

} // namespace coalsim
