#include "sim/FileStager.hpp"

#include "sim/Clock.hpp"

#include <memory>
#include <xbt/asserts.h>

namespace coalsim {

void FileStager::stage(const std::vector<Transfer>& transfers, std::function<void(const std::vector<double>&)> done)
{
  xbt_assert(not transfers.empty(), "nothing to stage");
  struct Progress {
    size_t remaining;
    double started;
    std::vector<double> durations;
    std::function<void(const std::vector<double>&)> done;
  };
  auto progress = std::make_shared<Progress>(Progress{transfers.size(), now(), std::vector<double>(transfers.size()),
                                                      std::move(done)});
  for (size_t i = 0; i < transfers.size(); ++i) {
    const auto& t = transfers[i];
    auto comm     = sg4::Comm::sendto_init(platform_->cluster(t.from).file_server, platform_->cluster(t.to).file_server);
    comm->set_payload_size(static_cast<uint64_t>(t.bytes));
    const auto& route = platform_->route(t.from, t.to);
    for (const auto* link : route)
      ++flows_[link];
    tracker_->start(comm, [this, progress, i, &route](const sg4::Activity& a) {
      for (const auto* link : route)
        --flows_[link];
      xbt_assert(a.get_state() == sg4::Activity::State::FINISHED, "file transfer ended in state %s",
                 a.get_state_str());
      progress->durations[i] = now() - progress->started;
      if (--progress->remaining == 0)
        progress->done(progress->durations);
    });
  }
}

} // namespace coalsim
