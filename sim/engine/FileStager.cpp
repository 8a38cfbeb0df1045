#include "sim/engine/FileStager.hpp"

#include "sim/engine/Clock.hpp"
#include "sim/engine/PayloadSize.hpp"

#include <algorithm>
#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_engine_file_stager, coalsim_engine, "FileStager");

namespace coalsim {

FileStager::StageId FileStager::stage(const std::vector<Transfer>& transfers, Done done)
{
  xbt_assert(not transfers.empty(), "nothing to stage");
  StageId id      = next_id_++;
  Stage& stage    = stages_[id];
  stage.transfers = transfers;
  stage.remaining = transfers.size();
  stage.started   = now();
  stage.durations.assign(transfers.size(), 0.0);
  stage.activities.assign(transfers.size(), 0);
  stage.done = std::move(done);
  for (const auto& t : transfers)
    if (not server_on(t.from) || not server_on(t.to)) {
      // SimGrid cannot start a communication with a host that is off: the stage-in fails now, reported
      // from a timer like any other outcome (unless cancelled meanwhile).
      at(now(), [this, id, t] {
        if (stages_.count(id))
          fail(id, t);
      });
      return id;
    }
  for (size_t i = 0; i < transfers.size(); ++i) {
    const auto& t = transfers[i];
    auto comm = sg4::Comm::sendto_init(platform_->cluster(t.from).file_server, platform_->cluster(t.to).file_server);
    comm->set_payload_size(payload_size(t.bytes, "a file transfer"));
    const auto& route = platform_->route(t.from, t.to);
    stage.routes.push_back(&route);
    for (const auto* link : route)
      ++flows_[link];
    stage.activities[i] = tracker_->start(comm, [this, id, i](const sg4::Activity& a) { arrived(id, i, a); });
  }
  return id;
}

void FileStager::ended(Stage& stage, size_t transfer)
{
  for (const auto* link : *stage.routes[transfer])
    --flows_[link];
  stage.activities[transfer] = 0;
}

void FileStager::arrived(StageId id, size_t transfer, const sg4::Activity& comm)
{
  Stage& stage = stages_.at(id); // a cancelled stage's transfers report nothing
  ended(stage, transfer);
  if (comm.get_state() == sg4::Activity::State::FAILED) {
    fail(id, stage.transfers[transfer]);
    return;
  }
  xbt_assert(comm.get_state() == sg4::Activity::State::FINISHED, "file transfer ended in state %s",
             comm.get_state_str());
  stage.durations[transfer] = now() - stage.started;
  if (--stage.remaining > 0)
    return;
  Outcome outcome{std::move(stage.durations), false, {}};
  auto done = std::move(stage.done);
  stages_.erase(id);
  done(outcome);
}

void FileStager::fail(StageId id, const Transfer& transfer)
{
  Outcome outcome;
  outcome.failed = true;
  for (ClusterIndex c : {std::min(transfer.from, transfer.to), std::max(transfer.from, transfer.to)})
    if (not server_on(c))
      outcome.failed_at.push_back(c);
  auto done = std::move(stages_.at(id).done);
  cancel(id);
  done(outcome);
}

void FileStager::cancel(StageId id)
{
  auto it = stages_.find(id);
  if (it == stages_.end())
    return;
  Stage& stage = it->second;
  for (size_t i = 0; i < stage.activities.size(); ++i)
    if (stage.activities[i] != 0) {
      uint64_t key = stage.activities[i];
      ended(stage, i);
      tracker_->cancel(key);
    }
  stages_.erase(it);
}

} // namespace coalsim
