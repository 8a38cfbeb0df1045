#!/usr/bin/python3
"""Compares two coalsim HDF5 traces dataset by dataset: same datasets, same dtypes, same shapes, same
bytes; and the same file attributes. A restructuring must leave every trace's data unchanged.

With --allow-added, a change that adds to the trace passes too: a dataset only in NEW, a table field only in NEW, or
a root attribute only in NEW, is listed as added, and every field both have must hold the same values (bytes) in the same rows.

With --other-policy, the file attributes that name the policy and its parameters (`policy`, `config`) are left
out: one schedule from two policies, such as wf and its Python twin (examples/policies/worst_fit.py).

With --explain, for a change meant to move results: a table whose rows are all still there in another order says so
("the same rows in another order"), and the headline metrics that moved are listed old -> new (the analysis
package's compute_metrics: response, wait and placement times, utilization, the end, failures, messages, energy).

Usage: compare_traces.py [--allow-added] [--other-policy] [--explain] OLD.h5 NEW.h5
Exit 0 when identical (or only added to), 1 with the differences listed, 2 on bad input.
"""
import importlib.util
import math
import sys
from pathlib import Path

import h5py
import numpy as np


def items(group, prefix=""):
    """Every dataset of the file by path, depth first."""
    out = {}
    for name, obj in group.items():
        path = f"{prefix}/{name}"
        if isinstance(obj, h5py.Dataset):
            out[path] = obj
        else:
            out.update(items(obj, path))
    return out


def attributes(obj):
    return {k: (v.tobytes() if isinstance(v, np.ndarray) else v) for k, v in obj.attrs.items()}


def same_common_fields(x, y):
    """Fields only in `y` are additions; the others must match. None when the dtypes cannot be compared so."""
    if x.dtype.names is None or y.dtype.names is None or x.shape != y.shape:
        return None
    missing = [f for f in x.dtype.names if f not in y.dtype.names]
    if missing:
        return None
    a, b = x[()], y[()]
    changed = [f for f in x.dtype.names if x.dtype[f] != y.dtype[f] or a[f].tobytes() != b[f].tobytes()]
    added = [f for f in y.dtype.names if f not in x.dtype.names]
    return changed, added


POLICY_ATTRIBUTES = ("policy", "config")


def reordered_only(x, y):
    """Whether table `y` holds exactly the rows of `x`, in another order."""
    if x.dtype != y.dtype or x.shape != y.shape or x.dtype.names is None or x.ndim != 1:
        return False
    a, b = x[()], y[()]
    return np.array_equal(np.sort(a, order=list(a.dtype.names)), np.sort(b, order=list(b.dtype.names)))


# The metrics --explain reports when they move (any of them, with a suffix per shape or priority, too).
HEADLINE = ("response_mean", "wait_mean", "placement_mean", "ftt_mean", "spread_mean", "coallocated_share",
            "failure_share", "n_completed", "n_failed", "end_time", "queue_mean", "queue_max", "util_total",
            "util_grid", "util_background", "messages_per_job", "migrations_per_job", "energy_joules")


def analysis_package():
    """The analysis package of this checkout (analysis/coalsim_analysis), loaded by its path."""
    package = Path(__file__).resolve().parent.parent / "analysis" / "coalsim_analysis"
    spec = importlib.util.spec_from_file_location("coalsim_analysis", package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["coalsim_analysis"] = module
    spec.loader.exec_module(module)
    return module


def moved_metrics(old_path, new_path):
    """The headline metrics of two traces that differ, as 'name: old -> new' lines."""
    analysis = analysis_package()
    old = analysis.compute_metrics(analysis.load_trace(old_path))
    new = analysis.compute_metrics(analysis.load_trace(new_path))
    lines = []
    for name in HEADLINE:
        a, b = old.get(name), new.get(name)
        if a is None or b is None or a == b or (isinstance(a, float) and math.isnan(a) and math.isnan(b)):
            continue
        change = f" ({(b - a) / abs(a):+.2%})" if a else ""
        lines.append(f"metric {name}: {a:.6g} -> {b:.6g}{change}")
    return lines


def differences(old_path, new_path, allow_added=False, added=None, other_policy=False, explain=False):
    found = []
    with h5py.File(old_path, "r") as old, h5py.File(new_path, "r") as new:
        if attributes(old) != attributes(new):
            keys = sorted(set(old.attrs) | set(new.attrs))
            if other_policy:
                keys = [k for k in keys if k not in POLICY_ATTRIBUTES]
            for k in keys:
                a, b = old.attrs.get(k), new.attrs.get(k)
                if allow_added and a is None and b is not None and added is not None:
                    added.append(f"attribute {k}: added")
                elif not (a is not None and b is not None and np.array_equal(np.asarray(a), np.asarray(b))):
                    found.append(f"attribute {k}: {a!r} != {b!r}")
        a, b = items(old), items(new)
        for path in sorted(set(a) | set(b)):
            if path not in a or path not in b:
                if allow_added and path in b and added is not None:
                    added.append(f"{path}: added")
                    continue
                found.append(f"{path}: only in {'new' if path in b else 'old'}")
                continue
            x, y = a[path], b[path]
            if allow_added and x.dtype != y.dtype:
                fields = same_common_fields(x, y)
                if fields is not None:
                    changed, new_fields = fields
                    found.extend(f"{path}.{f}: data differ" for f in changed)
                    if added is not None:
                        added.extend(f"{path}.{f}: added" for f in new_fields)
                    if attributes(x) != attributes(y):
                        found.append(f"{path}: attributes differ")
                    continue
            if x.dtype != y.dtype or x.shape != y.shape:
                found.append(f"{path}: {x.dtype}{x.shape} != {y.dtype}{y.shape}")
                continue
            if x[()].tobytes() != y[()].tobytes():
                order = " (the same rows in another order)" if explain and reordered_only(x, y) else ""
                found.append(f"{path}: data differ{order}")
            if attributes(x) != attributes(y):
                found.append(f"{path}: attributes differ")
    return found


def main(argv):
    allow_added = "--allow-added" in argv[1:-2]
    other_policy = "--other-policy" in argv[1:-2]
    explain = "--explain" in argv[1:-2]
    argv = [a for a in argv if a not in ("--allow-added", "--other-policy", "--explain")]
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    added = []
    try:
        found = differences(argv[1], argv[2], allow_added, added, other_policy, explain)
        if found and explain:
            found += moved_metrics(argv[1], argv[2])
    except OSError as e:
        print(f"compare_traces.py: {e}", file=sys.stderr)
        return 2
    for line in found:
        print(f"{argv[2]}: {line}")
    for line in added:
        print(f"{argv[2]}: {line}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
