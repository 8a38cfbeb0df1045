"""The Slurm engine: the missing runs of a sweep as job arrays, several runs per array task when they are
many, each array below the site's MaxArraySize.

A submission writes OUTPUT/slurm/<stamp>/tasks.json (every run's command line and trace) and a batch script
that calls `sweep worker` on its share of the tasks; each task runs its runs one after the other, skipping
those already complete. Submissions are recorded in OUTPUT/slurm/submissions.jsonl, so that a later `run`
leaves the runs of arrays still in the queue alone, and `status` counts them as queued.
"""

import json
import math
import os
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from . import outputs
from .errors import SweepError

SUBMISSIONS = "submissions.jsonl"
DEFAULT_MAX_ARRAY_SIZE = 1001  # Slurm's default, when scontrol cannot tell


class SlurmError(Exception):
    """A Slurm command failed; the message has its command line and output."""


def _slurm(command, check=True) -> subprocess.CompletedProcess:
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    except FileNotFoundError as error:
        raise SlurmError(f"{command[0]} not found: is Slurm's client installed and on PATH?") from error
    except subprocess.TimeoutExpired as error:
        raise SlurmError(f"{shlex.join(command)} did not answer within 120 s") from error
    if check and result.returncode != 0:
        raise SlurmError(f"{shlex.join(command)} failed (exit {result.returncode}): {result.stderr.strip()}")
    return result


def max_array_size() -> int:
    """MaxArraySize from `scontrol show config`: array indexes must stay below it."""
    text = _slurm(["scontrol", "show", "config"]).stdout
    match = re.search(r"^\s*MaxArraySize\s*=\s*(\d+)", text, re.MULTILINE)
    return int(match.group(1)) if match else DEFAULT_MAX_ARRAY_SIZE


def partition_cpus(partition) -> int | None:
    """Total CPUs of the partition (or of all partitions), from sinfo's A/I/O/T column."""
    command = ["sinfo", "-h", "-o", "%C"] + (["-p", partition] if partition else [])
    result = _slurm(command, check=False)
    total = 0
    for line in result.stdout.split():
        parts = line.split("/")
        if len(parts) == 4 and parts[3].isdigit():
            total += int(parts[3])
    return total or None


def auto_per_task(runs: int, cpus) -> int:
    """Runs per array task: about two tasks per CPU of the partition, so that the tasks balance the load
    while each pays Slurm's start-up cost (about 0.5 s per task) for several runs when there are many."""
    if not cpus:
        return 1
    return max(1, math.ceil(runs / (2 * cpus)))


def live_jobs() -> set | None:
    """Array job ids with tasks still pending or running; None when the queue cannot be asked."""
    try:
        result = _slurm(["squeue", "-h", "-o", "%F"], check=False)
    except SlurmError:
        return None
    if result.returncode != 0:
        return None
    return {line.strip() for line in result.stdout.splitlines() if line.strip()}


def queued_runs(output: Path, live) -> set:
    """Keys (point id/seed) of the runs in arrays still in the queue."""
    if live is None:
        return set()
    keys = set()
    for record in read_submissions(output):
        if str(record.get("job")) in live:
            keys.update(record.get("runs", []))
    return keys


def read_submissions(output: Path) -> list:
    records = []
    try:
        with open(output / "slurm" / SUBMISSIONS) as log:
            for line in log:
                try:
                    records.append(json.loads(line))
                except ValueError:
                    pass
    except OSError:
        pass
    return records


@dataclass
class SlurmOptions:
    partition: str | None
    time: str | None
    options: list
    per_task: int | None
    max_running: int | None


BATCH_SCRIPT = """#!/bin/sh
# A sweep's array task: runs its share of {tasks} (see `sweep worker --help`).
exec {python} {entry} worker {tasks} --offset "$1"
"""


