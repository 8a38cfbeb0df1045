#include "sim/trace/TraceTypes.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_trace_types, coalsim_trace, "TraceTypes");

namespace coalsim {

namespace {

hid_t string_type(size_t size)
{
  hid_t t = H5Tcopy(H5T_C_S1);
  H5Tset_size(t, size);
  H5Tset_strpad(t, H5T_STR_NULLPAD);
  return t;
}

/** The HDF5 type of a field (a text field's is created: the caller closes it). */
hid_t hdf5_type(const TraceField& f)
{
  switch (f.kind) {
    case FieldKind::i8:
      return H5T_NATIVE_INT8;
    case FieldKind::i32:
      return H5T_NATIVE_INT32;
    case FieldKind::i64:
      return H5T_NATIVE_INT64;
    case FieldKind::f64:
      return H5T_NATIVE_DOUBLE;
    case FieldKind::text:
      return string_type(f.size);
  }
  xbt_die("unknown kind of trace field %s", f.name.c_str());
}

} // namespace

hid_t memory_type(const TraceTable& table)
{
  hid_t t = H5Tcreate(H5T_COMPOUND, table.row_size);
  for (const TraceField& f : table.fields) {
    hid_t type = hdf5_type(f);
    xbt_assert(H5Tinsert(t, f.name.c_str(), f.offset, type) >= 0, "HDF5 failed to add field %s to %s", f.name.c_str(),
               table.dataset.c_str());
    if (f.kind == FieldKind::text)
      H5Tclose(type);
  }
  return t;
}

hid_t packed(hid_t memory_type)
{
  hid_t t = H5Tcopy(memory_type);
  H5Tpack(t);
  return t;
}

} // namespace coalsim
