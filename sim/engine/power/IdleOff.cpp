/* `idle_off`: a compute host idle (no core held) for `idle_timeout` is switched off, unless local jobs wait on its
 * cluster; it is switched on again when more cores than the idle ones are wanted (waiting local jobs, a grid claim
 * that found too few), lowest host first, or the hosts a shaped claim or the shaped head of the local queue needs to
 * fit (wake()), taking `boot_time` and drawing `boot_energy` over it. A host switched on for a grid claim is not
 * switched off while a grid job whose claim failed on the cluster waits (until release()): idle as it comes up, it
 * would go off before the job's next claim whenever the timeout is shorter than the wait for it (a poll, a pass, the
 * job's other clusters booting). Its timers do not keep the run alive (DaemonTimers.hpp). */
#include "sim/engine/Clock.hpp"
#include "sim/engine/DaemonTimers.hpp"
#include "sim/engine/power/EnergyAccounting.hpp"
#include "sim/engine/power/PowerManagers.hpp"

#include <cmath>
#include <span>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_idle_off, coalsim_engine, "IdleOff");

namespace coalsim {

namespace {

class IdleOff final : public PowerManager {
public:
  explicit IdleOff(const PowerConfig& config)
      : timeout_(config.parameter("idle_timeout"))
      , boot_time_(config.parameter("boot_time"))
      , boot_energy_(config.parameter("boot_energy"))
  {
  }
  ~IdleOff() override
  {
    if (timers_ != nullptr)
      for (Host& h : hosts_state_)
        timers_->cancel(h.timer);
  }

  void attach(Hosts hosts, EnergyAccounting* energy, size_t cluster) override
  {
    hosts_   = std::move(hosts);
    energy_  = energy;
    cluster_ = cluster;
    timers_  = DaemonTimers::current(); // its switches do not keep the run alive
    xbt_assert(timers_ != nullptr, "idle_off needs the run's daemon timers");
    hosts_state_.assign(hosts_.cores.size(), Host{});
    for (size_t h = 0; h < hosts_state_.size(); ++h) // idle from the start
      arm(static_cast<int>(h));
  }
  bool observes_cores() const override { return true; }

  void cores_held(int host, std::span<const int32_t> cores) override
  {
    Host& h = hosts_state_[host];
    xbt_assert(h.state == State::on, "cluster %zu: a core of host %d taken while it is switched off or booting",
               cluster_, host);
    const bool was_idle = h.held == 0;
    h.held += static_cast<int>(cores.size());
    h.for_claim = false; // in use: idle again, it goes off as any other
    if (was_idle && h.timer != 0) {
      timers_->cancel(h.timer);
      h.timer = 0;
    }
  }
  void cores_released(int host, std::span<const int32_t> cores) override
  {
    Host& h = hosts_state_[host];
    h.held -= static_cast<int>(cores.size());
    if (h.held == 0)
      arm(host);
  }

  void need(int cores, For wanted) override
  {
    cores -= cores_booting_;
    for (size_t h = 0; h < hosts_state_.size() && (cores > 0 || wanted == For::grid_claim); ++h) {
      Host& host = hosts_state_[h];
      if (host.state == State::off && cores > 0) {
        boot(static_cast<int>(h));
        cores -= hosts_.cores[h];
      }
      if (host.state == State::booting && wanted == For::grid_claim) // the claim counts on those booting too
        host.for_claim = true;
    }
  }
  void wake(int host, For wanted) override
  {
    if (hosts_state_[host].state == State::off)
      boot(host);
    if (hosts_state_[host].state == State::booting && wanted == For::grid_claim)
      hosts_state_[host].for_claim = true;
  }
  void release() override
  {
    for (size_t h = 0; h < hosts_state_.size(); ++h)
      if (hosts_state_[h].for_claim)
        arm(static_cast<int>(h)); // those booting are armed once up
  }
  int cores_off() const override { return cores_off_; }
  int cores_booting() const override { return cores_booting_; }
  bool is_off(int host) const override { return hosts_state_[host].state != State::on; }

private:
  enum class State { on, off, booting };
  struct Host {
    int held               = 0;
    State state            = State::on;
    DaemonTimers::Id timer = 0; // switches it off, or on, when due
    // Switched on for a grid claim (or counted on by one while booting): kept on, once up, while claims wait.
    bool for_claim = false;
  };

  /** The host is on and idle now: it goes off after the timeout unless a core is taken first. */
  void arm(int host)
  {
    Host& h = hosts_state_[host];
    if (h.state != State::on || h.held > 0 || not std::isfinite(timeout_) || h.timer != 0)
      return;
    if (h.for_claim && hosts_.claims_wait())
      return; // armed at release()
    h.for_claim = false;
    h.timer     = timers_->at(now() + timeout_, [this, host] {
      hosts_state_[host].timer = 0;
      switch_off(host);
    });
  }

  void switch_off(int host)
  {
    if (not hosts_.switch_off(host)) // stays on until it is next idle
      return;
    XBT_VERB("cluster %zu: host %d switched off", cluster_, host);
    hosts_state_[host].state = State::off;
    cores_off_ += hosts_.cores[host];
    if (energy_)
      energy_->switch_off(cluster_, host);
  }

  void boot(int host)
  {
    XBT_VERB("cluster %zu: host %d switched on (booting)", cluster_, host);
    hosts_state_[host].state = State::booting;
    cores_off_ -= hosts_.cores[host];
    cores_booting_ += hosts_.cores[host];
    if (energy_)
      energy_->begin_boot(cluster_, host, boot_time_ > 0 ? boot_energy_ / boot_time_ : 0,
                          boot_time_ > 0 ? 0 : boot_energy_);
    hosts_state_[host].timer = timers_->at(now() + boot_time_, [this, host] {
      Host& h = hosts_state_[host];
      h.timer = 0;
      h.state = State::on;
      cores_booting_ -= hosts_.cores[host];
      if (energy_)
        energy_->switch_on(cluster_, host);
      hosts_.switch_on(host, h.for_claim);
      arm(host);
    });
  }

  double timeout_, boot_time_, boot_energy_;
  Hosts hosts_;
  EnergyAccounting* energy_ = nullptr;
  DaemonTimers* timers_     = nullptr;
  size_t cluster_           = 0;
  std::vector<Host> hosts_state_;
  int cores_off_     = 0;
  int cores_booting_ = 0;
};

} // namespace

COALSIM_REGISTER(PowerManagers, idle_off, "idle_off",
                 "a compute host idle for idle_timeout is switched off (unless local jobs wait on its cluster, or it "
                 "was switched on for a grid claim and a job whose claim failed there waits), and switched on again, "
                 "taking boot_time and drawing boot_energy, when waiting local jobs or a grid claim want more cores "
                 "than the idle ones",
                 [](const PowerConfig& config) { return std::make_unique<IdleOff>(config); },
                 {number_parameter("idle_timeout", INFINITY, 0.0,
                                   "how long a host stays idle (no core held) before it is switched off; .inf: never",
                                   "s"),
                  number_parameter("boot_time", 120.0, 0.0, "how long a host takes to switch on", "s"),
                  number_parameter("boot_energy", 12000.0, 0.0,
                                   "the energy a host draws while it switches on (spread over boot_time)", "J")});

} // namespace coalsim
