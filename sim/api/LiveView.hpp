/* The information service's view between decisions (in an event, a wake-up or a message), as decide() gets it.
 * Granted only to a policy that declares PolicyNeeds::live_view. */
#pragma once

#include "sim/api/GridView.hpp"

namespace coalsim {

class LiveView {
public:
  virtual ~LiveView() = default;

  virtual GridView view() const = 0;
  /** One cluster's state, as view().cluster(c) gives it, without building the others' (a site that reports on
   *  itself, on a grid of 1,000 clusters). */
  virtual ClusterState cluster(ClusterIndex c) const { return view().cluster(c); }
  /** view().component_cores() (for deciding now: with the `nodes` clusters' widths), without building the clusters'
   *  states. The object may be replaced when the widths move: ask it at the time of the decision. */
  virtual const ComponentCores& component_cores() const = 0;
  /** view().capacity_cores() (for capacities, plans and bookkeeping), without building the clusters' states. */
  virtual const ComponentCores& capacity_cores() const = 0;
  /** view().estimated_transfer_time(from, to, bytes), without building the clusters' states. */
  virtual double estimated_transfer_time(ClusterIndex from, ClusterIndex to, double bytes) const
  {
    return view().estimated_transfer_time(from, to, bytes);
  }
};

} // namespace coalsim
