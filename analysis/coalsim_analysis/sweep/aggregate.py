"""One table per sweep: per point and metric, n, mean, sd and the 95% Student-t confidence interval, written as
OUTPUT/aggregate.csv and OUTPUT/aggregate.h5 (layout in docs/sweeps.md). Both are written under a temporary
name and renamed into place, so a reader never sees half a table."""

import csv
import io
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path

import h5py
import numpy as np

from .run_metrics import metrics_of, select
from .statistics import CONFIDENCE, summarize

CSV_NAME, HDF5_NAME = "aggregate.csv", "aggregate.h5"
FORMAT_VERSION = 1


@dataclass
class Row:
    point: object          # plan.Point
    metric: str
    summary: object        # statistics.Summary


def collect(state) -> tuple:
    """(rows, per-run values): rows in point order then metric name; values as (point, seed, metric, value)."""
    rows, values = [], []
    for point_state in state.points:
        per_run = {}
        for run in point_state.runs:
            if run.trace.exists():
                per_run[run.seed] = select(metrics_of(run.trace), state.sweep.metrics)
        names = sorted(set().union(*per_run.values())) if per_run else []
        for metric in names:
            series = [per_run[seed].get(metric, math.nan) for seed in sorted(per_run)]
            rows.append(Row(point_state.point, metric, summarize(series)))
            values += [(point_state.point, seed, metric, per_run[seed].get(metric, math.nan)) for seed in sorted(per_run)]
    return rows, values


def _number(value) -> str:
    return "" if value is None or (isinstance(value, float) and math.isnan(value)) else repr(float(value))


def csv_text(state, rows) -> str:
    axes = [a.name for a in state.sweep.axes]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["point", "name", *axes, "metric", "n", "mean", "sd", "ci_low", "ci_high", "half_width"])
    for row in rows:
        s = row.summary
        coordinates = dict(row.point.coordinates)
        writer.writerow([row.point.id, row.point.name, *[coordinates[a] for a in axes], row.metric, s.n,
                         _number(s.mean), _number(s.sd), _number(s.low), _number(s.high), _number(s.half_width)])
    return out.getvalue()


def write_hdf5(path: Path, state, rows, values):
    text = h5py.string_dtype()
    axes = state.sweep.axes
    with h5py.File(path, "w", track_order=True) as f:
        f.attrs["format"] = FORMAT_VERSION
        f.attrs["sweep"] = state.sweep.name
        f.attrs["sweep_file"] = str(state.sweep.path.resolve())
        f.attrs["confidence"] = CONFIDENCE
        f.attrs["axes"] = json.dumps([{"name": a.name, "key": a.key, "labels": a.labels} for a in axes])
        point_type = np.dtype([("id", text), ("name", text), ("seeds", "i4")] + [(a.name, text) for a in axes])
        points = np.array([(p.point.id, p.point.name, len(p.runs), *[label for _, label in p.point.coordinates])
                           for p in state.points], dtype=point_type)
        f.create_dataset("points", data=points, track_times=False)
        stat_type = np.dtype([("point", text), ("name", text), ("metric", text), ("n", "i4"), ("mean", "f8"),
                              ("sd", "f8"), ("ci_low", "f8"), ("ci_high", "f8"), ("half_width", "f8")])
        stats = np.array([(r.point.id, r.point.name, r.metric, r.summary.n, r.summary.mean, r.summary.sd,
                           r.summary.low, r.summary.high, r.summary.half_width) for r in rows], dtype=stat_type)
        f.create_dataset("stats", data=stats, track_times=False)
        run_type = np.dtype([("point", text), ("seed", "i4"), ("metric", text), ("value", "f8")])
        runs = np.array([(p.id, seed, metric, value) for p, seed, metric, value in values], dtype=run_type)
        f.create_dataset("runs", data=runs, track_times=False)


def write(state, output: Path) -> list:
    """Writes both tables; returns their paths."""
    rows, values = collect(state)
    csv_path, h5_path = output / CSV_NAME, output / HDF5_NAME
    temporary_csv = output / f".{CSV_NAME}.{os.getpid()}.tmp"
    temporary_h5 = output / f".{HDF5_NAME}.{os.getpid()}.tmp"
    try:
        temporary_csv.write_text(csv_text(state, rows))
        write_hdf5(temporary_h5, state, rows, values)
        os.replace(temporary_csv, csv_path)
        os.replace(temporary_h5, h5_path)
    finally:
        for path in (temporary_csv, temporary_h5):
            try:
                path.unlink()
            except FileNotFoundError:
                pass
    return rows, [csv_path, h5_path]
