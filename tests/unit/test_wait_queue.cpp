/* The wait-queue shared by QueuedPolicy and the DCS scheduler: FCFS/FPFS order, re-queueing at the tail,
 * failure counts kept across placements and the maxima (DCS thesis 4.3.4, 4.3.5). */
#include "PolicyTestKit.hpp"
#include "policies/common/WaitQueue.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>

using namespace coalsim;

namespace {
using coalsim::testing::unordered;
using Outcome = WaitQueue::Outcome;

/** Places the jobs named in `ids`; records every job it is offered. */
struct PlaceOnly {
  std::vector<JobId> ids;
  std::vector<JobId> offered;
  bool operator()(const JobSpec& job)
  {
    offered.push_back(job.id);
    return std::find(ids.begin(), ids.end(), job.id) != ids.end();
  }
};

/** The jobs of an FPFS queue in queue order (none is placed). */
std::vector<JobId> order_of(WaitQueue& queue)
{
  std::vector<JobId> not_placed;
  queue.offer(PlaceOnly{}, not_placed);
  return not_placed;
}

/** Places `job` (which must be waiting) and nothing else. */
void place(WaitQueue& queue, const JobSpec& job)
{
  std::vector<JobId> not_placed;
  PlaceOnly only{{job.id}, {}};
  queue.offer(only, not_placed);
  ASSERT_NE(std::find(only.offered.begin(), only.offered.end(), job.id), only.offered.end())
      << "job " << job.id << " was not offered";
}
} // namespace

namespace coalsim {
void PrintTo(const WaitQueue::Outcome& o, std::ostream* os)
{
  *os << (o.removed ? "removed" : "requeued") << " after " << o.failures << " failures";
}
} // namespace coalsim

TEST(WaitQueue, FcfsOffersOnlyTheHeadFpfsEveryJobInArrivalOrder)
{
  JobSpec a = unordered(0, {8}), b = unordered(1, {8}), c = unordered(2, {8});
  WaitQueue fcfs(WaitQueue::Discipline::fcfs, {});
  WaitQueue fpfs(WaitQueue::Discipline::fpfs, {});
  for (WaitQueue* q : {&fcfs, &fpfs}) {
    q->push(a);
    q->push(b);
    q->push(c);
  }

  PlaceOnly none;
  std::vector<JobId> not_placed;
  fcfs.offer(none, not_placed);
  EXPECT_EQ(none.offered, (std::vector<JobId>{0}));
  EXPECT_EQ(not_placed, (std::vector<JobId>{0}));

  PlaceOnly none_either;
  not_placed.clear();
  fpfs.offer(none_either, not_placed);
  EXPECT_EQ(none_either.offered, (std::vector<JobId>{0, 1, 2}));
  EXPECT_EQ(not_placed, (std::vector<JobId>{0, 1, 2}));
  EXPECT_EQ(fcfs.size(), 3u);
  EXPECT_EQ(fpfs.size(), 3u);
}

TEST(WaitQueue, PlacedJobsLeaveTheQueueAndFcfsStopsAtTheFirstJobNotPlaced)
{
  JobSpec a = unordered(0, {8}), b = unordered(1, {8}), c = unordered(2, {8}), d = unordered(3, {8});
  WaitQueue fcfs(WaitQueue::Discipline::fcfs, {});
  for (const JobSpec* job : {&a, &b, &c, &d})
    fcfs.push(*job);
  PlaceOnly heads{{0, 1, 3}, {}};
  std::vector<JobId> not_placed;
  fcfs.offer(heads, not_placed);
  EXPECT_EQ(heads.offered, (std::vector<JobId>{0, 1, 2})); // d is never offered: c blocks it
  EXPECT_EQ(not_placed, (std::vector<JobId>{2}));
  EXPECT_EQ(fcfs.size(), 2u);

  WaitQueue fpfs(WaitQueue::Discipline::fpfs, {});
  for (const JobSpec* job : {&a, &b, &c, &d})
    fpfs.push(*job);
  PlaceOnly second_and_last{{1, 3}, {}};
  not_placed.clear();
  fpfs.offer(second_and_last, not_placed);
  EXPECT_EQ(not_placed, (std::vector<JobId>{0, 2}));
  EXPECT_EQ(order_of(fpfs), (std::vector<JobId>{0, 2}));
}

TEST(WaitQueue, StopAfterPlacementEndsTheScanAtTheFirstPlacedJob)
{
  JobSpec a = unordered(0, {8}), b = unordered(1, {8}), c = unordered(2, {8});
  WaitQueue q(WaitQueue::Discipline::fpfs, {});
  for (const JobSpec* job : {&a, &b, &c})
    q.push(*job);
  PlaceOnly last_two{{1, 2}, {}};
  std::vector<JobId> not_placed;
  q.offer(last_two, not_placed, true);
  EXPECT_EQ(last_two.offered, (std::vector<JobId>{0, 1}));
  EXPECT_EQ(not_placed, (std::vector<JobId>{0}));
  EXPECT_EQ(order_of(q), (std::vector<JobId>{0, 2}));
}

