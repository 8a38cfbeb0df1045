/* A cluster's power manager: it decides when an idle compute host is switched off and when it is switched on again.
 * The cluster's local resource manager consults it through narrow hooks (LocalResourceManager::set_power_manager):
 * the manager hears every core taken and given back (a CoreObserver), is told how many more cores than the idle ones
 * are wanted (need: waiting local jobs, a grid claim that found too few), and acts on hosts through the manager's
 * Hosts. A host switched off or booting has its cores out of use, as a failed host has: no job can start on it. The
 * information service counts the cores of hosts switched off as idle while none of the cluster's hosts boots, so
 * that the grid scheduler may place jobs on them; a claim that needs them fails and switches them on, and until they
 * are up the cluster shows only its idle cores, so that the claim is not retried in vain. Hosts switched on for a
 * claim are shown to the grid scheduler as soon as they are up, and stay on while a grid job whose claim failed on
 * the cluster waits (Hosts::claims_wait, release()): switched off as idle before the job was placed on them again,
 * they would fail its claim again, and again (docs/concepts.md, Power management). */
#pragma once

#include "sim/engine/CoreMap.hpp"

#include <cstddef>
#include <functional>
#include <vector>

namespace coalsim {

class EnergyAccounting;

class PowerManager : public CoreObserver {
public:
  /** Who wants more cores: local jobs waiting, or a grid claim that found too few. */
  enum class For { local_jobs, grid_claim };

  /** What a manager acts on: its cluster's hosts, through the local resource manager. */
  struct Hosts {
    /** Takes host h's cores out of use; false (nothing done) when it is not wholly idle, has failed, its cluster is
     *  down, or local jobs wait. */
    std::function<bool(int host)> switch_off;
    /** Host h's cores are usable again (when it has not failed meanwhile); `for_claim`: it was switched on for a
     *  grid claim, and the grid scheduler is told at once. */
    std::function<void(int host, bool for_claim)> switch_on;
    /** Whether a grid job whose claim failed on the cluster still waits (has neither started nor left). */
    std::function<bool()> claims_wait;
    std::vector<int> cores; // by host
  };

  /** Called once before the run; `energy` (null on a platform without power properties) hears the switches. */
  virtual void attach(Hosts hosts, EnergyAccounting* energy, size_t cluster) = 0;
  /** Whether the manager needs to hear the cores taken and given back (not when it never switches a host). */
  virtual bool observes_cores() const = 0;
  /** `cores` more cores than the idle ones are wanted now. */
  virtual void need(int cores, For wanted) = 0;
  /** Host h is wanted (a shaped claim, or the shaped head of the local queue, fits only with it): switched on if it
   *  is switched off. */
  virtual void wake(int host, For wanted) = 0;
  /** No grid job whose claim failed on the cluster waits any more: the hosts switched on for claims that are up and
   *  idle may go off again, idle from now. */
  virtual void release() = 0;
  /** Cores of hosts switched off and not booting. */
  virtual int cores_off() const = 0;
  /** Cores of hosts booting. */
  virtual int cores_booting() const = 0;
  /** Whether host h is switched off or booting. */
  virtual bool is_off(int host) const = 0;

  void cores_held(int /*host*/, std::span<const int32_t> /*cores*/) override {}
  void cores_released(int /*host*/, std::span<const int32_t> /*cores*/) override {}
};

} // namespace coalsim
