/* The named policies built from one wait-queue and one placement rule. */
#include "policies/common/CloseToFiles.hpp"
#include "policies/common/QueuedPolicy.hpp"
#include "sim/api/PolicyRegistry.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_common_simple_policies, coalsim_common, "SimplePolicies");

namespace coalsim {
namespace {

PolicyFactory queued_with(fitting::Rule rule, bool marked)
{
  return [rule, marked](PolicyParameters& parameters, const PolicyContext&) {
    auto settings = QueuedPolicy::read_settings(parameters);
    return std::make_unique<QueuedPolicy>(settings, std::make_unique<FitRule>(rule, marked));
  };
}

std::unique_ptr<GridPolicy> make_close_to_files(PolicyParameters& parameters, const PolicyContext& context)
{
  auto settings = QueuedPolicy::read_settings(parameters);
  auto initial  = parameters.get_choice("history", "all_pairs", {"all_pairs", "empty"},
                                        "initial history table H of (execution site, file site) pairs");
  return std::make_unique<QueuedPolicy>(
      settings, std::make_unique<CloseToFiles>(context.cluster_names, initial == "empty"
                                                                          ? CloseToFiles::InitialHistory::empty
                                                                          : CloseToFiles::InitialHistory::all_pairs));
}

} // namespace

COALSIM_REGISTER_POLICY(ff, "ff", "first-fit: each component on the first cluster with room",
                        queued_with(fitting::Rule::first_fit, false));
COALSIM_REGISTER_POLICY(bf, "bf", "best-fit: each component on the cluster with the fewest idle processors that fit",
                        queued_with(fitting::Rule::best_fit, false));
COALSIM_REGISTER_POLICY(wf, "wf", "worst-fit: each component on the cluster with the most idle processors",
                        queued_with(fitting::Rule::worst_fit, false));
COALSIM_REGISTER_POLICY(mwf, "mwf", "DCS modified worst-fit: spread components over unmarked clusters first",
                        queued_with(fitting::Rule::worst_fit, true));
COALSIM_REGISTER_POLICY(mbf, "mbf", "DCS modified best-fit: best-fit over unmarked clusters first",
                        queued_with(fitting::Rule::best_fit, true));
COALSIM_REGISTER_POLICY(cf, "cf", "KOALA Close-to-Files: components near their input file, history table H",
                        make_close_to_files);

} // namespace coalsim
