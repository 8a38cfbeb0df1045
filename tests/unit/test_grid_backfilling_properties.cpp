/* The grid wait-queue's backfilling plan (policies/common/GridBackfilling) against a plain reference over random
 * small grids. The pass makes its reservations lazily, skips candidate times that fail cheap tests (the grid's
 * total, the largest component on one cluster), and does not ask the rule about a job that fails them or, when
 * the rule learns nothing from a failed try, about one that no placement fits; none of this may change which jobs
 * start now, on which clusters, or any reservation. The reference books every reservation at once, keeps each
 * cluster's plan as a plain list of changes, and asks the rule at now and at every time at which some cluster's
 * free count changes. The rules are pure (a failed try changes nothing), as the reference assumes. The outcome is
 * also checked not to hold vacuously: jobs start now, wait with reservations, never fit, and start ahead of
 * waiting jobs. */
#include "PolicyTestKit.hpp"
#include "policies/common/GridBackfilling.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <utility>
#include <vector>

using namespace coalsim;
using coalsim::testing::FakeLocalJobs;
using coalsim::testing::view_with_local;

namespace {

constexpr int kProcessors = 64; // PolicyTestKit's clusters

/** One random grid: what the view shows and what the policy holds. */
struct Grid {
  double now = 0;
  std::vector<int> idle;
  FakeLocalJobs local{0};
  struct Held {
    JobSpec job;
    fitting::Components where;
    double run_start; // NaN: placed, not yet running
  };
  std::vector<Held> held;
};

Grid random_grid(std::mt19937& rng)
{
  std::uniform_int_distribution<int> clusters(1, 4), count(0, 3), size(1, 24), end(-20, 300), now(0, 100);
  Grid g;
  const int n = clusters(rng);
  g.now       = now(rng);
  g.local     = FakeLocalJobs(static_cast<size_t>(n));
  std::vector<int> busy(static_cast<size_t>(n), 0);
  for (int c = 0; c < n; ++c)
    for (int k = count(rng); k > 0; --k) {
      const int s = size(rng);
      if (busy[c] + s > kProcessors)
        continue;
      g.local.running[c].emplace(g.now + end(rng), s); // some past their estimate: expected to end now
      busy[c] += s;
    }
  for (int k = count(rng); k > 0; --k) {
    JobSpec job;
    job.id       = 1000 + k;
    job.estimate = std::uniform_int_distribution<int>(10, 250)(rng);
    fitting::Components where;
    for (int part = std::uniform_int_distribution<int>(1, 2)(rng); part > 0; --part) {
      const int c = std::uniform_int_distribution<int>(0, n - 1)(rng), s = size(rng) / 2 + 1;
      if (busy[c] + s > kProcessors)
        continue;
      where.push_back({c, s, no_cluster});
      job.components.push_back({s, no_cluster});
      busy[c] += s;
    }
    if (where.empty())
      continue;
    const double run_start = count(rng) == 0 ? NAN : g.now - std::uniform_int_distribution<int>(0, 80)(rng);
    g.held.push_back({job, where, run_start});
  }
  for (int c = 0; c < n; ++c) {
    // A few processors with no known end (dummy jobs, failed hosts): busy for ever.
    const int unknown = std::min(std::uniform_int_distribution<int>(0, 6)(rng), kProcessors - busy[c]);
    g.idle.push_back(kProcessors - busy[c] - unknown);
  }
  return g;
}

std::vector<JobSpec> random_queue(std::mt19937& rng, int clusters)
{
  std::uniform_int_distribution<int> jobs(3, 14), parts(1, 3), size(1, 40), estimate(1, 250), kind(0, 3);
  std::vector<JobSpec> queue;
  for (int id = 1, n = jobs(rng); id <= n; ++id) {
    JobSpec job;
    job.id                = id;
    job.runtime           = 1;
    job.estimate          = estimate(rng) / 5 * 5; // many ties with the plan's times
    const bool is_ordered = kind(rng) == 0;
    job.type              = is_ordered ? RequestType::ordered : RequestType::unordered;
    for (int p = parts(rng); p > 0; --p)
      job.components.push_back(
          {size(rng), is_ordered ? std::uniform_int_distribution<int>(0, clusters - 1)(rng) : no_cluster});
    queue.push_back(job);
  }
  return queue;
}

/** The reference plan: per cluster, the free count as now's idle plus a list of changes. */
class PlainPlan {
public:
  explicit PlainPlan(const Grid& g) : now_(g.now), idle_(g.idle), changes_(g.idle.size())
  {
    for (size_t c = 0; c < g.idle.size(); ++c)
      for (const auto& [end, processors] : g.local.running[c])
        changes_[c].emplace_back(std::max(end, now_), processors);
    for (const auto& h : g.held) {
      const double end = std::isnan(h.run_start) ? now_ + h.job.estimate : h.run_start + h.job.estimate;
      for (const auto& part : h.where)
        changes_[static_cast<size_t>(part.cluster)].emplace_back(std::max(end, now_), part.processors);
    }
  }

  int free_at(size_t c, double t) const
  {
    int free = idle_[c];
    for (const auto& [time, delta] : changes_[c])
      if (time <= t)
        free += delta;
    return free;
  }

  /** Each cluster's fewest free processors over [t, t + duration). */
  std::vector<int> free_over(double t, double duration) const
  {
    std::vector<int> out;
    for (size_t c = 0; c < idle_.size(); ++c) {
      int fewest = free_at(c, t);
      for (const auto& [time, delta] : changes_[c])
        if (time > t && time < t + duration)
          fewest = std::min(fewest, free_at(c, time));
      out.push_back(std::max(0, fewest));
    }
    return out;
  }

