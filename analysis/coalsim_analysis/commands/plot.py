"""Figures from coalsim traces.

  plot.py TRACE [TRACE...] --out DIR [--format png,pdf] [--title NAME] [--only KIND,...]

Several traces give one figure comparing them (bars or lines per trace), except the utilization
over time, drawn once per trace. Kinds: see --help.
"""

import argparse
import sys
from pathlib import Path


from coalsim_analysis import TraceFormatError, load_trace
from coalsim_analysis.figures import FIGURE_KINDS, Skipped, save
from coalsim_analysis.output import StagedOutput

FORMATS = ("png", "pdf", "svg")


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Draw the figures of one or more coalsim traces.")
    parser.add_argument("traces", nargs="+", metavar="TRACE", help="HDF5 trace written by simulate")
    parser.add_argument("--out", required=True, type=Path, help="output directory (created if needed)")
    parser.add_argument("--format", default="png", help=f"comma-separated, among {','.join(FORMATS)} (default png)")
    parser.add_argument("--title", help="experiment name for the titles (default: the file stems)")
    parser.add_argument("--only", help=f"comma-separated figure kinds among {','.join(FIGURE_KINDS)}")
    args = parser.parse_args(argv)
    args.format = [f.strip() for f in args.format.split(",") if f.strip()]
    bad = [f for f in args.format if f not in FORMATS]
    if bad or not args.format:
        parser.error(f"invalid --format '{','.join(bad)}': valid values are {', '.join(FORMATS)}")
    args.only = [k.strip() for k in args.only.split(",")] if args.only else list(FIGURE_KINDS)
    bad = [k for k in args.only if k not in FIGURE_KINDS]
    if bad:
        parser.error(f"invalid --only '{','.join(bad)}': valid values are {', '.join(FIGURE_KINDS)}")
    return args


def same_stems(traces) -> str | None:
    """Why these traces cannot be drawn together: two with one file stem would write one figure file for both."""
    seen = {}
    for trace in traces:
        if trace.name in seen:
            return (f"traces {seen[trace.name]} and {trace.path} have the same file name '{trace.name}', which names "
                    "their figures and legend entries; rename or copy one")
        seen[trace.name] = trace.path
    return None


def main(argv=None):
    args = parse_args(argv)
    try:
        traces = [load_trace(path) for path in args.traces]
    except TraceFormatError as error:
        print(f"plot.py: {error}", file=sys.stderr)
        return 2
    clash = same_stems(traces)
    if clash:
        print(f"plot.py: {clash}", file=sys.stderr)
        return 2
    # All figures are drawn before any is moved into --out: a failure leaves none of this run's files there.
    try:
        with StagedOutput(args.out) as stage:
            for kind in args.only:
                try:
                    figures = FIGURE_KINDS[kind](traces, args.title)
                except Skipped as reason:
                    print(f"skipped {kind}: {reason}")
                    continue
                for stem, figure in figures:
                    save(figure, stage.path, stem, args.format)
            written = stage.commit()
    except OSError as error:
        print(f"plot.py: {args.out}: cannot write the figures there ({error.strerror or error})", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
