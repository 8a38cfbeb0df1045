/* A cluster's local resource manager (openPBS/SGE on the DAS): space-shares the processors between
 * local background jobs, queued FCFS, and grid job components. A grid claim is not queued: it gets its
 * processors now or fails, as a DUROC submission did when local jobs had taken them. */
#pragma once

#include "sim/GridPlatform.hpp"
#include "sim/UtilizationRecorder.hpp"

#include <deque>
#include <functional>
#include <vector>

namespace coalsim {

class LocalResourceManager {
public:
  /** With `track_hosts`, claims return the cores they got (the network runtime model needs them). */
  LocalResourceManager(const Cluster& cluster, UtilizationRecorder& recorder, bool track_hosts);

  const Cluster& cluster() const { return *cluster_; }
  int processors() const { return cluster_->processors; }
  int idle() const { return cluster_->processors - busy_grid_ - busy_background_; }
  int busy_grid() const { return busy_grid_; }
  int busy_background() const { return busy_background_; }
  size_t background_waiting() const { return waiting_.size(); }

  /** Claims `count` processors for a grid component; false (and nothing claimed) if fewer are idle.
   *  With host tracking, appends one host per processor to `cores`. */
  bool claim(int count, std::vector<sg4::Host*>* cores);
  void release(int count, const std::vector<sg4::Host*>& cores);

  /** A local job of `size` processors (at most the cluster's) running for `runtime` seconds. */
  void submit_background(int size, double runtime);

  /** The experimenters' dummy local jobs (KOALA paper, Section 7.5): started at once on idle processors,
   *  outside the FCFS queue, and running until killed. Counted as background. */
  void start_dummy(int size);
  /** Kills `size` processors' worth of dummy jobs (at most what runs). */
  void kill_dummy(int size);
  int dummy() const { return dummy_; }

  /** Called after every change of the idle count. */
  void set_on_change(std::function<void()> callback) { on_change_ = std::move(callback); }

private:
  struct LocalJob {
    int size;
    double runtime;
  };
  /** Starts the waiting local jobs that fit, in FCFS order; true if any started. */
  bool start_waiting();
  void changed();

  const Cluster* cluster_;
  UtilizationRecorder* recorder_;
  bool track_hosts_;
  int busy_grid_       = 0;
  int busy_background_ = 0;
  std::deque<LocalJob> waiting_;
  std::vector<sg4::Host*> free_cores_; // with host tracking: one entry per idle core
  int dummy_ = 0;
  std::vector<sg4::Host*> dummy_cores_;
  std::function<void()> on_change_;
};

} // namespace coalsim
