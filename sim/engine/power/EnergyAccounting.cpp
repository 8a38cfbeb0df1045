#include "sim/engine/power/EnergyAccounting.hpp"

#include <algorithm>
#include <span>
#include <xbt/asserts.h>

namespace coalsim {

/** One cluster's hosts: their state, the energy each drew, and per held core the charge index at its claim. */
class EnergyAccounting::Meter : public CoreObserver {
public:
  Meter(EnergyAccounting& owner, size_t cluster, std::vector<HostPower> power) : owner_(&owner), cluster_(cluster)
  {
    int cores = 0;
    for (HostPower& p : power) {
      Host host;
      host.power = p;
      host.watts = p.idle;
      // Computed once as the changes would compute them (the same expressions: the same figures to the last bit).
      for (int b = 0; b <= p.cores; ++b) {
        host.watts_with.push_back(p.watts(b));
        host.rate_with.push_back(b == 0 ? 0 : p.idle / p.cores + (p.watts(b) - p.idle) / b);
      }
      watts_ += p.idle;
      cores += p.cores;
      hosts_.push_back(host);
    }
    claimed_index_.assign(cores, 0);
  }

  void cores_held(int host, std::span<const int32_t> cores) override
  {
    Host& h = advanced(host, now());
    for (int32_t core : cores)
      claimed_index_[core] = h.index;
    held_by(host, static_cast<int>(cores.size()));
  }
  void cores_released(int host, std::span<const int32_t> cores) override
  {
    advanced(host, now());
    held_by(host, -static_cast<int>(cores.size()));
  }
  /** SimGrid turned the host off (a failure, an outage) or on again. */
  void set_failed(int host, bool failed)
  {
    if (hosts_[host].failed == failed)
      return;
    advanced(host, now()).failed = failed;
    changed(host);
  }

  enum class Switch { on, off, booting };
  void switch_to(int host, Switch to, double boot_watts)
  {
    Host& h = advanced(host, now());
    if (to == Switch::booting && h.switched != Switch::booting)
      ++energy_.boots;
    h.switched   = to;
    h.boot_watts = boot_watts;
    changed(host);
  }

  /** The energy charged to `cores` since their claim (their hosts taken up to now). */
  double charged(const std::vector<CoreMap::Core>& cores, const CoreMap& map)
  {
    const double to = now();
    double joules   = 0;
    for (CoreMap::Core core : cores)
      joules += advanced(map.host_of(core), to).index - claimed_index_[core];
    return joules;
  }

  void finish()
  {
    for (size_t h = 0; h < hosts_.size(); ++h)
      advanced(static_cast<int>(h), now());
  }

  ClusterEnergy energy_;
  double watts_ = 0; // the cluster's power now

private:
  struct Host {
    HostPower power;
    int held          = 0;
    bool failed       = false;
    Switch switched   = Switch::on;
    double boot_watts = 0;
    double watts      = 0;          // now
    double last       = 0;          // energy taken up to then
    double index      = 0;          // J charged so far to a core held all along
    std::vector<double> watts_with; // by cores held (up to all): the power while on
    std::vector<double> rate_with;  // by cores held (up to all): the charge per held core and second while on
  };

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
    if (h.failed || h.switched == Switch::off)
      energy_.off_joules += joules;
    else if (h.switched == Switch::booting)
      energy_.boot_joules += joules;
    else if (h.held > 0)
      h.index += (h.held <= h.power.cores ? h.rate_with[h.held]
                                          : h.power.idle / h.power.cores + (h.watts - h.power.idle) / h.held) *
                 dt;
    h.last = to;
    return h;
  }

  /** Host h's power now, from its state and held cores. */
  double watts_of(const Host& h) const
  {
    if (h.failed || h.switched == Switch::off)
      return h.power.off;
    if (h.switched == Switch::booting)
      return h.boot_watts;
    return h.watts_with[std::clamp(h.held, 0, h.power.cores)];
  }

  /** `count` more cores of host h are held (fewer when negative), taken one at a time: the cluster's power moves by
   *  each core's step, as when each core was told apart, so that its sum is the same to the last bit. */
  void held_by(int host, int count)
  {
    Host& h        = hosts_[host];
    const int step = count > 0 ? 1 : -1;
    bool moved     = false;
    for (; count != 0; count -= step) {
      h.held += step;
      const double watts = watts_of(h);
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
  size_t cluster_;
  std::vector<Host> hosts_;
  std::vector<double> claimed_index_; // by core: its host's index when it was claimed
};

EnergyAccounting::EnergyAccounting(std::vector<std::vector<HostPower>> hosts, std::function<double()> clock,
                                   std::unique_ptr<PowerRecorder> recorder)
    : clock_(std::move(clock))
    , recorder_(std::move(recorder))
{
  for (size_t c = 0; c < hosts.size(); ++c) {
    meters_.push_back(std::make_unique<Meter>(*this, c, std::move(hosts[c])));
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
  return meters_.at(c)->watts_;
}

} // namespace coalsim
