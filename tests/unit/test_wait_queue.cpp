/* The wait-queue shared by QueuedPolicy and the DCS scheduler: FCFS/FPFS order, re-queueing at the tail,
 * failure counts kept across placements and the maxima (DCS thesis 4.3.4, 4.3.5). */
#include "PolicyTestKit.hpp"
#include "policies/common/WaitQueue.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <random>

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

TEST(WaitQueue, ScreenNewVisitsOnlyTheNewJobsOfALongQueueInQueueOrder)
{
  std::vector<JobSpec> jobs;
  for (JobId id = 0; id < 100; ++id)
    jobs.push_back(unordered(id, {8}));
  WaitQueue q(WaitQueue::Discipline::fpfs, {});
  for (int i = 0; i < 90; ++i)
    q.push(jobs[i]);
  std::vector<JobId> asked;
  auto remove_odd = [&asked](const JobSpec& job) {
    asked.push_back(job.id);
    return job.id % 2 == 1;
  };
  EXPECT_EQ(q.screen_new(remove_odd).size(), 45u);
  EXPECT_EQ(asked.size(), 90u);
  EXPECT_EQ(q.unscreened(), 0u);
  asked.clear();
  for (int i = 90; i < 100; ++i)
    q.push(jobs[i]);
  EXPECT_EQ(q.unscreened(), 10u);
  auto removed = q.screen_new(remove_odd);
  EXPECT_EQ(asked, (std::vector<JobId>{90, 91, 92, 93, 94, 95, 96, 97, 98, 99})) << "only the new jobs, in order";
  std::vector<JobId> removed_ids;
  for (const JobSpec* job : removed)
    removed_ids.push_back(job->id);
  EXPECT_EQ(removed_ids, (std::vector<JobId>{91, 93, 95, 97, 99}));
  EXPECT_EQ(q.size(), 50u);
}

TEST(WaitQueue, AJobPlacedBeforeItsScreeningIsNeverAskedAboutAndTheOthersStillAre)
{
  JobSpec a = unordered(0, {8}), b = unordered(1, {8}), c = unordered(2, {8}), d = unordered(3, {8});
  WaitQueue q(WaitQueue::Discipline::fpfs, {});
  for (const JobSpec* job : {&a, &b, &c})
    q.push(*job);
  place(q, b); // never screened: it leaves the unscreened jobs too
  EXPECT_EQ(q.unscreened(), 2u);
  q.push(d);
  std::vector<JobId> asked;
  auto keep = [&asked](const JobSpec& job) {
    asked.push_back(job.id);
    return false;
  };
  EXPECT_TRUE(q.screen_new(keep).empty());
  EXPECT_EQ(asked, (std::vector<JobId>{0, 2, 3}));
  // remove_if screens every job: screen_new then has nothing to ask until a job joins the tail.
  q.push(b);
  asked.clear();
  q.remove_if(keep);
  EXPECT_EQ(asked, (std::vector<JobId>{0, 2, 3, 1}));
  asked.clear();
  EXPECT_TRUE(q.screen_new(keep).empty());
  EXPECT_TRUE(asked.empty());
  EXPECT_EQ(q.unscreened(), 0u);
}

TEST(WaitQueue, OfferDoesNotAskToPlaceAJobLargerThanTheRoomButCountsItAsNotPlaced)
{
  // Room: at most 16 processors on one cluster, 24 in all.
  const WaitQueue::Room room = WaitQueue::Room::of({16, 8, 0, -4});
  EXPECT_EQ(room.largest, 16);
  EXPECT_EQ(room.total, 24);
  JobSpec wide = unordered(0, {32}), spread = unordered(1, {16, 16}), fits = unordered(2, {16, 8});
  JobSpec flexible_big, flexible_fits;
  flexible_big.id = 3, flexible_big.type = RequestType::flexible, flexible_big.total_processors = 25;
  flexible_fits.id = 4, flexible_fits.type = RequestType::flexible, flexible_fits.total_processors = 24;
  JobSpec ordered_fits = coalsim::testing::ordered(5, {{0, 16}});

  WaitQueue fpfs(WaitQueue::Discipline::fpfs, {});
  for (const JobSpec* job : {&wide, &spread, &fits, &flexible_big, &flexible_fits, &ordered_fits})
    fpfs.push(*job);
  PlaceOnly none;
  std::vector<JobId> not_placed;
  fpfs.offer(none, not_placed, false, room);
  EXPECT_EQ(none.offered, (std::vector<JobId>{2, 4, 5}));
  EXPECT_EQ(not_placed, (std::vector<JobId>{0, 1, 2, 3, 4, 5})) << "every job the scan passed is not placed";

  // Without a room every job is offered.
  PlaceOnly all;
  not_placed.clear();
  fpfs.offer(all, not_placed);
  EXPECT_EQ(all.offered, (std::vector<JobId>{0, 1, 2, 3, 4, 5}));

  // FCFS: a head larger than the room is not placed, and blocks the queue as before.
  WaitQueue fcfs(WaitQueue::Discipline::fcfs, {});
  fcfs.push(wide);
  fcfs.push(fits);
  PlaceOnly fits_only{{2}, {}};
  not_placed.clear();
  fcfs.offer(fits_only, not_placed, false, room);
  EXPECT_TRUE(fits_only.offered.empty());
  EXPECT_EQ(not_placed, (std::vector<JobId>{0}));
  EXPECT_EQ(fcfs.size(), 2u);
}

// The room of many clusters (the walk is vectorized): the largest count (0 when none is positive) and the sum of the
// positive ones, as a plain loop gives them.
TEST(WaitQueue, RoomOfManyClustersIsTheLargestAndThePositiveSum)
{
  std::mt19937 random(11);
  for (size_t n : {0, 1, 7, 8, 9, 1000}) {
    std::vector<int> idle(n);
    std::uniform_int_distribution<int> count(-50, 200);
    for (int& c : idle)
      c = count(random);
    int largest = 0, total = 0;
    for (int c : idle) {
      largest = std::max(largest, c);
      total += std::max(c, 0);
    }
    const WaitQueue::Room room = WaitQueue::Room::of(idle);
    EXPECT_EQ(room.largest, largest) << n;
    EXPECT_EQ(room.total, total) << n;
  }
  EXPECT_EQ(WaitQueue::Room::of({-3, -1}).largest, 0);
}
