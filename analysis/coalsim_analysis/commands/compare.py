"""Simulated vs published values and qualitative claims.

  compare.py --reference REF.yaml [TRACE...] [--strict]
  compare.py --reference REF.yaml --sweep SWEEP_OUTPUT [SWEEP_OUTPUT...] [--strict]

Prints a Markdown table (simulated, published, deviation in %) and each claim as PASS or FAIL. With --sweep,
the values are a sweep aggregate's means with their 95% confidence intervals, and each claim says whether its
verdict is significant (not when the intervals of what it compares overlap) and, when not, about how many
seeds per experiment would settle it (projected from the present means and standard deviations).
The reference file format is described in coalsim_analysis/reference.py and docs/analysis.md.
Exit status: 0 done; 1 with --strict when a value is out of tolerance or has no data, or a claim
fails; 2 when the reference file or a trace is invalid.
"""

import argparse
import sys
from pathlib import Path


from coalsim_analysis import TraceFormatError
from coalsim_analysis.comparison import any_failure, compare, compare_sweep, markdown
from coalsim_analysis.sweep_aggregate import AggregateError, load_aggregates
from coalsim_analysis.reference import ReferenceError, load_reference


def main(argv=None):
    parser = argparse.ArgumentParser(description="Compare simulated traces with published values.")
    parser.add_argument("--reference", required=True, type=Path, help="reference YAML file")
    parser.add_argument("traces", nargs="*", metavar="TRACE",
                        help="traces; without any, each experiment's trace pattern is globbed next to REF")
    parser.add_argument("--sweep", nargs="+", type=Path, metavar="SWEEP_OUTPUT",
                        help="sweep output folders (or their aggregate.h5): compare their points, matched to the "
                             "experiments by trace pattern or name, with 95%% confidence intervals")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when any value is out of tolerance or missing, or any claim fails")
    args = parser.parse_args(argv)
    try:
        reference = load_reference(args.reference)
        if args.sweep and args.traces:
            parser.error("give traces or --sweep, not both")
        if args.sweep:
            rows, results, matched, void = compare_sweep(reference, load_aggregates(args.sweep))
        else:
            rows, results, matched, void = compare(reference, args.traces)
    except (ReferenceError, TraceFormatError, AggregateError) as error:
        print(f"compare.py: {error}", file=sys.stderr)
        return 2
    print(markdown(reference, rows, results, matched, args.traces, void))
    return 1 if args.strict and any_failure(rows, results, matched) else 0


if __name__ == "__main__":
    sys.exit(main())
