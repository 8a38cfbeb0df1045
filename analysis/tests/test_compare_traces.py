"""scripts/compare_traces.py --explain: a table whose rows only moved says so, and the headline metrics that moved are
listed old -> new; without --explain the lines are the restructuring check's own."""

import shutil
import subprocess
import sys

import h5py

from conftest import REPO

SCRIPT = REPO / "scripts" / "compare_traces.py"


def compare(*arguments):
    done = subprocess.run([sys.executable, str(SCRIPT), *map(str, arguments)], capture_output=True, text=True)
    return done.returncode, done.stdout.splitlines()


def test_rows_in_another_order_are_told_apart_from_values_that_moved(random_traces, tmp_path):
    original = random_traces[0]
    reordered, moved = tmp_path / "reordered.h5", tmp_path / "moved.h5"
    shutil.copy(original, reordered)
    shutil.copy(original, moved)
    with h5py.File(reordered, "r+") as h5:
        h5["jobs"][...] = h5["jobs"][()][::-1]
    with h5py.File(moved, "r+") as h5:
        jobs = h5["jobs"][()]
        jobs["wait_time"][0] += 100.0
        jobs["response_time"][0] += 100.0
        h5["jobs"][...] = jobs

    code, lines = compare("--explain", original, reordered)
    assert code == 1
    assert f"{reordered}: /jobs: data differ (the same rows in another order)" in lines

    code, lines = compare("--explain", original, moved)
    assert code == 1
    assert f"{moved}: /jobs: data differ" in lines
    moved_metrics = [line for line in lines if ": metric " in line]
    assert any(": metric wait_mean: " in line and " -> " in line for line in moved_metrics), lines
    assert any(": metric response_mean: " in line for line in moved_metrics), lines
    assert not any(": metric util_total" in line for line in moved_metrics), "an unchanged metric is not listed"

    code, lines = compare(original, reordered)  # without --explain: the plain check
    assert (code, lines) == (1, [f"{reordered}: /jobs: data differ"])
    assert compare("--explain", original, original) == (0, [])
