/* A run whose waiting job can never start, with the stall off (`stop.stall_after: 0`): polled, it polled every
 * `poll_interval` to the simulated-time horizon (1e9 s; minutes of CPU at 10 s, then an error) where exact information
 * ended at once. Now the polls end once nothing is left to happen (InformationService::set_polls_may_end). And exact
 * information, which ended when no event of coalsim's was left though a SimGrid profile would bring a host back, now
 * waits for the profile's last event (GridScheduler::time_the_profiles). The same with a state profile of the
 * platform file, whose last event date is read from it (PlatformProfiles::last_event). */
#include "SimulationFixture.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace coalsim {
namespace {

/** One job of 4 processors on cluster a alone (4 hosts), host a-0 as `profile` has it (SimGrid plays it). */
std::string one_job_on_a(double poll_interval, double stall_after, const std::string& profile)
{
  return R"(
clusters: [a]
policy: ff
workload: {jobs: 1, arrival: batch, components: 1, component_size: 4, runtime: 100, request_types: {unordered: 1}}
background: {model: none}
info_service: {poll_interval: )" +
         std::to_string(poll_interval) + "}\nstop: {stall_after: " + std::to_string(stall_after) +
         "}\nfaults: {hosts: {a-0: {profile: \"" + profile + "\"}}}\n";
}

TEST(PollsAtRest, PolledWithTheStallOffARunWhoseJobCanNeverStartEndsWhenThePollsFindNothingNew)
{
  // Host a-0 is down from 0 for good. The first poll (10,000) sees it, the second (20,000) finds nothing changed
  // with nothing left to happen: no further poll, the run ends there with the job unfinished. Before, the polls went
  // on to the horizon (1e9 s, 100,000 polls) and the run failed there.
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a(10000, 0, "0 0"), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::unfinished));
  EXPECT_LE(statistics.end_time, 20000.0);
  EXPECT_GT(statistics.end_time, 0.0);
}

TEST(PollsAtRest, TheReprosShapeAtTenSecondsEndsAtOnce)
{
  // The same at the default 10 s polls, the host's profile ending at 100 (down again): the polls go on to 100, then
  // the first that finds nothing new ends the run, not the horizon (before: minutes of CPU, 1e8 polls).
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a(10, 0, "0 0\\n100 0\\n"), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::unfinished));
  EXPECT_LE(statistics.end_time, 130.0);
}

TEST(PollsAtRest, PolledThePollsGoOnWhileAProfileHasAnEventToCome)
{
  // Host a-0 is down from 0 to 400: the polls that find nothing before 400 do not end the run (the profile's event
  // is to come), and the job starts at the poll that sees the host back.
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a(10, 0, "0 0\\n400 1\\n"), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::completed));
  EXPECT_GE(t.jobs[0].start_time, 400.0);
  EXPECT_LE(t.jobs[0].start_time, 410.0);
  EXPECT_DOUBLE_EQ(statistics.end_time, t.jobs[0].start_time + 100.0);
}

TEST(PollsAtRest, PolledWithTheStallOnTheJobIsGivenUpAtTheFirstPollPastTheDeadlineAsBefore)
{
  // The stall on (1005 s): the polls go on, and the one at 1010, the first past the deadline, gives the job up, as
  // before the change.
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a(10, 1005, "0 0"), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::failed));
  EXPECT_STREQ(t.jobs[0].rejection, "stalled");
  EXPECT_DOUBLE_EQ(t.jobs[0].completion_time, 1010.0);
  EXPECT_DOUBLE_EQ(statistics.end_time, 1010.0);
}

TEST(PollsAtRest, ExactWithTheStallOffAHostAProfileBringsBackLaterStartsTheWaitingJob)
{
  // Exact information, host a-0 down from 0 to 400: after the job's arrival nothing of coalsim's was left, so the run
  // ended at 0 with the job unfinished (a SimGrid profile keeps no run alive). A timer at the profile's last event
  // (400) keeps it going: the host's return starts the job, which runs 400-500.
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a(0, 0, "0 0\\n400 1\\n"), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::completed));
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 400.0);
  EXPECT_DOUBLE_EQ(statistics.end_time, 500.0);
}

