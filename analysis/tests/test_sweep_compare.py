"""compare.py on sweep aggregates: matching points to experiments, intervals, and significant verdicts."""

import math
import subprocess

import h5py
import numpy as np

from conftest import ANALYSIS
from coalsim_analysis.claims import parse_claim
from coalsim_analysis.significance import significant


def decided(text, intervals):
    means = {k: (lo + hi) / 2 for k, (lo, hi) in intervals.items()}
    return significant(parse_claim(text, {"a", "b", "c"}), intervals, means)


def test_a_comparison_is_significant_only_when_the_intervals_do_not_overlap():
    apart = {("a", "response_mean"): (1.0, 2.0), ("b", "response_mean"): (3.0, 4.0)}
    touching = {("a", "response_mean"): (1.0, 3.5), ("b", "response_mean"): (3.0, 4.0)}
    assert decided("a.response_mean < b.response_mean", apart)
    assert not decided("a.response_mean < b.response_mean", touching)
    assert decided("a.response_mean > b.response_mean", apart)  # fails, and significantly
    # 2 * [1, 2] = [2, 4] overlaps [3, 4]; 0.5 * [3, 4] = [1.5, 2] overlaps [1, 2]; [1, 2] + 2 = [3, 4].
    assert not decided("2 * a.response_mean < b.response_mean", apart)
    assert not decided("a.response_mean > 0.5 * b.response_mean", apart)
    assert decided("a.response_mean - b.response_mean < 0", apart)  # [-3, -1]


def test_and_or_need_the_deciding_comparisons():
    i = {("a", "wait_mean"): (1.0, 2.0), ("b", "wait_mean"): (3.0, 4.0), ("c", "wait_mean"): (1.5, 3.5)}
    assert decided("a.wait_mean < b.wait_mean", i)
    assert not decided("a.wait_mean < b.wait_mean and a.wait_mean < c.wait_mean", i)  # holds; second undecided
    # fails because b < a, which is decided, whatever c says
    assert decided("b.wait_mean < a.wait_mean and a.wait_mean < c.wait_mean", i)
    assert decided("a.wait_mean < b.wait_mean or a.wait_mean < c.wait_mean", i)  # holds by the decided one
    assert not decided("not a.wait_mean < c.wait_mean", i)


def test_without_an_interval_nothing_is_significant_but_exact_equalities_are():
    i = {("a", "n_completed"): (40.0, 40.0), ("b", "n_completed"): (math.nan, math.nan)}
    assert decided("a.n_completed == 40", i)
    assert not decided("b.n_completed < 50", {("b", "n_completed"): (math.nan, math.nan)})


def write_aggregate(path, points):
    """points: {name: {metric: (n, mean, low, high)}}, in the layout of sweep aggregate."""
    text = h5py.string_dtype()
    with h5py.File(path, "w") as f:
        f.create_dataset("points", data=np.array([(f"id{i}", name, 3) for i, name in enumerate(points)],
                                                 dtype=[("id", text), ("name", text), ("seeds", "i4")]))
        stats = [(f"id{i}", name, metric, n, mean, 0.0, low, high, (high - low) / 2)
                 for i, (name, metrics) in enumerate(points.items()) for metric, (n, mean, low, high) in metrics.items()]
        f.create_dataset("stats", data=np.array(stats, dtype=[
            ("point", text), ("name", text), ("metric", text), ("n", "i4"), ("mean", "f8"), ("sd", "f8"),
            ("ci_low", "f8"), ("ci_high", "f8"), ("half_width", "f8")]))
        f.create_dataset("runs", data=np.array([("id0", s, "response_mean", v) for s, v in ((1, 10.0), (2, 30.0))],
                                               dtype=[("point", text), ("seed", "i4"), ("metric", text), ("value", "f8")]))


def test_compare_on_a_sweep_aggregate(tmp_path):
    write_aggregate(tmp_path / "aggregate.h5", {
        "dcs_exp1": {"response_mean": (3, 20.0, 10.0, 30.0), "n_completed": (3, 40.0, 40.0, 40.0)},
        "dcs_exp2": {"response_mean": (3, 25.0, 20.0, 30.0), "n_completed": (3, 40.0, 40.0, 40.0)},
    })
    reference = tmp_path / "ref.yaml"
    reference.write_text("""experiments:
  - {name: exp1, trace: "dcs_exp1_seed*.h5", published: {response_mean: {value: 21, tolerance: 0.1}}}
  - {name: exp2, trace: "dcs_exp2_seed*.h5"}
claims:
  - exp1.response_mean < exp2.response_mean
  - exp1.n_completed == 40 and exp2.n_completed == 40
""")
    run = subprocess.run(["/usr/bin/python3", str(ANALYSIS / "compare.py"), "--reference", str(reference),
                          "--sweep", str(tmp_path), "--strict"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "| exp1 | 3 | response_mean | 20 | [10, 30] | 21 | -4.8% | ±10% | ok |" in run.stdout, run.stdout
    assert ("- PASS: `exp1.response_mean < exp2.response_mean` (exp1.response_mean = 20, exp2.response_mean = 25; "
            "**not significant**: the 95% intervals overlap)") in run.stdout
    assert "- PASS: `exp1.n_completed == 40 and exp2.n_completed == 40` (exp1.n_completed = 40, " \
           "exp2.n_completed = 40; significant at 95%)" in run.stdout
    assert "1 of 2 claim verdicts not significant" in run.stdout


def test_an_experiment_matching_two_points_is_an_error(tmp_path):
    write_aggregate(tmp_path / "aggregate.h5", {"p_1": {"response_mean": (3, 1.0, 0.0, 2.0)},
                                                "p_2": {"response_mean": (3, 1.0, 0.0, 2.0)}})
    reference = tmp_path / "ref.yaml"
    reference.write_text("experiments:\n  - {name: p, trace: 'p_*'}\n")
    run = subprocess.run(["/usr/bin/python3", str(ANALYSIS / "compare.py"), "--reference", str(reference),
                          "--sweep", str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 2
    assert "experiment 'p' (trace 'p_*') matches several sweep points: p_1, p_2" in run.stderr
    missing = subprocess.run(["/usr/bin/python3", str(ANALYSIS / "compare.py"), "--reference", str(reference),
                              "--sweep", str(tmp_path / "nowhere")], capture_output=True, text=True)
    assert missing.returncode == 2 and "no such file (run `sweep aggregate` first)" in missing.stderr
