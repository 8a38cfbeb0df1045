"""A sweep file expanded into points (one combination of axis values each) and runs (a point at one seed).

A point's id is a hash of its resolved settings (the experiment file, relative to the sweep file, and every
key path with its value), so it does not depend on the order of the axes, of the values or of the keys in the
file, and a point keeps its id, hence its outputs, when other values are added to an axis. A run's trace is at
OUTPUT/points/<id>/<point name>_seed<S>.h5.
"""

import hashlib
import itertools
import json
import os
from dataclasses import dataclass
from pathlib import Path

import yaml

from .errors import invalid
from .sweep_file import EXPERIMENT_KEY

ID_LENGTH = 12  # hex digits of the sha256: collisions are out of reach for any sweep size


@dataclass(frozen=True)
class Point:
    id: str
    name: str
    experiment: Path         # absolute
    settings: tuple          # ((key path, value), ...) sorted by key: the axes' and the fixed ones
    coordinates: tuple       # ((axis name, label), ...) in axis order
    values: tuple            # ((axis name, value), ...) in axis order; the experiment axis gives the file

    def directory(self, output: Path) -> Path:
        return output / "points" / self.id


@dataclass(frozen=True)
class Run:
    point: Point
    seed: int
    trace: Path              # absolute

    @property
    def key(self) -> str:
        return f"{self.point.id}/{self.seed}"

    @property
    def label(self) -> str:
        return f"{self.point.name} seed {self.seed}"


def render(value) -> str:
    """A value as simulate's --set parses it (YAML flow style): 120, cf, [fs0, fs3], {dist: choice, ...}."""
    if isinstance(value, str):
        # A text that YAML would read as something else (a number, true, a list) is quoted.
        return value if yaml.safe_load(value) == value and "\n" not in value else json.dumps(value)
    text = yaml.safe_dump(value, default_flow_style=True, width=1 << 30, sort_keys=False).strip()
    return text[:-4].strip() if text.endswith("\n...") else text


def point_id(sweep_path: Path, experiment: Path, settings) -> str:
    """sha256 over the experiment (relative to the sweep file's folder) and the sorted settings."""
    relative = os.path.relpath(experiment, sweep_path.resolve().parent)
    canonical = json.dumps({"experiment": relative, "settings": [[k, v] for k, v in settings]},
                           sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()[:ID_LENGTH]


def points(sweep) -> list:
    """Every point of the sweep, in the order of the file: the first axis varies slowest."""
    combinations = itertools.product(*[range(len(group[0].values)) for group in sweep.groups])
    result = []
    names = {}
    for indices in combinations:
        chosen = [(axis, index) for group, index in zip(sweep.groups, indices) for axis in group]
        experiment = sweep.experiment
        settings = dict(sweep.fixed)
        for axis, index in chosen:
            if axis.key == EXPERIMENT_KEY:
                experiment = Path(axis.values[index])
            else:
                settings[axis.key] = axis.values[index]
        ordered = tuple(sorted(settings.items()))
        coordinates = tuple((axis.name, axis.labels[index]) for axis, index in chosen)
        name = sweep.point_name.format(**dict(coordinates))
        if name in names:
            invalid("point_name", sweep.point_name, sweep.path, None,
                    f"two points get the name '{name}' ({names[name]} and {dict(coordinates)}): "
                    "add a placeholder for every axis")
        names[name] = dict(coordinates)
        result.append(Point(point_id(sweep.path, experiment, ordered), name, experiment, ordered, coordinates,
                            tuple((axis.name, axis.values[index]) for axis, index in chosen)))
    return result


def run_of(point: Point, seed: int, output: Path) -> Run:
    return Run(point, seed, (point.directory(output) / f"{point.name}_seed{seed}.h5").resolve())


def command(run: Run, simulate) -> list:
    """simulate --config BASE --set key=value ... --seed S --output PATH --quiet"""
    line = [str(simulate), "--config", str(run.point.experiment)]
    for key, value in run.point.settings:
        line += ["--set", f"{key}={render(value)}"]
    return line + ["--seed", str(run.seed), "--output", str(run.trace), "--quiet"]
