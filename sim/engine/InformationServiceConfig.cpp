#include "sim/engine/InformationServiceConfig.hpp"

#include "sim/config/ConfigNode.hpp"
#include "sim/config/TimeHorizon.hpp"
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_information_service_config, coalsim_engine, "InformationServiceConfig");

namespace coalsim {

const KeyList& information_service_keys()
{
  static const KeyList keys = {"poll_interval", "bandwidth_expiry"};
  return keys;
}

InformationServiceConfig read_information_service(ConfigNode info)
{
  InformationServiceConfig c;
  info.allow_only(information_service_keys());
  c.poll_interval = info.get("poll_interval", 10.0, 0.0);
  if (c.poll_interval > 0 && c.poll_interval < finest_interval)
    info.child("poll_interval")
        .fail("must be 0 (exact idle counts) or at least 0.001 s (got '" + info.child("poll_interval").as_string() +
              "')");
  c.bandwidth_expiry = info.get("bandwidth_expiry", 0.0, 0.0);
  return c;
}

} // namespace coalsim
