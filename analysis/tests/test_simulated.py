"""Against a trace written by the real simulator: layout, metrics recomputed independently from the
raw h5py tables (not through coalsim_analysis), every figure, and the comparison command."""

import re

import h5py
import numpy as np
import pytest

from coalsim_analysis import compute_metrics, load_trace
from coalsim_analysis.trace import COMPLETED, PLACEMENT_OUTCOMES, text
from conftest import run_tool
from test_figures import COMPARISON_FIGURES, check_png


@pytest.fixture(scope="module")
def raw(simulated_trace):
    """The raw tables, read with h5py only."""
    with h5py.File(simulated_trace, "r") as h5:
        return {
            "end_time": float(h5.attrs["end_time"]),
            "clusters": h5["clusters"][()],
            "jobs": h5["jobs"][()],
            "components": h5["components"][()],
            "time": h5["utilization/time"][()],
            "grid": h5["utilization/grid_busy"][()],
            "background": h5["utilization/background_busy"][()],
        }


@pytest.fixture(scope="module")
def computed(simulated_trace):
    return compute_metrics(load_trace(simulated_trace))


def test_layout(simulated_trace, raw):
    trace = load_trace(simulated_trace)  # raises on any deviation from the documented layout
    assert trace.attrs["simulator"] == "coalsim"
    assert trace.policy == "wf"
    assert trace.attrs["seed"] == 3
    assert raw["jobs"].size == 60, f"60 jobs requested, {raw['jobs'].size} in /jobs"
    assert sorted(raw["jobs"]["id"]) == list(range(60))


def _integral(time, busy, end):
    """Processor-seconds: rectangle rule over the sample intervals, the first one starting at 0."""
    total, previous = np.zeros(busy.shape[1]), 0.0
    for t, row in zip(time, busy):
        t = min(t, end)
        total += max(t - previous, 0.0) * row
        previous = max(previous, t)
    return total


def test_utilization_integral(raw, computed):
    end, processors = raw["end_time"], raw["clusters"]["processors"].astype(float)
    grid = _integral(raw["time"], raw["grid"], end)
    background = _integral(raw["time"], raw["background"], end)
    assert computed["util_grid"] == pytest.approx(grid.sum() / (processors.sum() * end), rel=1e-9)
    assert computed["util_total"] == pytest.approx((grid + background).sum() / (processors.sum() * end), rel=1e-9)
    for i, name in enumerate(raw["clusters"]["name"]):
        assert computed[f"util_grid_{name.decode()}"] == pytest.approx(grid[i] / (processors[i] * end), rel=1e-9)
    # Independent of the sampling: the components of completed jobs ran at least from start to end.
    done = raw["jobs"][raw["jobs"]["status"] == 0]
    ran = {int(j["id"]): j["end_time"] - j["start_time"] for j in done}
    component_seconds = sum(c["processors"] * ran[int(c["job_id"])] for c in raw["components"] if int(c["job_id"]) in ran)
    assert grid.sum() >= component_seconds * (1 - 1e-9), "grid_busy integrates to less than the components ran"


def test_job_metrics(raw, computed):
    done = raw["jobs"][raw["jobs"]["status"] == 0]
    assert done.size > 0, "no completed job in the simulated trace"
    response = done["completion_time"] - done["submit_time"]
    assert computed["response_mean"] == pytest.approx(response.mean(), rel=1e-9)
    spread = np.array([len(set(c.decode().split("+"))) for c in done["clusters"]]) / done["n_components"]
    assert computed["spread_mean"] == pytest.approx(spread.mean(), rel=1e-9)
    assert computed["coallocated_share"] == pytest.approx(np.mean(spread * done["n_components"] > 1), rel=1e-9)
    running = max(int(np.sum((done["start_time"] <= t) & (done["end_time"] > t))) for t in done["start_time"])
    assert computed["max_concurrent"] >= running  # the others (failed, unfinished) can only add to it


def test_every_figure(tmp_path, simulated_trace):
    run = run_tool("plot.py", simulated_trace, "--out", tmp_path)
    assert run.returncode == 0, run.stderr
    for stem in [s for s in COMPARISON_FIGURES if s != "failures_by_shape"] + ["utilization_t"]:
        check_png(tmp_path / f"{stem}.png")
    assert (tmp_path / "failures_by_shape.png").is_file() or "skipped failures:" in run.stdout


def test_compare_on_the_simulated_trace(tmp_path, simulated_trace, computed):
    reference = tmp_path / "reference.yaml"
    reference.write_text(f"""
experiments:
  - name: run
    trace: t.h5
    published:
      response_mean: {{value: {computed['response_mean']}, tolerance: 0.001}}
      max_concurrent: {{value: {computed['max_concurrent'] + 100}, tolerance: 0.1}}
claims:
  - run.n_jobs == 60
  - run.response_mean < 0
""")
    run = run_tool("compare.py", "--reference", reference, simulated_trace, "--strict")
    assert run.returncode == 1, run.stdout + run.stderr
    assert re.search(r"^\| run \| 1 \| response_mean \| .* \| \+0\.0% \| ±0\.1% \| ok \|$", run.stdout, re.M), run.stdout
    assert re.search(r"^\| run \| 1 \| max_concurrent \| .* \| OUT \|$", run.stdout, re.M), run.stdout
    assert "- PASS: `run.n_jobs == 60`" in run.stdout
    assert "- FAIL: `run.response_mean < 0`" in run.stdout


def test_wait_queue_jobs_have_one_placement_row_each(simulated_trace):
    trace = load_trace(simulated_trace)
    placed = trace.jobs[~np.isnan(trace.jobs["placement_time"])]
    rows = trace.placements
    assert sorted(rows["job_id"]) == sorted(placed["id"]), "a placed job without its row, or a row too many"
    assert np.all(np.isnan(rows["estimated_ftt"])) and np.all(np.isnan(rows["jst"])), "KOALA estimates for wf"


def test_koala_placement_rows_add_up_to_the_jobs_totals(simulated_koala_trace):
    """Per job: rows 1..placements, their placement times sum to total_placement_time, the last one is the JPT."""
    trace = load_trace(simulated_koala_trace)
    jobs, rows = trace.jobs, trace.placements
    assert rows.size > jobs.size, "no job was placed more than once"
    outcomes = {text(o) for o in rows["outcome"]}
    assert outcomes <= set(PLACEMENT_OUTCOMES), f"undocumented outcomes {outcomes - set(PLACEMENT_OUTCOMES)}"
    assert {"completed", "component_failed"} <= outcomes
    for job in jobs:
        mine = rows[rows["job_id"] == job["id"]]
        assert list(mine["placement"]) == list(range(1, int(job["placements"]) + 1)), f"job {job['id']}"
        assert mine["placement_time"].sum() == pytest.approx(job["total_placement_time"], rel=1e-12, abs=1e-9)
        assert mine["placed_at"][-1] == job["placement_time"], f"job {job['id']}: the last row is the JPT"
        assert np.array_equal(mine["queued_at"][1:], mine["ended_at"][:-1]), f"job {job['id']}: queued at the failure"
        if job["status"] == COMPLETED:
            assert [text(o) for o in mine["outcome"]][-1] == "completed", f"job {job['id']}"
