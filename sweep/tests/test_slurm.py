"""The Slurm engine on a real single-node Slurm that the test starts itself: job arrays split below
MaxArraySize, several runs per task, a sweep cancelled midway and outputs deleted, then finished with no
complete run rerun and an aggregate equal to a local run done in one go. Skipped only when not root."""

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from conftest import SMALL, sweep, write_sweep

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="SLURM TEST SKIPPED: starting Slurm's daemons needs root")

# 2 points x 4 seeds, 40 jobs a run (about 0.5 s).
BODY = (SMALL.replace("    values: [0.2, 0.4]\n", "    values: [0.3]\n").replace("seeds: 3", "seeds: 4")
        .replace("jobs: 8", "jobs: 40"))


@pytest.fixture(scope="module")
def cluster():
    from slurm_cluster import SlurmCluster, missing_programs
    missing = missing_programs()
    assert not missing, f"root, but {', '.join(missing)} missing: run scripts/install-deps.sh"
    with SlurmCluster(max_array_size=4) as running:
        yield running


def traces(output: Path) -> dict:
    return {p: p.stat() for p in sorted(output.glob("points/*/*.h5"))}


def log_keys(output: Path, since=0) -> list:
    lines = (output / "runs.log.jsonl").read_text().splitlines() if (output / "runs.log.jsonl").exists() else []
    return [(r["point"], r["seed"]) for r in map(json.loads, lines[since:])]


def submissions(output: Path) -> list:
    return [json.loads(line) for line in (output / "slurm" / "submissions.jsonl").read_text().splitlines()]


def queue_empty(cluster) -> bool:
    result = subprocess.run(["squeue", "-h"], capture_output=True, text=True, env=cluster.env)
    return result.returncode == 0 and not result.stdout.strip()


def test_a_cancelled_slurm_sweep_resumes_and_aggregates_as_one_go(cluster, tmp_path):
    env = cluster.env
    path = write_sweep(tmp_path, BODY)
    output = tmp_path / "slurm_out"

    # One run per task, one task at a time: 8 tasks over two arrays of 4 (MaxArraySize 4). Return at once.
    first = sweep("run", path, "--output", output, "--engine", "slurm", "--per-task", "1", "--max-running", "1",
                  "--no-wait", env=env)
    assert first.returncode == 0, first.stderr + cluster.log_tail()
    records = submissions(output)
    assert [r["array_tasks"] for r in records] == [4, 4], records
    assert all("--array=0-3%1" in r["command"] for r in records)

    # Cancel midway, once some runs are complete.
    deadline = time.monotonic() + 120
    while len(traces(output)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    subprocess.run(["scancel"] + [r["job"] for r in records], env=env, check=True)
    while not queue_empty(cluster) and time.monotonic() < deadline:
        time.sleep(0.1)
    complete = traces(output)
    assert 2 <= len(complete) < 8, f"{len(complete)} traces: the cancel came too late to test a resume"
    removed = next(iter(complete))
    removed.unlink()
    kept = {p: s for p, s in complete.items() if p != removed}

    # status works from the outputs alone, with no sweep process left.
    status = sweep("status", path, "--output", output, env=env)
    assert status.returncode == 1
    assert f"complete {len(kept)}," in status.stdout and "running 0" in status.stdout, status.stdout

    logged = len(log_keys(output))
    finish = sweep("run", path, "--output", output, "--engine", "slurm", "--poll", "0.2", env=env)
    assert finish.returncode == 0, finish.stderr + cluster.log_tail()
    assert len(traces(output)) == 8
    rerun = log_keys(output, logged)
    kept_keys = {(p.parent.name, int(p.stem.rsplit("_seed", 1)[1])) for p in kept}
    assert not kept_keys & set(rerun), "a complete run was run again"
    assert len(rerun) == 8 - len(kept)
    for trace, before in kept.items():
        assert trace.stat().st_mtime_ns == before.st_mtime_ns, trace
    # Auto grouping: 2 CPUs, so about two tasks per CPU, several runs per task when more than 4 runs are left.
    last = submissions(output)[len(records):]
    assert sum(len(r["runs"]) for r in last) == 8 - len(kept)
    assert all(r["per_task"] == max(1, -(-(8 - len(kept)) // (2 * os.cpu_count()))) for r in last)
    assert not list(output.glob("points/*/*.running")) and not list(output.glob("points/*/*.tmp-*"))

    # Nothing left: run submits nothing.
    again = sweep("run", path, "--output", output, "--engine", "slurm", "--poll", "0.2", env=env)
    assert again.returncode == 0 and len(submissions(output)) == len(records) + len(last)

    one_go = tmp_path / "local_out"
    assert sweep("run", path, "--output", one_go, "-q", env=env).returncode == 0
    for out in (output, one_go):
        assert sweep("aggregate", path, "--output", out, env=env).returncode == 0
    assert (output / "aggregate.csv").read_text() == (one_go / "aggregate.csv").read_text()


def test_a_failing_run_on_slurm_is_reported_with_its_command_and_error(cluster, tmp_path):
    path = write_sweep(tmp_path, BODY.replace("values: [cf, wf]", "values: [cf, nosuch]").replace("seeds: 4", "seeds: 1"))
    output = tmp_path / "out"
    result = sweep("run", path, "--output", output, "--engine", "slurm", "--poll", "0.2", env=cluster.env)
    assert result.returncode == 1
    assert len(traces(output)) == 1
    assert "FAILED nosuch_0.3 seed 1 (exit 2 on " in result.stderr and "--set policy.name=nosuch" in result.stderr
