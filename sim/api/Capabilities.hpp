/* The interfaces a policy is granted (GridPolicy::grant), once, before the run: each pointer is set only when the
 * policy declared the need (PolicyNeeds), so what it did not declare it cannot call. The decision log is the one
 * exception: optional for the run (`trace.decisions`) and open to every policy, it is always set, and no need
 * declares it (when the log is off it is DecisionLog::off(), whose enabled() is false). The engine implements them
 * (sim/engine/GridScheduler.hpp); a unit test gives the policy hand-written ones (tests/unit/FakeControl.hpp).
 *
 * A new kind of mechanism a policy needs from the engine is a new small interface in its own file here, a pointer
 * below, a flag in PolicyNeeds and a line in declared_only(); the engine implements it. Nothing is added to
 * GridPolicy, and no other policy sees it. */
#pragma once

#include "sim/api/Claims.hpp"
#include "sim/api/DecisionLog.hpp"
#include "sim/api/HostShares.hpp"
#include "sim/api/JobReports.hpp"
#include "sim/api/LiveView.hpp"
#include "sim/api/PolicyNeeds.hpp"
#include "sim/api/SiteChannel.hpp"
#include "sim/api/Timers.hpp"

#include <xbt/asserts.h>

namespace coalsim {

struct Capabilities {
  Claims* claims            = nullptr;             // PolicyNeeds::claims
  HostShares* host_shares   = nullptr;             // PolicyNeeds::host_shares
  Timers* timers            = nullptr;             // PolicyNeeds::timers
  LiveView* live_view       = nullptr;             // PolicyNeeds::live_view
  SiteChannel* site_channel = nullptr;             // PolicyNeeds::site_messages
  JobReports* reports       = nullptr;             // PolicyNeeds::reports
  DecisionLog* decisions    = &DecisionLog::off(); // every policy, never null: off unless trace.decisions
};

/** Of the interfaces `offered`, those `needs` declares; the others null. */
inline Capabilities declared_only(const PolicyNeeds& needs, const Capabilities& offered)
{
  Capabilities granted;
  granted.decisions = offered.decisions; // declared by no need: every policy may write to it
  if (needs.claims)
    granted.claims = offered.claims;
  if (needs.host_shares)
    granted.host_shares = offered.host_shares;
  if (needs.timers)
    granted.timers = offered.timers;
  if (needs.live_view)
    granted.live_view = offered.live_view;
  if (needs.site_messages)
    granted.site_channel = offered.site_channel;
  if (needs.reports)
    granted.reports = offered.reports;
  return granted;
}

/** `p`, an interface the policy declared it needs, so it was granted. A policy takes what it uses through this in
 *  grant(): a need it forgot to declare fails there, before the run, not at the first call. */
template <class Interface> Interface* required(Interface* p, const char* interface, const char* user)
{
  xbt_assert(p != nullptr, "%s uses %s, which the policy's needs() do not declare", user, interface);
  return p;
}

} // namespace coalsim
