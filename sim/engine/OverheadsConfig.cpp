#include "sim/engine/OverheadsConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_overheads_config, coalsim_engine, "OverheadsConfig");

namespace coalsim {

const KeyList& overheads_keys()
{
  static const KeyList keys = {"submission", "completion"};
  return keys;
}

OverheadsConfig read_overheads(ConfigNode overheads)
{
  OverheadsConfig c;
  overheads.allow_only(overheads_keys());
  c.submission          = overheads.get_distribution("submission", 0, 0);
  c.submission_location = overheads.child("submission").location();
  c.completion          = overheads.get_distribution("completion", 0, 0);
  return c;
}

} // namespace coalsim
