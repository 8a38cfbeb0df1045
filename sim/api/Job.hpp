/* The grid job model, as the workload generators produce it and the policies see it. */
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace coalsim {

using JobId                       = int64_t;
using ClusterIndex                = int;
constexpr ClusterIndex no_cluster = -1;

/** Request types of Bucur's classification (thesis 3.2.1). */
enum class RequestType : int8_t {
  ordered   = 0, // each component names its cluster
  unordered = 1, // the scheduler picks the clusters
  flexible  = 2, // only a total; the scheduler splits it
  total     = 3  // a total on one single cluster
};
const char* to_string(RequestType type);

/** Four priority levels (Mohamed and Epema 2008, Section 5.2). */
enum class Priority : int8_t { super_high = 0, high = 1, low = 2, super_low = 3 };
const char* to_string(Priority priority);

struct ComponentRequest {
  int processors       = 0;
  ClusterIndex cluster = no_cluster; // set for ordered jobs only
};

/** One input file; every component of the job needs it (Mohamed and Epema 2008's model). */
struct InputFile {
  std::string name;
  double size_bytes = 0;
  std::vector<ClusterIndex> replica_sites; // clusters whose file server holds a copy
};

struct JobSpec {
  JobId id           = 0;
  double submit_time = 0;
  RequestType type   = RequestType::unordered;
  /** Components for ordered and unordered jobs; one component for total jobs; empty for flexible ones. */
  std::vector<ComponentRequest> components;
  int total_processors = 0;
  /** Run time of the application on dedicated processors of one cluster (s). */
  double runtime = 0;
  std::optional<InputFile> file;
  Priority priority = Priority::high;
  /** Economy attributes (deadline and budget admission): user's runtime estimate, absolute deadline, budget. NaN when
   * unset. */
  double estimate = NAN;
  double deadline = NAN;
  double budget   = NAN;
  /** The site (cluster) the job was submitted to, for policies with one scheduler per site; no_cluster when the
   *  workload names none (such a policy then chooses one). */
  ClusterIndex submit_site = no_cluster;
  /** The job's executable, sent with it when a scheduler hands it to another site, and its output, returned to
   *  its submission site (bytes). NaN when the workload gives none (a policy that needs them then chooses). */
  double executable_size = NAN;
  double output_size     = NAN;
};

/** The processors `job` needs: its components' sum, or its total for a flexible job. */
int processors_needed(const JobSpec& job);
/** The processors of `job`'s largest component: what one cluster must hold; 1 for a flexible job, which may be
 *  split down to single processors. */
int largest_component(const JobSpec& job);

} // namespace coalsim
