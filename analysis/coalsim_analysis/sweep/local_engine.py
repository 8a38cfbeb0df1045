"""The local engine: runs the missing runs of a sweep on this machine, N at once."""

import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

from . import outputs
from .failures import report
from .progress import Progress
from .runner import ChildProcesses, execute


def default_parallel() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


class Interrupted(Exception):
    def __init__(self, signum):
        super().__init__(f"interrupted by signal {signum}")
        self.signum = signum


def run_tasks(tasks, output, parallel, quiet=False, progress_interval=2.0):
    """Runs the tasks, `parallel` at once; returns their outcomes. A failed task is reported at once and the
    others go on. SIGINT or SIGTERM stops the simulate processes under way (they leave no partial trace) and
    raises Interrupted once they are gone."""
    children = ChildProcesses()
    progress = Progress(len(tasks), parallel, interval=progress_interval, quiet=quiet)
    received = []

    def on_signal(signum, frame):
        received.append(signum)
        children.terminate_all()

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGINT, signal.SIGTERM):
            previous[signum] = signal.signal(signum, on_signal)

    def one(task):
        if children.stopping:
            return None
        progress.start()
        outcome = execute(task, output, children)
        if outcome.status == "interrupted":
            progress.abandon()
            return outcome
        progress.finish(outcome.status, outcome.seconds)
        if outcome.status == "failed":
            progress.note(report(task.label, outcome.command, outcome.returncode, outcome.stderr))
        return outcome

    try:
        with ThreadPoolExecutor(max_workers=max(1, parallel)) as pool:
            futures = [pool.submit(one, task) for task in tasks]
            outcomes = [future.result() for future in futures]
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if received:
        raise Interrupted(received[0])
    return [o for o in outcomes if o is not None]


def pending(state):
    """The runs to start now: needed, not complete, and not under way elsewhere."""
    return [run for run, _ in state.runs(outputs.MISSING, outputs.FAILED)]
