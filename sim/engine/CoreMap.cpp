#include "sim/engine/CoreMap.hpp"

#include <algorithm>
#include <xbt/asserts.h>

namespace coalsim {

CoreMap::CoreMap(const std::vector<int>& cores_per_host)
{
  first_.push_back(0);
  for (int count : cores_per_host) {
    xbt_assert(count >= 0, "a host of %d cores", count);
    const int host = static_cast<int>(first_.size()) - 1;
    host_.insert(host_.end(), count, host);
    first_.push_back(first_.back() + count);
    free_on_.push_back(count);
  }
  state_.assign(first_.back(), State::free);
  free_ = first_.back();
}

void CoreMap::set(Core core, State to)
{
  const State from = state_[core];
  const int host   = host_[core];
  if (from == to)
    return;
  if (from == State::free) {
    --free_;
    --free_on_[host];
  } else if (from == State::out_of_use) {
    --out_of_use_;
  }
  if (to == State::free) {
    ++free_;
    ++free_on_[host];
    first_free_host_ = std::min(first_free_host_, host);
  } else if (to == State::out_of_use) {
    ++out_of_use_;
  }
  state_[core] = to;
  ++version_;
}

void CoreMap::tell_held(int host, std::span<const Core> cores) const
{
  if (not cores.empty())
    for (CoreObserver* observer : observers_)
      observer->cores_held(host, cores);
}

void CoreMap::tell_released(int host, std::span<const Core> cores) const
{
  if (not cores.empty())
    for (CoreObserver* observer : observers_)
      observer->cores_released(host, cores);
}

void CoreMap::tell_runs(bool held)
{
  if (runs_.empty())
    return;
  for (CoreObserver* observer : observers_)
    if (held)
      observer->runs_held(runs_);
    else
      observer->runs_released(runs_);
}

void CoreMap::take(int count, std::vector<Core>& into)
{
  xbt_assert(count >= 0 && count <= free_, "taking %d cores with %d free", count, free_);
  // The observers hear the runs once all are taken (they read nothing of the map), each observer all of them at once.
  // `into` is grown to its new size first (its room grown as push_back would), so that the runs' views of it hold
  // until they are told, and the cores are written without a check of its room each.
  const size_t before = into.size();
  const size_t needed = before + static_cast<size_t>(count);
  if (into.capacity() < needed)
    into.reserve(std::max(needed, 2 * into.capacity()));
  into.resize(needed);
  Core* out = into.data() + before;
  runs_.clear();
  for (int host = first_free_host_; count > 0; ++host) {
    const int here = std::min(count, free_on_[host]);
    if (here == 0)
      continue; // a full host: nothing to take, nobody to tell
    take_quietly(host, here, out);
    runs_.push_back({host, std::span<const Core>(out, static_cast<size_t>(here))});
    out += here;
    count -= here;
  }
  while (first_free_host_ < hosts() && free_on_[first_free_host_] == 0)
    ++first_free_host_;
  tell_runs(true);
}

void CoreMap::take_on(int host, int count, std::vector<Core>& into)
{
  const size_t before = into.size();
  into.resize(before + static_cast<size_t>(count));
  take_quietly(host, count, into.data() + before);
  tell_held(host, std::span<const Core>(into).subspan(before));
}

void CoreMap::take_quietly(int host, int count, Core* out)
{
  xbt_assert(count >= 0 && count <= free_on_[host], "taking %d cores of host %d with %d free", count, host,
             free_on_[host]);
  // set(core, State::held) for each core taken, its counts moved once for all of them.
  free_ -= count;
  free_on_[host] -= count;
  version_ += static_cast<uint64_t>(count);
  for (Core core = first_[host]; count > 0; ++core)
    if (state_[core] == State::free) {
      state_[core] = State::held;
      *out++       = core;
      --count;
    }
}

void CoreMap::give_back(Core core, bool out_of_use)
{
  xbt_assert(state_[core] == State::held, "giving back core %d of host %d, which nobody holds", index_on_host(core),
             host_[core]);
  set(core, out_of_use ? State::out_of_use : State::free);
  tell_released(host_[core], std::span<const Core>(&core, 1));
}

void CoreMap::give_back(std::span<const Core> cores)
{
  runs_.clear();
  size_t run = 0; // the first core of the run of one host under way
  for (size_t i = 0; i < cores.size(); ++i) {
    const Core core = cores[i];
    xbt_assert(state_[core] == State::held, "giving back core %d of host %d, which nobody holds", index_on_host(core),
               host_[core]);
    if (i > run && host_[core] != host_[cores[run]]) {
      runs_.push_back({host_[cores[run]], cores.subspan(run, i - run)});
      run = i;
    }
    if (state_[core] == State::held) { // set(core, State::free), shortened for a held core
      const int host = host_[core];
      ++free_;
      ++free_on_[host];
      first_free_host_ = std::min(first_free_host_, host);
      state_[core]     = State::free;
      ++version_;
    } else {
      set(core, State::free);
    }
  }
  if (run < cores.size())
    runs_.push_back({host_[cores[run]], cores.subspan(run)});
  tell_runs(false);
}

int CoreMap::free_out_of_use(int host)
{
  int moved = 0;
  for (Core core = first_[host]; core < first_[host + 1]; ++core)
    if (state_[core] == State::free) {
      set(core, State::out_of_use);
      ++moved;
    }
  return moved;
}

int CoreMap::bring_back(int host)
{
  int moved = 0;
  for (Core core = first_[host]; core < first_[host + 1]; ++core)
    if (state_[core] == State::out_of_use) {
      set(core, State::free);
      ++moved;
    }
  return moved;
}

void CoreMap::bring_back_all()
{
  for (Core core = 0; core < cores() && out_of_use_ > 0; ++core)
    if (state_[core] == State::out_of_use)
      set(core, State::free);
}

std::vector<CoreMap::Run> CoreMap::runs(std::vector<Core> cores) const
{
  std::sort(cores.begin(), cores.end());
  std::vector<Run> found;
  for (size_t i = 0; i < cores.size(); ++i) {
    const Core core = cores[i];
    if (i > 0 && core == cores[i - 1] + 1 && host_[core] == found.back().host)
      ++found.back().cores;
    else
      found.push_back({host_[core], index_on_host(core), 1});
  }
  return found;
}

} // namespace coalsim
