/* The platform checks made before SimGrid reads a platform (SimGrid 3.32 aborts on these instead of
 * reporting them). */
#include "sim/config/InputError.hpp"
#include "sim/platform/PlatformCheck.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <utility>
#include <vector>

using namespace coalsim;
namespace fs = std::filesystem;

namespace {
/** A folder of its own per test, holding `platform.xml` with `body` inside <platform>. */
std::string platform_with(const std::string& body)
{
  fs::path folder = fs::path(::testing::TempDir()) /
                    (std::string("platform-check-") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::create_directories(folder);
  std::string path = (folder / "platform.xml").string();
  std::ofstream(path) << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                         "<platform version=\"4.1\">\n"
                      << body << "</platform>\n";
  return path;
}

std::string error_of(const std::string& path)
{
  try {
    check_platform_file(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

const std::string zone_start = "<zone id=\"w\" routing=\"Full\">\n";
} // namespace

TEST(PlatformCheck, ShippedPlatformsPass)
{
  int checked = 0;
  for (const auto& entry : fs::recursive_directory_iterator(COALSIM_SOURCE_DIR "/platforms")) {
    if (entry.path().extension() == ".xml") {
      EXPECT_EQ(error_of(entry.path().string()), "no error") << entry.path();
      ++checked;
    }
  }
  EXPECT_GE(checked, 13); // platforms/, platforms/test/ and platforms/simgrid/
}

TEST(PlatformCheck, ABandwidthWithoutAUnitIsRefusedWithTheValueWithUnitsAsTheHint)
{
  // Meant as 12.5MBps, read by SimGrid as 12.5 bytes per second.
  std::string path = platform_with(zone_start + "  <host id=\"h\" speed=\"1Gf\"/>\n"
                                                "  <link id=\"wan\" bandwidth=\"12.5\" latency=\"1ms\"/>\n</zone>\n");
  EXPECT_EQ(error_of(path), "Invalid platform element <link> 'wan' in " + path +
                                ":6: the bandwidth \"12.5\" has no unit, and SimGrid would read it as 12.5 bytes per "
                                "second; write the unit: bandwidth=\"12.5Bps\" for that, or the unit meant, e.g. "
                                "bandwidth=\"12.5MBps\"");
}

TEST(PlatformCheck, EverySpeedBandwidthAndLatencyNeedsAUnit)
{
  const std::string cluster = "<cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-1\" ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"  <host id=\"h\" speed=\"1000000000\"/>\n", "the speed \"1000000000\" has no unit"},
      {"  <host id=\"h\" speed=\"1Gf,500\"/>\n", "the speed \"500\" has no unit"}, // a later pstate
      {"  <host id=\"h\" speed=\"1Gf\"/>\n  <link id=\"l\" bandwidth=\"1MBps\" latency=\"0.5\"/>\n",
       "the latency \"0.5\" has no unit, and SimGrid would read it as 0.5 seconds; write the unit: "
       "latency=\"0.5s\" for that, or the unit meant, e.g. latency=\"0.5ms\""},
      {"  " + cluster + "speed=\"1Gf\" bw=\"125\" lat=\"50us\"/>\n", "the bw \"125\" has no unit"},
      {"  " + cluster + "speed=\"1Gf\" bw=\"125MBps\" lat=\"5e-5\"/>\n", "the lat \"5e-5\" has no unit"},
      {"  " + cluster + "speed=\"1Gf\" bw=\"1GBps\" lat=\"0\" bb_bw=\"10\"/>\n", "the bb_bw \"10\" has no unit"},
      {"  " + cluster + "speed=\"1Gf\" bw=\"1GBps\" lat=\"0\" bb_bw=\"1GBps\" bb_lat=\"1\"/>\n",
       "the bb_lat \"1\" has no unit"},
      {"  " + cluster + "speed=\"2\" bw=\"1GBps\" lat=\"0\"/>\n",
       "the speed \"2\" has no unit, and SimGrid would read it as 2 flop/s; write the unit: speed=\"2f\" for "
       "that, or the unit meant, e.g. speed=\"2Gf\""},
  };
  for (const auto& [body, what] : cases) {
    std::string error = error_of(platform_with(zone_start + body + "</zone>\n"));
    EXPECT_NE(error.find(what), std::string::npos) << body << "\n" << error;
    EXPECT_EQ(error.rfind("Invalid platform element", 0), 0u) << error;
  }
  // 0 is 0 in every unit.
  EXPECT_EQ(error_of(platform_with(zone_start + "  " + cluster +
                                   "speed=\"1Gf\" bw=\"1GBps\" lat=\"0\" bb_lat=\"0\"/>\n" + "</zone>\n")),
            "no error");
}

TEST(PlatformCheck, StateProfileOfALinkIsRefusedWithItsLine)
{
  std::ofstream(fs::path(platform_with("")).parent_path() / "wan.txt") << "5 0\n50 1\n";
  std::string path =
      platform_with(zone_start + "  <host id=\"h\" speed=\"1Gf\"/>\n"
                                 "  <link id=\"wan\" bandwidth=\"1MBps\"\n        state_file=\"wan.txt\"/>\n"
                                 "</zone>\n");
  EXPECT_EQ(error_of(path), "Invalid platform element <link> 'wan' in " + path +
                                ":6: links cannot fail in coalsim (only hosts and clusters do): remove its state_file");
}

TEST(PlatformCheck, TraceConnectedToALinkIsRefusedButToAHostAccepted)
{
  std::string trace = "<trace id=\"t\" periodicity=\"-1\">\n5 0\n</trace>\n";
  std::string host =
      platform_with(zone_start +
                    "  <host id=\"h\" speed=\"1Gf\"/>\n  <link id=\"l\" bandwidth=\"1MBps\" latency=\"0\"/>\n"
                    "</zone>\n" +
                    trace + "<trace_connect trace=\"t\" element=\"h\" kind=\"HOST_AVAIL\"/>\n");
  EXPECT_EQ(error_of(host), "no error");
  std::string link =
      platform_with(zone_start +
                    "  <host id=\"h\" speed=\"1Gf\"/>\n  <link id=\"l\" bandwidth=\"1MBps\" latency=\"0\"/>\n"
                    "</zone>\n" +
                    trace + "<trace_connect trace=\"t\" element=\"l\" kind=\"BANDWIDTH\"/>\n");
  std::string what = error_of(link);
  EXPECT_EQ(
      what.rfind("Invalid platform element <trace_connect> 'l' in " + link + ":11: SimGrid 3.32 cannot connect", 0), 0u)
      << what;
}

TEST(PlatformCheck, ProfileFilesAreLookedUpBesideThePlatformAndNeverAsAbsolutePaths)
{
  std::string path = platform_with(zone_start + "  <host id=\"h\" speed=\"1Gf\" state_file=\"h.txt\"/>\n</zone>\n");
  fs::remove(fs::path(path).parent_path() / "h.txt"); // left by an earlier run
  EXPECT_EQ(error_of(path), "Invalid platform element <host> 'h.txt' in " + path +
                                ":5: the state_file is not found in the current folder nor in the platform's folder " +
                                fs::path(path).parent_path().string());
  std::ofstream(fs::path(path).parent_path() / "h.txt") << "5 0\n";
  EXPECT_EQ(error_of(path), "no error") << "found beside the platform";
  std::string absolute = (fs::path(path).parent_path() / "h.txt").string();
  std::string abs_path =
      platform_with(zone_start + "  <host id=\"h\" speed=\"1Gf\" speed_file=\"" + absolute + "\"/>\n</zone>\n");
  EXPECT_NE(error_of(abs_path).find("not as an absolute path"), std::string::npos) << error_of(abs_path);
}

TEST(PlatformCheck, SaysWhetherThePlatformGivesSimGridProfilesToPlay)
{
  const std::string host = "  <host id=\"h\" speed=\"1Gf\"";
  PlatformProfiles none  = check_platform_file(platform_with(zone_start + host + "/>\n</zone>\n"));
  EXPECT_FALSE(none.any);
  EXPECT_TRUE(none.files.empty());
  // A trace of the platform's own text: no file, but SimGrid plays it (the polls must not wait then).
  PlatformProfiles inline_trace =
      check_platform_file(platform_with(zone_start + host +
                                        "/>\n</zone>\n<trace id=\"t\" periodicity=\"-1\">\n5 0\n</trace>\n"
                                        "<trace_connect trace=\"t\" element=\"h\" kind=\"HOST_AVAIL\"/>\n"));
  EXPECT_TRUE(inline_trace.any);
  EXPECT_TRUE(inline_trace.files.empty());
  std::string path = platform_with(zone_start + host + " speed_file=\"h.txt\"/>\n</zone>\n");
  std::ofstream(fs::path(path).parent_path() / "h.txt") << "0 1\n";
  PlatformProfiles file = check_platform_file(path);
  EXPECT_TRUE(file.any);
  EXPECT_EQ(file.files, std::vector<std::string>{(fs::path(path).parent_path() / "h.txt").string()});
}

TEST(PlatformCheck, TheLastEventDateOfThePlatformsProfiles)
{
  const std::string host = "  <host id=\"h\" speed=\"1Gf\"";
  auto last_event        = [](const std::string& path) { return check_platform_file_text(path).last_event; };
  // No profile: no event.
  EXPECT_EQ(last_event(platform_with(zone_start + host + "/>\n</zone>\n")), -INFINITY);
  // A state file played once: its last date.
  std::string path   = platform_with(zone_start + host + " state_file=\"h.txt\"/>\n</zone>\n");
  fs::path h         = fs::path(path).parent_path() / "h.txt";
  auto with_state_as = [&](const std::string& profile) {
    std::ofstream(h) << profile;
    return last_event(path);
  };
  EXPECT_EQ(with_state_as("0 0\n100 1\n"), 100.0);
  EXPECT_EQ(with_state_as("# down, then back\n\n0 0\r\n% a comment\n  250.5   1  \n"), 250.5);
  EXPECT_EQ(with_state_as("DET 7 DET 0\n"), 7.0) << "DET before a date or a value is a plain number";
  EXPECT_EQ(with_state_as(""), -INFINITY) << "an empty profile plays nothing";
  // It repeats, is stochastic, or is not one SimGrid reads: for ever.
  EXPECT_EQ(with_state_as("0 0\n100 1\nLOOPAFTER 50\n"), INFINITY);
  EXPECT_EQ(with_state_as("PERIODICITY 200\n0 0\n100 1\n"), INFINITY);
  EXPECT_EQ(with_state_as("STOCHASTIC\nEXP 0.01 DET 0\nEXP 0.1 DET 1\n"), INFINITY);
  EXPECT_EQ(with_state_as("STOCHASTIC LOOP\nDET 10 UNIF 0 1\n"), INFINITY);
  EXPECT_EQ(with_state_as("0 0\nNORM 100 5 1\n"), INFINITY);
  EXPECT_EQ(with_state_as("100 0\n50 1\n"), INFINITY) << "dates must not decrease";
  EXPECT_EQ(with_state_as("0 0\nlater 1\n"), INFINITY);
  EXPECT_EQ(with_state_as("0\n"), INFINITY) << "a date without a value";
  // A file that cannot be read (SimGrid reports it).
  fs::remove(h);
  EXPECT_EQ(profile_file_last_event(h.string()), INFINITY);
  fs::create_directory(h);
  EXPECT_EQ(profile_file_last_event(h.string()), INFINITY);
  fs::remove(h);
  // The latest over all of them, of every kind (a speed file here).
  std::ofstream(fs::path(path).parent_path() / "s.txt") << "0 1\n300 0.5\n";
  std::ofstream(fs::path(path).parent_path() / "t.txt") << "0 0\n20 1\n";
  EXPECT_EQ(last_event(platform_with(zone_start + host + " state_file=\"t.txt\" speed_file=\"s.txt\"/>\n" +
                                     "  <host id=\"g\" speed=\"1Gf\" state_file=\"t.txt\"/>\n</zone>\n")),
            300.0);
}

TEST(PlatformCheck, TheLastEventDateOfAnInlineTrace)
{
  const std::string host = zone_start + "  <host id=\"h\" speed=\"1Gf\"/>\n</zone>\n";
  auto trace             = [&](const std::string& attributes, const std::string& text) {
    return check_platform_file_text(
                           platform_with(host + "<trace id=\"t\"" + attributes + ">\n" + text +
                                         "</trace>\n<trace_connect trace=\"t\" element=\"h\" kind=\"HOST_AVAIL\"/>\n"))
        .last_event;
  };
  EXPECT_EQ(trace(" periodicity=\"-1\"", "0 0\n400 1\n"), 400.0);
  EXPECT_EQ(trace("", "0 0\n400 1\n"), 400.0);
  EXPECT_EQ(trace("", "<![CDATA[0 0\n]]>450 1\n"), 450.0) << "the text in pieces";
  EXPECT_EQ(trace(" periodicity=\"1000\"", "0 0\n400 1\n"), INFINITY);
  EXPECT_EQ(trace("", "0 0\n400 1\nLOOPAFTER 10\n"), INFINITY);
  // A trace in a file: the file's dates; with a periodicity above 0, for ever.
  std::string path = platform_with(host + "<trace id=\"t\" file=\"t.txt\"/>\n"
                                          "<trace_connect trace=\"t\" element=\"h\" kind=\"HOST_AVAIL\"/>\n");
  std::ofstream(fs::path(path).parent_path() / "t.txt") << "0 0\n60 1\n";
  EXPECT_EQ(check_platform_file_text(path).last_event, 60.0);
  path = platform_with(host + "<trace id=\"t\" file=\"t.txt\" periodicity=\"100\"/>\n"
                              "<trace_connect trace=\"t\" element=\"h\" kind=\"HOST_AVAIL\"/>\n");
  EXPECT_EQ(check_platform_file_text(path).last_event, INFINITY);
}

TEST(PlatformCheck, CommentsAreIgnoredAndANonPlatformIsRefused)
{
  std::string path = platform_with("<!-- <link id=\"x\" state_file=\"gone.txt\"/> -->\n" + zone_start +
                                   "  <host id=\"h\" speed=\"1Gf\"/>\n</zone>\n");
  EXPECT_EQ(error_of(path), "no error");
  std::string text = (fs::path(path).parent_path() / "notes.txt").string();
  std::ofstream(text) << "just notes\n";
  EXPECT_EQ(error_of(text),
            "Invalid platform '" + text + "' in " + text + ":1: XML syntax error: syntax error (column 1)");
}

TEST(PlatformCheck, NumbersSimGridAcceptsButCannotRunWithAreRefusedWithTheirLine)
{
  struct Case {
    std::string element, what;
  };
  std::vector<Case> cases = {
      {"<host id=\"h\" speed=\"1Gf\" core=\"0\"/>",
       "Invalid platform element <host> 'h' in PATH:5: a host needs at least one core (core=\"0\")"},
      {"<host id=\"h\" speed=\"-1Gf\"/>",
       "Invalid platform element <host> 'h' in PATH:5: the speed must be above 0 (speed=\"-1Gf\")"},
      {"<host id=\"h\" speed=\"0f,1Gf\"/>",
       "Invalid platform element <host> 'h' in PATH:5: the speed must be above 0 (speed=\"0f,1Gf\")"},
      {"<host id=\"h\" speed=\"1Gf,-1f\"/>",
       "Invalid platform element <host> 'h' in PATH:5: the speed must not be negative (speed=\"1Gf,-1f\")"},
      {"<link id=\"l\" bandwidth=\"0MBps\"/>",
       "Invalid platform element <link> 'l' in PATH:5: the bandwidth must be above 0 (bandwidth=\"0MBps\")"},
      {"<link id=\"l\" bandwidth=\"1MBps\" latency=\"-1ms\"/>",
       "Invalid platform element <link> 'l' in PATH:5: the latency must not be negative (latency=\"-1ms\")"},
      {"<cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" core=\"-2\" bw=\"1GBps\" lat=\"0\"/>",
       "Invalid platform element <cluster> 'c' in PATH:5: a host needs at least one core (core=\"-2\")"},
      {"<cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" bw=\"1GBps\" lat=\"0\" "
       "bb_bw=\"0Bps\" bb_lat=\"0\"/>",
       "Invalid platform element <cluster> 'c' in PATH:5: the bb_bw must be above 0 (bb_bw=\"0Bps\")"},
  };
  for (const auto& c : cases) {
    std::string path = platform_with(zone_start + "  " + c.element + "\n</zone>\n");
    std::string what = c.what;
    what.replace(what.find("PATH"), 4, path);
    EXPECT_EQ(error_of(path), what) << c.element;
  }
  // Pstates after the first may be 0: the off, boot and shutdown states of SimGrid's energy_boot.xml.
  std::string good = platform_with(
      zone_start + "  <host id=\"h\" speed=\"1Gf,2Gf,0f\" core=\"4\"/>\n"
                   "  <link id=\"l\" bandwidth=\"1MBps\" latency=\"0\" latency_file=\"-5.txt\"/>\n</zone>\n");
  std::ofstream(fs::path(good).parent_path() / "-5.txt") << "0 1\n";
  EXPECT_EQ(error_of(good), "no error") << "a profile file's name is no number";
}

TEST(PlatformCheck, SubZonesOfAFullZoneWithoutAZoneRouteAreRefused)
{
  auto cluster = [](const std::string& id) {
    return "  <cluster id=\"" + id + "\" prefix=\"" + id +
           "-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" bw=\"1GBps\" "
           "lat=\"0\" router_id=\"" +
           id + "-router\"/>\n";
  };
  std::string route   = "  <link id=\"wan\" bandwidth=\"1MBps\" latency=\"0\"/>\n"
                        "  <zoneRoute src=\"a\" dst=\"b\" gw_src=\"a-router\" gw_dst=\"b-router\"><link_ctn id=\"wan\"/>"
                        "</zoneRoute>\n";
  std::string missing = platform_with(zone_start + cluster("a") + cluster("b") +
                                      "  <link id=\"wan\" bandwidth=\"1MBps\" latency=\"0\"/>\n</zone>\n");
  EXPECT_EQ(error_of(missing), "Invalid platform element <zone> 'w' in " + missing +
                                   ":4: no <zoneRoute> from 'a' to 'b': in a zone with Full routing every pair of "
                                   "sub-zones holding hosts needs one (SimGrid 3.32 has no route between them: it "
                                   "crashes or fails on the first transfer)");
  EXPECT_EQ(error_of(platform_with(zone_start + cluster("a") + cluster("b") + route + "</zone>\n")), "no error")
      << "a symmetrical route serves both directions";
  std::string one_way = platform_with(zone_start + cluster("a") + cluster("b") +
                                      "  <link id=\"wan\" bandwidth=\"1MBps\" latency=\"0\"/>\n"
                                      "  <zoneRoute src=\"a\" dst=\"b\" gw_src=\"a-router\" gw_dst=\"b-router\" "
                                      "symmetrical=\"NO\"><link_ctn id=\"wan\"/></zoneRoute>\n</zone>\n");
  EXPECT_NE(error_of(one_way).find("no <zoneRoute> from 'b' to 'a'"), std::string::npos) << error_of(one_way);
  EXPECT_EQ(error_of(platform_with(zone_start + cluster("a") + "  <zone id=\"empty\" routing=\"None\"/>\n</zone>\n")),
            "no error")
      << "a sub-zone without hosts needs no route";
}
