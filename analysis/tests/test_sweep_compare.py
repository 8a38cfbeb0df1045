"""compare.py on sweep aggregates: matching points to experiments, intervals, and significant verdicts."""

import math
import subprocess

import h5py
import numpy as np

from conftest import ANALYSIS
from coalsim_analysis.claims import parse_claim
from coalsim_analysis.significance import seeds_needed, shrink_needed, significant
from coalsim_analysis.sweep.statistics import t_quantile


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


def shrink(text, intervals):
    means = {k: (lo + hi) / 2 for k, (lo, hi) in intervals.items()}
    return shrink_needed(parse_claim(text, {"a", "b", "c"}), intervals, means)


def narrowed(intervals, factor):
    """Every interval's half-width divided by factor, about the same mean."""
    return {k: ((lo + hi) / 2 - (hi - lo) / 2 / factor, (lo + hi) / 2 + (hi - lo) / 2 / factor)
            for k, (lo, hi) in intervals.items()}


def test_the_shrink_factor_is_the_facing_half_widths_over_the_gap():
    # means 2 and 5, half-widths 2 and 2: 4 facing a gap of 3
    i = {("a", "wait_mean"): (0.0, 4.0), ("b", "wait_mean"): (3.0, 7.0)}
    for claim in ("a.wait_mean < b.wait_mean", "a.wait_mean > b.wait_mean", "b.wait_mean - a.wait_mean > 0"):
        ratio = shrink(claim, i)
        assert math.isclose(ratio, 4 / 3), claim
        # the factor is exactly what separates overlapping from decided intervals
        assert not decided(claim, narrowed(i, ratio * 0.999)) and decided(claim, narrowed(i, ratio * 1.001)), claim
    # a threshold of the claim's own: the difference [−1, 7] (mean 3) against 8: a gap of 5, a facing half-width of 4
    assert math.isclose(shrink("b.wait_mean - a.wait_mean < 8", i), 4 / 5)
    assert decided("b.wait_mean - a.wait_mean < 8", i)


def test_the_shrink_factor_combines_as_the_verdicts_do():
    i = {("a", "wait_mean"): (1.0, 3.0), ("b", "wait_mean"): (2.0, 6.0), ("c", "wait_mean"): (8.0, 10.0)}
    ab, ac = shrink("a.wait_mean < b.wait_mean", i), shrink("a.wait_mean < c.wait_mean", i)
    assert math.isclose(ab, 3 / 2) and math.isclose(ac, 2 / 7)
    assert math.isclose(shrink("a.wait_mean < b.wait_mean and a.wait_mean < c.wait_mean", i), ab)  # holds: needs both
    assert math.isclose(shrink("a.wait_mean < b.wait_mean or a.wait_mean < c.wait_mean", i), ac)  # holds: one is enough
    # fails: one failing comparison is enough, the one closest to decided
    assert math.isclose(shrink("b.wait_mean < a.wait_mean and c.wait_mean < a.wait_mean", i), ac)
    assert math.isclose(shrink("c.wait_mean < a.wait_mean < b.wait_mean", i), ac)
    assert math.isclose(shrink("not a.wait_mean < b.wait_mean", i), ab)


def test_the_shrink_factor_says_significant_exactly_when_significant_does():
    import random
    rng = random.Random(7)
    claims = ["a.wait_mean < b.wait_mean", "a.wait_mean >= 2 * b.wait_mean - c.wait_mean",
              "a.wait_mean < b.wait_mean and b.wait_mean < c.wait_mean", "a.wait_mean > b.wait_mean or c.wait_mean < 3",
              "a.wait_mean - b.wait_mean < 0.5 and b.wait_mean - a.wait_mean < 0.5", "a.wait_mean != c.wait_mean"]
    for _ in range(300):
        i = {}
        for name in "abc":
            mean, half = rng.uniform(0, 6), rng.choice([0.0, rng.uniform(0.01, 3)])
            i[(name, "wait_mean")] = (mean - half, mean + half)
        for claim in claims:
            assert (shrink(claim, i) < 1) == decided(claim, i), (claim, i)


def test_equal_means_or_missing_values_are_never_settled():
    i = {("a", "wait_mean"): (1.0, 3.0), ("b", "wait_mean"): (0.0, 4.0), ("c", "wait_mean"): (math.nan, math.nan)}
    assert shrink("a.wait_mean < b.wait_mean", i) == math.inf
    assert shrink("a.wait_mean < c.wait_mean", i) == math.inf
    assert shrink("a.wait_mean == b.wait_mean", i) == math.inf
    assert shrink("a.wait_mean == 2", {("a", "wait_mean"): (2.0, 2.0)}) == 0
    assert seeds_needed(math.inf, 10) == math.inf


def test_seeds_needed_narrow_the_student_t_interval_by_the_factor():
    assert seeds_needed(0.5, 10) == 10
    for seeds, ratio in ((10, 2.0), (3, 3.0), (10, 1.01), (20, 7.5)):
        m = seeds_needed(ratio, seeds)
        width = lambda n: t_quantile(n) / math.sqrt(n)  # the half-width per standard deviation
        assert width(m) <= width(seeds) / ratio < width(m - 1), (seeds, ratio, m)
    # halving the interval of 10 seeds (t(0.975, 9) = 2.262): 4 x 10 x (2.037 / 2.262)^2 = 32.4, with t(0.975, 32)
    assert seeds_needed(2.0, 10) == 33


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
            "**not significant**: the 95% intervals overlap; about 9 seeds per experiment would settle it "
            "(projected: means and standard deviations as now))") in run.stdout
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
