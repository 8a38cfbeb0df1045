"""audit: check the physical invariants of coalsim traces and name the first violation (docs/audit.md)."""

import argparse
import sys

from coalsim_analysis import TraceFormatError
from coalsim_analysis.audit import Violation, audit_trace


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
