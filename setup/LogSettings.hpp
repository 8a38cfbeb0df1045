/* SimGrid's log settings from the command line (`--log`), checked before SimGrid sees them: its
 * xbt_log_control_set aborts (xbt_die) or throws on a setting it does not take. */
#pragma once

#include <string>
#include <vector>

namespace coalsim {

/** Throws InputError unless `setting` is one SimGrid's xbt_log_control_set takes. */
void check_log_setting(const std::string& setting);

/** Checks every setting, then sets the root threshold to critical and applies them in order. */
void apply_log_settings(const std::vector<std::string>& settings);

} // namespace coalsim
