/* KOALA's processor gained and wasted times (Mohamed and Epema 2008, Section 6): from its placement until its claim a
 * component's processors stay free for others (gained), from its claim until the job's start they are held
 * idle (wasted). Both sum over all the job's attempts. */
#pragma once

#include "sim/api/Decision.hpp"

#include <vector>

namespace coalsim::koala {

struct ClaimAccounting {
  double pgt = 0; // processor gained time
  double pwt = 0; // processor wasted time

  /** Adds the times of an attempt placed at `placed_at` whose claiming ended at `now` (its start, or its abort
   *  before it): a component never claimed gained until `now`. */
  void add_attempt(const std::vector<ComponentPlacement>& placement, const std::vector<double>& claimed_at,
                   double placed_at, double now);
};

} // namespace coalsim::koala
