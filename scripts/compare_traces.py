#!/usr/bin/python3
"""Compares two coalsim HDF5 traces dataset by dataset: same datasets, same dtypes, same shapes, same
bytes; and the same file attributes. A restructuring must leave every trace's data unchanged.

Usage: compare_traces.py [--allow-added] OLD.h5 NEW.h5
exit 0 when identical, 1 with the differences listed, 2 on bad input. With --allow-added, datasets and table
fields only the new trace has are listed but not differences (a change that adds to the trace): the datasets and
fields both have must still be identical.
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


def common_fields(x, y):
    """The values of the fields two tables share, in the old one's order, as bytes."""
    names = [n for n in x.dtype.names if n in y.dtype.names]
    return b"".join(np.ascontiguousarray(x[()][n]).tobytes() for n in names), \
        b"".join(np.ascontiguousarray(y[()][n]).tobytes() for n in names), names


def differences(old_path, new_path, allow_added=False, added=None):
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
                if allow_added and path in b and added is not None:
                    added.append(f"{path}: only in new")
                else:
                    found.append(f"{path}: only in {'new' if path in b else 'old'}")
                continue
            x, y = a[path], b[path]
            if allow_added and x.dtype != y.dtype and x.dtype.names and y.dtype.names and \
                    set(x.dtype.names) < set(y.dtype.names) and x.shape == y.shape:
                old_bytes, new_bytes, names = common_fields(x, y)
                if added is not None:
                    added.append(f"{path}: new fields {', '.join(n for n in y.dtype.names if n not in names)}")
                if old_bytes != new_bytes or any(x.dtype[n] != y.dtype[n] for n in names):
                    found.append(f"{path}: data of the common fields differ")
                if attributes(x) != attributes(y):
                    found.append(f"{path}: attributes differ")
                continue
            if x.dtype != y.dtype or x.shape != y.shape:
                found.append(f"{path}: {x.dtype}{x.shape} != {y.dtype}{y.shape}")
                continue
            if x[()].tobytes() != y[()].tobytes():
                found.append(f"{path}: data differ")
            if attributes(x) != attributes(y):
                found.append(f"{path}: attributes differ")
    return found


def main(argv):
    allow_added = "--allow-added" in argv[1:]
    paths = [a for a in argv[1:] if a != "--allow-added"]
    if len(paths) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    added = []
    try:
        found = differences(paths[0], paths[1], allow_added, added)
    except OSError as e:
        print(f"compare_traces.py: {e}", file=sys.stderr)
        return 2
    for line in added:
        print(f"{paths[1]}: added: {line}")
    for line in found:
        print(f"{paths[1]}: {line}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
