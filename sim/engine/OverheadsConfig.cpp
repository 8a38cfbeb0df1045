#include "sim/engine/OverheadsConfig.hpp"

#include "sim/config/ConfigNode.hpp"

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
