#!/usr/bin/python3
"""Audit traces: check the physical invariants of each and name the first violation (docs/audit.md).

  audit.py [--verbose] TRACE...

No core holds two jobs at once and no cluster more processors than it has; every grid job appears once in /jobs
with a final status; submit <= placement <= start <= end <= completion; /placements, /components and
/allocations agree with /jobs; a time-shared host admits no share beyond its cores; with exact estimates a
time-shared job's CPU work equals its estimate; a message takes at least its route's latency plus size over
bandwidth; a migrated job was waiting. Checks whose datasets a trace lacks are skipped and listed with
--verbose. Exit status: 0 every trace clean, 1 a violation (printed: the trace, the dataset, the row and the
values), 2 an unreadable trace.
"""

import sys

from coalsim_analysis.commands.audit import main

if __name__ == "__main__":
    sys.exit(main())
