"""Running sweeps with the local engine and the real simulate: resume after a kill without rerunning a
complete run, an aggregate equal to a run done in one go, a failing point reported without stopping the others."""

import csv
import json
import math
import os
import signal
import subprocess
import time
from pathlib import Path

import h5py
import numpy as np
import pytest
from scipy import stats

from conftest import SIMULATE, SMALL, SWEEP, sweep, write_sweep
from coalsim_analysis import compute_metrics, load_trace

# 2 points x 8 seeds of the small experiment: about 0.3 s a run.
RESUMABLE = SMALL.replace("    values: [0.2, 0.4]\n", "    values: [0.3]\n").replace("seeds: 3", "seeds: 8")


def traces(output: Path) -> dict:
    return {p: p.stat() for p in sorted(output.glob("points/*/*.h5"))}


def log_keys(output: Path, since=0) -> list:
    lines = (output / "runs.log.jsonl").read_text().splitlines() if (output / "runs.log.jsonl").exists() else []
    return [(r["point"], r["seed"]) for r in map(json.loads, lines[since:])]


def key_of(trace: Path):
    return (trace.parent.name, int(trace.stem.rsplit("_seed", 1)[1]))


def test_a_killed_sweep_resumes_without_rerunning_a_complete_run(tmp_path, simulate):
    path = write_sweep(tmp_path, RESUMABLE)
    output = tmp_path / "resumed"
    process = subprocess.Popen(["/usr/bin/python3", str(SWEEP), "run", str(path), "--output", str(output), "-j", "2"],
                               env=dict(os.environ, COALSIM_SIMULATE=str(SIMULATE)), start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while len(traces(output)) < 5 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGKILL)  # the sweep and its simulate processes, mid-run
    process.wait()
    complete = traces(output)
    assert 5 <= len(complete) < 16, f"the kill came too late to test a resume: {len(complete)} traces"
    for trace in complete:  # each trace under its final name is whole
        assert load_trace(trace).jobs.size == 8
    removed = list(complete)[1:3]
    for trace in removed:
        trace.unlink()
    kept = {p: s for p, s in complete.items() if p not in removed}
    logged = len(log_keys(output))

    status = sweep("status", path, "--output", output)
    assert status.returncode == 1 and f"complete {len(kept)}," in status.stdout, status.stdout

    again = sweep("run", path, "--output", output, "-j", "2")
    assert again.returncode == 0, again.stderr
    rerun = log_keys(output, logged)
    assert not {key_of(p) for p in kept} & set(rerun), "a complete run was run again"
    assert sorted(rerun) == sorted({(p.name, s) for p in output.glob("points/*")
                                    for s in range(1, 9)} - {key_of(p) for p in kept})
    for trace, before in kept.items():
        after = trace.stat()
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns), trace
    assert len(traces(output)) == 16
    assert not list(output.glob("points/*/*.tmp-*")) and not list(output.glob("points/*/*.running"))

    one_go = tmp_path / "one_go"
    assert sweep("run", path, "--output", one_go, "-j", "2", "-q").returncode == 0
    for out in (output, one_go):
        result = sweep("aggregate", path, "--output", out)
        assert result.returncode == 0, result.stderr
    assert (output / "aggregate.csv").read_text() == (one_go / "aggregate.csv").read_text()
    with h5py.File(output / "aggregate.h5") as a, h5py.File(one_go / "aggregate.h5") as b:
        for name in ("points", "stats", "runs"):
            assert a[name][()].tobytes() == b[name][()].tobytes() or np.array_equal(a[name][()], b[name][()]), name


