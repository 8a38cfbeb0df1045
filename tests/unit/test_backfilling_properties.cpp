/* Properties of the local disciplines over random small workloads (many seeds, many ties of arrival and
 * end times), driven through the LocalQueue interface the local resource manager uses: at every instant all
 * ends and arrivals are applied first, then the queue makes one pass, as the engine's instant step does.
 * - No discipline ever starts a job on processors that are not free.
 * - EASY, with exact estimates: a job never starts later than FCFS would start it from any state in which
 *   it is the head of the queue (backfilling never delays the head).
 * - Conservative, with estimates at or above the runtimes: no job starts later than its first reservation.
 * - Conservative: what it remembers per kind of job to search less changes no schedule, also when jobs run
 *   past their estimates and the plan is oversubscribed.
 * Each property is also checked not to hold vacuously: EASY and conservative do start jobs out of order. */
#include "sim/api/LocalDisciplines.hpp"
#include "sim/engine/ConservativeBackfilling.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <list>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace coalsim;

namespace {

constexpr int kCapacity = 8;

struct Job {
  int id;
  double submit, runtime, estimate;
  int size;
};

struct Running {
  int id;
  double end, estimated_end;
  int size;
};

/** What a run of the driver saw. */
struct Schedule {
  std::map<int, double> start;
  std::map<int, double> fcfs_bound;        // per job, the earliest FCFS start from any state it headed
  std::map<int, double> first_reservation; // conservative only: the reservation after its first pass
  int out_of_order   = 0;                  // starts ahead of a job that arrived earlier and still waits
  int oversubscribed = 0;                  // starts on processors that were not free
};

std::vector<Job> random_workload(std::mt19937& rng, bool exact_estimates)
{
  std::uniform_int_distribution<int> jobs(5, 30), size(1, kCapacity), runtime(1, 60), gap(0, 15);
  std::uniform_real_distribution<double> overestimate(1.0, 3.0);
  std::vector<Job> out;
  double t = 0;
  int n    = jobs(rng);
  for (int id = 1; id <= n; ++id) {
    t += gap(rng) / 3; // integer gaps, many of them 0: simultaneous arrivals
    double run      = runtime(rng);
    double estimate = exact_estimates ? run : std::ceil(run * overestimate(rng));
    out.push_back({id, t, run, estimate, size(rng)});
  }
  return out;
}

/** Jobs of few kinds (four sizes, four estimates), so that many share one; a third run past their estimate. */
std::vector<Job> workload_of_few_kinds(std::mt19937& rng)
{
  std::uniform_int_distribution<int> jobs(10, 40), kind(0, 3), gap(0, 12);
  std::uniform_real_distribution<double> share(0.1, 1.5);
  const int sizes[]        = {1, 2, 3, 5};
  const double estimates[] = {10, 20, 45, 90};
  std::vector<Job> out;
  double t = 0;
  int n    = jobs(rng);
  for (int id = 1; id <= n; ++id) {
    t += gap(rng) / 4;
    double estimate = estimates[kind(rng)];
    out.push_back({id, t, std::ceil(estimate * share(rng)), estimate, sizes[kind(rng)]});
  }
  return out;
}

/** When FCFS would start `size` processors from the state `idle` + `running` at `now`: the first time
 *  enough running jobs have ended. */
double fcfs_start(int size, int idle, const std::vector<Running>& running, double now)
{
  std::vector<Running> by_end = running;
  std::sort(by_end.begin(), by_end.end(), [](const Running& a, const Running& b) { return a.end < b.end; });
  for (const auto& r : by_end) {
    if (idle >= size)
      break;
    idle += r.size;
    now = r.end;
  }
  return now;
}

Schedule drive(std::unique_ptr<LocalQueue> queue, const std::vector<Job>& jobs)
{
  auto* conservative = dynamic_cast<ConservativeBackfilling*>(queue.get());
  Schedule s;
  std::vector<Running> running;
  RunningByEnd by_estimate;
  int running_processors = 0;
  std::list<int> waiting; // in arrival order, as every discipline's queue order
  std::map<int, const Job*> job_of;
  int used    = 0;
  size_t next = 0;
  while (next < jobs.size() || not running.empty()) {
    double now = INFINITY;
    if (next < jobs.size())
      now = jobs[next].submit;
    for (const auto& r : running)
      now = std::min(now, r.end);
    // The instant's events, all of them before the pass.
    bool ends = false;
    for (auto it = running.begin(); it != running.end();) {
      if (it->end != now) {
        ++it;
        continue;
      }
      ends = true;
      used -= it->size;
      auto e = by_estimate.find(it->estimated_end);
      while (e->second != it->size)
        ++e;
      by_estimate.erase(e);
      running_processors -= it->size;
      queue->ended(it->estimated_end, it->size, now);
      it = running.erase(it);
    }
    std::vector<int> arrived;
    for (; next < jobs.size() && jobs[next].submit == now; ++next) {
      const Job& j = jobs[next];
      job_of[j.id] = &j;
      waiting.push_back(j.id);
      arrived.push_back(j.id);
      queue->push({{j.size, j.runtime, j.estimate, j.id}, j.submit, j.estimate});
    }
    LocalPass pass{now, kCapacity - used, by_estimate, running_processors, not ends, false};
    queue->pass(pass, [&](const QueuedLocalJob& q) {
      const Job& j = *job_of.at(static_cast<int>(q.request.trace_id));
      if (used + j.size > kCapacity)
        ++s.oversubscribed;
      if (waiting.front() != j.id)
        ++s.out_of_order;
      used += j.size;
      s.start[j.id] = now;
      running.push_back({j.id, now + j.runtime, now + j.estimate, j.size});
      by_estimate.emplace(now + j.estimate, j.size);
      running_processors += j.size;
      waiting.remove(j.id);
    });
    if (used != kCapacity - pass.idle)
      ++s.oversubscribed; // the queue's count of idle processors went wrong
    if (conservative) {
      size_t i = 0;
      for (int id : waiting) {
        if (std::find(arrived.begin(), arrived.end(), id) != arrived.end())
          s.first_reservation[id] = conservative->reservation(i);
        ++i;
      }
      for (int id : arrived)
        if (s.start.count(id) && not s.first_reservation.count(id))
          s.first_reservation[id] = now; // started at its first pass
    }
    if (not waiting.empty()) {
      int head         = waiting.front();
      double bound     = fcfs_start(job_of.at(head)->size, kCapacity - used, running, now);
      auto [it, fresh] = s.fcfs_bound.emplace(head, bound);
      if (not fresh)
        it->second = std::min(it->second, bound);
    }
  }
  return s;
}

Schedule drive(const std::string& scheduling, const std::vector<Job>& jobs)
{
  return drive(make_local_queue(scheduling), jobs);
}

} // namespace

