/* A manager's running jobs as they were at the last mark (sim/engine/RunningAtMark.hpp): what a policy reads is the
 * list the manager's multimap held at the mark, in its order (equal ends included), whatever started or ended since;
 * a new mark replaces it. Checked against a copy of the multimap taken at each mark, on random starts and ends. */
#include "sim/engine/RunningAtMark.hpp"

#include <gtest/gtest.h>
#include <list>
#include <random>
#include <utility>
#include <vector>

using namespace coalsim;

namespace {

std::vector<std::pair<double, int>> listed(const EstimatedEnds& ends)
{
  return {ends.begin(), ends.end()};
}

/** A manager's running jobs, as LocalResourceManager keeps them: a multimap by estimated end and the jobs in start
 *  order, which the mark is told of. */
class Manager {
public:
  void start(double end, int processors) { jobs_.push_back({started_++, running_.emplace(end, processors)}); }
  /** Ends the `k`-th running job in start order. */
  void end(size_t k)
  {
    auto job = std::next(jobs_.begin(), static_cast<long>(k));
    at_mark_.ended({job->seq, job->slot->first, job->slot->second});
    running_.erase(job->slot);
    jobs_.erase(job);
  }
  void mark() { at_mark_.mark(started_); }
  const EstimatedEnds& at_mark() const
  {
    return at_mark_.read([this](auto add) {
      for (const Job& job : jobs_)
        add({job.seq, job.slot->first, job.slot->second});
    });
  }
  const EstimatedEnds& running() const { return running_; }
  size_t size() const { return jobs_.size(); }

private:
  struct Job {
    uint64_t seq;
    EstimatedEnds::iterator slot;
  };
  EstimatedEnds running_;
  std::list<Job> jobs_;
  uint64_t started_ = 0;
  RunningAtMark at_mark_;
};

} // namespace

TEST(RunningAtMark, ReadsTheListAsMarkedInItsOrder)
{
  Manager manager;
  EXPECT_TRUE(manager.at_mark().empty()); // nothing marked yet

  manager.start(200.0, 4);
  manager.start(100.0, 2);
  manager.start(200.0, 1); // equal ends: after the first, as the multimap lists them
  manager.start(200.0, 8);
  manager.start(50.0, 16);
  const auto as_marked = listed(manager.running());
  manager.mark();

  manager.end(0);          // 200 (4): ended since the mark, still listed
  manager.end(1);          // 200 (1)
  manager.start(200.0, 3); // started since: not listed
  manager.start(10.0, 5);
  manager.end(3); // started and ended since the mark: never listed
  EXPECT_EQ(listed(manager.at_mark()), as_marked);
  EXPECT_EQ(listed(manager.at_mark()), as_marked); // read again: the same
  manager.end(0);
  EXPECT_EQ(listed(manager.at_mark()), as_marked); // ended after a read: the list read stays that of the mark

  manager.mark();
  EXPECT_EQ(listed(manager.at_mark()), listed(manager.running()));
  while (manager.size() > 0)
    manager.end(0);
  manager.mark();
  EXPECT_TRUE(manager.at_mark().empty());
}

TEST(RunningAtMark, MatchesACopyTakenAtEachMark)
{
  // Random starts (few distinct ends, so many equal ones) and ends in any order, marks in between; the list read at
  // any time is the copy of the multimap taken at the last mark.
  std::mt19937_64 random(7);
  Manager manager;
  std::vector<std::pair<double, int>> copy_at_mark;
  int reads = 0;
  for (int step = 0; step < 20000; ++step) {
    const auto roll = random() % 100;
    if (roll < 45 || manager.size() == 0) {
      manager.start(static_cast<double>(random() % 7) * 10.0, static_cast<int>(random() % 32) + 1);
    } else if (roll < 90) {
      manager.end(random() % manager.size());
    } else if (roll < 95) {
      manager.mark();
      copy_at_mark = listed(manager.running());
    } else {
      ASSERT_EQ(listed(manager.at_mark()), copy_at_mark) << "at step " << step;
      ++reads;
    }
  }
  EXPECT_GT(reads, 500);
}
