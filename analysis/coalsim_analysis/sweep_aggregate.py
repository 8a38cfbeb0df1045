"""Reads a sweep's aggregate (OUTPUT/aggregate.h5, written by `sweep aggregate`; layout in docs/sweeps.md):
per point, each metric's n, mean and 95% confidence interval, and each run's value."""

from dataclasses import dataclass, field
from pathlib import Path

import h5py


class AggregateError(Exception):
    """The aggregate is missing or not in the documented layout; the message names the file."""


@dataclass(frozen=True)
class Estimate:
    n: int
    mean: float
    low: float     # 95% CI; NaN with fewer than two runs
    high: float


@dataclass
class SweepPoint:
    name: str
    source: Path
    estimates: dict = field(default_factory=dict)   # metric -> Estimate
    runs: dict = field(default_factory=dict)        # seed -> {metric: value}


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def load_aggregate(path) -> dict:
    """{point name: SweepPoint} of one sweep; path is the sweep's output folder or its aggregate.h5."""
    path = Path(path)
    if path.is_dir():
        path = path / "aggregate.h5"
    try:
        with h5py.File(path, "r") as f:
            for name in ("points", "stats", "runs"):
                if name not in f:
                    raise AggregateError(f"{path}: no /{name} (not a sweep aggregate; run `sweep aggregate`)")
            points = {}
            for row in f["points"][()]:
                points[_text(row["id"])] = SweepPoint(_text(row["name"]), path)
            for row in f["stats"][()]:
                point = points.get(_text(row["point"]))
                if point is None:
                    raise AggregateError(f"{path}: /stats names point {_text(row['point'])}, which /points lacks")
                point.estimates[_text(row["metric"])] = Estimate(int(row["n"]), float(row["mean"]),
                                                                 float(row["ci_low"]), float(row["ci_high"]))
            for row in f["runs"][()]:
                point = points.get(_text(row["point"]))
                if point is not None:
                    point.runs.setdefault(int(row["seed"]), {})[_text(row["metric"])] = float(row["value"])
    except FileNotFoundError as error:
        raise AggregateError(f"{path}: no such file (run `sweep aggregate` first)") from error
    except (OSError, KeyError, ValueError) as error:
        raise AggregateError(f"{path}: not a readable sweep aggregate ({error})") from error
    return {p.name: p for p in points.values()}


def load_aggregates(paths) -> dict:
    """The points of several sweeps, by name; a name in two of them is an error (which would a claim mean?)."""
    merged = {}
    for path in paths:
        for name, point in load_aggregate(path).items():
            if name in merged:
                raise AggregateError(f"{point.source}: point '{name}' is also in {merged[name].source}")
            merged[name] = point
    return merged
