/* Entries of a node-based map (std::unordered_map, std::map) reused from one key to the next. A run's jobs come and
 * go by the million, and each new one's map node, with the lists its value keeps, would be allocations of its own:
 * the nodes of keys that leave are kept, a few, and given to the next keys, each value first renewed by the caller
 * (every field as a new value's, its lists' room kept). The map's order and contents are those of plain emplace and
 * erase. */
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace coalsim {

template <class Map> class ReusedNodes {
public:
  explicit ReusedNodes(size_t most = 16) : most_(most) {}

  /** As map.emplace(key, Value{}), in a kept node when there is one, whose value `renew(Value&)` makes new. */
  template <class Renew>
  std::pair<typename Map::iterator, bool> emplace(Map& map, const typename Map::key_type& key, Renew&& renew)
  {
    if (kept_.empty() || map.contains(key))
      return map.emplace(key, typename Map::mapped_type{});
    typename Map::node_type node = std::move(kept_.back());
    kept_.pop_back();
    node.key() = key;
    renew(node.mapped());
    auto inserted = map.insert(std::move(node));
    return {inserted.position, inserted.inserted};
  }
  /** As map.erase(position), its node kept unless the most are. */
  void erase(Map& map, typename Map::iterator position)
  {
    if (kept_.size() < most_)
      kept_.push_back(map.extract(position));
    else
      map.erase(position);
  }

private:
  size_t most_;
  std::vector<typename Map::node_type> kept_;
};

} // namespace coalsim
