/* simulate: runs one experiment on a SimGrid platform and prints its summary. */
#include "setup/ExperimentConfig.hpp"
#include "setup/Plugins.hpp"
#include "setup/Registries.hpp"
#include "setup/Simulation.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include "sim/config/InputError.hpp"

#if COALSIM_PYTHON
#include "EmbeddedPython.hpp"
#endif

#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace po = boost::program_options;
using namespace coalsim;

int main(int argc, char** argv)
{
  po::options_description options("simulate: a multicluster grid simulator on SimGrid\n\n"
                                  "Usage: simulate [--config EXPERIMENT.yaml] [options]\n\nOptions");
  // clang-format off
  options.add_options()
    ("help,h", "print this help and exit")
    ("version", "print the version and exit")
    ("keys", "print every key an experiment file accepts (dotted paths, one a line, sorted; after a tab, the units of a registered entry's parameter) and exit")
    ("config,c", po::value<std::string>(), "experiment file (YAML); default: the built-in workloads/default.yaml")
    ("platform,p", po::value<std::string>(), "SimGrid platform file (overrides `platform`)")
    ("policy", po::value<std::string>(), "policy by registered name (overrides `policy.name`), or python:FILE.py[:CLASS] "
                                        "(docs/python-policies.md); `--policy help` lists them, `--policy python:... --help` too")
    ("plugin", po::value<std::vector<std::string>>()->composing(), "load policies from a shared library built against the "
                                                                  "installed coalsim package (repeatable), e.g. --plugin "
                                                                  "./libmypolicy.so --policy mine")
    ("list", po::value<std::string>(), "print the registered entries of a pluggable kind, with their parameters, and exit "
                                       "(policies, local_disciplines, runtime_models, ...; `--list help` names the kinds)")
    ("markdown", "with --list: print the docs' tables of the kind instead")
    ("clusters", po::value<std::string>(), "comma-separated clusters to use (overrides `clusters`), e.g. fs0,fs3")
    ("seed", po::value<std::string>(), "random seed (overrides `seed`)")
    ("jobs", po::value<std::string>(), "number of grid jobs (overrides `workload.jobs`)")
    ("set", po::value<std::vector<std::string>>()->composing(), "override any key: --set workload.runtime=120 (repeatable)")
    ("output,o", po::value<std::string>()->default_value("trace.h5"), "HDF5 trace file")
    ("force", "replace the --output file even when it is not a trace written by coalsim")
    ("no-trace", "write no trace")
    ("quiet,q", "print nothing but errors")
    ("log", po::value<std::vector<std::string>>()->composing(), "SimGrid log setting, e.g. coalsim.thres:verbose or coalsim_koala.thres:debug");
  // clang-format on
  po::variables_map vm;
  try {
    // No positional arguments: `simulate exp.yaml` ran the default experiment and ignored the file.
    po::store(po::command_line_parser(argc, argv).options(options).positional({}).run(), vm);
    po::notify(vm);
    if (vm.count("config") && vm["config"].as<std::string>().empty())
      throw po::error("the argument for option '--config' is empty (leave the option out for the built-in experiment)");
    if (vm["output"].as<std::string>().empty())
      throw po::error("the argument for option '--output' is empty (use --no-trace for no trace)");
    if (vm.count("no-trace") && not vm["output"].defaulted())
      throw po::error("give either --output or --no-trace, not both");
    if (vm.count("force") && vm.count("no-trace"))
      throw po::error("--force replaces the --output file: it has no use with --no-trace");
  } catch (const po::error& e) {
    std::cerr << "simulate: Invalid command line: " << e.what() << "\n(see simulate --help)\n";
    return 2;
  }
  // Before anything lists or runs a policy, so that the plugins' policies are among them.
  if (vm.count("plugin"))
    try {
      for (const auto& path : vm["plugin"].as<std::vector<std::string>>())
        load_plugin(path);
    } catch (const InputError& e) {
      std::cerr << "simulate: " << e.what() << "\n";
      return 2;
    }
#if COALSIM_PYTHON
  // A policy in a Python file is registered under its reference, as the C++ ones are by name: then the help lists
  // it, with its parameters, and the run finds it.
  if (vm.count("policy") && python::is_python_policy(vm["policy"].as<std::string>())) {
    try {
      python::register_python_policy(vm["policy"].as<std::string>());
    } catch (const InputError& e) {
      std::cerr << "simulate: " << e.what() << "\n";
      return 2;
    }
  }
#endif
  if (vm.count("help")) {
    std::cout << options << "\n" << PolicyRegistry::instance().help();
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "coalsim " << COALSIM_VERSION << "\n";
    return 0;
  }
  if (vm.count("keys")) {
    const auto units = declared_units();
    for (const auto& path : experiment_key_paths()) {
      auto unit = units.find(path);
      std::cout << path << (unit == units.end() ? "" : "\t" + unit->second) << "\n";
    }
    return 0;
  }
  if (vm.count("list")) {
    const std::string kind = vm["list"].as<std::string>();
    for (const auto& listing : registry_listings())
      if (listing.kind == kind) {
        std::cout << (vm.count("markdown") ? listing.markdown() : listing.help());
        return 0;
      }
    if (kind == "help") {
      std::cout << "Pluggable kinds (--list KIND): " << registry_kinds() << "\n";
      return 0;
    }
    std::cerr << "simulate: Invalid command line: no kind '" << kind
              << "' to list; valid values are: " << registry_kinds() << "\n(see simulate --help)\n";
    return 2;
  }
  if (vm.count("markdown")) {
    std::cerr << "simulate: Invalid command line: --markdown goes with --list KIND\n(see simulate --help)\n";
    return 2;
  }
  if (vm.count("policy") && vm["policy"].as<std::string>() == "help") {
    std::cout << PolicyRegistry::instance().help();
    return 0;
  }

  // The options that stand for a --set; errors about their values name the option.
  std::vector<Override> overrides;
  if (vm.count("platform"))
    overrides.emplace_back("platform=" + vm["platform"].as<std::string>(), "--platform");
  if (vm.count("policy"))
    overrides.emplace_back("policy.name=" + vm["policy"].as<std::string>(), "--policy");
  if (vm.count("clusters"))
    overrides.emplace_back("clusters=[" + vm["clusters"].as<std::string>() + "]", "--clusters");
  if (vm.count("seed"))
    overrides.emplace_back("seed=" + vm["seed"].as<std::string>(), "--seed");
  if (vm.count("jobs"))
    overrides.emplace_back("workload.jobs=" + vm["jobs"].as<std::string>(), "--jobs");
  if (vm.count("set"))
    for (const auto& assignment : vm["set"].as<std::vector<std::string>>())
      overrides.push_back(assignment);

  bool quiet = vm.count("quiet") > 0;
  try {
    ExperimentConfig config = load_experiment(vm.count("config") ? vm["config"].as<std::string>() : "", overrides);
#if COALSIM_PYTHON
    if (python::is_python_policy(config.policy.name)) // named in the experiment file: found beside it
      python::register_python_policy(config.policy.name, config.source);
#endif
    RunOptions run_options;
    if (not vm.count("no-trace"))
      run_options.output = vm["output"].as<std::string>();
    run_options.force_output = vm.count("force") > 0;
    run_options.progress     = not quiet;
    run_options.load_once    = true; // SimGrid loads the platform once, in the probe's child, which runs on
    if (vm.count("log"))
      run_options.log_options = vm["log"].as<std::vector<std::string>>();
    Simulation simulation(config, run_options);
    RunStatistics statistics = simulation.run();
    if (not quiet) {
      std::cout << "coalsim " << COALSIM_VERSION << ": experiment '" << config.name << "', policy "
                << config.policy.name << ", seed " << config.seed << ", platform " << config.platform << "\n";
      statistics.print(std::cout);
      if (not run_options.output.empty())
        std::cout << "  trace                    " << run_options.output << "\n";
    }
  } catch (const InputError& e) {
    std::cerr << "simulate: " << e.what() << "\n";
    return 2;
  } catch (const std::filesystem::filesystem_error& e) {
    // A path the file system refuses before any file is opened (too long, a loop of links, no permission).
    std::cerr << "simulate: Invalid path '" << e.path1().string() << "': " << e.code().message()
              << " (the file system refuses it)\n";
    return 2;
  }
  return 0;
}
