"""Simulated versus recorded waits of a replayed log: a real replay of a small hand-written log under FCFS,
whose simulated waits are known by hand, compared with the waits the log records."""

import subprocess

import numpy as np
import pytest

from coalsim_analysis.local_waits import compare_waits, recorded_waits
from conftest import REPO, SIMULATE, run_tool

# job, submit, wait, run, processors (other fields -1; requested time = run time)
RECORDS = [(1, 0, 0, 100, 3), (2, 10, 5, 50, 4), (3, 20, 30, 30, 1), (4, 30, -1, 100, 1)]


def write_log(path):
    lines = ["; MaxProcs: 8"]
    for job, submit, wait, run, procs in RECORDS:
        lines.append(f"{job} {submit} {wait} {run} {procs} -1 -1 {procs} {run} -1 1 -1 -1 -1 -1 -1 -1 -1")
    path.write_text("\n".join(lines) + "\n")


@pytest.fixture(scope="module")
def replay(tmp_path_factory):
    directory = tmp_path_factory.mktemp("replay")
    log = directory / "small.swf"
    write_log(log)
    config = directory / "replay.yaml"
    config.write_text(f"name: small-replay\nplatform: {REPO}/platforms/test/two-clusters.xml\n"
                      "workload: {jobs: 0}\ntrace: {local_jobs: true}\n"
                      f"background:\n  clusters:\n    a: {{model: replay, scheduler: fcfs, trace: {{file: {log}}}}}\n")
    trace = directory / "replay.h5"
    subprocess.run([str(SIMULATE), "--config", str(config), "--output", str(trace)], check=True,
                   capture_output=True)
    return log, trace


def test_recorded_waits_skip_unrecorded(replay):
    log, _ = replay
    assert recorded_waits(log) == {1: 0.0, 2: 5.0, 3: 30.0}  # job 4 has no recorded wait (-1)


def test_compare_waits_matches_jobs_by_number():
    local = np.array([(1, 10.0), (2, 0.0), (7, 50.0)], dtype=[("trace_id", "i8"), ("wait_time", "f8")])
    result = compare_waits(local, {1: 4.0, 2: 6.0, 3: 100.0})
    assert result.jobs == 2  # job 7 is not in the log; job 3 was not replayed
    assert result.simulated_mean == pytest.approx(5.0)
    assert result.recorded_mean == pytest.approx(5.0)
    assert result.simulated_median == pytest.approx(5.0)


def test_command_on_a_real_replay(replay):
    log, trace = replay
    result = run_tool("replay_waits.py", "--log", log, trace)
    assert result.returncode == 0, result.stderr
    row = result.stdout.strip().splitlines()[-1].split("|")
    # Simulated on 4 processors, FCFS: job 1 at 0; job 2 waits until 100 (90 s); job 3 waits behind it until
    # 150 (130 s). Recorded: 0, 5, 30.
    assert row[2].strip() == "small-replay"
    assert int(row[3]) == 3
    assert float(row[4]) == pytest.approx((0 + 90 + 130) / 3, abs=0.05)
    assert float(row[5]) == pytest.approx(90.0)
    assert float(row[6]) == pytest.approx(35 / 3, abs=0.05)
    assert float(row[7]) == pytest.approx(5.0)


def test_command_rejects_a_missing_log(tmp_path, replay):
    _, trace = replay
    result = run_tool("replay_waits.py", "--log", tmp_path / "none.swf", trace)
    assert result.returncode == 2
    assert "none.swf" in result.stderr


def test_bad_number_in_the_log_names_file_line_and_field(tmp_path, replay):
    """A record with a non-numeric wait printed only "could not convert string to float: 'abc'"."""
    _, trace = replay
    log = tmp_path / "typo.swf"
    log.write_text("; MaxProcs: 8\n1 0 0 100 3\n2 10 abc 50 4\n")
    result = run_tool("replay_waits.py", "--log", log, trace)
    assert result.returncode == 2
    assert f"replay_waits.py: {log}:3: SWF field 3 (wait time) is not a number: 'abc'" in result.stderr


def test_not_gzip_names_the_file(tmp_path, replay):
    log, trace = replay
    fake = tmp_path / "plain.swf.gz"
    fake.write_bytes(log.read_bytes())
    result = run_tool("replay_waits.py", "--log", fake, trace)
    assert result.returncode == 2
    assert f"replay_waits.py: {fake}: not a readable SWF log" in result.stderr


def test_a_bad_trace_leaves_no_half_table(tmp_path, replay, small_trace):
    """The table's header and the first trace's row were printed before the second trace failed (exit 2),
    and the error did not say which trace had no matching job."""
    log, trace = replay
    result = run_tool("replay_waits.py", "--log", log, trace, small_trace)
    assert result.returncode == 2
    assert result.stdout == ""
    assert f"replay_waits.py: {small_trace} against {log}: " in result.stderr


def test_trace_without_local_jobs_table(tmp_path, replay):
    import shutil
    import h5py
    log, trace = replay
    old = tmp_path / "old.h5"
    shutil.copy(trace, old)
    with h5py.File(old, "a") as h5:
        del h5["local_jobs"]
    result = run_tool("replay_waits.py", "--log", log, old)
    assert result.returncode == 2, result.stderr
    assert f"{old} against {log}: has no /local_jobs table" in result.stderr
    assert "Traceback" not in result.stderr
