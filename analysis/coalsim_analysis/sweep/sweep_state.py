"""A sweep's state, read from its output folder: its points, the runs each needs now, and how each run stands."""

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path

from . import outputs
from ..paths import REPO
from .plan import command, points, run_of
from .replications import plan_seeds
from .run_metrics import metrics_of
from .runner import Task

MANIFEST = "sweep.json"


@dataclass
class PointState:
    point: object
    runs: list               # Run objects needed now
    states: dict             # run seed -> outputs.RunState
    seed_plan: object        # replications.SeedPlan


class SweepState:
    def __init__(self, sweep, output: Path, live_slurm_jobs=None):
        self.sweep = sweep
        self.output = output
        self.points = []
        for point in points(sweep):
            def complete(seed, point=point):
                return run_of(point, seed, output).trace.exists()

            def value(seed, point=point):
                metric = sweep.replications.precision.metric
                return metrics_of(run_of(point, seed, output).trace).get(metric, math.nan)

            seed_plan = plan_seeds(sweep.replications, complete, value)
            runs = [run_of(point, seed, output) for seed in seed_plan.seeds]
            states = {run.seed: outputs.state_of(run.trace, live_slurm_jobs) for run in runs}
            self.points.append(PointState(point, runs, states, seed_plan))

    def runs(self, *wanted):
        """(run, state) pairs of the runs needed now, whose state is one of `wanted` (all when none given)."""
        return [(run, p.states[run.seed]) for p in self.points for run in p.runs
                if not wanted or p.states[run.seed].state in wanted]

    def counts(self) -> dict:
        counts = {s: 0 for s in (outputs.COMPLETE, outputs.FAILED, outputs.RUNNING, outputs.MISSING)}
        for _, state in self.runs():
            counts[state.state] += 1
        return counts

    @property
    def settled(self) -> bool:
        """Every point's seeds are decided and complete: nothing left to run."""
        return all(p.seed_plan.settled for p in self.points) and not self.runs(
            outputs.FAILED, outputs.RUNNING, outputs.MISSING)


def task_of(run, simulate, sweep) -> Task:
    """A run as a self-contained task. simulate runs in the sweep file's folder, so relative paths in --set
    values mean the same thing wherever the sweep is started from."""
    return Task(run.point.id, run.point.name, run.seed, str(run.trace), tuple(command(run, simulate)),
                str(sweep.path.resolve().parent))


def write_manifest(sweep, output: Path):
    """OUTPUT/sweep.json: the sweep file and every point (id, name, axis labels, settings), for a reader of
    the output folder who does not have the sweep file at hand."""
    output.mkdir(parents=True, exist_ok=True)
    manifest = {"sweep": sweep.name, "file": str(sweep.path.resolve()),
                "axes": [{"name": a.name, "key": a.key, "labels": a.labels} for a in sweep.axes],
                "points": [{"id": p.id, "name": p.name, "coordinates": dict(p.coordinates),
                            "experiment": str(p.experiment), "settings": dict(p.settings)} for p in points(sweep)]}
    outputs.write_atomically(output / MANIFEST, json.dumps(manifest, indent=1, default=str) + "\n")


def default_simulate() -> Path:
    """$COALSIM_SIMULATE; else the checkout's build/simulate; installed (cmake --install: the package in
    <prefix>/share/coalsim/python, REPO is <prefix>/share/coalsim), <prefix>/bin/simulate."""
    installed = REPO.parent.name == "share" and REPO.name == "coalsim"
    default = REPO.parent.parent / "bin" / "simulate" if installed else REPO / "build" / "simulate"
    return Path(os.environ.get("COALSIM_SIMULATE", default))