def submit(tasks, output: Path, sweep_name: str, options: SlurmOptions, entry: Path, quiet=False) -> list:
    """Submits the tasks as job arrays; returns the array job ids."""
    if not tasks:
        return []
    cpus = partition_cpus(options.partition)
    per_task = options.per_task or auto_per_task(len(tasks), cpus)
    limit = max_array_size()
    groups = [tasks[i:i + per_task] for i in range(0, len(tasks), per_task)]
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime()) + f"-{os.getpid()}"
    directory = (output / "slurm" / stamp).resolve()
    directory.mkdir(parents=True, exist_ok=True)
    tasks_file = directory / "tasks.json"
    outputs.write_atomically(tasks_file, json.dumps([[t.to_json() for t in group] for group in groups]))
    script = directory / "task.sh"
    script.write_text(BATCH_SCRIPT.format(tasks=shlex.quote(str(tasks_file)), python=shlex.quote(sys.executable),
                                          entry=shlex.quote(str(entry))))
    script.chmod(0o755)
    jobs = []
    for offset in range(0, len(groups), limit):
        count = min(limit, len(groups) - offset)
        array = f"0-{count - 1}" + (f"%{options.max_running}" if options.max_running else "")
        command = ["sbatch", "--parsable", f"--array={array}", f"--job-name=sweep-{sweep_name}",
                   f"--output={directory}/%A_%a.out", "--ntasks=1", f"--chdir={directory}"]
        if options.partition:
            command.append(f"--partition={options.partition}")
        if options.time:
            command.append(f"--time={options.time}")
        command += list(options.options) + [str(script), str(offset)]
        job = _slurm(command).stdout.strip().split(";")[0]
        if not job.isdigit():
            raise SlurmError(f"{shlex.join(command)} answered {job!r}, not a job id")
        jobs.append(job)
        runs = [t.key for group in groups[offset:offset + count] for t in group]
        record = {"job": job, "tasks": str(tasks_file), "offset": offset, "array_tasks": count,
                  "per_task": per_task, "runs": runs, "submitted": time.time(), "command": command}
        (output / "slurm").mkdir(parents=True, exist_ok=True)
        with open(output / "slurm" / SUBMISSIONS, "a") as log:
            log.write(json.dumps(record) + "\n")
        if not quiet:
            print(f"submitted array job {job}: {count} tasks of up to {per_task} runs "
                  f"({len(runs)} runs; MaxArraySize {limit})", file=sys.stderr)
    return jobs


def wait(jobs, poll: float, on_poll=None):
    """Until none of the array jobs has a task pending or running."""
    while True:
        live = live_jobs()
        if live is None:
            raise SlurmError("squeue failed while waiting for the sweep's jobs")
        if not any(job in live for job in jobs):
            return
        if on_poll:
            on_poll()
        time.sleep(poll)


def worker(tasks_file: Path, offset: int, index: int | None = None) -> int:
    """Runs one array task's share: tasks_file[offset + SLURM_ARRAY_TASK_ID]. Exit status 1 when a run failed."""
    from .failures import report
    from .runner import ChildProcesses, Task, execute
    import signal

    if index is None:
        try:
            index = int(os.environ["SLURM_ARRAY_TASK_ID"])
        except (KeyError, ValueError) as error:
            raise SweepError("Invalid environment 'SLURM_ARRAY_TASK_ID': sweep worker runs inside a Slurm "
                             "array task (or give --index)") from error
    groups = json.loads(Path(tasks_file).read_text())
    group = [Task.from_json(t) for t in groups[offset + index]]
    output = Path(tasks_file).resolve().parents[2]
    job = os.environ.get("SLURM_ARRAY_JOB_ID") or os.environ.get("SLURM_JOB_ID")
    children = ChildProcesses()
    signal.signal(signal.SIGTERM, lambda signum, frame: children.terminate_all())
    failed = 0
    for task in group:
        if children.stopping:
            break
        outcome = execute(task, output, children, slurm_job=job)
        print(f"{task.label}: {outcome.status} ({outcome.seconds:.2f} s)", flush=True)
        if outcome.status == "failed":
            failed += 1
            print(report(task.label, outcome.command, outcome.returncode, outcome.stderr), file=sys.stderr, flush=True)
    return 143 if children.stopping else (1 if failed else 0)
