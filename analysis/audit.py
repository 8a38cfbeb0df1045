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

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from coalsim_analysis import TraceFormatError  # noqa: E402
from coalsim_analysis.audit import Violation, audit_trace  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description="Check the physical invariants of coalsim traces.")
    parser.add_argument("traces", nargs="+", metavar="TRACE")
    parser.add_argument("--verbose", "-v", action="store_true", help="list the checks run and those skipped")
    args = parser.parse_args(argv)
    status = 0
    for path in args.traces:
        try:
            result = audit_trace(path)
        except TraceFormatError as error:
            print(f"audit.py: {error}", file=sys.stderr)
            status = 2
            continue
        except Violation as violation:
            print(f"{path}: VIOLATION {violation}")
            status = max(status, 1)
            continue
        print(f"{path}: clean ({len(result.checked)} checks, {len(result.skipped)} skipped)")
        if args.verbose:
            for name in result.checked:
                print(f"  checked  {name}")
            for name, why in result.skipped:
                print(f"  skipped  {name}: {why}")
    return status


if __name__ == "__main__":
    sys.exit(main())
