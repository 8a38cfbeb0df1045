#include "sim/engine/power/EnergyAccounting.hpp"

#include <algorithm>
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
      watts_ += p.idle;
      cores += p.cores;
      hosts_.push_back(host);
    }
    claimed_index_.assign(cores, 0);
  }

  void core_held(int32_t core, int host) override
  {
    Host& h = advanced(host);
    ++h.held;
    claimed_index_[core] = h.index;
    changed(host);
  }
  void core_released(int32_t /*core*/, int host) override
  {
    Host& h = advanced(host);
    --h.held;
    changed(host);
  }
  /** SimGrid turned the host off (a failure, an outage) or on again. */
  void set_failed(int host, bool failed)
  {
    if (hosts_[host].failed == failed)
      return;
    advanced(host).failed = failed;
    changed(host);
  }

  enum class Switch { on, off, booting };
  void switch_to(int host, Switch to, double boot_watts)
  {
    Host& h = advanced(host);
    if (to == Switch::booting && h.switched != Switch::booting)
      ++energy_.boots;
    h.switched   = to;
    h.boot_watts = boot_watts;
    changed(host);
  }

  /** The energy charged to `cores` since their claim (their hosts taken up to now). */
  double charged(const std::vector<CoreMap::Core>& cores, const CoreMap& map)
  {
    double joules = 0;
    for (CoreMap::Core core : cores)
      joules += advanced(map.host_of(core)).index - claimed_index_[core];
    return joules;
  }

  void finish()
  {
    for (size_t h = 0; h < hosts_.size(); ++h)
      advanced(static_cast<int>(h));
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
    double watts      = 0; // now
    double last       = 0; // energy taken up to then
    double index      = 0; // J charged so far to a core held all along
  };

  /** Host h with its energy taken up to now (or to the end of the run). */
  Host& advanced(int host)
  {
    Host& h         = hosts_[host];
    const double to = owner_->finished_ ? owner_->end_ : owner_->clock_();
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
      h.index += (h.power.idle / h.power.cores + (h.watts - h.power.idle) / h.held) * dt;
    h.last = to;
    return h;
  }

  /** Host h's power after a change, and the cluster's. */
  void changed(int host)
  {
    Host& h = hosts_[host];
    double watts;
    if (h.failed || h.switched == Switch::off)
      watts = h.power.off;
    else if (h.switched == Switch::booting)
      watts = h.boot_watts;
    else
      watts = h.power.watts(std::min(h.held, h.power.cores));
    if (watts == h.watts)
      return;
    watts_ += watts - h.watts;
    h.watts = watts;
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
