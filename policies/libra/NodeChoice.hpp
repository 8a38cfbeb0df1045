/* Which accepting node gets the job: the least loaded one (PBS-Libra report, 5.1.1.2: each node answers with the
 * load it would carry) or the one left with the least free share, a best fit (6.2: the least loadfree). Ties
 * go to the first node (cluster order, then host order). */
#pragma once

#include "policies/libra/NodeAdmission.hpp"

#include <optional>
#include <vector>

namespace coalsim::libra {

enum class NodeChoice { least_loaded, best_fit };

/** The index of the chosen node among `answers` (one per node), or nothing when none accepts. */
std::optional<size_t> choose_node(const std::vector<NodeLoad>& answers, NodeChoice choice);

} // namespace coalsim::libra
