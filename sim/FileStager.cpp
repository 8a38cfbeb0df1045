#include "sim/FileStager.hpp"

#include "sim/Clock.hpp"

#include <xbt/asserts.h>

namespace coalsim {

FileStager::StageId FileStager::stage(const std::vector<Transfer>& transfers,
                                      std::function<void(const std::vector<double>&)> done)
{
  xbt_assert(not transfers.empty(), "nothing to stage");
  StageId id   = next_id_++;
  Stage& stage = stages_[id];
  stage.remaining = transfers.size();
  stage.started   = now();
  stage.durations.assign(transfers.size(), 0.0);
  stage.activities.assign(transfers.size(), 0);
  stage.done = std::move(done);
  for (size_t i = 0; i < transfers.size(); ++i) {
    const auto& t = transfers[i];
    auto comm     = sg4::Comm::sendto_init(platform_->cluster(t.from).file_server, platform_->cluster(t.to).file_server);
    comm->set_payload_size(static_cast<uint64_t>(t.bytes));
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
  xbt_assert(comm.get_state() == sg4::Activity::State::FINISHED, "file transfer ended in state %s",
             comm.get_state_str());
  stage.durations[transfer] = now() - stage.started;
  if (--stage.remaining > 0)
    return;
  auto done      = std::move(stage.done);
  auto durations = std::move(stage.durations);
  stages_.erase(id);
  done(durations);
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
