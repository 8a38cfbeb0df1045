#include "sim/engine/power/EnergyAccounting.hpp"

#include <algorithm>
#include <span>
#include <xbt/asserts.h>

namespace coalsim {

/** One cluster's hosts: their state, the energy each drew, and per held core the charge index at its claim.
 *  It hears every run of cores of one host taken or given back, so its path is kept short: a host's state fits in
 *  one cache line, the tables by cores held are shared by the hosts of one power (a cluster's hosts are alike), and
 *  a host that is off or booting, whose power does not follow its cores, only counts them. The arithmetic is the
 *  same, in the same order, as when each host kept its own tables: the same figures to the last bit. */
class EnergyAccounting::Meter : public CoreObserver {
public:
  Meter(EnergyAccounting& owner, size_t cluster, const std::vector<HostPower>& power)
      : owner_(&owner)
      , recorded_(owner.recorder_ != nullptr)
      , cluster_(cluster)
  {
    int cores = 0;
    std::vector<size_t> kind_of;
    for (const HostPower& p : power) {
      kind_of.push_back(kind_index(p));
      watts_ += p.idle;
      cores += p.cores;
    }
    for (size_t h = 0; h < power.size(); ++h) { // the kinds are all made: their addresses hold
      Host host;
      host.kind       = &kinds_[kind_of[h]];
      host.watts_with = host.kind->watts_with.data();
      host.rate_with  = host.kind->rate_with.data();
      host.cores      = host.kind->power.cores;
      host.watts      = power[h].idle;
      hosts_.push_back(host);
    }
    claimed_index_.assign(cores, 0);
  }

  void cores_held(int host, std::span<const int32_t> cores) override
  {
    Host& h            = advanced(host, now());
    const double index = h.index;
    for (int32_t core : cores)
      claimed_index_[core] = index;
    held_by(h, static_cast<int>(cores.size()));
  }
  void cores_released(int host, std::span<const int32_t> cores) override
  {
    held_by(advanced(host, now()), -static_cast<int>(cores.size()));
  }
  /** As cores_held() and cores_released() run by run, the clock read once. */
  void runs_held(std::span<const HostCoreRun> runs) override
  {
    const double to = now();
    for (const HostCoreRun& run : runs) {
      Host& h            = advanced(run.host, to);
      const double index = h.index;
      for (int32_t core : run.cores)
        claimed_index_[core] = index;
      held_by(h, static_cast<int>(run.cores.size()));
    }
  }
  void runs_released(std::span<const HostCoreRun> runs) override
  {
    const double to = now();
    for (const HostCoreRun& run : runs)
      held_by(advanced(run.host, to), -static_cast<int>(run.cores.size()));
  }
  /** SimGrid turned the host off (a failure, an outage) or on again. */
  void set_failed(int host, bool failed)
  {
    if (hosts_[host].failed == failed)
      return;
    Host& h  = advanced(host, now());
    h.failed = failed;
    set_draws(h);
    changed(host);
  }

  enum class Switch : int8_t { on, off, booting };
  void switch_to(int host, Switch to, double boot_watts)
  {
    Host& h = advanced(host, now());
    if (to == Switch::booting && h.switched != Switch::booting)
      ++energy_.boots;
    h.switched   = to;
    h.boot_watts = boot_watts;
    set_draws(h);
    changed(host);
  }

  /** The energy charged to `cores` since their claim (their hosts taken up to now). */
  double charged(const std::vector<CoreMap::Core>& cores, const CoreMap& map)
  {
    const double to = now();
    double joules   = 0;
    int host        = -1;
    const Host* h   = nullptr;
    for (CoreMap::Core core : cores) {
      if (const int of = map.host_of(core); of != host) { // the cores of a host come together: taken up once
        host = of;
        h    = &advanced(of, to);
      }
      joules += h->index - claimed_index_[core];
    }
    return joules;
  }

  void finish()
  {
    for (size_t h = 0; h < hosts_.size(); ++h)
      advanced(static_cast<int>(h), now());
  }

  /** The cluster's power now. */
  double watts() const
  {
    if (owner_->recorder_)
      return watts_;
    double sum = 0;
    for (const Host& h : hosts_)
      sum += h.watts;
    return sum;
  }

