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
from coalsim_analysis.output import StagedOutput  # noqa: E402
from coalsim_analysis.trace import TraceFormatError, load_trace  # noqa: E402

EXPERIMENTS = ("exp1", "exp2", "exp3", "exp4", "exp5")


def published_values(reference_path):
    """{experiment: {metric: published value}} for EXPERIMENTS; ReferenceError when one of them or one of the
    table's columns is missing (the table and the targets need them)."""
    reference = load_reference(reference_path)
    out = {}
    for experiment in reference.experiments:
        if experiment.name in EXPERIMENTS:
            out[experiment.name] = {p.metric: p.value for p in experiment.published}
    for name in EXPERIMENTS:
        if name not in out:
            raise ReferenceError(f"{reference_path}: experiments: no experiment named '{name}'")
        missing = [c for c in dcs.COLUMNS if c not in out[name]]
        if missing:
            raise ReferenceError(f"{reference_path}: experiment '{name}': published: missing {', '.join(missing)}")
    return out


def positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


class RunFailed(Exception):
    """A simulate run failed or wrote no readable trace; the message says which."""


def run_experiments(args, stage):
    """Runs every experiment and seed into the staging folder; returns {experiment: aggregated metrics}."""
    simulated = {}
    for name in EXPERIMENTS:
        config = REPO / "workloads" / "experiments" / f"dcs-{name}.yaml"
        runs = []
        for seed in range(1, args.seeds + 1):
            trace_path = stage / f"dcs_{name}_seed{seed}.h5"
            command = [args.simulate, "-c", str(config), "--seed", str(seed), "-o", str(trace_path), "-q"]
            try:
                result = subprocess.run(command, capture_output=True, text=True)
            except OSError as error:
                raise RunFailed(f"cannot run {args.simulate} ({error.strerror or error})") from error
            if result.returncode != 0:
                raise RunFailed(f"{' '.join(command)} failed:\n{result.stderr}")
            try:
                trace = load_trace(trace_path)
            except TraceFormatError as error:
                raise RunFailed(f"{' '.join(command)} wrote no valid trace: {error}") from error
            runs.append(dcs.run_metrics(trace))
            if seed == 1:
                fig = dcs.utilization_figure(trace, f"DCS {name} (seed 1): {config.name}")
                fig.savefig(stage / f"utilization_dcs_{name}.png", dpi=120)
                matplotlib.pyplot.close(fig)
        simulated[name] = dcs.aggregate(runs)
    return simulated


def main(argv=None):
    parser = argparse.ArgumentParser(description="Run the DCS experiments and compare with the thesis.")
    # a str, not a Path: Path('./simulate') is 'simulate', which subprocess would look up on PATH
    parser.add_argument("--simulate", default=str(REPO / "build" / "simulate"))
    parser.add_argument("--seeds", type=positive, default=20, help="replications per experiment (seeds 1..N)")
    parser.add_argument("--out", type=Path, default=Path("dcs-results"), help="folder for traces and figures")
    parser.add_argument("--reference", type=Path, default=ANALYSIS / "references" / "dcs.yaml")
    args = parser.parse_args(argv)
    try:
        published = published_values(args.reference)
    except ReferenceError as error:
        print(f"dcs_experiments.py: {error}", file=sys.stderr)
        return 2
    # Traces and figures go to --out only once every run succeeded: a failed run leaves none of them.
    try:
        with StagedOutput(args.out) as stage:
            simulated = run_experiments(args, stage.path)
            stage.commit()
    except RunFailed as error:
        print(f"dcs_experiments.py: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"dcs_experiments.py: {args.out}: cannot write there ({error.strerror or error})", file=sys.stderr)
        return 2
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