TEST(WaitQueue, SubmissionFailureSendsTheJobToTheTailAndCountsAcrossPlacementsUpToTheMaximum)
{
  JobSpec a = unordered(0, {8}), b = unordered(1, {8}), c = unordered(2, {8});
  WaitQueue q(WaitQueue::Discipline::fpfs, {3, 0});
  for (const JobSpec* job : {&a, &b, &c})
    q.push(*job);
  place(q, a);
  EXPECT_EQ(q.submission_failed(a), (Outcome{false, 1}));
  EXPECT_EQ(order_of(q), (std::vector<JobId>{1, 2, 0})); // behind the jobs that arrived after it
  place(q, b);
  EXPECT_EQ(q.submission_failed(b), (Outcome{false, 1}));
  EXPECT_EQ(order_of(q), (std::vector<JobId>{2, 0, 1}));
  place(q, a);
  EXPECT_EQ(q.submission_failed(a), (Outcome{false, 2}));
  EXPECT_EQ(order_of(q), (std::vector<JobId>{2, 1, 0}));
  place(q, a);
  EXPECT_EQ(q.submission_failed(a), (Outcome{true, 3})); // the third reaches the maximum: removed
  EXPECT_EQ(order_of(q), (std::vector<JobId>{2, 1}));
  // A removed job is forgotten: were it submitted again, it would count from zero.
  q.push(a);
  place(q, a);
  EXPECT_EQ(q.submission_failed(a), (Outcome{false, 1}));
}

TEST(WaitQueue, CompletionFailuresAreCountedApartFromSubmissionFailures)
{
  JobSpec a = unordered(0, {8}), b = unordered(1, {8});
  WaitQueue q(WaitQueue::Discipline::fpfs, {2, 2});
  q.push(a);
  q.push(b);
  place(q, a);
  EXPECT_EQ(q.submission_failed(a), (Outcome{false, 1}));
  place(q, a); // started, then its run fails
  EXPECT_EQ(q.completion_failed(a), (Outcome{false, 1}));
  EXPECT_EQ(order_of(q), (std::vector<JobId>{1, 0}));
  place(q, a);
  EXPECT_EQ(q.submission_failed(a), (Outcome{true, 2})); // its first submission failure still counts
  EXPECT_EQ(order_of(q), (std::vector<JobId>{1}));

  place(q, b);
  EXPECT_EQ(q.completion_failed(b), (Outcome{false, 1}));
  place(q, b);
  EXPECT_EQ(q.completion_failed(b), (Outcome{true, 2}));
  EXPECT_TRUE(q.empty());
}

TEST(WaitQueue, WithoutALimitJobsAreNeverRemoved)
{
  JobSpec a = unordered(0, {8});
  WaitQueue q(WaitQueue::Discipline::fcfs, {0, 0});
  q.push(a);
  for (int i = 1; i <= 10; ++i) {
    place(q, a);
    EXPECT_EQ(q.submission_failed(a), (Outcome{false, i}));
  }
  place(q, a);
  EXPECT_EQ(q.completion_failed(a), (Outcome{false, 1}));
  EXPECT_EQ(q.size(), 1u);
}

TEST(WaitQueue, ForgottenOrUnknownJobsCountFromZero)
{
  JobSpec a = unordered(0, {8}), b = unordered(1, {8});
  WaitQueue q(WaitQueue::Discipline::fcfs, {2, 0});
  q.push(a);
  place(q, a);
  EXPECT_EQ(q.submission_failed(a), (Outcome{false, 1}));
  place(q, a);
  q.forget(a.id); // it started
  EXPECT_EQ(q.submission_failed(a), (Outcome{false, 1}));
  // A job handed back that the queue never placed (e.g. returned after incremental claiming).
  EXPECT_EQ(q.submission_failed(b), (Outcome{false, 1}));
  EXPECT_EQ(q.size(), 2u);
}

TEST(WaitQueue, ScreenNewAsksAboutEachJobOnceUntilItIsRequeued)
{
  JobSpec a = unordered(0, {8}), b = unordered(1, {8}), c = unordered(2, {8});
  WaitQueue q(WaitQueue::Discipline::fpfs, {});
  q.push(a);
  q.push(b);
  std::vector<JobId> asked;
  auto remove_b = [&asked](const JobSpec& job) {
    asked.push_back(job.id);
    return job.id == 1;
  };
  auto removed = q.screen_new(remove_b);
  ASSERT_EQ(removed.size(), 1u);
  EXPECT_EQ(removed[0]->id, 1);
  EXPECT_EQ(asked, (std::vector<JobId>{0, 1}));
  EXPECT_TRUE(q.screen_new(remove_b).empty());
  EXPECT_EQ(asked.size(), 2u) << "nothing new: no job asked about again";
  q.push(c);
  place(q, a);
  q.submission_failed(a); // back at the tail: asked about again
  asked.clear();
  q.screen_new(remove_b);
  EXPECT_EQ(asked, (std::vector<JobId>{2, 0}));
  asked.clear();
  EXPECT_TRUE(q.remove_if(remove_b).empty());
  EXPECT_EQ(asked, (std::vector<JobId>{2, 0})) << "remove_if asks about every job";
  EXPECT_EQ(order_of(q), (std::vector<JobId>{2, 0}));
}
