#!/usr/bin/python3
"""Compares two coalsim HDF5 traces dataset by dataset: same datasets, same dtypes, same shapes, same
bytes; and the same file attributes. A restructuring must leave every trace's data unchanged.

Usage: compare_traces.py OLD.h5 NEW.h5     exit 0 when identical, 1 with the differences listed, 2 on bad input.
"""
import sys

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


def differences(old_path, new_path):
    found = []
    with h5py.File(old_path, "r") as old, h5py.File(new_path, "r") as new:
        if attributes(old) != attributes(new):
            keys = sorted(set(old.attrs) | set(new.attrs))
            for k in keys:
                a, b = old.attrs.get(k), new.attrs.get(k)
                if not (a is not None and b is not None and np.array_equal(np.asarray(a), np.asarray(b))):
                    found.append(f"attribute {k}: {a!r} != {b!r}")
        a, b = items(old), items(new)
        for path in sorted(set(a) | set(b)):
            if path not in a or path not in b:
                found.append(f"{path}: only in {'new' if path in b else 'old'}")
                continue
            x, y = a[path], b[path]
            if x.dtype != y.dtype or x.shape != y.shape:
                found.append(f"{path}: {x.dtype}{x.shape} != {y.dtype}{y.shape}")
                continue
            if x[()].tobytes() != y[()].tobytes():
                found.append(f"{path}: data differ")
            if attributes(x) != attributes(y):
                found.append(f"{path}: attributes differ")
    return found


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        found = differences(argv[1], argv[2])
    except OSError as e:
        print(f"compare_traces.py: {e}", file=sys.stderr)
        return 2
    for line in found:
        print(f"{argv[2]}: {line}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