TEST(PollsAtRest, ExactWithTheStallOffAHostDownForGoodEndsTheRunAtOnce)
{
  // No event to come: no timer, the run ends at the job's arrival with the job unfinished, as before.
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a(0, 0, "0 0"), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::unfinished));
  EXPECT_DOUBLE_EQ(statistics.end_time, 0.0);
}

/** Cluster a of 4 single-core compute hosts and file server a-4 (a zone holding hosts), a-0 with the platform's
 *  state profile `profile`: a state_file beside the platform, named after the test (CTest runs tests in parallel). */
std::string platform_with_a_state_file(const std::string& profile)
{
  const std::string profile_file = testing::test_temp_file("a-0-state.txt");
  std::ofstream(profile_file) << profile;
  std::string platform = testing::test_temp_file("a-0-state.xml");
  std::ofstream(platform) << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                             "<platform version=\"4.1\">\n  <zone id=\"a\" routing=\"Full\">\n"
                             "    <prop id=\"file_server\" value=\"a-4\"/>\n"
                             "    <host id=\"a-0\" speed=\"1Gf\" state_file=\""
                          << std::filesystem::path(profile_file).filename().string()
                          << "\"/>\n    <host id=\"a-1\" speed=\"1Gf\"/>\n    <host id=\"a-2\" speed=\"1Gf\"/>\n"
                             "    <host id=\"a-3\" speed=\"1Gf\"/>\n    <host id=\"a-4\" speed=\"1Gf\"/>\n"
                             "  </zone>\n</platform>\n";
  return platform;
}

/** One job of 4 processors arriving at 10 on that cluster a, a-0 on the platform's `profile`. */
std::string one_job_on_a_profiled_by_the_platform(double poll_interval, const std::string& profile)
{
  return "platform: " + platform_with_a_state_file(profile) + R"(
clusters: [a]
policy: ff
workload: {jobs: 1, arrival: batch, start: 10, components: 1, component_size: 4, runtime: 100,
           request_types: {unordered: 1}}
background: {model: none}
info_service: {poll_interval: )" +
         std::to_string(poll_interval) + "}\nstop: {stall_after: 0}\n";
}

TEST(PollsAtRest, PolledWithAStateFileOfThePlatformTakingAHostDownForGoodTheRunEnds)
{
  // Host a-0 is down from 5 for good by the platform's state_file, and the job of 4 arrives at 10. The profile was
  // taken as playing for ever: the polls went on to the horizon (1e9 s, 100,000 polls) and the run failed there. Its
  // last event (5) is read now: the second poll (20,000) finds nothing changed and nothing to come; the run ends.
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a_profiled_by_the_platform(10000, "0 1\n5 0\n"), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::unfinished));
  EXPECT_LE(statistics.end_time, 20010.0);
  EXPECT_GE(statistics.end_time, 10.0);
}

TEST(PollsAtRest, ExactWithAStateFileOfThePlatformBringingAHostBackTheJobStartsThen)
{
  // Exact information, host a-0 down from 5 to 400 by the platform's state_file: the run waited for nothing (the
  // profile, taken as playing for ever, set no timer) and ended at the job's arrival (10), the job unfinished. The
  // timer at its last event (400) keeps it going: the job runs 400-500.
  RunStatistics statistics;
  auto t = testing::simulate_yaml(one_job_on_a_profiled_by_the_platform(0, "0 1\n5 0\n400 1\n"), &statistics);
  ASSERT_EQ(t.jobs.size(), 1u);
  EXPECT_EQ(t.jobs[0].status, static_cast<int8_t>(JobStatus::completed));
  EXPECT_DOUBLE_EQ(t.jobs[0].start_time, 400.0);
  EXPECT_DOUBLE_EQ(statistics.end_time, 500.0);
}

} // namespace
} // namespace coalsim
