"""n, mean, sd and the 95% Student-t interval against hand-computed values; the precision rounds."""

import math

import pytest

from coalsim_analysis.sweep.replications import plan_seeds
from coalsim_analysis.sweep.statistics import summarize, t_quantile
from coalsim_analysis.sweep.sweep_file import Precision, Replications


def test_t_quantiles_are_the_tabulated_ones():
    # Two-sided 95%: df 1 12.706, df 3 3.182, df 9 2.262, df 29 2.045.
    assert t_quantile(2) == pytest.approx(12.7062047, abs=1e-6)
    assert t_quantile(4) == pytest.approx(3.1824463, abs=1e-6)
    assert t_quantile(10) == pytest.approx(2.2621572, abs=1e-6)
    assert t_quantile(30) == pytest.approx(2.0452296, abs=1e-6)


def test_summary_of_four_values_by_hand():
    # mean 2.5; sd sqrt(((1.5^2 + 0.5^2) * 2) / 3) = sqrt(5/3); half-width 3.1824463 * sd / 2.
    s = summarize([1.0, 2.0, 3.0, 4.0])
    assert (s.n, s.mean) == (4, 2.5)
    assert s.sd == pytest.approx(math.sqrt(5 / 3))
    assert s.half_width == pytest.approx(3.1824463 * math.sqrt(5 / 3) / 2, rel=1e-7)
    assert (s.low, s.high) == pytest.approx((2.5 - 2.0542603, 2.5 + 2.0542603), abs=1e-6)
    assert s.relative_half_width == pytest.approx(2.0542603 / 2.5, abs=1e-6)


def test_undefined_values_are_left_out_and_one_value_has_no_interval():
    s = summarize([10.0, math.nan, None])
    assert (s.n, s.mean) == (1, 10.0) and math.isnan(s.sd) and math.isnan(s.half_width)
    empty = summarize([math.nan])
    assert empty.n == 0 and math.isnan(empty.mean)
    same = summarize([7.0, 7.0, 7.0])
    assert (same.sd, same.half_width, same.relative_half_width) == (0.0, 0.0, 0.0)


def precision(seeds, width, max_seeds):
    return Replications(seeds, Precision("response_mean", width), max_seeds)


def test_fixed_seeds_are_one_to_n():
    plan = plan_seeds(Replications(4), lambda s: False, None)
    assert plan.seeds == [1, 2, 3, 4] and plan.settled


def test_precision_rounds_grow_by_the_estimate_until_the_target():
    # Values alternate 90, 110: sd ~10.5, mean 100. With 3 seeds (90, 110, 90): mean 96.67, sd 11.547,
    # half-width 4.3027 * 11.547 / sqrt(3) = 28.68, relative 0.2967; target 0.1: estimate ceil(3 * 2.967^2) = 27.
    values = {s: 90.0 if s % 2 else 110.0 for s in range(1, 100)}
    before = plan_seeds(precision(3, 0.1, 50), lambda s: False, values.get)
    assert before.seeds == [1, 2, 3] and not before.settled
    first = plan_seeds(precision(3, 0.1, 50), lambda s: s <= 3, values.get)
    assert first.seeds == list(range(1, 28)) and not first.settled  # round 1 complete: round 2 is 27 seeds
    second = plan_seeds(precision(3, 0.1, 50), lambda s: s <= 27, values.get)
    assert second.seeds == list(range(1, 28))
    assert second.settled, second.note  # 14 x 90, 13 x 110: half-width 4.03 of 99.6
    capped = plan_seeds(precision(3, 0.001, 10), lambda s: True, values.get)
    assert capped.seeds == list(range(1, 11)) and capped.settled and "max_seeds 10" in capped.note


def test_an_incomplete_round_is_waited_for():
    plan = plan_seeds(precision(5, 0.1, 50), lambda s: s != 4, lambda s: 1.0)
    assert plan.seeds == [1, 2, 3, 4, 5] and not plan.settled
