"""What the output folder says about each run; the only source of truth for `status` and for what `run` starts.

Per run, beside its trace PATH (OUTPUT/points/<id>/<name>_seed<S>.h5):
- PATH itself: the run is complete. simulate writes PATH.tmp-<pid> and renames it into place only after
  closing it (its TraceWriter), so a file under the final name is always a whole trace.
- PATH.running: a run is under way (JSON: host, pid, Slurm job, start); removed when it ends.
- PATH.failed: the last attempt failed (JSON: command line, exit code, stderr, host, time).
- PATH.tmp-<pid>: simulate's temporary file; left behind only when simulate was killed with SIGKILL.
A marker whose process is gone (same host, pid dead; or a Slurm job no longer in the queue) is stale, and
`run` starts that run again.
"""

import json
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path

COMPLETE, FAILED, RUNNING, MISSING = "complete", "failed", "running", "missing"
LOG_NAME = "runs.log.jsonl"


def marker_path(trace: Path) -> Path:
    return trace.with_name(trace.name + ".running")


def failure_path(trace: Path) -> Path:
    return trace.with_name(trace.name + ".failed")


def temporaries(trace: Path) -> list:
    return sorted(trace.parent.glob(trace.name + ".tmp-*")) if trace.parent.is_dir() else []


def write_atomically(path: Path, text: str):
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(text)
    os.replace(temporary, path)


def write_marker(trace: Path, slurm_job=None):
    write_atomically(marker_path(trace), json.dumps({
        "host": socket.gethostname(), "pid": os.getpid(), "slurm_job": slurm_job, "started": time.time()}))


def write_failure(trace: Path, record: dict):
    write_atomically(failure_path(trace), json.dumps(record, indent=1))


def read_json(path: Path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def pid_alive(pid) -> bool:
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, ValueError, TypeError):
        return True
    return True


def marker_alive(marker: dict, live_slurm_jobs) -> bool:
    """A marker's run is still going: its process lives (same host), or its Slurm job is still queued.
    live_slurm_jobs is None when the queue cannot be asked: then a Slurm marker counts as alive."""
    if marker is None:
        return False
    if marker.get("slurm_job"):
        if live_slurm_jobs is not None:
            return str(marker["slurm_job"]) in live_slurm_jobs
        return marker.get("host") != socket.gethostname() or pid_alive(marker.get("pid"))
    if marker.get("host") == socket.gethostname():
        return pid_alive(marker.get("pid"))
    return True  # another machine, no job id: nothing to check it against


@dataclass
class RunState:
    state: str              # COMPLETE, FAILED, RUNNING or MISSING
    failure: dict | None = None
    stale: bool = False     # a dead marker or a temporary file of a killed simulate lies beside it


def state_of(trace: Path, live_slurm_jobs=None) -> RunState:
    if trace.exists():
        return RunState(COMPLETE)
    marker_file = marker_path(trace)
    if marker_file.exists():
        if marker_alive(read_json(marker_file), live_slurm_jobs):
            return RunState(RUNNING)
        stale = True
    else:
        stale = bool(temporaries(trace))
    failure = read_json(failure_path(trace)) if failure_path(trace).exists() else None
    return RunState(FAILED if failure else MISSING, failure, stale)


def clean_leftovers(trace: Path):
    """Removes a dead run's marker and temporary files before the run starts again."""
    for path in temporaries(trace) + [marker_path(trace)]:
        try:
            path.unlink()
        except FileNotFoundError:
            pass


def clean_dead_leftovers(trace: Path, live_slurm_jobs=None) -> bool:
    """Removes what a killed run left beside its trace (a marker whose process is gone, simulate's temporary
    files), also when the trace is complete (the kill came between the rename and the marker's removal).
    Returns whether something was removed; nothing is touched while the run's marker is alive."""
    marker_file = marker_path(trace)
    if marker_file.exists() and marker_alive(read_json(marker_file), live_slurm_jobs):
        return False
    leftovers = temporaries(trace) + ([marker_file] if marker_file.exists() else [])
    for path in leftovers:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
    return bool(leftovers)


def append_log(output: Path, record: dict):
    """One JSON line per finished run attempt. O_APPEND writes of one short line do not interleave."""
    line = (json.dumps(record, separators=(",", ":")) + "\n").encode()
    fd = os.open(output / LOG_NAME, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def read_log(output: Path) -> list:
    records = []
    try:
        with open(output / LOG_NAME) as log:
            for line in log:
                try:
                    records.append(json.loads(line))
                except ValueError:
                    pass  # a line cut by a full disk
    except OSError:
        pass
    return records
