"""All-or-nothing output folders: a run that fails leaves no half-written figures, tables or traces.

    with StagedOutput(out_dir) as stage:   # OSError (e.g. out_dir is a file) before anything is written
        write files into stage.path
        stage.commit()                     # moves them into out_dir, replacing files of the same name

Files are written into a hidden folder inside out_dir (same file system, so each move is a rename) and moved
only by commit(); leaving the block without commit(), by an exception or an early return, deletes them, and
out_dir too if this run created it and it is still empty. A SIGTERM inside the block ends it as an
exception does (Python's default would kill the process and leave the staging folder behind).
"""

import os
import shutil
import signal
import tempfile
import threading
from pathlib import Path


def _exit_on_sigterm(signum, frame):
    raise SystemExit(128 + signum)


class StagedOutput:
    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.path = None
        self._created = False
        self._committed = False
        self._previous_sigterm = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():  # only the main thread may set handlers
            self._previous_sigterm = signal.signal(signal.SIGTERM, _exit_on_sigterm)
        self._created = not self.out_dir.exists()
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.path = Path(tempfile.mkdtemp(prefix=".staging-", dir=self.out_dir))
        return self

    def commit(self):
        """Moves every staged file into out_dir (in name order); returns their final paths."""
        moved = []
        for staged in sorted(self.path.iterdir()):
            target = self.out_dir / staged.name
            os.replace(staged, target)
            moved.append(target)
        self._committed = True
        return moved

    def __exit__(self, *exc):
        if self._previous_sigterm is not None:
            signal.signal(signal.SIGTERM, self._previous_sigterm)
        shutil.rmtree(self.path, ignore_errors=True)
        if not self._committed and self._created:
            try:
                self.out_dir.rmdir()  # only if empty
            except OSError:
                pass
        return False
