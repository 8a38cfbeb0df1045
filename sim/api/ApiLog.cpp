/* The log category of everything in this folder, under the `coalsim` root (docs/architecture.md lists the
 * tree). */
#include <xbt/log.h>

// The root of every coalsim category: `--log coalsim.thres:verbose` shows every part.
XBT_LOG_NEW_CATEGORY(coalsim, "coalsim: every part of the simulator");
XBT_LOG_NEW_SUBCATEGORY(coalsim_api, coalsim, "What a policy sees: jobs, views, the registry");
