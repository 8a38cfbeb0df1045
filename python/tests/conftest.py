"""What the Python policy tests share: the simulate under test, the repository, traces compared dataset by
dataset."""
import importlib.util
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIMULATE = os.environ.get("COALSIM_SIMULATE", str(ROOT / "build" / "simulate"))


def load_file(path):
    """The module of a Python file of the checkout, loaded from its path (no code edits sys.path: test_package.py)."""
    spec = importlib.util.spec_from_file_location(Path(path).stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def simulate(*args, cwd=ROOT):
    """simulate's exit code, standard output and standard error."""
    done = subprocess.run([SIMULATE, *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=240)
    return done.returncode, done.stdout, done.stderr


def trace_differences(old, new):
    """The datasets that differ between two traces (the attributes naming the policy and its parameters aside)."""
    compare_traces = load_file(ROOT / "scripts" / "compare_traces.py")
    return compare_traces.differences(str(old), str(new), other_policy=True)


@pytest.fixture
def examples():
    return ROOT / "examples" / "policies"
