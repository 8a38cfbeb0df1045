/* HDF5 compound types of the trace rows, in memory layout (the writer stores a packed copy; a reader
 * converts back to these by field name). The caller closes each type with H5Tclose. */
#pragma once

#include "sim/trace/TraceRows.hpp"

#include <hdf5.h>

namespace coalsim {

hid_t job_type();
hid_t component_type();
hid_t placement_type();
hid_t cluster_type();
hid_t failure_type();
hid_t local_job_type();
hid_t allocation_type();
hid_t host_type();
hid_t economy_type();
hid_t share_type();
hid_t message_type();
hid_t migration_type();
hid_t migration_check_type();
/** A packed copy of `memory_type`, for the file. */
hid_t packed(hid_t memory_type);

} // namespace coalsim
