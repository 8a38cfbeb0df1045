/* Bad input that only diana reads: a link's loss or jitter, a zone's scheduler_host, a diana parameter. Each is a
 * located error (file, line, what) with exit code 2 and no trace. */
#include "SimulateCommand.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

using coalsim::testing::run;
using coalsim::testing::test_folder;
using coalsim::testing::write;

namespace {

std::string lab_platform()
{
  std::ifstream in(COALSIM_SOURCE_DIR "/platforms/diana-lab.xml");
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string replaced(std::string text, const std::string& what, const std::string& with)
{
  text.replace(text.find(what), what.size(), with);
  return text;
}

} // namespace

TEST(DianaBadInput, BadLossJitterSchedulerHostAndParameterAreLocatedErrors)
{
  auto dir         = test_folder("diana-bad-");
  std::string lab  = lab_platform();
  std::string link = R"(<link id="lab-switch" bandwidth="12.5MBps" latency="0.5ms"/>)";
  struct Case {
    std::string platform, set, expected;
  };
  std::vector<Case> cases{
      {replaced(lab, link,
                R"(<link id="lab-switch" bandwidth="12.5MBps" latency="0.5ms"><prop id="loss" value="abc"/></link>)"),
       "",
       "Invalid link 'lab-switch' in " + (dir / "p0.xml").string() +
           ":19: property 'loss' must be a fraction in [0, 1) (got 'abc')"},
      {replaced(lab, link,
                R"(<link id="lab-switch" bandwidth="12.5MBps" latency="0.5ms"><prop id="jitter" value="-1"/></link>)"),
       "",
       "Invalid link 'lab-switch' in " + (dir / "p1.xml").string() +
           ":19: property 'jitter' must be a number of seconds, at least 0 (got '-1')"},
      {replaced(lab, R"(<prop id="file_server" value="c1-2"/>)",
                R"(<prop id="file_server" value="c1-2"/><prop id="scheduler_host" value="c0-1"/>)"),
       "", "zone 'c1' names scheduler_host 'c0-1', which is not one of its hosts"},
      // A link no route between the sites' schedulers crosses: every link is checked before the run (the routes are
      // worked out as the sites first need them).
      {replaced(lab, link,
                link + R"(<link id="spare" bandwidth="1GBps" latency="0"><prop id="loss" value="2"/></link>)"),
       "",
       "Invalid link 'spare' in " + (dir / "p3.xml").string() +
           ":19: property 'loss' must be a fraction in [0, 1) (got '2')"},
      {lab, "--set policy.reply_timeout=-3",
       "Invalid parameter 'policy.reply_timeout' of policy 'diana' in the command line (--set policy.reply_timeout): "
       "must be at least 0"},
      // 0 would let a site marked unusable ask its peers again at every event.
      {lab, "--set policy.retry_interval=0",
       "Invalid parameter 'policy.retry_interval' of policy 'diana' in the command line (--set policy.retry_interval): "
       "must be at least 0.001000 (got '0')"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    std::string number   = std::to_string(i);
    std::string platform = write(dir / ("p" + number).append(".xml"), cases[i].platform);
    std::string output   = (dir / ("t" + number).append(".h5")).string();
    auto result = run("-c " COALSIM_SOURCE_DIR "/workloads/experiments/diana-table61.yaml --set platform=" + platform +
                      " " + cases[i].set + " -o " + output);
    EXPECT_EQ(result.status, 2) << result.output;
    EXPECT_NE(result.output.find(cases[i].expected), std::string::npos) << result.output;
    EXPECT_FALSE(std::filesystem::exists(output)) << "no trace after bad input";
  }
}
