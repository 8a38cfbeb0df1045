/* The information service's view between decisions (in an event, a wake-up or a message), as decide() gets it.
 * Granted only to a policy that declares PolicyNeeds::live_view. */
#pragma once

#include "sim/api/GridView.hpp"

namespace coalsim {

class LiveView {
public:
  virtual ~LiveView() = default;

  virtual GridView view() const = 0;
};

} // namespace coalsim
