#include "tests/support/TraceReader.hpp"

#include "sim/config/InputError.hpp"
#include "sim/trace/TraceTypes.hpp"

namespace coalsim {

namespace {
template <class Row> std::vector<Row> read_table(hid_t file, const std::string& trace, const char* path, hid_t type)
{
  hid_t dataset = H5Dopen2(file, path, H5P_DEFAULT);
  if (dataset < 0) {
    H5Tclose(type);
    throw InputError("Invalid trace '" + trace + "': no dataset " + path);
  }
  hid_t space = H5Dget_space(dataset);
  hssize_t n  = H5Sget_simple_extent_npoints(space);
  std::vector<Row> rows(static_cast<size_t>(n));
  if (n > 0)
    H5Dread(dataset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows.data());
  H5Sclose(space);
  H5Dclose(dataset);
  H5Tclose(type);
  return rows;
}

std::vector<double> read_doubles(hid_t file, const std::string& trace, const char* path, size_t* columns)
{
  hid_t dataset = H5Dopen2(file, path, H5P_DEFAULT);
  if (dataset < 0)
    throw InputError("Invalid trace '" + trace + "': no dataset " + path);
  hid_t space     = H5Dget_space(dataset);
  hsize_t dims[2] = {0, 1};
  int rank        = H5Sget_simple_extent_dims(space, dims, nullptr);
  if (columns)
    *columns = rank == 2 ? dims[1] : 1;
  std::vector<double> values(dims[0] * (rank == 2 ? dims[1] : 1));
  if (not values.empty())
    H5Dread(dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data());
  H5Sclose(space);
  H5Dclose(dataset);
  return values;
}
/** The root attribute `name` (a double), if the file has it. */
std::optional<double> read_double_attribute(hid_t file, const char* name)
{
  if (H5Aexists(file, name) <= 0)
    return std::nullopt;
  double value = 0;
  hid_t attr   = H5Aopen(file, name, H5P_DEFAULT);
  herr_t read  = H5Aread(attr, H5T_NATIVE_DOUBLE, &value);
  H5Aclose(attr);
  return read < 0 ? std::nullopt : std::optional<double>(value);
}

/** The root attribute `name` (a variable-length string), or "" if the file does not have it. */
std::string read_string_attribute(hid_t file, const char* name)
{
  if (H5Aexists(file, name) <= 0)
    return "";
  hid_t attr = H5Aopen(file, name, H5P_DEFAULT);
  hid_t type = H5Tcopy(H5T_C_S1);
  H5Tset_size(type, H5T_VARIABLE);
  H5Tset_cset(type, H5T_CSET_UTF8); // as TraceWriter writes them
  char* text = nullptr;
  std::string value;
  if (H5Aread(attr, type, &text) >= 0 && text) {
    value = text;
    H5free_memory(text);
  }
  H5Tclose(type);
  H5Aclose(attr);
  return value;
}

} // namespace

Trace read_trace(const std::string& path)
{
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0)
    throw InputError("Invalid trace '" + path + "': not an HDF5 file that can be opened");
  Trace t;
  try {
    t.jobs        = read_table<JobRow>(file, path, "/jobs", memory_type<JobRow>());
    t.components  = read_table<ComponentRow>(file, path, "/components", memory_type<ComponentRow>());
    t.placements  = read_table<PlacementRow>(file, path, "/placements", memory_type<PlacementRow>());
    t.clusters    = read_table<ClusterRow>(file, path, "/clusters", memory_type<ClusterRow>());
    t.failures    = read_table<FailureRow>(file, path, "/failures", memory_type<FailureRow>());
    t.local_jobs  = read_table<LocalJobRow>(file, path, "/local_jobs", memory_type<LocalJobRow>());
    t.allocations = read_table<AllocationRow>(file, path, "/allocations", memory_type<AllocationRow>());
    t.hosts       = read_table<HostRow>(file, path, "/hosts", memory_type<HostRow>());
    if (H5Lexists(file, "/messages", H5P_DEFAULT) > 0)
      t.messages = read_table<MessageRow>(file, path, "/messages", memory_type<MessageRow>());
    if (H5Lexists(file, "/migrations", H5P_DEFAULT) > 0)
      t.migrations = read_table<MigrationRow>(file, path, "/migrations", memory_type<MigrationRow>());
    if (H5Lexists(file, "/migration_checks", H5P_DEFAULT) > 0)
      t.migration_checks =
          read_table<MigrationCheckRow>(file, path, "/migration_checks", memory_type<MigrationCheckRow>());
    t.has_decisions = H5Lexists(file, "/decisions", H5P_DEFAULT) > 0;
    if (t.has_decisions)
      t.decisions = read_table<DecisionRow>(file, path, "/decisions", memory_type<DecisionRow>());
    if (H5Lexists(file, "/decision_terms", H5P_DEFAULT) > 0)
      t.decision_terms = read_table<DecisionTermRow>(file, path, "/decision_terms", memory_type<DecisionTermRow>());
    t.sample_time     = read_doubles(file, path, "/utilization/time", nullptr);
    t.grid_busy       = read_doubles(file, path, "/utilization/grid_busy", &t.columns);
    t.background_busy = read_doubles(file, path, "/utilization/background_busy", nullptr);
    t.queue_length    = read_doubles(file, path, "/queues/length", nullptr);
    t.held            = read_doubles(file, path, "/utilization/held", nullptr);
    t.gained          = read_doubles(file, path, "/utilization/gained", nullptr);
    t.void_time       = read_double_attribute(file, "void_time");
    t.void_cluster    = read_string_attribute(file, "void_cluster");
    t.config          = read_string_attribute(file, "config");
    t.has_economy     = H5Lexists(file, "/economy", H5P_DEFAULT) > 0;
    if (t.has_economy)
      t.economy = read_table<EconomyRow>(file, path, "/economy", memory_type<EconomyRow>());
    t.economy_revenue = read_double_attribute(file, "economy_revenue");
    t.has_energy      = H5Lexists(file, "/cluster_energy", H5P_DEFAULT) > 0;
    if (t.has_energy) {
      t.cluster_energy = read_table<ClusterEnergyRow>(file, path, "/cluster_energy", memory_type<ClusterEnergyRow>());
      if (H5Lexists(file, "/job_energy", H5P_DEFAULT) > 0)
        t.job_energy = read_table<JobEnergyRow>(file, path, "/job_energy", memory_type<JobEnergyRow>());
      size_t columns = 0;
      t.energy_time  = read_doubles(file, path, "/energy/time", nullptr);
      t.energy_watts = read_doubles(file, path, "/energy/watts", &columns);
    }
    t.energy_joules = read_double_attribute(file, "energy_joules");
    if (H5Lexists(file, "/shares", H5P_DEFAULT) > 0)
      t.shares = read_table<ShareRow>(file, path, "/shares", memory_type<ShareRow>());
  } catch (...) {
    H5Fclose(file);
    throw;
  }
  H5Fclose(file);
  return t;
}

} // namespace coalsim
