/* The JobControl mechanisms an engine may lack: those of one scheduler per site. */
#include "sim/api/JobControl.hpp"

#include <xbt/asserts.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(coalsim_api_job_control, coalsim_api, "JobControl");

namespace coalsim {

void JobControl::send(ClusterIndex /*from*/, ClusterIndex /*to*/, const Message& message)
{
  xbt_die("this JobControl carries no messages (a '%s' was sent)", message.kind.c_str());
}

RouteQuality JobControl::route(ClusterIndex /*from*/, ClusterIndex /*to*/) const
{
  xbt_die("this JobControl knows no routes");
}

void JobControl::record_submission_site(JobId job, ClusterIndex /*site*/)
{
  xbt_die("this JobControl records no submission sites (job %ld)", static_cast<long>(job));
}

void JobControl::record_migration(JobId job, ClusterIndex /*from*/, ClusterIndex /*to*/)
{
  xbt_die("this JobControl records no migrations (job %ld)", static_cast<long>(job));
}

void JobControl::record_migration_check(ClusterIndex site, double /*started*/, int /*examined*/, int /*migrated*/)
{
  xbt_die("this JobControl records no migration checks (site %d)", site);
}

} // namespace coalsim
