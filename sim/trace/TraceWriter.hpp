/* Writes the HDF5 trace incrementally (chunked tables, appended in blocks, so memory does not grow with
 * the run) into `<output>.tmp-<pid>`, and renames it to `<output>` only on commit(). A writer destroyed
 * without commit, or a run ended by a signal (SIGINT, SIGTERM, SIGHUP, SIGPIPE, ..., an abort), removes the temporary
 * file; one killed with SIGKILL cannot, and the next run for the same output removes it (StaleTemporaries.hpp). */
#pragma once

#include "sim/trace/TraceRows.hpp"
#include "sim/trace/UtilizationRecorder.hpp"

#include <hdf5.h>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace coalsim {

/** A dataset that grows along its first dimension, written in compressed chunks of about 64 KiB. */
class AppendableDataset {
public:
  /** `columns` == 0: a 1-D dataset of `type`; otherwise [n, columns]. `file_type` defaults to `type`. */
  AppendableDataset(hid_t location, const std::string& path, hid_t type, size_t element_size, hsize_t columns,
                    hid_t file_type = -1);
  ~AppendableDataset();
  AppendableDataset(const AppendableDataset&)            = delete;
  AppendableDataset& operator=(const AppendableDataset&) = delete;

  void append(const void* row);
  void flush();
  hid_t id() const { return dataset_; }

private:
  hid_t dataset_;
  hid_t type_;
  size_t row_bytes_;
  hsize_t columns_;
  hsize_t rows_ = 0;
  std::vector<char> buffer_;
  size_t buffered_                        = 0;
  size_t block_rows_                      = 0; // rows buffered before a write: whole chunks, about block_bytes
  static constexpr size_t chunk_bytes     = 64 * 1024;
  static constexpr size_t block_bytes     = 1024 * 1024;
  static constexpr unsigned deflate_level = 4;
};

class TraceWriter {
public:
  /** `force`: `output` may be replaced even if it is not a coalsim trace (check_output_replaceable). The temporary
   *  file is named after `owner` (0: this process), the process the user started: a run that goes on in a child of
   *  it (RunOptions::load_once) names it after its parent, which lives exactly as long. */
  TraceWriter(const std::string& output, bool force, size_t clusters, double sample_interval, int owner = 0);
  ~TraceWriter();
  TraceWriter(const TraceWriter&)            = delete;
  TraceWriter& operator=(const TraceWriter&) = delete;

  void add_cluster(const ClusterRow& row);
  void add_job(const JobRow& row);
  void add_component(const ComponentRow& row);
  void add_placement(const PlacementRow& row);
  void add_failure(const FailureRow& row);
  void add_local_job(const LocalJobRow& row);
  void add_allocation(const AllocationRow& row);
  void add_host(const HostRow& row);
  /** The /economy dataset is created with its first row. */
  void add_economy(const EconomyRow& row);
  /** The /shares dataset is created with its first row. */
  void add_share(const ShareRow& row);
  /** /messages and /migrations exist only in runs that write a row to them (created at the first). */
  void add_message(const MessageRow& row);
  void add_migration(const MigrationRow& row);
  /** /migration_checks too, created at its first row. */
  void add_migration_check(const MigrationCheckRow& row);
  /** The decision log (`trace.decisions`): /decisions and /decision_terms, each created at its first row. */
  void add_decision(const DecisionRow& row);
  void add_decision_term(const DecisionTermRow& row);
  void add_sample(const UtilizationSample& sample);
  /** The energy (only when the platform gives its hosts' power): /energy/time and /energy/watts, created by
   *  open_power_samples (so that they exist, empty, in a run that ends before its first sample), and the
   *  /cluster_energy and /job_energy tables, each created at its first row. */
  void open_power_samples(size_t clusters);
  void add_power_sample(double time, const std::vector<double>& watts);
  void add_cluster_energy(const ClusterEnergyRow& row);
  void add_job_energy(const JobEnergyRow& row);
  void set_attribute(const std::string& name, const std::string& value);
  void set_attribute(const std::string& name, double value);
  void set_attribute(const std::string& name, int64_t value);

  /** Flushes, closes and renames the file into place, unless `output` has become something a trace may not replace
   *  (check_output_replaceable: then an InputError, and the temporary file is removed). */
  void commit();

  /** Makes every signal whose default action ends the process remove the temporary file of the live writer first:
   *  exit code 128 + the signal, or, for those that dump core (SIGABRT, SIGQUIT, SIGXCPU, SIGXFSZ, ...), the signal
   *  raised again. SIGINT, SIGTERM and SIGABRT always; the others only where they have their default action
   *  (SIGHUP under nohup stays ignored). Done by the constructor, after SimGrid has installed its own handlers. */
  static void install_interrupt_cleanup();

private:
  void set_scalar_attribute(const std::string& name, hid_t type, const void* value);

  std::string output_;
  bool force_ = false;
  std::string temporary_;
  hid_t file_ = -1;
  std::map<std::string, hid_t> types_;
  std::unique_ptr<AppendableDataset> jobs_, components_, placements_, clusters_, failures_, local_jobs_, allocations_,
      hosts_, sample_time_, grid_busy_, background_busy_, queue_time_, queue_length_, held_, gained_, economy_, shares_;
  std::unique_ptr<AppendableDataset> messages_, migrations_, migration_checks_, decisions_, decision_terms_,
      power_time_, power_watts_, cluster_energy_, job_energy_; // created at their first row
  bool committed_ = false;
};

} // namespace coalsim
