"""Which seeds each point needs: seeds 1..n, or, with a precision target, rounds of seeds until the 95%
confidence interval's half-width of the target metric is within the given fraction of its mean.

The decision is a function of the complete traces alone, so `run`, `status` and a resumed run agree: starting
from the first round, a round is decided only once all its seeds are complete, and the next round's size is
the estimate n (h / target)^2 (the half-width shrinks as 1/sqrt(n)), at least one seed more, at most max_seeds.
"""

import math
from dataclasses import dataclass

from .statistics import summarize


@dataclass
class SeedPlan:
    seeds: list          # seeds the point needs now (1..n)
    settled: bool        # no further round will be added (fixed seeds, target met, max reached, or no data)
    note: str = ""       # for status: why it stopped, or how far from the target


def plan_seeds(replications, is_complete, metric_value) -> SeedPlan:
    """is_complete(seed) -> bool; metric_value(seed) -> the target metric of that complete run."""
    n = replications.seeds
    if replications.precision is None:
        return SeedPlan(list(range(1, n + 1)), True)
    target = replications.precision.relative_half_width
    while True:
        seeds = list(range(1, n + 1))
        if not all(is_complete(s) for s in seeds):
            return SeedPlan(seeds, False, f"round of {n} seeds under way")
        summary = summarize(metric_value(s) for s in seeds)
        relative = summary.relative_half_width
        metric = replications.precision.metric
        if math.isnan(relative):
            return SeedPlan(seeds, True, f"{metric} undefined in {n - summary.n} of {n} runs: target not checkable")
        if relative <= target:
            return SeedPlan(seeds, True, f"{metric}: half-width {relative:.3g} of the mean <= {target:g} with {n} seeds")
        if n >= replications.max_seeds:
            return SeedPlan(seeds, True, f"{metric}: half-width {relative:.3g} of the mean > {target:g} "
                                         f"at max_seeds {n}")
        estimate = math.ceil(n * (relative / target) ** 2) if math.isfinite(relative) else replications.max_seeds
        n = min(replications.max_seeds, max(n + 1, estimate))
