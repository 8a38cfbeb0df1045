"""Progress of a run: runs done, failed, running and left, and the estimated time left."""

import sys
import threading
import time


def duration(seconds: float) -> str:
    if seconds != seconds or seconds == float("inf"):
        return "?"
    seconds = int(round(seconds))
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


class Progress:
    """Counts finished runs and prints a line at most every `interval` seconds (and at the end).

    The estimate: the runs not finished, times the mean time of the runs finished so far, divided by the
    runs at once; before any run has finished, unknown."""

    def __init__(self, total, parallel, stream=sys.stderr, interval=2.0, quiet=False):
        self.total, self.parallel = total, max(1, parallel)
        self.done = self.failed = self.running = 0
        self.seconds = 0.0
        self.stream, self.interval, self.quiet = stream, interval, quiet
        self._last = 0.0
        self._lock = threading.Lock()
        self.started = time.monotonic()

    def start(self):
        with self._lock:
            self.running += 1

    def abandon(self):
        """A run stopped by an interrupt: neither done nor failed."""
        with self._lock:
            self.running -= 1

    def finish(self, status, seconds):
        with self._lock:
            self.running -= 1
            if status == "failed":
                self.failed += 1
            else:
                self.done += 1
            self.seconds += seconds
            self._print(force=self.done + self.failed == self.total)

    def eta(self) -> float:
        finished = self.done + self.failed
        if finished == 0:
            return float("nan")
        return (self.total - finished) * (self.seconds / finished) / min(self.parallel, max(1, self.total - finished))

    def line(self) -> str:
        left = self.total - self.done - self.failed
        return (f"[{self.done + self.failed}/{self.total}] done {self.done}, failed {self.failed}, "
                f"running {self.running}, left {left}, elapsed {duration(time.monotonic() - self.started)}, "
                f"ETA {duration(self.eta()) if left else '0:00:00'}")

    def _print(self, force=False):
        now = time.monotonic()
        if self.quiet or (not force and now - self._last < self.interval):
            return
        self._last = now
        print(self.line(), file=self.stream, flush=True)

    def note(self, text):
        with self._lock:
            print(text, file=self.stream, flush=True)