  ClusterEnergy energy_;
  double watts_ = 0; // the cluster's power now, kept with a recorder only (held_by)

private:
  /** What hosts of one power share: their power while on, and the charge per held core, by cores held. */
  struct Kind {
    HostPower power;
    std::vector<double> watts_with; // by cores held (up to all): the power while on
    std::vector<double> rate_with;  // by cores held (up to all): the charge per held core and second while on
  };
  /** What a host's power follows: its cores (on), its boot, or nothing (off: failed or switched off). */
  enum class Draws : int8_t { by_cores, boot, off };
  struct Host {
    const Kind* kind         = nullptr;
    const double* watts_with = nullptr; // kind's tables, read at each change (one load less)
    const double* rate_with  = nullptr;
    int cores                = 0; // kind's
    int held                 = 0;
    bool failed              = false;
    Switch switched          = Switch::on;
    Draws draws              = Draws::by_cores; // from failed and switched (set_draws())
    double boot_watts        = 0;
    double watts             = 0; // now
    double last              = 0; // energy taken up to then
    double index             = 0; // J charged so far to a core held all along
  };
  static void set_draws(Host& h)
  {
    h.draws = h.failed || h.switched == Switch::off ? Draws::off
              : h.switched == Switch::booting       ? Draws::boot
                                                    : Draws::by_cores;
  }

  /** The kind of a host of power `p`, made on first use. */
  size_t kind_index(const HostPower& p)
  {
    for (size_t k = 0; k < kinds_.size(); ++k) {
      const HostPower& q = kinds_[k].power;
      if (q.idle == p.idle && q.epsilon == p.epsilon && q.all_cores == p.all_cores && q.off == p.off &&
          q.cores == p.cores)
        return k;
    }
    Kind kind;
    kind.power = p;
    // Computed once as the changes would compute them (the same expressions: the same figures to the last bit).
    for (int b = 0; b <= p.cores; ++b) {
      kind.watts_with.push_back(p.watts(b));
      kind.rate_with.push_back(b == 0 ? 0 : p.idle / p.cores + (p.watts(b) - p.idle) / b);
    }
    kinds_.push_back(std::move(kind));
    return kinds_.size() - 1;
  }

  /** The time the hosts' energy is taken up to: the clock's, or the end of the run. */
  double now() const { return owner_->finished_ ? owner_->end_ : owner_->clock_(); }

  /** Host h with its energy taken up to `to` (now()). */
  Host& advanced(int host, double to)
  {
    Host& h         = hosts_[host];
    const double dt = to - h.last;
    if (dt <= 0)
      return h;
    const double joules = h.watts * dt;
    energy_.joules += joules;
    if (h.draws == Draws::off)
      energy_.off_joules += joules;
    else if (h.draws == Draws::boot)
      energy_.boot_joules += joules;
    else if (h.held > 0) {
      if (h.held <= h.cores) {
        h.index += h.rate_with[h.held] * dt;
      } else {
        const HostPower& p = h.kind->power;
        h.index += (p.idle / p.cores + (h.watts - p.idle) / h.held) * dt;
      }
    }
    h.last = to;
    return h;
  }

  /** Host h's power now, from its state and held cores. */
  static double watts_of(const Host& h)
  {
    if (h.draws == Draws::off)
      return h.kind->power.off;
    if (h.draws == Draws::boot)
      return h.boot_watts;
    return h.watts_with[std::clamp(h.held, 0, h.cores)];
  }

  /** `count` more cores of host h are held (fewer when negative). With a recorder, taken one at a time: the
   *  cluster's power moves by each core's step, as when each core was told apart, so that its samples are the same
   *  to the last bit; without one, nothing reads the cluster's power during the run (watts() sums its hosts'), and
   *  the host's power is set at once. A host off, failed or booting draws what its state says whatever it holds. */
  void held_by(Host& h, int count)
  {
    if (h.draws != Draws::by_cores) {
      h.held += count;
      return;
    }
    if (not recorded_) {
      h.held += count;
      h.watts = h.watts_with[std::clamp(h.held, 0, h.cores)];
      return;
    }
    const double* watts_with = h.watts_with;
    const int cores          = h.cores;
    const int step           = count > 0 ? 1 : -1;
    bool moved               = false;
    for (; count != 0; count -= step) {
      h.held += step;
      const double watts = watts_with[std::clamp(h.held, 0, cores)];
      if (watts != h.watts) {
        watts_ += watts - h.watts;
        h.watts = watts;
        moved   = true;
      }
    }
    if (moved)
      record();
  }

