/* The log category of everything in this folder, under the `coalsim` root (docs/architecture.md lists the
 * tree). */
#include <xbt/log.h>

XBT_LOG_NEW_SUBCATEGORY(coalsim_diana, coalsim_policies, "DIANA: per-site meta-schedulers with cost-based placement");
