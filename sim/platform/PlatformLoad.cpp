#include "sim/platform/PlatformLoad.hpp"

#include <algorithm>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <vector>

namespace coalsim {

namespace sg4 = simgrid::s4u;
using Zone    = simgrid::kernel::routing::NetZoneImpl;

namespace {

/** Seals the zones the file has closed, as the parser creates new ones. SimGrid signals a zone's creation before
 *  it sets the zone's parent, so at each creation the one before it (whose parent is set by then) tells which zones
 *  are still open: it and its ancestors. Every other zone created before it was closed when it was opened (the XML
 *  nests them). The zones closed after that are sealed at the next creation, or by SimGrid when the run starts. */
class ClosedZoneSealer {
public:
  ClosedZoneSealer()
  {
    // SimGrid 3.32 offers no way to disconnect from the signal: one connection per process, which serves the
    // sealer of the load under way, if any.
    static const bool connected = [] {
      sg4::NetZone::on_creation_cb([](const sg4::NetZone& zone) {
        if (current_ != nullptr)
          current_->created(zone);
      });
      return true;
    }();
    (void)connected;
    current_ = this;
  }
  ~ClosedZoneSealer() { current_ = nullptr; }
  ClosedZoneSealer(const ClosedZoneSealer&)            = delete;
  ClosedZoneSealer& operator=(const ClosedZoneSealer&) = delete;

private:
  void created(const sg4::NetZone& zone)
  {
    if (not unsealed_.empty()) {
      std::vector<Zone*> open; // the zone created last and its ancestors (the kernel's: s4u's get_parent of the
                               // root zone dereferences its null parent)
      for (Zone* z = unsealed_.back(); z != nullptr; z = z->get_parent())
        open.push_back(z);
      std::vector<Zone*> still_open;
      for (Zone* z : unsealed_) {
        if (std::find(open.begin(), open.end(), z) != open.end())
          still_open.push_back(z);
        else
          z->get_iface()->seal();
      }
      unsealed_ = std::move(still_open);
    }
    unsealed_.push_back(zone.get_impl());
  }

  static inline ClosedZoneSealer* current_ = nullptr;
  std::vector<Zone*> unsealed_; // in creation order: the open zones, then the one created last
};

} // namespace

void load_platform_file(sg4::Engine& engine, const std::string& path)
{
  if (path.ends_with(".so") || path.ends_with(".dylib")) {
    engine.load_platform(path);
    return;
  }
  ClosedZoneSealer sealer;
  engine.load_platform(path);
}

} // namespace coalsim
