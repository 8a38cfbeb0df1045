/* trace_stats FILE [--fit] [--max-procs N] [--format swf|gwf]
 * Statistics of a workload trace (SWF, or GWF for *.gwf), as YAML; with --fit, the fitted local-load model too. */
#include "sim/config/InputError.hpp"
#include "workloads/swf/TraceAnalysis.hpp"

#include <boost/program_options.hpp>
#include <iostream>
#include <sstream>

namespace po = boost::program_options;

int main(int argc, char** argv)
{
  po::options_description visible("Usage: trace_stats FILE [options]\nOptions");
  visible.add_options()("help,h", "show this help")("fit", "also fit a local-load model and print it as YAML")(
      "max-procs", po::value<int64_t>(), "processors to measure utilization against (default: the header's MaxProcs)")(
      "format", po::value<std::string>(), "swf or gwf (default: gwf for *.gwf and *.gwf.gz, else swf)");
  po::options_description all;
  all.add(visible).add_options()("file", po::value<std::string>(), "trace file");
  po::positional_options_description positional;
  positional.add("file", 1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "trace_stats: " << e.what() << "\n" << visible;
    return 2;
  }
  if (vm.count("help")) {
    std::cout << visible;
    return 0;
  }
  if (not vm.count("file")) {
    std::cerr << "trace_stats: no trace file given\n" << visible;
    return 2;
  }

  try {
    std::string path = vm["file"].as<std::string>();
    std::optional<int64_t> max_procs;
    if (vm.count("max-procs")) {
      max_procs = vm["max-procs"].as<int64_t>();
      if (*max_procs <= 0)
        coalsim::throw_input_error("option", "--max-procs", "command line", 0,
                                   "must be a positive processor count (" + std::to_string(*max_procs) + ")");
    }
    coalsim::TraceFormat format = coalsim::trace_format_of(path);
    if (vm.count("format")) {
      std::string name = vm["format"].as<std::string>();
      if (name == "swf")
        format = coalsim::TraceFormat::swf;
      else if (name == "gwf")
        format = coalsim::TraceFormat::gwf;
      else
        coalsim::throw_input_error("option", "--format", "command line", 0,
                                   "valid values are: swf, gwf ('" + name + "')");
    }
    bool fit      = vm.count("fit") != 0;
    auto analysis = coalsim::analyze_trace(path, format, max_procs, fit);

    std::cout << "file: \"" << path << "\"\n";
    std::cout << "format: " << (format == coalsim::TraceFormat::gwf ? "gwf" : "swf") << "\n";
    analysis.statistics.write_yaml(std::cout);
    if (fit) {
      auto model = analysis.fit_input->fit(coalsim::TraceClock::from_header(analysis.header), path);
      std::cout << "local_load_model:\n";
      std::ostringstream yaml;
      model.write_yaml(yaml);
      std::istringstream lines(yaml.str());
      for (std::string line; std::getline(lines, line);)
        std::cout << "  " << line << "\n";
    }
  } catch (const coalsim::InputError& e) {
    std::cerr << "trace_stats: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
