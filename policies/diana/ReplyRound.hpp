/* One round of peer queries (report 4.6, 4.8.2): a meta-scheduler asks its peers and decides once every peer has
 * answered or is known dead, or at the reply timeout, when every peer still silent is taken for dead. A peer whose
 * query could not be delivered is dead at once. Pure bookkeeping: the caller sends, receives and sets the timer. */
#pragma once

#include <map>
#include <optional>
#include <vector>

namespace coalsim::diana {

template <class Reply> class ReplyRound {
public:
  ReplyRound(std::vector<int> peers, double deadline) : deadline_(deadline)
  {
    for (int peer : peers)
      state_[peer] = std::nullopt;
  }

  double deadline() const { return deadline_; }
  /** A reply from `peer`; ignored when the round is over or the peer was already taken for dead (stale). */
  void answer(int peer, Reply reply)
  {
    if (over_ || !state_.contains(peer) || dead_.contains(peer))
      return;
    state_[peer] = std::move(reply);
  }
  /** The query to `peer` failed: it is dead. */
  void mark_dead(int peer)
  {
    if (!over_ && state_.contains(peer) && !state_[peer])
      dead_[peer] = true;
  }
  /** Every peer has answered or is dead. */
  bool complete() const
  {
    for (const auto& [peer, reply] : state_)
      if (!reply && !dead_.contains(peer))
        return false;
    return true;
  }
  /** The timeout: the peers still silent are dead, and the round is over. */
  void expire()
  {
    for (const auto& [peer, reply] : state_)
      if (!reply)
        dead_[peer] = true;
    over_ = true;
  }
  void close() { over_ = true; }
  bool over() const { return over_; }
  /** The replies, by peer. */
  std::map<int, Reply> replies() const
  {
    std::map<int, Reply> out;
    for (const auto& [peer, reply] : state_)
      if (reply)
        out.emplace(peer, *reply);
    return out;
  }
  std::vector<int> dead() const
  {
    std::vector<int> out;
    for (const auto& [peer, flag] : dead_)
      out.push_back(peer);
    return out;
  }

private:
  double deadline_;
  std::map<int, std::optional<Reply>> state_;
  std::map<int, bool> dead_;
  bool over_ = false;
};

} // namespace coalsim::diana
