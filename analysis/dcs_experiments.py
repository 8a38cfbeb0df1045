#!/usr/bin/python3
"""Runs the five DCS experiments (workloads/experiments/dcs-exp1..5.yaml) with several seeds, prints the
simulated table beside the published one (analysis/references/dcs.yaml) and the targets of issue 5, and
writes the five utilization figures (DCS load, others' load, total; thesis figs 6.2-6.6) of seed 1.

  analysis/dcs_experiments.py [--simulate build/simulate] [--seeds 20] [--out dcs-results]

Exit status: 0 done (whether or not the targets hold), 2 when simulate fails or the reference is invalid.
"""

import argparse
import subprocess
import sys
from pathlib import Path

ANALYSIS = Path(__file__).resolve().parent
REPO = ANALYSIS.parent
sys.path.insert(0, str(ANALYSIS))

import matplotlib  # noqa: E402

matplotlib.use("Agg")

from coalsim_analysis import dcs  # noqa: E402
from coalsim_analysis.reference import ReferenceError, load_reference  # noqa: E402
from coalsim_analysis.trace import load_trace  # noqa: E402

EXPERIMENTS = ("exp1", "exp2", "exp3", "exp4", "exp5")


def published_values(reference_path):
    reference = load_reference(reference_path)
    out = {}
    for experiment in reference.experiments:
        out[experiment.name] = {p.metric: p.value for p in experiment.published}
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description="Run the DCS experiments and compare with the thesis.")
    parser.add_argument("--simulate", type=Path, default=REPO / "build" / "simulate")
    parser.add_argument("--seeds", type=int, default=20, help="replications per experiment (seeds 1..N)")
    parser.add_argument("--out", type=Path, default=Path("dcs-results"), help="folder for traces and figures")
    parser.add_argument("--reference", type=Path, default=ANALYSIS / "references" / "dcs.yaml")
    args = parser.parse_args(argv)
    try:
        published = published_values(args.reference)
    except ReferenceError as error:
        print(f"dcs_experiments.py: {error}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    simulated = {}
    for name in EXPERIMENTS:
        config = REPO / "workloads" / "experiments" / f"dcs-{name}.yaml"
        runs = []
        for seed in range(1, args.seeds + 1):
            trace_path = args.out / f"dcs_{name}_seed{seed}.h5"
            command = [str(args.simulate), "-c", str(config), "--seed", str(seed), "-o", str(trace_path), "-q"]
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                print(f"dcs_experiments.py: {' '.join(command)} failed:\n{result.stderr}", file=sys.stderr)
                return 2
            trace = load_trace(trace_path)
            runs.append(dcs.run_metrics(trace))
            if seed == 1:
                fig = dcs.utilization_figure(trace, f"DCS {name} (seed 1): {config.name}")
                fig.savefig(args.out / f"utilization_dcs_{name}.png", dpi=120)
                matplotlib.pyplot.close(fig)
        simulated[name] = dcs.aggregate(runs)
    print(f"DCS experiments: {args.seeds} replications each (seeds 1-{args.seeds}); simulated values are means over")
    print("them, [min-max] of the per-run mean response and of the largest number of DCS jobs at once.\n")
    print(dcs.table(simulated, published))
    print("\nTargets (issue 5):")
    for description, passed, detail in dcs.targets(simulated, published):
        print(f"  {'PASS' if passed else 'FAIL'}  {description}: {detail}")
    failures = sum(s["failures"] for s in simulated.values())
    print(f"\nSubmission/completion failures per run, mean over all runs: {failures / len(simulated):.2f}"
          " (the thesis saw none)")
    print(f"Figures: {args.out}/utilization_dcs_exp1.png ... exp5.png; traces: {args.out}/dcs_exp*_seed*.h5")
    return 0


if __name__ == "__main__":
    sys.exit(main())
