"""What the Python policy tests share: the simulate under test, the repository, traces compared dataset by
dataset."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIMULATE = os.environ.get("COALSIM_SIMULATE", str(ROOT / "build" / "simulate"))
sys.path.insert(0, str(ROOT / "scripts"))


def simulate(*args, cwd=ROOT):
    """simulate's exit code, standard output and standard error."""
    done = subprocess.run([SIMULATE, *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=240)
    return done.returncode, done.stdout, done.stderr


def trace_differences(old, new):
    """The datasets that differ between two traces (the attributes naming the policy and its parameters aside)."""
    import compare_traces
    return compare_traces.differences(str(old), str(new), other_policy=True)


@pytest.fixture
def examples():
    return ROOT / "examples" / "policies"
