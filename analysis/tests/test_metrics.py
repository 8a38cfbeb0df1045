"""Metrics against values computed by hand (see the comments in make_synthetic_trace.py)."""

import math

import numpy as np
import pytest

import make_synthetic_trace
from coalsim_analysis import compute_metrics, load_trace, metrics, shapes


@pytest.fixture(scope="module")
def small_metrics(small_trace):
    return compute_metrics(load_trace(small_trace))


@pytest.mark.parametrize("name", sorted(make_synthetic_trace.SMALL_EXPECTED))
def test_hand_computed(small_metrics, name):
    expected = make_synthetic_trace.SMALL_EXPECTED[name]
    assert small_metrics[name] == pytest.approx(expected, rel=1e-12), f"{name}: expected {expected}, got {small_metrics[name]}"


def test_no_values_for_absent_groups(small_metrics):
    assert "placement_mean_4x16" not in small_metrics
    assert "response_mean_super_low" not in small_metrics
    assert small_metrics["response_mean_low"] == 26.0  # job 2 only
    assert math.isnan(small_metrics["response_sd_low"])  # one job: no sample sd


def test_interval_durations_clip_at_end_time():
    assert list(metrics.interval_durations(np.array([10.0, 20.0, 30.0]), 25.0)) == [10.0, 10.0, 5.0]
    assert list(metrics.interval_durations(np.array([10.0, 20.0]), 40.0)) == [10.0, 10.0]


def _jobs(intervals):
    jobs = np.zeros(len(intervals), dtype=make_synthetic_trace.JOB_DTYPE)
    jobs["start_time"] = [s for s, _ in intervals]
    jobs["end_time"] = [e for _, e in intervals]
    return jobs


def test_max_concurrent_back_to_back_jobs_do_not_overlap():
    assert metrics.max_concurrent(_jobs([(0, 10), (10, 20), (20, 30)]), 30) == 1
    assert metrics.max_concurrent(_jobs([(0, 10), (5, 20), (6, 7), (9.9, 30)]), 30) == 3
    assert metrics.max_concurrent(_jobs([(0, 10), (5, 20), (6, 12), (9.9, 30)]), 30) == 4
    assert metrics.max_concurrent(_jobs([(0, math.nan), (50, 60), (math.nan, math.nan)]), 100) == 2
    assert metrics.max_concurrent(_jobs([]), 10) == 0


def test_shape_labels():
    assert shapes.shape_label(4, 32) == "4x8"
    assert shapes.shape_label(3, 36) == "3x12"
    assert shapes.shape_label(4, 9) == "4x2p2"  # uneven split: mean size, still an identifier suffix
    assert sorted(["4x8", "1x16", "2x8", "1x8", "10x1"], key=shapes.shape_key) == ["1x8", "1x16", "2x8", "4x8", "10x1"]


def test_failure_shares_count_their_own_attempts():
    jobs = np.zeros(3, dtype=make_synthetic_trace.JOB_DTYPE)
    jobs["status"] = [0, 0, 1]
    jobs["submission_failures"] = [1, 0, 2]
    jobs["completion_failures"] = [1, 0, 1]
    # all failures 2 + 0 + 3 = 5; submissions 3 + 1 + 3 = 7
    assert metrics.failure_share(jobs) == pytest.approx(5 / 7)
    # failed runs 1 + 0 + 1 = 2; runs 2 + 1 + 1 = 4 (the failed claims started nothing)
    assert metrics.run_failure_share(jobs) == pytest.approx(2 / 4)


def test_random_trace_utilization_matches_components(random_traces):
    """Independent check of the integral: grid processor-seconds equal those of the components."""
    trace = load_trace(random_traces[0])
    by_id = {int(j["id"]): j for j in trace.jobs}
    expected = sum(c["processors"] * (by_id[int(c["job_id"])]["end_time"] - by_id[int(c["job_id"])]["start_time"])
                   for c in trace.components)
    measured = metrics.utilization(trace, "grid")["system"] * trace.processors.sum() * trace.end_time
    assert measured == pytest.approx(expected, rel=1e-9)
