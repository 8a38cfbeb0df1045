#include "sim/engine/JobShapeConfig.hpp"

#include "sim/config/ConfigNode.hpp"

namespace coalsim {

namespace {
const KeyList& cluster_shape_keys()
{
  static const KeyList keys = {"kind", "cores_per_node", "host_selection"};
  return keys;
}

LocatedShapePolicy read_policy(ConfigNode& node, const LocatedShapePolicy& located_base)
{
  const ShapePolicy& base = located_base.policy;
  ShapePolicy p;
  const std::string base_kind = base.kind == ShapeKind::nodes         ? "nodes"
                                : base.kind == ShapeKind::whole_nodes ? "whole_nodes"
                                                                      : "pool";
  const bool kind_given       = node.has("kind");
  const KeyLocation kind_at   = kind_given ? node.child("kind").location() : node.location();
  const std::string kind      = node.get_choice("kind", base_kind, {"pool", "nodes", "whole_nodes"});
  p.kind = kind == "nodes" ? ShapeKind::nodes : kind == "whole_nodes" ? ShapeKind::whole_nodes : ShapeKind::pool;
  if (node.has("cores_per_node") && p.kind != ShapeKind::nodes)
    node.child("cores_per_node").fail("only read with 'kind: nodes'");
  if (p.kind == ShapeKind::nodes)
    p.cores_per_node = node.get("cores_per_node", base.kind == ShapeKind::nodes ? base.cores_per_node : 1, 1);
  if (node.has("host_selection") && p.pool())
    node.child("host_selection").fail("only read with 'kind: nodes' or 'kind: whole_nodes'");
  if (not p.pool()) {
    // A cluster's override inherits the section's host selection (first fit where the section is the pool).
    const std::string base_selection = base.selection == HostSelection::best_fit ? "best_fit" : "first_fit";
    p.selection = node.get_choice("host_selection", base_selection, {"first_fit", "best_fit"}) == "best_fit"
                      ? HostSelection::best_fit
                      : HostSelection::first_fit;
  }
  LocatedShapePolicy located{p, kind_at, kind_at};
  if (node.has("cores_per_node") && node.child("cores_per_node").location().given())
    located.cores_per_node_at = node.child("cores_per_node").location();
  else if (base.kind == ShapeKind::nodes && not kind_given) // inherited from the section's default
    located.cores_per_node_at = located_base.cores_per_node_at;
  return located;
}
} // namespace

const KeyList& job_shape_keys()
{
  static const KeyList keys = [] {
    KeyList all = cluster_shape_keys();
    all.emplace_back("clusters");
    return all;
  }();
  return keys;
}

JobShapeConfig read_job_shape(ConfigNode shape)
{
  JobShapeConfig c;
  shape.allow_only(job_shape_keys());
  c.defaults = read_policy(shape, c.defaults);
  c.read_clusters(shape, cluster_shape_keys(), [&c](ConfigNode& node) { return read_policy(node, c.defaults); });
  return c;
}

} // namespace coalsim
