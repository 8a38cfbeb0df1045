/* A map whose entries are reused from one key to the next (sim/config/ReusedNodes.hpp) holds what a plain map given
 * the same emplaces and erases holds, in the same order (the engine's passes walk some maps in their order), and a
 * reused value is renewed: checked on random arrivals and departures, as the grid scheduler's jobs come and go. */
#include "sim/config/ReusedNodes.hpp"

#include <gtest/gtest.h>
#include <random>
#include <unordered_map>
#include <utility>
#include <vector>

using namespace coalsim;

namespace {

struct Value {
  int set_by_owner = 0;
  std::vector<int> list; // kept with its room when reused
};
using Map = std::unordered_map<long, Value>;

std::vector<std::pair<long, int>> listed(const Map& map)
{
  std::vector<std::pair<long, int>> entries;
  for (const auto& [key, value] : map)
    entries.emplace_back(key, value.set_by_owner);
  return entries;
}

} // namespace

TEST(ReusedNodes, HoldWhatAPlainMapHoldsInItsOrderAndRenewTheValues)
{
  Map plain, reused;
  ReusedNodes<Map> nodes(4);
  std::mt19937 random(11);
  long next = 0;
  std::vector<long> present;
  int renewed = 0;
  for (int step = 0; step < 5000; ++step) {
    if (present.empty() || random() % 3 != 0) {
      const long key = next++;
      plain.emplace(key, Value{});
      auto [it, inserted] = nodes.emplace(reused, key, [&renewed](Value& value) {
        ++renewed;
        EXPECT_FALSE(value.list.empty()) << "a reused node comes with the value it had";
        value.set_by_owner = 0;
        value.list.clear();
      });
      ASSERT_TRUE(inserted);
      EXPECT_EQ(it->first, key);
      EXPECT_EQ(it->second.set_by_owner, 0);
      EXPECT_TRUE(it->second.list.empty());
      plain[key].set_by_owner = it->second.set_by_owner = static_cast<int>(key % 97);
      it->second.list.push_back(1);
      present.push_back(key);
    } else {
      const size_t at = random() % present.size();
      plain.erase(present[at]);
      nodes.erase(reused, reused.find(present[at]));
      present.erase(present.begin() + static_cast<std::ptrdiff_t>(at));
    }
    ASSERT_EQ(listed(reused), listed(plain)) << "after step " << step;
  }
  EXPECT_GT(renewed, 1000) << "nodes were reused";
}

TEST(ReusedNodes, AKeyAlreadyThereIsNotInsertedTwice)
{
  Map map;
  ReusedNodes<Map> nodes;
  nodes.emplace(map, 1, [](Value&) {});
  nodes.emplace(map, 2, [](Value&) {});
  nodes.erase(map, map.find(2));
  auto [it, inserted] = nodes.emplace(map, 1, [](Value&) { FAIL() << "no node is taken for a key already there"; });
  EXPECT_FALSE(inserted);
  EXPECT_EQ(it->first, 1);
  EXPECT_EQ(map.size(), 1U);
}
