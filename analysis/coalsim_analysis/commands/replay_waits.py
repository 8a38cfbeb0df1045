"""Simulated versus recorded waits of replayed logs.

  replay_waits.py --log LOG.swf[.gz] TRACE...

Each TRACE is a run that replayed LOG as background load with ``trace.local_jobs: true`` (e.g.
workloads/experiments/fs1-replay-fcfs.yaml and fs1-replay-easy.yaml). Prints a Markdown table of the mean and
median waits of the replayed jobs, simulated and as the log recorded them. Exit status 2 on a bad file.
"""

import argparse
import sys
from pathlib import Path


from coalsim_analysis import TraceFormatError
from coalsim_analysis.local_waits import compare_waits, recorded_waits
from coalsim_analysis.trace import load_trace


def main(argv=None):
    parser = argparse.ArgumentParser(description="Simulated versus recorded waits of a replayed log.")
    parser.add_argument("--log", required=True, type=Path, help="the replayed SWF log")
    parser.add_argument("traces", nargs="+", metavar="TRACE")
    args = parser.parse_args(argv)
    # Every row is computed before the table is printed: a bad trace leaves no half table on stdout.
    try:
        recorded = recorded_waits(args.log)
        rows = []
        for path in args.traces:
            trace = load_trace(path)
            try:
                result = compare_waits(trace.local_jobs, recorded)
            except TraceFormatError as error:
                raise TraceFormatError(f"{path} against {args.log}: {error}") from error
            rows.append(f"| {Path(path).name} | {trace.attrs.get('experiment', '')} | {result.jobs} | "
                        f"{result.simulated_mean:.1f} | {result.simulated_median:.1f} | {result.recorded_mean:.1f} | "
                        f"{result.recorded_median:.1f} |")
    except TraceFormatError as error:
        print(f"replay_waits.py: {error}", file=sys.stderr)
        return 2
    print("| trace | experiment | jobs | simulated mean (s) | simulated median (s) "
          "| recorded mean (s) | recorded median (s) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