TEST(BackfillingProperties, NoDisciplineOversubscribesAndEveryJobStarts)
{
  std::mt19937 rng(2026);
  for (int trial = 0; trial < 300; ++trial) {
    auto jobs = random_workload(rng, trial % 2 == 0);
    for (const std::string& scheduling : Registry<LocalDisciplines>::instance().names()) { // every registered one
      Schedule s = drive(scheduling, jobs);
      ASSERT_EQ(s.oversubscribed, 0) << scheduling << ", trial " << trial;
      ASSERT_EQ(s.start.size(), jobs.size()) << scheduling << ", trial " << trial;
      for (const auto& j : jobs)
        ASSERT_GE(s.start.at(j.id), j.submit);
      if (scheduling == "fcfs") {
        ASSERT_EQ(s.out_of_order, 0) << "FCFS starts jobs in arrival order";
      }
    }
  }
}

TEST(BackfillingProperties, WithExactEstimatesEasyNeverStartsAHeadLaterThanFcfsWouldFromTheSameState)
{
  std::mt19937 rng(21);
  int backfilled = 0, bounds = 0;
  for (int trial = 0; trial < 300; ++trial) {
    auto jobs  = random_workload(rng, true);
    Schedule s = drive("easy", jobs);
    backfilled += s.out_of_order;
    for (const auto& [id, bound] : s.fcfs_bound) {
      ++bounds;
      ASSERT_LE(s.start.at(id), bound) << "job " << id << ", trial " << trial;
    }
  }
  EXPECT_GT(backfilled, 100) << "the workloads make EASY backfill";
  EXPECT_GT(bounds, 1000);
}

TEST(BackfillingProperties, ConservativeStartsNoJobLaterThanItsFirstReservation)
{
  std::mt19937 rng(1995);
  int backfilled = 0, early = 0;
  for (int trial = 0; trial < 300; ++trial) {
    auto jobs  = random_workload(rng, trial % 3 == 0);
    Schedule s = drive("conservative", jobs);
    backfilled += s.out_of_order;
    ASSERT_EQ(s.first_reservation.size(), jobs.size());
    for (const auto& [id, reserved] : s.first_reservation) {
      ASSERT_TRUE(std::isfinite(reserved)) << "every job is reserved at its arrival";
      ASSERT_LE(s.start.at(id), reserved) << "job " << id << ", trial " << trial;
      early += s.start.at(id) < reserved;
    }
  }
  EXPECT_GT(backfilled, 100) << "the workloads make conservative backfill";
  EXPECT_GT(early, 50) << "jobs ending before their estimates let later reservations move earlier";
}

TEST(BackfillingProperties, ConservativeKnowledgeOfKindsChangesNoSchedule)
{
  std::mt19937 rng(4242);
  int backfilled = 0, late = 0;
  for (int trial = 0; trial < 500; ++trial) {
    auto jobs           = workload_of_few_kinds(rng);
    using Search        = ConservativeBackfilling::Search;
    Schedule plain      = drive(std::make_unique<ConservativeBackfilling>(Search::from_now), jobs);
    Schedule remembered = drive(std::make_unique<ConservativeBackfilling>(Search::remembering), jobs);
    ASSERT_EQ(plain.oversubscribed, 0);
    ASSERT_EQ(plain.start.size(), jobs.size()) << "every job starts, the late ones too; trial " << trial;
    ASSERT_EQ(remembered.start, plain.start) << "trial " << trial;
    backfilled += plain.out_of_order;
    for (const auto& [id, start] : plain.start)
      late += start > plain.first_reservation.at(id);
  }
  EXPECT_GT(backfilled, 300) << "the workloads make conservative backfill";
  EXPECT_GT(late, 100) << "jobs past their estimates make later reservations start late";
}
