/* The arithmetic of KOALA's claiming times (Mohamed and Epema 2008, Section 6.1): when a placed job first tries to
 * claim (its JCT), how the tries approach its estimated start time (JST = JPT + FTT), and how L is lowered after a JST
 * reached with components unclaimed. */
#pragma once

namespace coalsim::koala::claiming {

/** JCT_0 = JPT + L * FTT. */
double initial_time(double jpt, double ftt, double L);
/** JCT_{n+1} = JCT_n + L * (JST - JCT_n), moved on by at least `min_step` and made the JST itself when it
 *  would fall within `min_step` of it (the geometric sequence never reaches the JST by itself). */
double next_time(double jct, double jst, double L, double min_step);
/** L lowered by `step`, not below `floor` (done each time the JST is reached with components unclaimed). */
double lowered(double L, double step, double floor);

} // namespace coalsim::koala::claiming
