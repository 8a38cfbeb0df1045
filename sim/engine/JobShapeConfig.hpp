/* The `job_shape` section: how each cluster shapes its jobs (JobShape.hpp; docs/configuration.md). Absent, every
 * job is a pool job, as before shapes existed. */
#pragma once

#include "sim/api/JobShape.hpp"
#include "sim/config/KeyList.hpp"
#include "sim/config/KeyLocation.hpp"
#include "sim/config/PerCluster.hpp"

#include <map>
#include <string>

namespace coalsim {

class ConfigNode;

/** A cluster's shape policy and where it was set, for the checks made once the platform is known. */
struct LocatedShapePolicy {
  ShapePolicy policy;
  KeyLocation kind_at;           // `kind` (or the section holding it)
  KeyLocation cores_per_node_at; // `cores_per_node` (or where `kind` is)
};

struct JobShapeConfig : PerCluster<LocatedShapePolicy> {};

const KeyList& job_shape_keys();

/** Reads `job_shape` (written back with its defaults). */
JobShapeConfig read_job_shape(ConfigNode shape);

} // namespace coalsim
