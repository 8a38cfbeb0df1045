/* The order of the passes of one step (InstantStep): in the order the schedulers were added, a pass asked for a later
 * scheduler in the same round, one asked for an earlier scheduler or itself in the next round, each pass at most once
 * per round. Over more schedulers than one word of flags holds (a grid of many clusters has one per cluster). */
#include "sim/engine/InstantStep.hpp"

#include "ProcessEngine.hpp"

#include <gtest/gtest.h>
#include <simgrid/s4u/Engine.hpp>
#include <vector>

namespace coalsim {
namespace {

TEST(InstantStepOrder, PassesRunInOrderOfAdditionRoundAfterRound)
{
  process_engine().load_platform(COALSIM_SOURCE_DIR "/platforms/test/two-clusters.xml");
  InstantStep step;
  std::vector<size_t> order;
  bool first_of_5 = true;
  std::vector<InstantStep::SchedulerId> ids;
  for (size_t k = 0; k < 200; ++k)
    ids.push_back(step.add([&, k] {
      order.push_back(k);
      if (k == 5 && first_of_5) { // a later one (in another word), an earlier one and itself
        first_of_5 = false;
        step.request(ids[130]);
        step.request(ids[2]);
        step.request(ids[5]);
      }
      if (k == 130)
        step.request(ids[199]); // the last one, same round
      if (k == 2)
        step.request(ids[64]); // a later one again, second round
    }));
  {
    EventScope event; // the requests of one event (outside any, each would post a timer due now)
    for (size_t k : {70, 5, 63, 64})
      step.request(ids[k]);
  }
  EXPECT_TRUE(step.pending());
  step.after_event(); // that event was the instant's last: the step runs
  EXPECT_FALSE(step.pending());
  EXPECT_EQ(order, (std::vector<size_t>{5, 63, 64, 70, 130, 199, 2, 5, 64}));
}

} // namespace
} // namespace coalsim
