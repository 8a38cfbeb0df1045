/* A cluster's cores, host by host (from the SimGrid platform): each is free, held by a job, or out of use (its
 * host failed and nobody holds it). The map hands cores out by one documented rule, first fit: the lowest free
 * cores in host-index order (docs/concepts.md, Cores), so which cores a job gets depends only on what held cores
 * before it. It knows nothing of jobs or of why cores are taken: the local resource manager decides whether a
 * job may start (today by counting processors), the map which cores it then gets. A later rule that takes cores
 * host by host (node shapes: c cores on each of n hosts) builds on take_on() and free_on(). */
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace coalsim {

/** Cores of one host taken or given back together: `cores` (numbers in the cluster, at least one) of `host`. */
struct HostCoreRun {
  int host;
  std::span<const int32_t> cores;
};

/** Told of every core that becomes held or stops being held (the energy accounting follows each host's busy cores
 *  through it, EnergyAccounting.hpp): once per batch of cores of one host taken or given back together, not once per
 *  core (the hosts' power changes with the batch, and a job takes many cores at once). */
class CoreObserver {
public:
  virtual ~CoreObserver() = default;
  /** `cores` (numbers in the cluster, at least one) of `host` became held. */
  virtual void cores_held(int host, std::span<const int32_t> cores) = 0;
  /** `cores` of `host` are no longer held. */
  virtual void cores_released(int host, std::span<const int32_t> cores) = 0;
  /** The runs of one take (or one give-back) of several hosts' cores, in the order taken (given back): by default
   *  told run by run; an observer whose work per call weighs (the energy accounting reads the clock) takes them at
   *  once. The map tells each observer all the runs before the next observer, once every core has its new state. */
  virtual void runs_held(std::span<const HostCoreRun> runs)
  {
    for (const HostCoreRun& run : runs)
      cores_held(run.host, run.cores);
  }
  virtual void runs_released(std::span<const HostCoreRun> runs)
  {
    for (const HostCoreRun& run : runs)
      cores_released(run.host, run.cores);
  }
};

class CoreMap {
public:
  /** A core's number in its cluster: host 0's cores first (0 .. cores_of(0) - 1), then host 1's, ... */
  using Core = int32_t;
  /** Consecutive cores of one host. */
  struct Run {
    int host;
    int first_core; // on the host, 0-based
    int cores;
  };

  /** Every core free. `cores_per_host[h]` is host h's cores, in host-index order. */
  explicit CoreMap(const std::vector<int>& cores_per_host);

  int hosts() const { return static_cast<int>(first_.size()) - 1; }
  int cores() const { return first_.back(); }
  int cores_of(int host) const { return first_[host + 1] - first_[host]; }
  int host_of(Core core) const { return host_[core]; }
  /** The core's index on its host, 0-based. */
  int index_on_host(Core core) const { return core - first_[host_[core]]; }
  Core core(int host, int index_on_host) const { return first_[host] + index_on_host; }

  int free() const { return free_; }
  int free_on(int host) const { return free_on_[host]; }
  /** Changes with every core that changes state (for those who cache what they found in the map). */
  uint64_t version() const { return version_; }
  /** Cores out of use (their host is off) that nobody holds. */
  int out_of_use() const { return out_of_use_; }
  bool is_free(Core core) const { return state_[core] == State::free; }
  bool is_held(Core core) const { return state_[core] == State::held; }

  /** First fit: takes the `count` lowest free cores in host-index order (at most free()), appended to `into` in
   *  increasing order. */
  void take(int count, std::vector<Core>& into);
  /** Takes the `count` lowest free cores of `host` (at most free_on(host)), appended to `into` in increasing order. */
  void take_on(int host, int count, std::vector<Core>& into);
  /** A held core is given back: free again, or out of use (its host is off). */
  void give_back(Core core, bool out_of_use = false);
  /** Held cores are given back, free again (observers hear each run of them on one host once). */
  void give_back(std::span<const Core> cores);
  /** A held core goes out of use (its host failed under the job holding it). */
  void put_out_of_use(Core core) { give_back(core, true); }
  /** The free cores of `host` go out of use (the host failed); returns how many. */
  int free_out_of_use(int host);
  /** The out-of-use cores of `host` are free again (the host is back); returns how many. */
  int bring_back(int host);
  /** Every out-of-use core is free again. */
  void bring_back_all();

  /** `observer` is told of every core taken and given back from now on (after the observers added before it). */
  void add_observer(CoreObserver* observer) { observers_.push_back(observer); }

  /** `cores` (any order, no repeats) as runs of consecutive cores on one host, by host and core. */
  std::vector<Run> runs(std::vector<Core> cores) const;

private:
  enum class State : uint8_t { free, held, out_of_use };
  /** The core's new state; the caller tells the observers of cores that became held or stopped being held. */
  void set(Core core, State to);
  void tell_held(int host, std::span<const Core> cores) const;
  void tell_released(int host, std::span<const Core> cores) const;
  /** take_on() without telling the observers: the cores taken written from `out` on (room for `count`). */
  void take_quietly(int host, int count, Core* out);
  /** Tells the observers of the runs in runs_, taken or given back. */
  void tell_runs(bool held);

  std::vector<Core> first_; // first_[h]: host h's first core; first_.back(): all cores
  std::vector<int> host_;   // by core
  std::vector<State> state_;
  std::vector<int> free_on_;
  int first_free_host_ = 0; // no host before it has a free core (first fit starts there)
  int free_            = 0;
  int out_of_use_      = 0;
  uint64_t version_    = 0;
  std::vector<CoreObserver*> observers_;
  std::vector<HostCoreRun> runs_; // of the take or give-back under way (kept for its room)
};

} // namespace coalsim