def test_sigterm_stops_the_runs_and_leaves_no_partial_output(tmp_path, simulate):
    path = write_sweep(tmp_path, RESUMABLE)
    output = tmp_path / "out"
    process = subprocess.Popen(["/usr/bin/python3", str(SWEEP), "run", str(path), "--output", str(output), "-j", "2"],
                               env=dict(os.environ, COALSIM_SIMULATE=str(SIMULATE)),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while len(traces(output)) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert "interrupted" in stderr
    assert not list(output.glob("points/*/*.tmp-*")), "simulate left a temporary file"
    assert not list(output.glob("points/*/*.running")), "a marker outlived its run"


def test_the_aggregate_is_the_hand_computed_statistics_of_the_traces(tmp_path, simulate):
    path = write_sweep(tmp_path, SMALL)
    output = tmp_path / "out"
    assert sweep("run", path, "--output", output, "-q").returncode == 0
    result = sweep("aggregate", path, "--output", output, "--figure", "response_mean:load:policy")
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader((output / "aggregate.csv").open()))
    assert {r["metric"] for r in rows} == {"response_mean", "wait_mean", "n_completed", "util_grid",
                                            "util_grid_peak"} | {r["metric"] for r in rows if r["metric"].startswith("util_grid_")}
    assert len({r["point"] for r in rows}) == 4
    for row in rows:
        if row["metric"] not in ("response_mean", "wait_mean"):
            continue
        values = [compute_metrics(load_trace(t))[row["metric"]]
                  for t in sorted((output / "points" / row["point"]).glob("*_seed*.h5"))]
        mean, sd = float(np.mean(values)), float(np.std(values, ddof=1))
        half = stats.t.ppf(0.975, len(values) - 1) * sd / math.sqrt(len(values))
        assert int(row["n"]) == len(values) == 3
        assert float(row["mean"]) == pytest.approx(mean, rel=1e-12)
        assert float(row["sd"]) == pytest.approx(sd, rel=1e-12)
        assert (float(row["ci_low"]), float(row["ci_high"])) == pytest.approx((mean - half, mean + half), rel=1e-12)
        assert row["name"] == f"{row['policy']}_{row['load']}"
    assert (output / "figures" / "response_mean_vs_load_by_policy.png").stat().st_size > 0


def test_a_failing_point_is_reported_and_the_others_complete(tmp_path, simulate):
    body = SMALL.replace("values: [cf, wf]", "values: [cf, nosuch]").replace("seeds: 3", "seeds: 2")
    path = write_sweep(tmp_path, body)
    output = tmp_path / "out"
    result = sweep("run", path, "--output", output, "-j", "2", "-q")
    assert result.returncode == 1
    assert len(list(output.glob("points/*/cf_*.h5"))) == 4, "the cf runs did not all complete"
    assert "FAILED nosuch_0.2 seed 1 (exit 2):" in result.stderr, result.stderr
    assert "--set policy.name=nosuch" in result.stderr
    assert "Invalid policy 'nosuch'" in result.stderr or "nosuch" in result.stderr.split("|", 1)[1]
    status = sweep("status", path, "--output", output, "--failed")
    assert status.returncode == 1
    assert "complete 4, failed 4, running 0, missing 0" in status.stdout, status.stdout
    assert status.stdout.count("FAILED nosuch_") == 4
    incomplete = sweep("aggregate", path, "--output", output)
    assert incomplete.returncode == 1 and "is not complete (4 of 8 runs" in incomplete.stderr
    assert sweep("aggregate", path, "--output", output, "--partial").returncode == 0


def test_a_precision_target_adds_seeds_until_each_point_meets_it(tmp_path, simulate):
    body = (SMALL.replace("    values: [0.2, 0.4]\n", "    values: [0.3]\n")
            .replace("  seeds: 3\n", "  seeds: 3\n  precision: {metric: response_mean, relative_half_width: 0.05}\n"
                     "  max_seeds: 12\n"))
    path = write_sweep(tmp_path, body)
    output = tmp_path / "out"
    result = sweep("run", path, "--output", output, "-j", "2")
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("runs to do") >= 2, "no second round: " + result.stderr
    status = sweep("status", path, "--output", output)
    assert status.returncode == 0, status.stdout
    assert sweep("aggregate", path, "--output", output).returncode == 0
    rows = [r for r in csv.DictReader((output / "aggregate.csv").open()) if r["metric"] == "response_mean"]
    assert len(rows) == 2
    for row in rows:
        n, relative = int(row["n"]), float(row["half_width"]) / float(row["mean"])
        assert 3 <= n <= 12
        assert relative <= 0.05 or n == 12, row
        assert n == len(list((output / "points" / row["point"]).glob("*.h5")))
