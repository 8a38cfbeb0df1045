#include "setup/ExperimentConfig.hpp"
#include "sim/config/InputError.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>

using namespace coalsim;

namespace {
/** A file named after the test and `name`: CTest runs the tests in parallel processes, and two tests may use
 *  one name. */
std::string write_temp(const std::string& name, const std::string& text)
{
  std::string path =
      ::testing::TempDir() + ::testing::UnitTest::GetInstance()->current_test_info()->name() + "-" + name;
  std::ofstream(path) << text;
  return path;
}
std::string error_of(const std::string& file, const std::vector<Override>& overrides = {})
{
  try {
    load_experiment(file, overrides);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}
} // namespace

TEST(ExperimentConfig, DefaultsAreFilledInAndWrittenToTheResolvedYaml)
{
  auto c = load_experiment(write_temp("minimal.yaml", "workload:\n  jobs: 12\n"), {});
  EXPECT_EQ(c.workload.jobs, 12);
  EXPECT_EQ(c.policy.name, "cf");
  EXPECT_DOUBLE_EQ(c.info_service.poll_interval, 10);
  EXPECT_NE(c.resolved_yaml.find("poll_interval: 10"), std::string::npos);
  EXPECT_NE(c.resolved_yaml.find("offered_load: 0.3"), std::string::npos);
}

TEST(ExperimentConfig, OverridesWinAndAcceptUnitsAndShorthands)
{
  auto c = load_experiment("", {"policy.name=wf", "workload.file.size=2GB", "policy.queue=fpfs", "seed=9"});
  EXPECT_EQ(c.policy.name, "wf");
  EXPECT_EQ(c.policy.parameters.at("queue").text, "fpfs");
  EXPECT_DOUBLE_EQ(c.workload.file.size.mean(), 2e9);
  EXPECT_EQ(c.seed, 9u);
}

TEST(ExperimentConfig, ErrorsNameFileLineAndKey)
{
  auto bad_key = write_temp("bad_key.yaml", "workload:\n  jobs: 3\n  runtim: 5\n");
  EXPECT_EQ(
      error_of(bad_key),
      "Invalid key 'workload.runtim' in " + bad_key +
          ":3: unknown key (valid keys here: jobs, start, arrival, rate, offered_load, components, "
          "component_size, runtime, request_types, deal_request_types, ordered_clusters, trace, file, priorities, "
          "estimate_factor, deadline_factor, budget, submit_site, executable_size, output_size, shapes)");
  auto bad_type = write_temp("bad_type.yaml", "seed: 1\nworkload:\n  jobs: many\n");
  EXPECT_EQ(error_of(bad_type), "Invalid key 'workload.jobs' in " + bad_type + ":3: expected a number (got 'many')");
  auto bad_dist = write_temp("bad_dist.yaml", "workload:\n  runtime: {dist: gamma, k: 2}\n");
  EXPECT_EQ(error_of(bad_dist), "Invalid key 'workload.runtime.dist' in " + bad_dist +
                                    ":2: unknown distribution; valid values are: constant, uniform, exponential, "
                                    "normal, lognormal, choice");
  auto syntax = write_temp("syntax.yaml", "workload:\n  jobs: [1\n");
  EXPECT_EQ(error_of(syntax).rfind("Invalid experiment file '" + syntax + "' in " + syntax + ":", 0), 0u);
  EXPECT_EQ(error_of("/nonexistent/x.yaml"), "Invalid experiment file '/nonexistent/x.yaml': cannot be read");
  EXPECT_EQ(error_of("", {"workload.jobs=-1"}),
            "Invalid key 'workload.jobs' in the command line (--set workload.jobs): must be at least 0 (got '-1')");
  // An option that stands for a --set is named as typed (it said "set on the command line with --set").
  EXPECT_EQ(error_of("", {Override("seed=-1", "--seed")}),
            "Invalid key 'seed' in the command line (--seed): must be at least 0 (got '-1')");
  EXPECT_EQ(
      error_of("", {Override("seed=[", "--seed")}).rfind("Invalid option '--seed [': the value is not valid YAML", 0),
      0u);
  EXPECT_EQ(error_of("", {"nokey"}), "Invalid option '--set nokey': expected key.path=value");
}

TEST(ExperimentConfig, BackgroundNeedsEitherUtilizationOrInterarrival)
{
  auto both = write_temp("both.yaml", "background:\n  model: synthetic\n  utilization: 0.3\n  interarrival: 5\n");
  EXPECT_EQ(error_of(both), "Invalid key 'background.interarrival' in " + both +
                                ":4: give either utilization or interarrival, not both");
  auto full = write_temp("full.yaml", "background:\n  model: synthetic\n  utilization: 1.2\n");
  EXPECT_EQ(error_of(full), "Invalid key 'background.utilization' in " + full +
                                ":3: must be below 1 (a cluster cannot be busier than full)");
}

TEST(ExperimentConfig, BandKeysAreChecked)
{
  auto not_band = write_temp("not_band.yaml", "background:\n  model: synthetic\n  utilization: 0.2\n"
                                              "  band_void_after: 60\n");
  EXPECT_EQ(error_of(not_band),
            "Invalid key 'background.band_void_after' in " + not_band + ":4: only read with 'model: band'");
  auto twice = write_temp("twice.yaml", "background:\n  model: band\n  utilization: 0.2\n"
                                        "  others: {model: synthetic, utilization: 0.1}\n");
  EXPECT_EQ(error_of(twice), "Invalid key 'background.utilization' in " + twice +
                                 ":3: the other users are given by 'others'; move this key there");
  auto nested = write_temp("nested.yaml", "background:\n  model: band\n  others: {model: band}\n");
  EXPECT_EQ(error_of(nested),
            "Invalid key 'background.others.model' in " + nested + ":3: the other users cannot be a band themselves");
  auto negative = write_temp("negative.yaml", "background:\n  model: band\n  band_void_after: -1\n");
  EXPECT_NE(error_of(negative).find("background.band_void_after' in " + negative + ":3"), std::string::npos)
      << error_of(negative);
  auto fine               = write_temp("fine.yaml", "background:\n  model: band\n  band_void_after: 60\n"
                                                                  "  others: {model: synthetic, utilization: 0.1, size: 4}\n");
  ExperimentConfig config = load_experiment(fine, {});
  EXPECT_DOUBLE_EQ(config.background.defaults.band_void_after, 60);
  ASSERT_TRUE(config.background.defaults.band_others);
  EXPECT_EQ(config.background.defaults.band_others->model, "synthetic");
  EXPECT_DOUBLE_EQ(config.background.defaults.band_others->utilization, 0.1);
}

TEST(ExperimentConfig, AModelsOwnKeysAreRefusedWithAnotherButTheSyntheticJobsKeysAreIgnored)
{
  // Each model reads the keys it declares (BackgroundModels); another model's key is refused, naming the models
  // that read it, except the synthetic jobs' keys, which a model that draws no jobs ignores (so that
  // `--set background.model=none` turns a file's synthetic background off).
  auto replayed = write_temp("replayed.yaml", "background:\n  model: replay\n  trace: {file: x.swf}\n"
                                              "  band_interval: 30\n");
  EXPECT_EQ(error_of(replayed),
            "Invalid key 'background.band_interval' in " + replayed + ":4: only read with 'model: band'");
  auto fitted_only = write_temp("fitted_only.yaml", "background:\n  model: band\n  fitted_runtime: lognormal\n");
  EXPECT_EQ(error_of(fitted_only),
            "Invalid key 'background.fitted_runtime' in " + fitted_only + ":3: only read with 'model: fitted'");
  auto off = write_temp("off.yaml", "background:\n  model: none\n  utilization: 0.2\n  runtime: 60\n");
  EXPECT_EQ(load_experiment(off, {}).background.defaults.model, "none");
}

TEST(ExperimentConfig, ReplayKeysAreChecked)
{
  auto wrong_model = write_temp("wrong_model.yaml", "background:\n  model: synthetic\n  utilization: 0.2\n"
                                                    "  trace: {file: x.swf}\n");
  EXPECT_EQ(error_of(wrong_model), "Invalid key 'background.trace' in " + wrong_model +
                                       ":4: a trace is only read with 'model: fitted' or 'model: replay'");
  auto no_file = write_temp("no_file.yaml", "background:\n  model: replay\n");
  EXPECT_EQ(error_of(no_file), "Invalid key 'background' in " + no_file +
                                   ":2: this background model needs a 'trace' section with the log's 'file'");
  auto empty_window = write_temp("empty_window.yaml", "background:\n  model: replay\n"
                                                      "  trace: {file: x.swf, window: {start: 50, end: 50}}\n");
  EXPECT_EQ(error_of(empty_window), "Invalid key 'background.trace.window' in " + empty_window +
                                        ":3: the window is empty (end must be after start)");
  auto mixed = write_temp("mixed.yaml", "workload:\n  runtime: 5\n  trace: {file: x.swf}\n");
  EXPECT_EQ(error_of(mixed), "Invalid key 'workload.runtime' in " + mixed +
                                 ":2: the jobs come from workload.trace; this key is for synthetic jobs");
  auto bad_scale = write_temp("bad_scale.yaml", "workload:\n  trace: {file: x.swf, size_scale: big}\n");
  EXPECT_EQ(error_of(bad_scale), "Invalid key 'workload.trace.size_scale' in " + bad_scale +
                                     ":2: must be 'none', 'fit' or a factor above 0 (got 'big')");
}

TEST(ExperimentConfig, HostFaultKeysAreChecked)
{
  auto half = write_temp("half.yaml", "faults:\n  clusters:\n    fs1: {host_mtbf: 100}\n");
  EXPECT_EQ(error_of(half), "Invalid key 'faults.clusters.fs1' in " + half +
                                ":3: random host failures need both host_mtbf and host_mttr");
  auto bad = write_temp("bad_host_outage.yaml", "faults:\n  hosts:\n    fs0-3: [\"100+50\", \"soon\"]\n");
  EXPECT_EQ(error_of(bad), "Invalid key 'faults.hosts.fs0-3' in " + bad +
                               ":3: expected host outages like \"3600+600\" (start + duration, seconds), got 'soon'");
  auto good = load_experiment(write_temp("host_faults.yaml",
                                         "faults:\n  host_mtbf: 5000\n  host_mttr: 60\n  hosts: {fs0-3: [\"100+50\"]}\n"
                                         "  clusters: {fs1: {host_mtbf: 900}}\n"),
                              {});
  EXPECT_DOUBLE_EQ(good.faults.defaults.host_mtbf, 5000);
  EXPECT_DOUBLE_EQ(good.faults.per_cluster.at("fs1").host_mtbf, 900);
  EXPECT_DOUBLE_EQ(good.faults.per_cluster.at("fs1").host_mttr, 60) << "inherited from the defaults";
  ASSERT_EQ(good.faults.hosts.at("fs0-3").outages.size(), 1u);
  EXPECT_DOUBLE_EQ(good.faults.hosts.at("fs0-3").outages[0].second, 50);
}

TEST(ExperimentConfig, HostStateProfilesAreChecked)
{
  auto bad_line = write_temp("bad_profile.yaml", "faults:\n  hosts:\n    fs0-3:\n      profile: \"10 0\\n5 1\\n\"\n");
  EXPECT_EQ(error_of(bad_line), "Invalid key 'faults.hosts.fs0-3.profile' in " + bad_line +
                                    ":4: expected lines of \"<time> <0 or 1>\" with times from 0 on, increasing; got "
                                    "'5 1'");
  auto bad_state = write_temp("bad_state.yaml", "faults:\n  hosts:\n    fs0-3: {profile: \"10 0.5\"}\n");
  EXPECT_NE(error_of(bad_state).find("got '10 0.5'"), std::string::npos) << error_of(bad_state);
  auto no_period = write_temp("no_period.yaml", "faults:\n  hosts:\n    fs0-3: {profile: \"10 0\", periodicity: 0}\n");
  EXPECT_NE(error_of(no_period).find("faults.hosts.fs0-3.periodicity"), std::string::npos) << error_of(no_period);
  auto good = load_experiment(
      write_temp("good_profile.yaml", "faults:\n  hosts:\n    fs0-3: {profile: \"10 0\\n20 1\\n\", periodicity: 50}\n"),
      {});
  EXPECT_EQ(good.faults.hosts.at("fs0-3").profile.text, "10 0\n20 1\n");
  EXPECT_EQ(good.faults.hosts.at("fs0-3").profile.events,
            (std::vector<std::pair<double, bool>>{{10, false}, {20, true}}));
  EXPECT_DOUBLE_EQ(good.faults.hosts.at("fs0-3").profile.periodicity, 50);
}

TEST(ExperimentConfig, MalformedFilesAreInputErrorsNotCrashes)
{
  // Keys that are lists or maps: yaml-cpp's conversion to a string threw, uncaught.
  auto list_key = write_temp("list_key.yaml", "seed: 1\nworkload:\n  ? [a, b]\n  : 3\n");
  EXPECT_EQ(error_of(list_key),
            "Invalid key 'workload.?' in " + list_key + ":3: a key must be a plain name, not a list or a map");
  // A folder given as the experiment file: an uncaught std::ios_base::failure.
  EXPECT_EQ(error_of(::testing::TempDir()),
            "Invalid experiment file '" + ::testing::TempDir() + "': is a folder, not a file");
  // `policy: <name>` was expanded by pasting the name into YAML text: a name with YAML syntax threw a
  // ParserException (uncaught) or injected parameters.
  auto brace = write_temp("policy_brace.yaml", "policy: '}'\n");
  EXPECT_EQ(load_experiment(brace, {}).policy.name, "}"); // then refused by the policy registry, exit code 2
  auto with_parameter = load_experiment(brace, {"policy.queue=fcfs"});
  EXPECT_EQ(with_parameter.policy.name, "}");
  EXPECT_EQ(with_parameter.policy.parameters.at("queue").text, "fcfs");
  auto injected = load_experiment(write_temp("policy_inject.yaml", "policy: 'cf, queue: fpfs'\n"), {});
  EXPECT_EQ(injected.policy.name, "cf, queue: fpfs");
  EXPECT_TRUE(injected.policy.parameters.empty());
  // A band that is not two numbers: std::stod threw std::invalid_argument, uncaught.
  auto band = write_temp("band_words.yaml", "background:\n  model: band\n  band: [low, high]\n");
  EXPECT_EQ(error_of(band), "Invalid key 'background.band[0]' in " + band + ":3: expected a number (got 'low')");
  // A file that is a list: a --set used to replace it with a map of its own and run the defaults.
  auto list = write_temp("list_root.yaml", "- seed: 1\n");
  EXPECT_EQ(error_of(list, {"seed=3"}), "Invalid key '' in " + list + ":1: an experiment file is a map of settings");
}

TEST(ExperimentConfig, NoSilentDefaults)
{
  // A key given twice: yaml-cpp read the first and ignored the second.
  auto twice = write_temp("twice.yaml", "seed: 1\nworkload:\n  jobs: 5\n  jobs: 6\n");
  EXPECT_EQ(error_of(twice),
            "Invalid key 'workload.jobs' in " + twice + ":4: given twice in the same map (first at line 3)");
  // A key with no value, in the file or from --set (also --seed '' and --platform ''): it was the default.
  auto empty_value = write_temp("empty_value.yaml", "seed:\n");
  EXPECT_EQ(error_of(empty_value),
            "Invalid key 'seed' in " + empty_value + ":1: has no value (leave the key out for its default)");
  EXPECT_EQ(error_of("", {"platform="}).rfind("Invalid key 'platform' in the command line (--set platform)", 0), 0u)
      << error_of("", {"platform="});
  // A seed that is no integer was truncated (1.5 ran as 1), one above 2^64 was undefined behaviour.
  for (const char* seed : {"1.5", "1e30", "inf"})
    EXPECT_NE(error_of("", {std::string("seed=") + seed}).find("Invalid key 'seed'"), std::string::npos) << seed;
  EXPECT_EQ(load_experiment("", {"seed=9007199254740992"}).seed, 9007199254740992u);
  // The seed was read as a double: 2^53 + 1 ran as 2^53 (the trace's seed said so, its config said ...993).
  for (const char* seed : {"9007199254740993", "18446744073709551616", "1e3", "1.0", "0x10", "+1", "-0", "1 2"})
    EXPECT_EQ(error_of("", {std::string("seed=") + seed}),
              std::string("Invalid key 'seed' in the command line (--set seed): expected an integer from 0 to 2^53 "
                          "(got '") +
                  seed + "')");
  EXPECT_EQ(load_experiment("", {"seed=0"}).seed, 0u);
  EXPECT_EQ(load_experiment("", {"seed=9007199254740991"}).seed, 9007199254740991u);
  auto in_file = write_temp("seed.yaml", "seed: 9007199254740993\n");
  EXPECT_EQ(error_of(in_file),
            "Invalid key 'seed' in " + in_file + ":1: expected an integer from 0 to 2^53 (got '9007199254740993')");
  EXPECT_NE(load_experiment("", {}).resolved_yaml.find("seed: 1\n"), std::string::npos) << "the default, written";
  // An empty list of clusters ran on all of them (--clusters '' too); a cluster named twice was taken once.
  EXPECT_NE(error_of("", {"clusters=[]"}).find("names no cluster"), std::string::npos);
  EXPECT_NE(error_of("", {"workload.file.sites=[]"}).find("names no cluster"), std::string::npos);
  EXPECT_NE(error_of("", {"clusters=[fs0, fs0]"}).find("names cluster 'fs0' twice"), std::string::npos);
  EXPECT_EQ(
      load_experiment("", {"workload.ordered_clusters=[fs0, fs0, fs3, fs3]"}).workload.ordered_clusters.names.size(),
      4u)
      << "an ordered cycle may repeat clusters";
  // Shapes and outages were read with stoi/stod, which stop at the first character they cannot use.
  for (const char* shapes : {"['4x18abc']", "['4x18.5']", "['1x1x1']", "[]"})
    EXPECT_NE(error_of("", {std::string("workload.shapes=") + shapes}).find("Invalid key 'workload.shapes'"),
              std::string::npos)
        << shapes;
  for (const char* outages : {"['1abc+5']", "['10+5+3']", "['nan+5']", "['1+nan']", "['10+inf']"})
    EXPECT_NE(error_of("", {std::string("faults.outages=") + outages}).find("expected outages like"), std::string::npos)
        << outages;
}

TEST(ExperimentConfig, InfiniteValuesOnlyWhereTheyMeanSomething)
{
  // An infinite runtime, overhead, start or slowdown made a run that never ends (the background load goes on
  // while a grid job is left); infinite weights made NaN probabilities (SimGrid then aborted).
  for (const char* set :
       {"workload.runtime=inf", "overheads.submission=inf", "workload.start=inf",
        "runtime_model.coallocation_slowdown=inf", "workload.runtime={dist: uniform, min: 0, max: inf}",
        "workload.runtime={dist: exponential, mean: inf}", "workload.request_types={unordered: inf}",
        "workload.runtime={dist: choice, values: [1, 2], weights: [inf, 1]}"})
    EXPECT_NE(error_of("", {set}).find("must be finite (got 'inf')"), std::string::npos)
        << set << ": " << error_of("", {set});
  // Finite parameters whose mean overflows.
  EXPECT_EQ(error_of("", {"workload.runtime={dist: lognormal, mu: 1000, sigma: 1}"}),
            "Invalid key 'workload.runtime' in the command line (--set workload.runtime): has no finite mean "
            "(lognormal(mu 1000, sigma 1))");
  // Where infinity is meaningful it still works.
  EXPECT_TRUE(std::isinf(load_experiment("", {"stop.max_time=inf"}).stop.max_time));
  auto window = load_experiment("", {"background={model: replay, trace: {file: x.swf, window: {start: 5, end: inf}}}"});
  EXPECT_TRUE(std::isinf(window.background.defaults.replay.window_end));
}

TEST(ExperimentConfig, AnAliasInsideItsOwnAnchorIsRefused)
{
  // The alias is its anchor's own node: the check of keys given twice recursed until the stack overflowed (exit 139).
  auto list = write_temp("alias_list.yaml", "name: &a [*a]\n");
  EXPECT_EQ(error_of(list),
            "Invalid key 'name[0]' in " + list +
                ":1: an alias to the list or map it is in (anchored at line 1): its value would never end");
  auto map = write_temp("alias_map.yaml", "seed: 1\nworkload: &w {jobs: 5,\n  runtime: *w}\n");
  EXPECT_EQ(error_of(map),
            "Invalid key 'workload.runtime' in " + map +
                ":3: an alias to the list or map it is in (anchored at line 2): its value would never end");
  // An anchor that a later key shares is no cycle: both keys read the same distribution.
  auto shared = write_temp("alias_shared.yaml", "workload:\n  runtime: &d {dist: uniform, min: 10, max: 20}\n"
                                                "background:\n  model: synthetic\n  utilization: 0.2\n  runtime: *d\n");
  ExperimentConfig config = load_experiment(shared, {});
  EXPECT_EQ(config.workload.runtime.describe(), "uniform(10, 20)");
  EXPECT_EQ(config.background.defaults.runtime.describe(), "uniform(10, 20)");
}

TEST(ExperimentConfig, KeysGivenTwiceInASetValueAreRefusedAsInAFile)
{
  // yaml-cpp read the first of the two and the run went on (exit code 0); in a file the same value is an error.
  EXPECT_EQ(error_of("", {"workload.runtime={dist: constant, value: 5, value: 500}"}),
            "Invalid key 'workload.runtime.value' in the command line (--set workload.runtime): given twice in the "
            "same map (first at character 18 of the value)");
  EXPECT_EQ(error_of("", {"policy={name: koala, name: cf}"}),
            "Invalid key 'policy.name' in the command line (--set policy): given twice in the same map (first at "
            "character 2 of the value)");
  EXPECT_EQ(error_of("", {"background.clusters={fs0: {model: none}, fs1: {model: none}, fs0: {model: none}}"})
                .rfind("Invalid key 'background.clusters.fs0' in the command line (--set background.clusters): given "
                       "twice",
                       0),
            0u);
  EXPECT_EQ(error_of("", {"name=&a [*a]"}), "Invalid key 'name[0]' in the command line (--set name): an alias to the "
                                            "list or map it is in (anchored at character 1 of the value): its value "
                                            "would never end");
  // The same key in two --set options is no error: each replaces what was there, the file's value or an earlier one.
  EXPECT_EQ(load_experiment("", {"policy={name: koala}", "policy={name: cf}"}).policy.name, "cf");
}

TEST(ExperimentConfig, ASecondYamlDocumentIsRefused)
{
  // yaml-cpp reads the first document and ignored the rest: a bogus key after `---`, or text after a `...` line,
  // ran as if it were not there.
  const std::string second = ": a second YAML document starts here (an experiment file is one document; the rest "
                             "would be ignored)";
  auto dashes              = write_temp("dashes.yaml", "workload: {jobs: 5}\n---\nthis_key_is_bogus: 1\n");
  EXPECT_EQ(error_of(dashes), "Invalid experiment file '" + dashes + "' in " + dashes + ":2" + second);
  auto after_end = write_temp("after_end.yaml", "workload: {jobs: 5}\n...\n\n# notes\ngarbage\n");
  EXPECT_EQ(error_of(after_end), "Invalid experiment file '" + after_end + "' in " + after_end + ":5" + second);
  auto empty_second = write_temp("empty_second.yaml", "workload: {jobs: 5}\n---\n");
  EXPECT_EQ(error_of(empty_second),
            "Invalid experiment file '" + empty_second + "' in " + empty_second + ":2" + second);
  EXPECT_EQ(error_of("", {"seed=1\n---\n2"}),
            "Invalid option '--set seed=1\n---\n2': the value holds a second YAML document (from line 2 of the value); "
            "give one value");
  // One document, marked as such, or ended with `...` and comments, is fine.
  EXPECT_EQ(load_experiment(write_temp("marked.yaml", "---\nworkload: {jobs: 5}\n...\n# the end\n"), {}).workload.jobs,
            5);
}

TEST(ExperimentConfig, NoRecurringEventComesCloserThanAMillisecond)
{
  // Each of these ran for ever: events piled up at one date (1e-300 s added to a date changes nothing), or a
  // component failed at every try.
  struct Case {
    std::string yaml, error;
  };
  const std::vector<Case> cases = {
      {"trace: {sample_interval: 1e-300}", "'trace.sample_interval' in FILE:1: must be at least 0.001 (got '1e-300')"},
      {"info_service: {poll_interval: 1e-300}",
       "'info_service.poll_interval' in FILE:1: must be 0 (exact idle counts) or at least 0.001 s (got '1e-300')"},
      {"faults: {mtbf: 1e-300, mttr: 1}",
       "'faults.mtbf' in FILE:1: must be 0 (none) or at least 0.001 s (got '1e-300')"},
      {"faults: {host_mtbf: 1e-300, host_mttr: 1}",
       "'faults.host_mtbf' in FILE:1: must be 0 (none) or at least 0.001 s (got '1e-300')"},
      {"background: {model: synthetic, interarrival: 0}",
       "'background.interarrival' in FILE:1: must have a mean of at least 0.001 s (0)"},
      {"background: {model: synthetic, utilization: 0.5, runtime: 1e-300}",
       "'background.runtime' in FILE:1: a utilization needs run times with a mean of at least 0.001 s (1e-300)"},
      {"policy: koala\nfaults: {component_failure: 1}",
       "'faults.component_failure' in FILE:2: is 1 on every cluster and unusable_after is 0 (no cluster is ever "
       "given up): every job would fail for ever"},
      {"workload: {runtime: {dist: choice, values: [1, 2], weights: [1e308, 1e308]}}",
       "'workload.runtime.weights' in FILE:1: must add up to a finite number"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    auto file           = write_temp("case" + std::to_string(i) + ".yaml", cases[i].yaml + "\n");
    std::string message = "Invalid key " + cases[i].error;
    message.replace(message.find("FILE"), 4, file);
    EXPECT_EQ(error_of(file), message) << cases[i].yaml;
  }
  // The bounds leave what experiments mean alone: polls every millisecond, or none (exact counts); components that
  // always fail on a cluster that is given up, or on one cluster of several.
  EXPECT_EQ(error_of(write_temp("fine.yaml", "info_service: {poll_interval: 0}\ntrace: {sample_interval: 0.001}\n")),
            "no error");
  EXPECT_EQ(error_of(write_temp("given_up.yaml", "policy: koala\nfaults: {component_failure: 1, unusable_after: 3}\n")),
            "no error");
  EXPECT_EQ(error_of(write_temp("one.yaml", "policy: koala\nfaults: {clusters: {fs1: {component_failure: 1}}}\n")),
            "no error");
}
