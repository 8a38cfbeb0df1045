"""Gantt chart of a coalsim trace: which cores of which cluster ran what (docs/analysis.md#gantt-charts).

  gantt.py TRACE [--compare TRACE_B] [--out FILE] [--window T0 T1] [--clusters fs0,fs1] [--hosts 0-3] [--highlight JOB]
           [--color job|user|clusters|placement|wait] [--raster auto|always|never] [--title NAME] [--check]

Times of --window are seconds, or a number with the unit s, min, h or d (`2h`). --check only checks the trace's
core intervals (no core held by two jobs at once, each component holding its processors): exit 1 when wrong.
"""

import argparse
import os
import re
import sys
import time
from pathlib import Path

from coalsim_analysis import TraceFormatError, load_trace
from coalsim_analysis.figures.common import METADATA
from coalsim_analysis.figures.gantt import COLOR_SCHEMES, SAVE_DPI, GanttOptions, gantt_figure
from coalsim_analysis.schedule import check_schedule, load_schedule

UNITS = {"": 1.0, "s": 1.0, "min": 60.0, "h": 3600.0, "d": 86400.0}
FORMATS = ("png", "pdf", "svg")


def peak_memory_mb() -> float:
    """This process's peak resident memory (VmHWM: unlike getrusage's maxrss, not inherited from a parent that
    forked it); NaN where /proc is not there."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def seconds(value: str) -> float:
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(s|min|h|d)?\s*", value)
    if not match:
        raise argparse.ArgumentTypeError(f"invalid time '{value}': a number of seconds, or with s, min, h or d")
    return float(match.group(1)) * UNITS[match.group(2) or ""]


def host_range(value: str):
    match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", value)
    if not match or (match.group(2) and int(match.group(2)) < int(match.group(1))):
        raise argparse.ArgumentTypeError(f"invalid host range '{value}': FIRST-LAST host indices, or one index")
    return int(match.group(1)), int(match.group(2) or match.group(1))


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Draw the schedule of a coalsim trace as a Gantt chart.")
    parser.add_argument("trace", metavar="TRACE", help="HDF5 trace written by simulate (with /allocations)")
    parser.add_argument("--compare", metavar="TRACE_B", help="a second trace (same workload, another policy), "
                        "drawn below the first on the same time axis")
    parser.add_argument("--out", type=Path, help="output file (default gantt_<stem>.png; the suffix gives the "
                        f"format among {', '.join(FORMATS)})")
    parser.add_argument("--window", nargs=2, type=seconds, metavar=("T0", "T1"), help="time window")
    parser.add_argument("--clusters", help="comma-separated cluster names (default: all, or the 16 busiest of a grid of more)")
    parser.add_argument("--hosts", type=host_range, metavar="FIRST-LAST",
                        help="show only these hosts (indices in each cluster, e.g. 0-3 or 5)")
    parser.add_argument("--highlight", type=int, metavar="JOB", help="grid job id to outline and join across panels")
    parser.add_argument("--color", default="job", choices=COLOR_SCHEMES, help="colour of grid components (default job)")
    parser.add_argument("--raster", default="auto", choices=("auto", "always", "never"),
                        help="paint rectangles as an image (auto: panels of many rectangles)")
    parser.add_argument("--title", help="what the title names (default: the traces and policies)")
    parser.add_argument("--width", type=float, default=14.0, help="figure width in inches (default 14)")
    parser.add_argument("--check", action="store_true", help="check the core intervals instead of drawing")
    parser.add_argument("--timing", action="store_true", help="print the time spent reading and drawing")
    args = parser.parse_args(argv)
    if args.window and not args.window[0] < args.window[1]:
        parser.error(f"invalid --window '{args.window[0]:g} {args.window[1]:g}': T0 must be before T1")
    args.clusters = [c.strip() for c in args.clusters.split(",") if c.strip()] if args.clusters else None
    if args.out and args.out.suffix.lstrip(".") not in FORMATS:
        parser.error(f"invalid --out '{args.out}': the suffix must be one of {', '.join('.' + f for f in FORMATS)}")
    return args


def main(argv=None):
    args = parse_args(argv)
    started = time.perf_counter()
    try:
        traces = [load_trace(args.trace)] + ([load_trace(args.compare)] if args.compare else [])
        if args.check:
            problems = []
            for trace in traces:
                problems += [f"{trace.path}: {p}" for p in check_schedule(trace, load_schedule(trace))]
            for problem in problems:
                print(problem)
            if not problems:
                print("core intervals consistent: no core held by two jobs at once, every component holds its "
                      "processors")
            return 1 if problems else 0
        options = GanttOptions(window=args.window, clusters=args.clusters, highlight=args.highlight,
                               color=args.color, raster=args.raster, title=args.title, width=args.width,
                               hosts=args.hosts)
        fig, notes = gantt_figure(traces, options)
    except TraceFormatError as error:
        print(f"gantt.py: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"gantt.py: {error}", file=sys.stderr)
        return 2
    drawn = time.perf_counter()
    for note in notes:
        print(f"note: {note}")
    out = args.out or Path(f"gantt_{traces[0].path.stem}.png")
    fmt = out.suffix.lstrip(".")
    staging = out.with_name(f".{out.name}.tmp-{os.getpid()}")  # renamed only once written: never half a file
    try:
        fig.savefig(staging, format=fmt, dpi=SAVE_DPI, bbox_inches="tight", metadata=METADATA.get(fmt))
        os.replace(staging, out)
    except OSError as error:
        staging.unlink(missing_ok=True)
        print(f"gantt.py: {out}: cannot write the figure there ({error.strerror or error})", file=sys.stderr)
        return 2
    if args.timing:
        saved = time.perf_counter() - drawn
        print(f"timing: read and built {drawn - started:.2f} s, rendered and saved {saved:.2f} s, "
              f"CPU {time.process_time():.2f} s, peak memory {peak_memory_mb():.0f} MB")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
