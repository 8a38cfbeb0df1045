"""Libra's per-run figures (coalsim_analysis/economy.py) on a hand-built /economy table, and on a real run."""

import math
import subprocess
from types import SimpleNamespace

import numpy as np
import pytest

from conftest import REPO, SIMULATE
from coalsim_analysis import compute_metrics, load_trace
from coalsim_analysis.economy import economy_metrics

ECONOMY_DTYPE = np.dtype([("job_id", "<i8"), ("estimate", "<f8"), ("deadline", "<f8"), ("budget", "<f8"),
                          ("cost", "<f8"), ("charge", "<f8"), ("load", "<f8"), ("accepted", "i1"), ("met", "i1"),
                          ("rejection", "S16")])


def table(rows):
    return np.array(rows, dtype=ECONOMY_DTYPE)


def test_rates_and_revenue_by_hand():
    nan = math.nan
    economy = table([
        # id, E, deadline, B, cost, charge, load, accepted, met, reason
        (0, 30, 60, 100, 30.5, 30.5, 0.5, 1, 1, b""),       # met: revenue 30.5
        (1, 30, 60, 100, 30.5, 30.5, 1.0, 1, 0, b""),       # accepted, late
        (2, 30, 60, 20, 30.5, nan, nan, 0, 0, b"budget"),   # B < cost: a right rejection
        (3, 30, 60, 100, 30.5, nan, 1.5, 0, 0, b"no_node"),  # no node under 1: a right rejection
        (4, 10, 40, 50, 10.25, 10.25, 0.25, 1, 1, b""),     # met: revenue 10.25
    ])
    m = economy_metrics(SimpleNamespace(economy=economy))
    assert m["economy_jobs"] == 5
    assert m["acceptance_rate"] == pytest.approx(3 / 5)
    assert m["deadline_met_rate"] == pytest.approx(2 / 5)
    assert m["deadline_met_rate_accepted"] == pytest.approx(2 / 3)
    assert m["revenue"] == pytest.approx(30.5 + 10.25)
    assert m["rejected_budget"] == 1 and m["rejected_no_node"] == 1
    assert m["budget_rejections_covered"] == 0 and m["no_node_rejections_that_fit"] == 0
    assert m["accepted_missed"] == 1


def test_wrong_rejections_are_counted():
    nan = math.nan
    economy = table([
        (0, 30, 60, 40, 30.5, nan, nan, 0, 0, b"budget"),   # B covered the cost: wrong
        (1, 30, 60, 100, 30.5, nan, 0.9, 0, 0, b"no_node"),  # a node would have fitted it: wrong
    ])
    m = economy_metrics(SimpleNamespace(economy=economy))
    assert m["budget_rejections_covered"] == 1
    assert m["no_node_rejections_that_fit"] == 1
    assert math.isnan(m["deadline_met_rate_accepted"])  # nothing accepted


def test_no_economy_table_no_metrics():
    assert economy_metrics(SimpleNamespace(economy=np.zeros(0))) == {}


def test_libra_run_has_its_economy_metrics(tmp_path):
    if not SIMULATE.exists():
        pytest.skip(f"{SIMULATE} not built yet")
    path = tmp_path / "libra.h5"
    command = [str(SIMULATE), "--config", str(REPO / "workloads" / "experiments" / "libra-least-loaded.yaml"),
               "--set", "workload.jobs=200", "--output", str(path), "--quiet"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=REPO)
    assert run.returncode == 0, run.stderr
    trace = load_trace(path)
    m = compute_metrics(trace)
    assert m["economy_jobs"] == 200
    assert int(trace.attrs["economy_jobs"]) == 200
    assert m["revenue"] == pytest.approx(float(trace.attrs["economy_revenue"]))
    assert m["acceptance_rate"] == pytest.approx(int(trace.attrs["economy_accepted"]) / 200)
    # Exact estimates: every admitted job met its deadline; every rejection had its reason.
    assert m["accepted_missed"] == 0
    assert m["budget_rejections_covered"] == 0 and m["no_node_rejections_that_fit"] == 0


def test_economy_fields_are_documented(tmp_path):
    """docs/trace-format.md's `/economy` and `/shares` tables list the fields a Libra run writes, in order, with
    their types."""
    from test_docs import DOCS, HDF5_TYPES, documented_fields

    import h5py

    if not SIMULATE.exists():
        pytest.skip(f"{SIMULATE} not built yet")
    path = tmp_path / "libra.h5"
    command = [str(SIMULATE), "--config", str(REPO / "workloads" / "experiments" / "libra-best-fit.yaml"),
               "--set", "workload.jobs=20", "--output", str(path), "--quiet"]
    assert subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=REPO).returncode == 0
    fields = documented_fields((DOCS / "trace-format.md").read_text())
    with h5py.File(path, "r") as f:
        for name in ("economy_jobs", "economy_accepted", "economy_met", "economy_revenue"):
            assert name in f.attrs, name
        for dataset in ("/economy", "/shares"):
            dtype = f[dataset].dtype
            written = [(field, dtype.fields[field][0].str) for field in dtype.names]
            assert written == [(field, HDF5_TYPES.get(kind, "|" + kind)) for field, kind in fields[dataset]], dataset


def test_a_run_without_deadlines_or_shares_writes_neither(simulated_trace):
    """The /economy and /shares datasets and the economy_* attributes exist only in runs that need them, so the
    traces of every other run are as they were before Libra."""
    import h5py

    with h5py.File(simulated_trace, "r") as f:
        assert "/economy" not in f and "/shares" not in f
        assert not [name for name in f.attrs if name.startswith("economy_")]
    assert economy_metrics(load_trace(simulated_trace)) == {}
