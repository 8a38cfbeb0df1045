/* HDF5 compound types of the trace rows, in memory layout, built from the schema (TraceSchema.hpp); the writer
 * stores a packed copy, a reader converts back to these by field name. The caller closes each type with H5Tclose. */
#pragma once

#include "sim/trace/TraceSchema.hpp"

#include <hdf5.h>

namespace coalsim {

/** The compound type of `table`'s rows: its fields at their members' offsets. */
hid_t memory_type(const TraceTable& table);
template <class Row> hid_t memory_type()
{
  return memory_type(trace_table<Row>());
}
/** A packed copy of `memory_type`, for the file (HDF5 orders its fields by offset: the row struct's order). */
hid_t packed(hid_t memory_type);

} // namespace coalsim
