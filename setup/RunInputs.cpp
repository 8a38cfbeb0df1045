#include "setup/RunInputs.hpp"

#include "sim/config/InputError.hpp"
#include "sim/trace/TraceOutput.hpp"
#include "workloads/WorkloadGenerators.hpp"
#include "workloads/background/BackgroundModels.hpp"

#include <filesystem>
#include <sys/stat.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_setup_run_inputs, coalsim_setup, "RunInputs");

namespace coalsim {

namespace fs = std::filesystem;

namespace {

void add_logs(const BackgroundModel& model, const std::string& key, std::vector<RunInput>& out,
              const std::function<std::string(const std::string&)>& locate)
{
  if (background_model_reads(model.model, "trace") && not model.replay.file.empty())
    out.push_back({"log of " + key, locate(model.replay.file)});
  if (model.band_others)
    add_logs(*model.band_others, key + ".band_others", out, locate);
}

} // namespace

std::vector<RunInput> run_inputs(const ExperimentConfig& config, const std::string& platform_file,
                                 const std::vector<std::string>& profiles,
                                 const std::function<std::string(const std::string&)>& locate)
{
  std::vector<RunInput> out;
  std::error_code error;
  if (fs::is_regular_file(config.source, error))
    out.push_back({"experiment", config.source});
  out.push_back({"platform", platform_file});
  for (const auto& profile : profiles)
    out.push_back({"profile named by the platform", profile});
  if (const auto& logs = generator_traits(config.workload).logs)
    for (const auto& [key, log] : logs(config.workload))
      out.push_back({"log of workload." + key, locate(log->file)});
  add_logs(config.background.defaults, "background", out, locate);
  for (const auto& [name, model] : config.background.per_cluster)
    add_logs(model, "background.clusters." + name, out, locate);
  return out;
}

void check_output_is_no_input(const std::string& output, bool force, const std::vector<RunInput>& inputs)
{
  if (output.empty())
    return;
  std::error_code error;
  if (fs::is_directory(output, error))
    throw InputError("Invalid output '" + output + "': is a folder; name the trace file to write");
  struct stat out_stat {};
  bool output_exists = stat(output.c_str(), &out_stat) == 0;
  fs::path out_path  = fs::weakly_canonical(fs::absolute(output, error), error);
  for (const auto& input : inputs) {
    struct stat in_stat {};
    bool same = output_exists && stat(input.path.c_str(), &in_stat) == 0 && in_stat.st_dev == out_stat.st_dev &&
                in_stat.st_ino == out_stat.st_ino;
    std::error_code e2;
    fs::path in_path = fs::weakly_canonical(fs::absolute(input.path, e2), e2);
    if (not e2 && not out_path.empty() && in_path == out_path)
      same = true;
    if (same)
      throw InputError("Invalid output '" + output + "': it is the " + input.role + " of this run (" + input.path +
                       "); writing the trace there would replace it. Name another file with --output");
  }
  check_output_replaceable(output, force);
}

} // namespace coalsim
