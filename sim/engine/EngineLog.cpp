/* The log category of everything in this folder, under the `coalsim` root (docs/architecture.md lists the
 * tree). */
#include <xbt/log.h>

XBT_LOG_NEW_SUBCATEGORY(coalsim_engine, coalsim, "The engine: job life cycle, local managers, staging, faults");
