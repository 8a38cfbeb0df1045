"""Fixtures: the hand-computed synthetic trace, plausible synthetic runs, and a real `simulate` run."""

import os
import subprocess
from pathlib import Path

import make_synthetic_trace
import pytest

TESTS = Path(__file__).resolve().parent
ANALYSIS = TESTS.parent
REPO = Path(os.environ.get("COALSIM_SOURCE_DIR", ANALYSIS.parent))
SIMULATE = Path(os.environ.get("COALSIM_SIMULATE", REPO / "build" / "simulate"))


@pytest.fixture(scope="session")
def small_trace(tmp_path_factory):
    path = tmp_path_factory.mktemp("small") / "small.h5"
    make_synthetic_trace.write_small_trace(path)
    return path


@pytest.fixture(scope="session")
def random_traces(tmp_path_factory):
    """Two plausible DAS-2 runs (wf and cf) with failures, for the figures and the comparison."""
    directory = tmp_path_factory.mktemp("random")
    paths = []
    for seed, policy in ((1, "wf"), (2, "cf")):
        path = directory / f"w30_{policy}.h5"
        make_synthetic_trace.write_random_trace(path, n_jobs=80, seed=seed, policy=policy, failures=True)
        paths.append(path)
    return paths


@pytest.fixture(scope="session")
def simulated_trace(tmp_path_factory):
    """A small trace written by the real simulator (COALSIM_SIMULATE, default <repo>/build/simulate)."""
    if not SIMULATE.exists():
        if "COALSIM_SIMULATE" in os.environ:
            pytest.fail(f"COALSIM_SIMULATE={SIMULATE} does not exist")
        pytest.skip(f"{SIMULATE} not built yet (set COALSIM_SIMULATE)")
    path = tmp_path_factory.mktemp("sim") / "t.h5"
    command = [str(SIMULATE), "--platform", str(REPO / "platforms" / "das2.xml"), "--policy", "wf",
               "--jobs", "60", "--seed", "3", "--output", str(path), "--quiet"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=REPO)
    assert run.returncode == 0, f"{' '.join(command)} exited {run.returncode}:\n{run.stdout}\n{run.stderr}"
    assert path.is_file(), f"{' '.join(command)} wrote no {path}"
    return path


@pytest.fixture(scope="session")
def simulated_koala_trace(tmp_path_factory):
    """KOALA on the unreliable testbed, 100 jobs: many are placed again after failures (a /placements row each)."""
    if not SIMULATE.exists():
        if "COALSIM_SIMULATE" in os.environ:
            pytest.fail(f"COALSIM_SIMULATE={SIMULATE} does not exist")
        pytest.skip(f"{SIMULATE} not built yet (set COALSIM_SIMULATE)")
    path = tmp_path_factory.mktemp("koala") / "unreliable.h5"
    command = [str(SIMULATE), "-c", str(REPO / "workloads" / "experiments" / "koala-unreliable.yaml"), "--jobs", "100",
               "--output", str(path), "--quiet"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=REPO)
    assert run.returncode == 0, f"{' '.join(command)} exited {run.returncode}:\n{run.stdout}\n{run.stderr}"
    return path


@pytest.fixture(scope="session")
def simulated_grid_trace(tmp_path_factory):
    """CF on a generated grid of 30 clusters (platforms/make_grid.py), 300 jobs: more clusters than a figure has
    panels for."""
    if not SIMULATE.exists():
        if "COALSIM_SIMULATE" in os.environ:
            pytest.fail(f"COALSIM_SIMULATE={SIMULATE} does not exist")
        pytest.skip(f"{SIMULATE} not built yet (set COALSIM_SIMULATE)")
    directory = tmp_path_factory.mktemp("grid30")
    platform, path = directory / "grid30.xml", directory / "grid30.h5"
    subprocess.run(["/usr/bin/python3", str(REPO / "platforms" / "make_grid.py"), "30", str(platform)], check=True,
                   capture_output=True, timeout=120)
    command = [str(SIMULATE), "--platform", str(platform), "--policy", "cf", "--jobs", "300", "--seed", "5",
               "--output", str(path), "--quiet"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=REPO)
    assert run.returncode == 0, f"{' '.join(command)} exited {run.returncode}:\n{run.stdout}\n{run.stderr}"
    return path


def run_tool(tool, *args):
    """Run analysis/<tool> with Debian's python; returns the CompletedProcess."""
    return subprocess.run(["/usr/bin/python3", str(ANALYSIS / tool), *map(str, args)],
                          capture_output=True, text=True, timeout=600)
