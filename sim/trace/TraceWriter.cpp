#include "sim/trace/TraceWriter.hpp"

#include "sim/config/EndingSignals.hpp"
#include "sim/config/InputError.hpp"
#include "sim/trace/StaleTemporaries.hpp"
#include "sim/trace/TraceOutput.hpp"
#include "sim/trace/TraceTypes.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <unistd.h>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_writer, coalsim_trace, "TraceWriter");

namespace coalsim {

namespace {

char interrupted_path[4096] = {0}; // the live temporary file, for the signal handler

// SIGSEGV and SIGBUS (dumping_signals) keep the handler SimGrid's engine installs.

void remove_and_exit(int signal)
{
  if (interrupted_path[0] != '\0')
    unlink(interrupted_path);
  _exit(128 + signal);
}

/** Removes the temporary file, then lets the signal end the process as it would have (with its core dump). */
void remove_and_raise(int signal)
{
  if (interrupted_path[0] != '\0')
    unlink(interrupted_path);
  std::signal(signal, SIG_DFL);
  std::raise(signal); // delivered once this handler returns (the signal is blocked until then)
}

/** Installs `handler` for `signal`; unless `always`, only where the signal has its default action, so that one
 *  ignored (SIGHUP under nohup) stays ignored and one handled by someone else stays theirs. */
void install(int signal, void (*handler)(int), bool always)
{
  struct sigaction current {};
  if (not always && (sigaction(signal, nullptr, &current) != 0 || (current.sa_flags & SA_SIGINFO) != 0 ||
                     current.sa_handler != SIG_DFL))
    return;
  struct sigaction action = {};
  action.sa_handler       = handler;
  sigfillset(&action.sa_mask); // one cleanup at a time
  sigaction(signal, &action, nullptr);
}

void check(herr_t status, const char* what)
{
  xbt_assert(status >= 0, "HDF5 failed to %s", what);
}

hid_t untimed_group(hid_t file, const char* name)
{
  hid_t gcpl = H5Pcreate(H5P_GROUP_CREATE);
  H5Pset_obj_track_times(gcpl, false);
  hid_t group = H5Gcreate2(file, name, H5P_DEFAULT, gcpl, H5P_DEFAULT);
  H5Pclose(gcpl);
  xbt_assert(group >= 0, "HDF5 failed to create group %s", name);
  return group;
}

} // namespace

AppendableDataset::AppendableDataset(hid_t location, const std::string& path, hid_t type, size_t element_size,
                                     hsize_t columns, hid_t file_type)
    : type_(type)
    , row_bytes_(element_size * (columns == 0 ? 1 : columns))
    , columns_(columns)
{
  // Chunks of about chunk_bytes as stored (the packed file type), compressed (shuffle + deflate): a chunk is
  // allocated only once a row falls in it and is stored compressed, so a small run writes a small file, and
  // the partial last chunk costs its content, not its capacity. The rows are buffered and written a whole
  // number of chunks at a time, so no compressed chunk is read back and rewritten but the last.
  size_t stored_row_bytes = H5Tget_size(file_type >= 0 ? file_type : type) * (columns == 0 ? 1 : columns);
  hsize_t chunk_rows      = std::max<hsize_t>(1, chunk_bytes / stored_row_bytes);
  block_rows_             = chunk_rows * std::max<size_t>(1, block_bytes / (chunk_rows * row_bytes_));
  int rank                = columns == 0 ? 1 : 2;
  hsize_t dims[2]         = {0, columns};
  hsize_t maxdims[2]      = {H5S_UNLIMITED, columns};
  hsize_t chunk[2]        = {chunk_rows, columns == 0 ? 1 : columns};
  hid_t space             = H5Screate_simple(rank, dims, maxdims);
  hid_t dcpl              = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_chunk(dcpl, rank, chunk);
  H5Pset_shuffle(dcpl);
  H5Pset_deflate(dcpl, deflate_level);
  H5Pset_obj_track_times(dcpl, false);
  dataset_ =
      H5Dcreate2(location, path.c_str(), file_type >= 0 ? file_type : type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  H5Pclose(dcpl);
  H5Sclose(space);
  xbt_assert(dataset_ >= 0, "HDF5 failed to create dataset %s", path.c_str());
  buffer_.resize(row_bytes_ * block_rows_);
}

AppendableDataset::~AppendableDataset()
{
  H5Dclose(dataset_);
}

void AppendableDataset::append(const void* row)
{
  std::memcpy(buffer_.data() + buffered_ * row_bytes_, row, row_bytes_);
  if (++buffered_ == block_rows_)
    flush();
}

void AppendableDataset::flush()
{
  if (buffered_ == 0)
    return;
  int rank            = columns_ == 0 ? 1 : 2;
  hsize_t new_dims[2] = {rows_ + buffered_, columns_};
  check(H5Dset_extent(dataset_, new_dims), "extend a dataset");
  hid_t file_space = H5Dget_space(dataset_);
  hsize_t start[2] = {rows_, 0};
  hsize_t count[2] = {buffered_, columns_};
  check(H5Sselect_hyperslab(file_space, H5S_SELECT_SET, start, nullptr, count, nullptr), "select rows");
  hid_t memory_space = H5Screate_simple(rank, count, nullptr);
  check(H5Dwrite(dataset_, type_, memory_space, file_space, H5P_DEFAULT, buffer_.data()), "write rows");
  H5Sclose(memory_space);
  H5Sclose(file_space);
  rows_ += buffered_;
  buffered_ = 0;
}

TraceWriter::TraceWriter(const std::string& output, bool force, size_t clusters, double sample_interval, int owner)
    : output_(output)
    , force_(force)
    , temporary_(output + ".tmp-" + std::to_string(owner != 0 ? owner : getpid()))
{
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  if (temporary_.size() >= sizeof(interrupted_path))
    throw InputError("Invalid output '" + output + "': the path is too long (" + std::to_string(output.size()) +
                     " characters)");
  std::strncpy(interrupted_path, temporary_.c_str(), sizeof(interrupted_path) - 1);
  install_interrupt_cleanup();       // after SimGrid's engine, which installs its own SIGINT handler
  remove_stale_temporaries(output_); // left by runs killed with SIGKILL
  file_ = H5Fcreate(temporary_.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  if (file_ < 0) {
    interrupted_path[0] = '\0';
    throw InputError("Invalid output '" + output + "': cannot create " + temporary_ + " (" + std::strerror(errno) +
                     ")");
  }
  types_["job"]        = memory_type<JobRow>();
  types_["component"]  = memory_type<ComponentRow>();
  types_["placement"]  = memory_type<PlacementRow>();
  types_["cluster"]    = memory_type<ClusterRow>();
  types_["failure"]    = memory_type<FailureRow>();
  types_["local_job"]  = memory_type<LocalJobRow>();
  types_["allocation"] = memory_type<AllocationRow>();
  types_["host"]       = memory_type<HostRow>();
  for (const char* name : {"job", "component", "placement", "cluster", "failure", "local_job", "allocation", "host"})
    types_[std::string(name) + ".file"] = packed(types_[name]);

  jobs_ = std::make_unique<AppendableDataset>(file_, "/jobs", types_["job"], sizeof(JobRow), 0, types_["job.file"]);
  components_ = std::make_unique<AppendableDataset>(file_, "/components", types_["component"], sizeof(ComponentRow), 0,
                                                    types_["component.file"]);
  placements_ = std::make_unique<AppendableDataset>(file_, "/placements", types_["placement"], sizeof(PlacementRow), 0,
                                                    types_["placement.file"]);
  clusters_   = std::make_unique<AppendableDataset>(file_, "/clusters", types_["cluster"], sizeof(ClusterRow), 0,
                                                  types_["cluster.file"]);
  failures_   = std::make_unique<AppendableDataset>(file_, "/failures", types_["failure"], sizeof(FailureRow), 0,
                                                  types_["failure.file"]);
  local_jobs_ = std::make_unique<AppendableDataset>(file_, "/local_jobs", types_["local_job"], sizeof(LocalJobRow), 0,
                                                    types_["local_job.file"]);
  hosts_ =
      std::make_unique<AppendableDataset>(file_, "/hosts", types_["host"], sizeof(HostRow), 0, types_["host.file"]);
  allocations_ = std::make_unique<AppendableDataset>(file_, "/allocations", types_["allocation"], sizeof(AllocationRow),
                                                     0, types_["allocation.file"]);
  hid_t utilization = untimed_group(file_, "/utilization");
  sample_time_      = std::make_unique<AppendableDataset>(utilization, "time", H5T_NATIVE_DOUBLE, sizeof(double), 0);
  grid_busy_ =
      std::make_unique<AppendableDataset>(utilization, "grid_busy", H5T_NATIVE_DOUBLE, sizeof(double), clusters);
  background_busy_ =
      std::make_unique<AppendableDataset>(utilization, "background_busy", H5T_NATIVE_DOUBLE, sizeof(double), clusters);
  held_       = std::make_unique<AppendableDataset>(utilization, "held", H5T_NATIVE_DOUBLE, sizeof(double), 0);
  gained_     = std::make_unique<AppendableDataset>(utilization, "gained", H5T_NATIVE_DOUBLE, sizeof(double), 0);
  hid_t space = H5Screate(H5S_SCALAR);
  hid_t attr  = H5Acreate2(utilization, "interval", H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(attr, H5T_NATIVE_DOUBLE, &sample_interval);
  H5Aclose(attr);
  H5Sclose(space);
  H5Gclose(utilization);
  hid_t queues  = untimed_group(file_, "/queues");
  queue_time_   = std::make_unique<AppendableDataset>(queues, "time", H5T_NATIVE_DOUBLE, sizeof(double), 0);
  queue_length_ = std::make_unique<AppendableDataset>(queues, "length", H5T_NATIVE_DOUBLE, sizeof(double), 0);
  H5Gclose(queues);
}

TraceWriter::~TraceWriter()
{
  if (committed_)
    return;
  jobs_.reset();
  components_.reset();
  placements_.reset();
  clusters_.reset();
  failures_.reset();
  local_jobs_.reset();
  allocations_.reset();
  hosts_.reset();
  messages_.reset();
  migrations_.reset();
  migration_checks_.reset();
  decisions_.reset();
  decision_terms_.reset();
  sample_time_.reset();
  grid_busy_.reset();
  background_busy_.reset();
  queue_time_.reset();
  queue_length_.reset();
  held_.reset();
  gained_.reset();
  economy_.reset();
  shares_.reset();
  power_time_.reset();
  power_watts_.reset();
  cluster_energy_.reset();
  job_energy_.reset();
  for (auto& [name, type] : types_)
    H5Tclose(type);
  H5Fclose(file_);
  std::remove(temporary_.c_str());
  interrupted_path[0] = '\0';
}

void TraceWriter::add_cluster(const ClusterRow& row)
{
  clusters_->append(&row);
}
void TraceWriter::add_job(const JobRow& row)
{
  jobs_->append(&row);
}
void TraceWriter::add_component(const ComponentRow& row)
{
  components_->append(&row);
}
void TraceWriter::add_placement(const PlacementRow& row)
{
  placements_->append(&row);
}
void TraceWriter::add_failure(const FailureRow& row)
{
  failures_->append(&row);
}

void TraceWriter::add_local_job(const LocalJobRow& row)
{
  local_jobs_->append(&row);
}

void TraceWriter::add_allocation(const AllocationRow& row)
{
  allocations_->append(&row);
}

void TraceWriter::add_host(const HostRow& row)
{
  hosts_->append(&row);
}

void TraceWriter::add_economy(const EconomyRow& row)
{
  if (not economy_) {
    types_["economy"]      = memory_type<EconomyRow>();
    types_["economy.file"] = packed(types_["economy"]);
    economy_ = std::make_unique<AppendableDataset>(file_, "/economy", types_["economy"], sizeof(EconomyRow), 0,
                                                   types_["economy.file"]);
  }
  economy_->append(&row);
}

void TraceWriter::add_share(const ShareRow& row)
{
  if (not shares_) {
    types_["share"]      = memory_type<ShareRow>();
    types_["share.file"] = packed(types_["share"]);
    shares_              = std::make_unique<AppendableDataset>(file_, "/shares", types_["share"], sizeof(ShareRow), 0,
                                                  types_["share.file"]);
  }
  shares_->append(&row);
}

void TraceWriter::add_sample(const UtilizationSample& sample)
{
  sample_time_->append(&sample.time);
  grid_busy_->append(sample.grid_busy.data());
  background_busy_->append(sample.background_busy.data());
  queue_time_->append(&sample.time);
  queue_length_->append(&sample.queue_length);
  held_->append(&sample.held);
  gained_->append(&sample.gained);
}

void TraceWriter::open_power_samples(size_t clusters)
{
  if (power_time_)
    return;
  hid_t energy = untimed_group(file_, "/energy");
  power_time_  = std::make_unique<AppendableDataset>(energy, "time", H5T_NATIVE_DOUBLE, sizeof(double), 0);
  power_watts_ = std::make_unique<AppendableDataset>(energy, "watts", H5T_NATIVE_DOUBLE, sizeof(double), clusters);
  H5Gclose(energy);
}

void TraceWriter::add_power_sample(double time, const std::vector<double>& watts)
{
  open_power_samples(watts.size());
  power_time_->append(&time);
  power_watts_->append(watts.data());
}

void TraceWriter::add_cluster_energy(const ClusterEnergyRow& row)
{
  if (not cluster_energy_) {
    types_["cluster_energy"]      = memory_type<ClusterEnergyRow>();
    types_["cluster_energy.file"] = packed(types_["cluster_energy"]);
    cluster_energy_ = std::make_unique<AppendableDataset>(file_, "/cluster_energy", types_["cluster_energy"],
                                                          sizeof(ClusterEnergyRow), 0, types_["cluster_energy.file"]);
  }
  cluster_energy_->append(&row);
}

void TraceWriter::add_job_energy(const JobEnergyRow& row)
{
  if (not job_energy_) {
    types_["job_energy"]      = memory_type<JobEnergyRow>();
    types_["job_energy.file"] = packed(types_["job_energy"]);
    job_energy_ = std::make_unique<AppendableDataset>(file_, "/job_energy", types_["job_energy"], sizeof(JobEnergyRow),
                                                      0, types_["job_energy.file"]);
  }
  job_energy_->append(&row);
}

void TraceWriter::set_attribute(const std::string& name, const std::string& value)
{
  hid_t type = H5Tcopy(H5T_C_S1);
  H5Tset_size(type, H5T_VARIABLE);
  H5Tset_cset(type, H5T_CSET_UTF8);
  hid_t space      = H5Screate(H5S_SCALAR);
  hid_t attr       = H5Acreate2(file_, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT);
  const char* text = value.c_str();
  check(H5Awrite(attr, type, &text), "write an attribute");
  H5Aclose(attr);
  H5Sclose(space);
  H5Tclose(type);
}

void TraceWriter::set_scalar_attribute(const std::string& name, hid_t type, const void* value)
{
  hid_t space = H5Screate(H5S_SCALAR);
  hid_t attr  = H5Acreate2(file_, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT);
  check(H5Awrite(attr, type, value), "write an attribute");
  H5Aclose(attr);
  H5Sclose(space);
}

void TraceWriter::set_attribute(const std::string& name, double value)
{
  set_scalar_attribute(name, H5T_NATIVE_DOUBLE, &value);
}

void TraceWriter::add_message(const MessageRow& row)
{
  if (not messages_) {
    types_["message"]      = memory_type<MessageRow>();
    types_["message.file"] = packed(types_["message"]);
    messages_ = std::make_unique<AppendableDataset>(file_, "/messages", types_["message"], sizeof(MessageRow), 0,
                                                    types_["message.file"]);
  }
  messages_->append(&row);
}

void TraceWriter::add_migration(const MigrationRow& row)
{
  if (not migrations_) {
    types_["migration"]      = memory_type<MigrationRow>();
    types_["migration.file"] = packed(types_["migration"]);
    migrations_ = std::make_unique<AppendableDataset>(file_, "/migrations", types_["migration"], sizeof(MigrationRow),
                                                      0, types_["migration.file"]);
  }
  migrations_->append(&row);
}

void TraceWriter::add_migration_check(const MigrationCheckRow& row)
{
  if (not migration_checks_) {
    types_["migration_check"]      = memory_type<MigrationCheckRow>();
    types_["migration_check.file"] = packed(types_["migration_check"]);
    migration_checks_ =
        std::make_unique<AppendableDataset>(file_, "/migration_checks", types_["migration_check"],
                                            sizeof(MigrationCheckRow), 0, types_["migration_check.file"]);
  }
  migration_checks_->append(&row);
}

void TraceWriter::add_decision(const DecisionRow& row)
{
  if (not decisions_) {
    types_["decision"]      = memory_type<DecisionRow>();
    types_["decision.file"] = packed(types_["decision"]);
    decisions_ = std::make_unique<AppendableDataset>(file_, "/decisions", types_["decision"], sizeof(DecisionRow), 0,
                                                     types_["decision.file"]);
  }
  decisions_->append(&row);
}

void TraceWriter::add_decision_term(const DecisionTermRow& row)
{
  if (not decision_terms_) {
    types_["decision_term"]      = memory_type<DecisionTermRow>();
    types_["decision_term.file"] = packed(types_["decision_term"]);
    decision_terms_ = std::make_unique<AppendableDataset>(file_, "/decision_terms", types_["decision_term"],
                                                          sizeof(DecisionTermRow), 0, types_["decision_term.file"]);
  }
  decision_terms_->append(&row);
}

void TraceWriter::set_attribute(const std::string& name, int64_t value)
{
  set_scalar_attribute(name, H5T_NATIVE_INT64, &value);
}

void TraceWriter::commit()
{
  for (auto* d :
       {&jobs_, &components_, &placements_, &clusters_, &failures_, &local_jobs_, &allocations_, &hosts_, &sample_time_,
        &grid_busy_, &background_busy_, &queue_time_, &queue_length_, &held_, &gained_, &economy_, &shares_}) {
    if (not *d) // a dataset created with its first row, which never came
      continue;
    (*d)->flush();
    d->reset();
  }
  for (auto* d : {&messages_, &migrations_, &migration_checks_, &decisions_, &decision_terms_, &power_time_,
                  &power_watts_, &cluster_energy_, &job_energy_})
    if (*d) {
      (*d)->flush();
      d->reset();
    }
  for (auto& [name, type] : types_)
    H5Tclose(type);
  types_.clear();
  check(H5Fclose(file_), "close the trace");
  try {
    check_output_replaceable(output_,
                             force_); // checked before the run too; something else may have appeared there since
  } catch (const InputError&) {
    std::remove(temporary_.c_str());
    interrupted_path[0] = '\0';
    committed_          = true;
    throw;
  }
  if (std::rename(temporary_.c_str(), output_.c_str()) != 0) {
    std::remove(temporary_.c_str());
    interrupted_path[0] = '\0';
    committed_          = true;
    throw InputError("Invalid output '" + output_ + "': cannot rename " + temporary_ + " into place (" +
                     std::strerror(errno) + ")");
  }
  interrupted_path[0] = '\0';
  committed_          = true;
}

void TraceWriter::install_interrupt_cleanup()
{
  // SIGINT, SIGTERM and SIGABRT always, as before (a shell's background job ignores SIGINT; SimGrid's engine installs
  // its own SIGINT handler); every other signal that ends the process where it has its default action. SIGHUP,
  // SIGUSR1, SIGPIPE, ... left the partial trace behind.
  for (int signal : terminating_signals)
    install(signal, remove_and_exit, signal == SIGINT || signal == SIGTERM);
  for (int signal = SIGRTMIN; signal <= SIGRTMAX; ++signal)
    install(signal, remove_and_exit, false);
  for (int signal : dumping_signals)
    install(signal, remove_and_raise, signal == SIGABRT);
}

} // namespace coalsim