  /** Host h's power after a change of its state, and the cluster's. */
  void changed(int host)
  {
    Host& h            = hosts_[host];
    const double watts = watts_of(h);
    if (watts == h.watts)
      return;
    watts_ += watts - h.watts;
    h.watts = watts;
    record();
  }

  void record()
  {
    if (owner_->recorder_ && not owner_->finished_)
      owner_->recorder_->set_watts(cluster_, watts_, owner_->clock_());
  }

  EnergyAccounting* owner_;
  bool recorded_; // the owner has a power recorder (fixed for the run: asked at every change)
  size_t cluster_;
  std::vector<Kind> kinds_; // made before hosts_ points into it, never grown after
  std::vector<Host> hosts_;
  std::vector<double> claimed_index_; // by core: its host's index when it was claimed
};

EnergyAccounting::EnergyAccounting(std::vector<std::vector<HostPower>> hosts, std::function<double()> clock,
                                   std::unique_ptr<PowerRecorder> recorder)
    : clock_(std::move(clock))
    , recorder_(std::move(recorder))
{
  for (size_t c = 0; c < hosts.size(); ++c) {
    meters_.push_back(std::make_unique<Meter>(*this, c, hosts[c]));
    if (recorder_)
      recorder_->set_watts(c, meters_.back()->watts_, 0);
  }
}

EnergyAccounting* EnergyAccounting::current_ = nullptr;

EnergyAccounting::~EnergyAccounting()
{
  if (current_ == this)
    current_ = nullptr;
}

void EnergyAccounting::follow_hosts(const std::vector<std::vector<const sg4::Host*>>& hosts)
{
  for (size_t c = 0; c < hosts.size(); ++c)
    for (size_t h = 0; h < hosts[c].size(); ++h) {
      where_[hosts[c][h]] = {c, static_cast<int>(h)};
      meters_.at(c)->set_failed(static_cast<int>(h), not hosts[c][h]->is_on());
    }
  current_ = this;
  // SimGrid's signal outlives any one run: it is connected once and reaches the accounting of the run under way.
  static bool connected = false;
  if (not connected) {
    sg4::Host::on_state_change_cb([](const sg4::Host& host) {
      if (current_ == nullptr)
        return;
      if (auto found = current_->where_.find(&host); found != current_->where_.end())
        current_->meters_[found->second.first]->set_failed(found->second.second, not host.is_on());
    });
    connected = true;
  }
}

CoreObserver& EnergyAccounting::observer(size_t cluster)
{
  return *meters_.at(cluster);
}

void EnergyAccounting::switch_off(size_t cluster, int host)
{
  meters_.at(cluster)->switch_to(host, Meter::Switch::off, 0);
}

void EnergyAccounting::begin_boot(size_t cluster, int host, double boot_watts, double boot_joules)
{
  Meter& meter = *meters_.at(cluster);
  meter.switch_to(host, Meter::Switch::booting, boot_watts);
  if (not finished_) {
    meter.energy_.joules += boot_joules;
    meter.energy_.boot_joules += boot_joules;
  }
}

void EnergyAccounting::switch_on(size_t cluster, int host)
{
  meters_.at(cluster)->switch_to(host, Meter::Switch::on, 0);
}

void EnergyAccounting::charge(size_t cluster, const HeldCores& held, const CoreMap& map)
{
  Meter& meter        = *meters_.at(cluster);
  const double joules = meter.charged(held.cores, map);
  if (held.holding.owner == CoreOwner::grid_component) {
    meter.energy_.grid_joules += joules;
    if (on_grid_charge_)
      on_grid_charge_(held, cluster, joules);
  } else {
    meter.energy_.local_joules += joules;
  }
}

void EnergyAccounting::finish(double end)
{
  if (finished_)
    return;
  finished_ = true;
  end_      = end;
  for (auto& meter : meters_)
    meter->finish();
  if (recorder_)
    recorder_->finish(end);
}

const ClusterEnergy& EnergyAccounting::cluster(size_t c) const
{
  return meters_.at(c)->energy_;
}

double EnergyAccounting::joules() const
{
  double sum = 0;
  for (const auto& meter : meters_)
    sum += meter->energy_.joules;
  return sum;
}

double EnergyAccounting::watts(size_t c) const
{
  return meters_.at(c)->watts();
}

} // namespace coalsim
