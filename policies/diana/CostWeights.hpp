/* The weights W1-W10 of DIANA's cost model (report, Ch. 3) and the constants the formulas need. The report gives
 * no values ("weights are uniformly assigned"); the units are mixed, so the weights carry them. W4 is never used
 * by the report; here it weighs the network cost where it is added to the other costs (eq. 3.5, Figs 4.4-4.6),
 * which turns a cost per byte into a cost per W4 bytes. docs/policies.md lists the defaults and why. */
#pragma once

namespace coalsim {
class PolicyParameters;
}

namespace coalsim::diana {

/** How the SiteLoad term of eq. 3.3 is measured. The report defines it as queue / power, which repeats the
 *  first term; `utilization` (busy processors / processors) is the alternative. */
enum class SiteLoadMeasure { utilization, queue };

struct CostWeights {
  double w1                 = 1;    // RTT (1/s)
  double w2                 = 1;    // packet loss (fraction)
  double w3                 = 0.1;  // jitter (1/s): "a minimal weight"
  double w4                 = 1e9;  // network cost in the totals (bytes): NetCost counted per GB
  double w5                 = 1;    // own queue per processor
  double w6                 = 1;    // all sites' queues per own processor
  double w7                 = 1;    // site load
  double w8                 = 1;    // input data from its replica to the execution site
  double w9                 = 1;    // executable and output between the submission and the execution site
  double w10                = 0;    // the bulk's data inside the execution site (N_j, NC(j) undefined by the report)
  double mss                = 1460; // TCP maximum segment size (bytes) of the Mathis bound
  SiteLoadMeasure site_load = SiteLoadMeasure::utilization;
};

/** Reads `w1` ... `w10`, `mss` and `site_load` from the policy's parameters, with the defaults above. */
CostWeights read_cost_weights(PolicyParameters& parameters);

} // namespace coalsim::diana
