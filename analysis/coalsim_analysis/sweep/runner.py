"""Carries out one run: skip it when its trace is complete, else run simulate with a marker beside the trace,
and record a failure (command line, exit code, stderr) or the time it took. Both engines use it: the local
engine in threads, a Slurm array task for its share of the runs."""

import os
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from . import outputs

STDERR_KEPT = 20000  # characters of stderr kept in a failure record


@dataclass(frozen=True)
class Task:
    """Everything needed to carry out one run, also in a Slurm task on another machine (JSON)."""
    point: str          # point id
    name: str           # point name
    seed: int
    trace: str          # absolute path
    command: tuple
    cwd: str

    @property
    def key(self) -> str:
        return f"{self.point}/{self.seed}"

    @property
    def label(self) -> str:
        return f"{self.name} seed {self.seed}"

    def to_json(self) -> dict:
        return {"point": self.point, "name": self.name, "seed": self.seed, "trace": self.trace,
                "command": list(self.command), "cwd": self.cwd}

    @staticmethod
    def from_json(raw) -> "Task":
        return Task(raw["point"], raw["name"], int(raw["seed"]), raw["trace"], tuple(raw["command"]), raw["cwd"])


@dataclass
class Outcome:
    task: Task
    status: str          # "done", "failed" or "skipped" (already complete)
    seconds: float = 0.0
    command: list = None
    returncode: int = 0
    stderr: str = ""


class ChildProcesses:
    """The simulate processes under way, so that an interrupted sweep stops them (simulate removes its
    temporary file on SIGTERM) instead of leaving them to run on."""

    def __init__(self):
        self._lock = threading.Lock()
        self._processes = set()
        self.stopping = False

    def add(self, process):
        with self._lock:
            self._processes.add(process)
            if self.stopping:
                process.terminate()

    def discard(self, process):
        with self._lock:
            self._processes.discard(process)

    def terminate_all(self):
        with self._lock:
            self.stopping = True
            for process in self._processes:
                try:
                    process.send_signal(signal.SIGTERM)
                except ProcessLookupError:
                    pass


def execute(task: Task, output: Path, children: ChildProcesses, slurm_job=None) -> Outcome:
    trace = Path(task.trace)
    if trace.exists():
        return Outcome(task, "skipped")
    trace.parent.mkdir(parents=True, exist_ok=True)
    outputs.clean_leftovers(trace)
    outputs.write_marker(trace, slurm_job)
    line = list(task.command)
    started = time.monotonic()
    try:
        try:
            process = subprocess.Popen(line, cwd=task.cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True, errors="replace")
        except OSError as error:
            returncode, stdout, stderr = 127, "", f"cannot start {line[0]}: {error.strerror or error}"
        else:
            children.add(process)
            try:
                stdout, stderr = process.communicate()
            finally:
                children.discard(process)
            returncode = process.returncode
        seconds = time.monotonic() - started
        if children.stopping:
            return Outcome(task, "interrupted", seconds, line, returncode, stderr)
        if returncode == 0 and trace.exists():
            status = "done"
            try:
                outputs.failure_path(trace).unlink()
            except FileNotFoundError:
                pass
        else:
            status = "failed"
            if returncode == 0:
                stderr += f"\n(simulate exited 0 but wrote no {trace})"
            outputs.write_failure(trace, {
                "command": line, "cwd": task.cwd, "returncode": returncode,
                "stderr": (stdout + stderr)[-STDERR_KEPT:], "host": socket.gethostname(),
                "slurm_job": slurm_job, "finished": time.time()})
        outputs.append_log(output, {"point": task.point, "seed": task.seed, "status": status,
                                    "seconds": round(seconds, 4), "host": socket.gethostname(),
                                    "pid": os.getpid(), "slurm_job": slurm_job, "finished": time.time()})
        return Outcome(task, status, seconds, line, returncode, stderr)
    finally:
        try:
            outputs.marker_path(trace).unlink()
        except FileNotFoundError:
            pass
