"""Runs the five DCS experiments (workloads/experiments/dcs-exp1..5.yaml) with several seeds, prints the
simulated table beside the published one (analysis/references/dcs.yaml) and the targets of issue 5, and
writes the five utilization figures (DCS load, others' load, total; thesis figs 6.2-6.6) of seed 1.

  analysis/dcs_experiments.py [--simulate build/simulate] [--seeds 20] [--out dcs-results]
  analysis/dcs_experiments.py --sweep sweeps/dcs [--out dcs-results]   # the traces of workloads/sweeps/dcs.yaml

With --sweep, nothing is run: the traces are those of a sweep's output folder (tools/sweep run
workloads/sweeps/dcs.yaml; every seed found is used) and --out receives only the figures.

Exit status: 0 done (whether or not the targets hold), 2 when simulate fails or the reference is invalid.
"""

import argparse
import subprocess
import sys
from pathlib import Path

from coalsim_analysis.paths import ANALYSIS, REPO

import matplotlib

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


def sweep_traces(folder, name):
    """{seed: trace} of one experiment in a sweep's output folder (points/<id>/dcs_<name>_seed<S>.h5)."""
    found = {}
    for path in Path(folder).glob(f"points/*/dcs_{name}_seed*.h5"):
        seed = path.stem.rsplit("_seed", 1)[1]
        if seed.isdigit():
            found[int(seed)] = path
    if not found:
        raise RunFailed(f"{folder}: no trace of {name} (points/*/dcs_{name}_seed*.h5); run the sweep "
                        "workloads/sweeps/dcs.yaml first")
    return dict(sorted(found.items()))


def run_experiments(args, stage):
    """Runs every experiment and seed into the staging folder (or reads a sweep's traces); returns
    {experiment: aggregated metrics}."""
    simulated = {}
    for name in EXPERIMENTS:
        config = REPO / "workloads" / "experiments" / f"dcs-{name}.yaml"
        runs = []
        existing = sweep_traces(args.sweep, name) if args.sweep else None
        for seed in (existing or range(1, args.seeds + 1)):
            if existing:
                try:
                    trace = load_trace(existing[seed])
                except TraceFormatError as error:
                    raise RunFailed(str(error)) from error
                runs.append(dcs.run_metrics(trace))
                if seed == 1:
                    fig = dcs.utilization_figure(trace, f"DCS {name} (seed 1): {config.name}")
                    fig.savefig(stage / f"utilization_dcs_{name}.png", dpi=120)
                    matplotlib.pyplot.close(fig)
                continue
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
    parser.add_argument("--sweep", type=Path, help="read the traces of this sweep output folder instead of running")
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
    replications = min(s["replications"] for s in simulated.values())
    print(f"DCS experiments: {replications} replications each (seeds 1-{replications}); simulated values are means over")
    print("them, [min-max] of the per-run mean response and of the largest number of DCS jobs at once.\n")
    print(dcs.table(simulated, published))
    print("\nTargets (issue 5):")
    for description, passed, detail in dcs.targets(simulated, published):
        print(f"  {'PASS' if passed else 'FAIL'}  {description}: {detail}")
    failures = sum(s["failures"] for s in simulated.values())
    print(f"\nSubmission/completion failures per run, mean over all runs: {failures / len(simulated):.2f}"
          " (the thesis saw none)")
    traces = f"{args.sweep}/points/*/dcs_exp*_seed*.h5" if args.sweep else f"{args.out}/dcs_exp*_seed*.h5"
    print(f"Figures: {args.out}/utilization_dcs_exp1.png ... exp5.png; traces: {traces}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
