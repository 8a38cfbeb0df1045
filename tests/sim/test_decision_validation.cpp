/* The engine validates what a policy decides: a placement it cannot carry out as asked stops the run with a
 * message naming the job, instead of running the job some other way. */
#include "SimulationFixture.hpp"
#include "sim/api/PolicyRegistry.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace coalsim {
namespace {

/** Places each job's components on cluster 0 as they come, and forgets where the input file is copied from. */
class ForgetsTheFileSite : public GridPolicy {
public:
  void on_job_submitted(const JobSpec& job) override { waiting_.push_back(job); }
  void on_claim_failed(const JobSpec& job) override { waiting_.push_back(job); }
  void on_job_withdrawn(const JobSpec& job) override
  {
    std::erase_if(waiting_, [&job](const JobSpec& waiting) { return waiting.id == job.id; });
  }
  Decisions decide(const GridView&) override
  {
    Decisions decisions;
    for (const auto& job : waiting_) {
      Placement placement;
      placement.job = job.id;
      for (const auto& c : job.components)
        placement.components.push_back({0, c.processors}); // file_site left at no_cluster
      decisions.placements.push_back(placement);
    }
    waiting_.clear();
    return decisions;
  }
  size_t waiting_jobs() const override { return waiting_.size(); }

private:
  std::vector<JobSpec> waiting_;
};

} // namespace

COALSIM_REGISTER_POLICY(test_forgets_file_site, "test_forgets_file_site",
                        "test only: places on the first cluster with no file site",
                        [](PolicyParameters&, const PolicyContext&) { return std::make_unique<ForgetsTheFileSite>(); });

TEST(DecisionValidation, AJobWithAnInputFileNeedsASiteToCopyItFrom)
{
  const std::string experiment = R"(
policy: {name: test_forgets_file_site}
workload: {jobs: 1, arrival: batch, components: 1, component_size: 2, runtime: 10, request_types: {unordered: 1},
           file: {size: 1GB, replicas: 1}}
background: {model: none}
)";
  EXPECT_DEATH(testing::simulate_yaml(experiment), "job 0, which has an input file, with no site to copy it from");
}

} // namespace coalsim
