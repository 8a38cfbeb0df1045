"""Fixtures of the sweep tests: the repository, simulate, and small sweep files written into tmp_path."""

import os
import subprocess
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = Path(os.environ.get("COALSIM_SOURCE_DIR", TESTS.parents[1]))
SWEEP = REPO / "tools" / "sweep"
SIMULATE = Path(os.environ.get("COALSIM_SIMULATE", REPO / "build" / "simulate"))
DEFAULT_EXPERIMENT = REPO / "workloads" / "default.yaml"


@pytest.fixture(scope="session")
def simulate():
    if not SIMULATE.exists():
        if "COALSIM_SIMULATE" in os.environ:
            pytest.fail(f"COALSIM_SIMULATE={SIMULATE} does not exist")
        pytest.skip(f"{SIMULATE} not built yet (set COALSIM_SIMULATE)")
    return SIMULATE


def write_sweep(directory: Path, body: str, name="s.yaml") -> Path:
    path = directory / name
    path.write_text(body)
    return path


SMALL = f"""name: small
experiment: {DEFAULT_EXPERIMENT}
set:
  workload.jobs: 8
axes:
  - key: policy.name
    name: policy
    values: [cf, wf]
  - key: workload.offered_load
    name: load
    values: [0.2, 0.4]
replications:
  seeds: 3
metrics: [response_mean, wait_mean, n_completed, "util_grid*"]
"""


def sweep(*args, cwd=None, timeout=600, env=None, **kwargs):
    """Runs tools/sweep with Debian's python; returns the CompletedProcess."""
    env = dict(env or os.environ, COALSIM_SIMULATE=str(SIMULATE))
    return subprocess.run(["/usr/bin/python3", str(SWEEP), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd, env=env, **kwargs)
