/* Which replica of a job's input file a placement reads from. Every policy that places jobs with files needs the
 * same two answers, in-tree policies and those built outside the tree alike, so they are part of the policy API. */
#pragma once

#include "sim/api/GridView.hpp"
#include "sim/api/Job.hpp"

namespace coalsim {

/** The replica of the job's file with the smallest estimated transfer time to `execution`, among those on
 *  clusters that are up (no_cluster when the job has no file, or none is up). Ties go to the lowest cluster
 *  index. */
ClusterIndex nearest_replica(const JobSpec& job, ClusterIndex execution, const GridView& view);

/** True when the job needs no file or a replica of it is on a cluster that is up: a job whose every replica
 *  is on a cluster that is down cannot be placed until one comes back. */
bool file_readable(const JobSpec& job, const GridView& view);

} // namespace coalsim
