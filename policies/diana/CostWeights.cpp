#include "policies/diana/CostWeights.hpp"
#include "sim/api/PolicyParameters.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_diana_cost_weights, coalsim_diana, "CostWeights");

namespace coalsim::diana {

CostWeights read_cost_weights(PolicyParameters& parameters)
{
  CostWeights w;
  w.w1 = parameters.get_double("w1", w.w1, 0, "weight of the RTT in the network cost's losses (1/s)", "1/s");
  w.w2 = parameters.get_double("w2", w.w2, 0, "weight of the packet loss in the network cost's losses", "factor");
  w.w3 = parameters.get_double("w3", w.w3, 0, "weight of the jitter in the network cost's losses (1/s)", "1/s");
  w.w4 = parameters.get_double("w4", w.w4, 0, "weight of the network cost where it is added to the other costs (bytes)",
                               "bytes");
  w.w5 = parameters.get_double("w5", w.w5, 0, "computation cost: weight of the site's queue per processor", "factor");
  w.w6 = parameters.get_double("w6", w.w6, 0, "computation cost: weight of all queues per processor of the site",
                               "factor");
  w.w7 = parameters.get_double("w7", w.w7, 0, "computation cost: weight of the site load", "factor");
  w.w8 = parameters.get_double("w8", w.w8, 0, "data transfer cost: weight of the input from its replica", "factor");
  w.w9 = parameters.get_double(
      "w9", w.w9, 0, "data transfer cost: weight of executable and output to/from the submission site", "factor");
  w.w10 = parameters.get_double("w10", w.w10, 0,
                                "data transfer cost: weight of the bulk's data inside the execution site", "factor");
  w.mss = parameters.get_double("mss", w.mss, 1, "TCP maximum segment size of the Mathis bound (bytes)", "bytes");
  auto load =
      parameters.get_choice("site_load", "utilization", {"utilization", "queue"},
                            "SiteLoad of the computation cost: busy/processors, or queue/processors (the report's)");
  w.site_load = load == "queue" ? SiteLoadMeasure::queue : SiteLoadMeasure::utilization;
  return w;
}

} // namespace coalsim::diana