  /** Now, and every later time at which some cluster's free count changes. */
  std::vector<double> candidates() const
  {
    std::set<double> times{now_};
    for (size_t c = 0; c < idle_.size(); ++c)
      for (const auto& [time, delta] : changes_[c])
        if (time > now_ && free_at(c, time) != free_at(c, std::nextafter(time, -INFINITY)))
          times.insert(time);
    return {times.begin(), times.end()};
  }

  void book(const fitting::Components& where, double start, double duration)
  {
    for (const auto& part : where) {
      changes_[static_cast<size_t>(part.cluster)].emplace_back(start, -part.processors);
      changes_[static_cast<size_t>(part.cluster)].emplace_back(start + duration, part.processors);
    }
  }

private:
  double now_;
  std::vector<int> idle_;
  std::vector<std::vector<std::pair<double, int>>> changes_;
};

struct Outcome {
  std::map<JobId, fitting::Components> started;
  std::vector<std::pair<JobId, double>> reservations;
};

Outcome reference(const Grid& g, const std::vector<JobSpec>& queue, GridBackfilling::Mode mode,
                  const GridBackfilling::Fit& fit)
{
  PlainPlan plan(g);
  Outcome out;
  bool head = false;
  for (const JobSpec& job : queue) {
    const double duration = GridBackfilling::estimate(job);
    std::vector<int> free = plan.free_over(g.now, duration);
    if (auto where = fit(job, free)) {
      plan.book(*where, g.now, duration);
      out.started[job.id] = *where;
      continue;
    }
    if (mode == GridBackfilling::Mode::easy && head)
      continue;
    head         = true;
    double start = INFINITY;
    for (double t : plan.candidates()) {
      std::vector<int> at = plan.free_over(t, duration);
      if (auto where = fit(job, at)) {
        plan.book(*where, t, duration);
        start = t;
        break;
      }
    }
    out.reservations.emplace_back(job.id, start);
  }
  return out;
}

Outcome backfilling_pass(const Grid& g, const std::vector<JobSpec>& queue, GridBackfilling::Mode mode,
                         const GridBackfilling::Fit& fit, GridBackfilling::FailedTry failed_try)
{
  GridBackfilling backfilling(mode);
  for (const auto& h : g.held) {
    backfilling.placed(h.job, h.where);
    if (not std::isnan(h.run_start))
      backfilling.run_started(h.job.id, h.run_start);
  }
  auto pass = backfilling.begin_pass(view_with_local(g.now, g.idle, g.local));
  Outcome out;
  for (const JobSpec& job : queue)
    if (auto where = pass.offer(job, fit, fit, failed_try))
      out.started[job.id] = *where;
  out.reservations = pass.reservations();
  return out;
}

GridBackfilling::Fit rule_for(fitting::Rule rule)
{
  return [rule](const JobSpec& job, std::vector<int>& free) {
    return job.type == RequestType::ordered ? fitting::fit_ordered(job.components, free)
                                            : fitting::fit_unordered(job.components, free, rule);
  };
}

bool same_components(const fitting::Components& a, const fitting::Components& b)
{
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
    return x.cluster == y.cluster && x.processors == y.processors;
  });
}

} // namespace

TEST(GridBackfillingProperties, ThePlanIsTheReferencesOverRandomGrids)
{
  std::mt19937 rng(20261126);
  int started = 0, reserved = 0, never = 0, backfilled = 0;
  for (int instance = 0; instance < 1500; ++instance) {
    Grid g             = random_grid(rng);
    auto queue         = random_queue(rng, static_cast<int>(g.idle.size()));
    const auto mode    = instance % 2 ? GridBackfilling::Mode::conservative : GridBackfilling::Mode::easy;
    const auto rule    = static_cast<fitting::Rule>(instance / 2 % 3);
    const auto fit     = rule_for(rule);
    const Outcome want = reference(g, queue, mode, fit);
    // A rule that remembers its failed tries is asked about more jobs: the plan is the same.
    const auto failed_try =
        instance % 4 < 2 ? GridBackfilling::FailedTry::leaves_no_trace : GridBackfilling::FailedTry::is_remembered;
    const Outcome got     = backfilling_pass(g, queue, mode, fit, failed_try);
    const std::string why = "instance " + std::to_string(instance);

    ASSERT_EQ(got.reservations, want.reservations) << why;
    ASSERT_EQ(got.started.size(), want.started.size()) << why;
    for (const auto& [id, where] : want.started) {
      ASSERT_TRUE(got.started.contains(id)) << why << ": job " << id << " should start now";
      EXPECT_TRUE(same_components(got.started.at(id), where)) << why << ": job " << id;
    }

    started += static_cast<int>(want.started.size());
    for (const auto& [waiting, start] : want.reservations) {
      std::isfinite(start) ? ++reserved : ++never;
      const JobId behind = waiting; // clang 14 cannot capture a structured binding
      backfilled += static_cast<int>(std::count_if(want.started.begin(), want.started.end(),
                                                   [behind](const auto& s) { return s.first > behind; }));
    }
  }
  // Not vacuous: jobs start now, wait with a reservation, never fit, and start ahead of a waiting job.
  EXPECT_GT(started, 1000);
  EXPECT_GT(reserved, 1000);
  EXPECT_GT(never, 50);
  EXPECT_GT(backfilled, 200);
}
