"""Simulated vs published: match traces to the experiments of a reference file, compare, report."""

import fnmatch
import glob
import math
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .claims import evaluate, references
from .metrics import compute_metrics
from .significance import seeds_needed, shrink_needed, significant
from .sweep_aggregate import AggregateError
from .trace import TraceFormatError, load_trace


@dataclass
class Row:
    experiment: str
    runs: int
    metric: str
    simulated: float
    published: object  # reference.Published
    interval: tuple | None = None  # 95% CI of the mean (from a sweep aggregate); None for traces

    @property
    def deviation(self) -> float:
        """(simulated - published) / published, in %; NaN when published is 0 or data are missing."""
        if self.published.value == 0 or math.isnan(self.simulated):
            return math.nan
        return 100.0 * (self.simulated - self.published.value) / abs(self.published.value)

    @property
    def status(self) -> str:
        if math.isnan(self.simulated):
            return "no data"
        within = self.published.within(self.simulated)
        return "-" if within is None else ("ok" if within else "OUT")

    @property
    def failed(self) -> bool:
        return self.status in ("OUT", "no data")


@dataclass
class ClaimResult:
    claim: object  # reference.Claim
    passed: bool
    values: dict
    seeds_held: int = 0  # seeds (run by every experiment the claim uses) on which the claim holds alone
    seeds: int = 0       # such seeds; 0 when the experiments share fewer than two seeds
    significant: bool | None = None  # on a sweep aggregate: the verdict holds across the 95% CIs
    seeds_needed: float | None = None  # on a sweep aggregate: seeds per experiment projected to make it significant

    @property
    def agreement(self) -> str:
        """How many single seeds agree with the verdict on the means: a claim that holds on about half
        of them is decided by noise, whatever its verdict."""
        return f"holds in {self.seeds_held} of {self.seeds} seeds" if self.seeds else ""


def match_traces(pattern: str, traces, reference_dir: Path) -> list:
    """Traces of one experiment: the TRACE arguments matching the pattern (by path or file name),
    or, without TRACE arguments, the files the pattern globs relative to the reference file."""
    if traces:
        found = sorted(t for t in traces if fnmatch.fnmatch(str(t), pattern) or fnmatch.fnmatch(Path(t).name, pattern)
                       or fnmatch.fnmatch(str(t), f"*/{pattern}"))
    else:
        base = Path(pattern) if Path(pattern).is_absolute() else reference_dir / pattern
        found = sorted(glob.glob(str(base)))
    # One file named twice (overlapping shell globs, a/x.h5 and a/../a/x.h5) is one run, not two in the mean.
    unique = {}
    for path in found:
        unique.setdefault(os.path.realpath(path), path)
    return sorted(unique.values(), key=str)


def run_metrics(path, cache) -> tuple:
    """(seed, metrics, void) of one run; the seed is the trace's `seed` attribute (None when absent), and
    void says the run was declared void (a `void_time` attribute: background.band_void_after)."""
    if path not in cache:
        trace = load_trace(path)
        seed = trace.attrs.get("seed")
        cache[path] = (None if seed is None else int(seed), compute_metrics(trace), "void_time" in trace.attrs)
    return cache[path]


def experiment_metrics(paths, cache) -> dict:
    """Metrics of an experiment: the mean over its runs (one trace per run) of each metric."""
    per_run = [run_metrics(path, cache)[1] for path in paths]
    names = set().union(*per_run) if per_run else set()
    result = {}
    for name in names:
        values = np.array([m.get(name, math.nan) for m in per_run], dtype=float)
        result[name] = float(np.nanmean(values)) if np.isfinite(values).any() else math.nan
    return result


def compare(reference, traces):
    """Returns (rows, claim results, {experiment: trace paths used}, {experiment: void trace paths}). Runs
    declared void are left out, as the experimenters repeated them (KOALA paper, 7.5)."""
    for trace in traces:  # a mistyped TRACE argument would otherwise only be listed as matching no experiment
        if not Path(trace).is_file():
            raise TraceFormatError(f"{trace}: no such trace file")
    cache, values, matched, void = {}, {}, {}, {}
    rows = []
    for experiment in reference.experiments:
        paths = match_traces(experiment.trace, traces, reference.path.parent)
        void[experiment.name] = [p for p in paths if run_metrics(p, cache)[2]]
        paths = [p for p in paths if p not in void[experiment.name]]
        matched[experiment.name] = paths
        metrics = experiment_metrics(paths, cache)
        for metric, value in metrics.items():
            values[(experiment.name, metric)] = value
        for published in experiment.published:
            rows.append(Row(experiment.name, len(paths), published.metric,
                            metrics.get(published.metric, math.nan), published))
    results = []
    for claim in reference.claims:
        used = {pair: values.get(pair, math.nan) for pair in references(claim.tree)}
        held, seeds = seed_agreement(claim.tree, used, matched, cache)
        results.append(ClaimResult(claim, evaluate(claim.tree, used), used, held, seeds))
    return rows, results, matched, void


def match_points(pattern: str, points) -> list:
    """Sweep points of one experiment: those whose traces (<name>_seed<S>.h5) or name the pattern matches."""
    found = []
    for name, point in points.items():
        seeds = sorted(point.runs) or [1]
        if fnmatch.fnmatch(name, pattern) or any(fnmatch.fnmatch(f"{name}_seed{s}.h5", pattern) for s in seeds):
            found.append(name)
    return sorted(found)


def compare_sweep(reference, points):
    """As compare(), on sweep aggregates (sweep_aggregate.load_aggregates): the values are the means over the
    replications with their 95% CIs, and each claim also says whether its verdict is significant.
    An experiment matching several points is an error (the means of different settings are not a run's)."""
    values, intervals, matched, runs, counts = {}, {}, {}, {}, {}
    rows = []
    for experiment in reference.experiments:
        names = match_points(experiment.trace, points)
        if len(names) > 1:
            raise AggregateError(f"experiment '{experiment.name}' (trace '{experiment.trace}') matches several sweep "
                                 f"points: {', '.join(names)}")
        matched[experiment.name] = [str(points[n].source) + f" [{n}]" for n in names]
        estimates = points[names[0]].estimates if names else {}
        runs[experiment.name] = points[names[0]].runs if names else {}
        for metric, estimate in estimates.items():
            values[(experiment.name, metric)] = estimate.mean
            intervals[(experiment.name, metric)] = (estimate.low, estimate.high)
            counts[(experiment.name, metric)] = estimate.n
        for published in experiment.published:
            estimate = estimates.get(published.metric)
            rows.append(Row(experiment.name, estimate.n if estimate else 0, published.metric,
                            estimate.mean if estimate else math.nan, published,
                            (estimate.low, estimate.high) if estimate else (math.nan, math.nan)))
    results = []
    for claim in reference.claims:
        used = {pair: values.get(pair, math.nan) for pair in references(claim.tree)}
        by_seed = {e: runs.get(e, {}) for e, _ in used}
        common = set.intersection(*(set(r) for r in by_seed.values())) if by_seed else set()
        held = 0
        if len(common) >= 2:
            held = sum(evaluate(claim.tree, {(e, m): by_seed[e][seed].get(m, math.nan) for e, m in used})
                       for seed in common)
        ratio = shrink_needed(claim.tree, intervals, values)
        needed = max((seeds_needed(ratio, counts.get(pair, 0)) for pair in used), default=math.inf)
        results.append(ClaimResult(claim, evaluate(claim.tree, used), used, held, len(common) if len(common) >= 2 else 0,
                                   significant(claim.tree, intervals, values), needed))
    return rows, results, matched, {}


def seed_agreement(tree, used, matched, cache) -> tuple:
    """(seeds on which the claim holds, seeds tried): the claim evaluated on the runs of each seed that
    every experiment it names has run. (0, 0) with fewer than two such seeds."""
    by_seed = {}
    for experiment in {e for e, _ in used}:
        runs = {}
        for path in matched.get(experiment, []):
            seed, metrics, _ = run_metrics(path, cache)
            if seed is not None:
                runs[seed] = metrics
        by_seed[experiment] = runs
    common = set.intersection(*(set(runs) for runs in by_seed.values())) if by_seed else set()
    if len(common) < 2:
        return 0, 0
    held = sum(evaluate(tree, {(e, m): by_seed[e][seed].get(m, math.nan) for e, m in used}) for seed in common)
    return held, len(common)


def number(value: float) -> str:
    if isinstance(value, float) and math.isnan(value):
        return "n/a"
    return f"{value:.1f}" if abs(value) >= 1000 else f"{value:.4g}"


def interval_text(interval) -> str:
    if interval is None or any(math.isnan(v) for v in interval):
        return "n/a"
    return f"[{number(interval[0])}, {number(interval[1])}]"


def tolerance_text(published) -> str:
    if published.abs_tolerance is not None:
        return f"±{number(published.abs_tolerance)}"
    if published.tolerance is not None:
        return f"±{100 * published.tolerance:.4g}%"
    return "-"


def any_failure(rows, results, matched) -> bool:
    """What --strict rejects: a value out of tolerance or without data, a failed claim, an experiment without trace."""
    return (any(r.failed for r in rows) or any(not r.passed for r in results)
            or any(not paths for paths in matched.values()))


def markdown(reference, rows, results, matched, traces=(), void=None) -> str:
    lines = [f"# Simulated vs published ({reference.path})", ""]
    void = void or {}
    for name, paths in matched.items():
        lines.append(f"- {name}: " + (", ".join(str(p) for p in paths) if paths else "**no trace matched**"))
        if void.get(name):
            lines.append(f"  - left out, void runs: {', '.join(str(p) for p in void[name])}")
    used = {os.path.realpath(p) for paths in list(matched.values()) + list(void.values()) for p in paths}
    unused = list(dict.fromkeys(str(t) for t in traces if os.path.realpath(t) not in used))
    if unused:
        lines.append(f"- not matched by any experiment: {', '.join(unused)}")
    with_ci = any(row.interval is not None for row in rows)
    ci_head, ci_rule = (" 95% CI |", " ---: |") if with_ci else ("", "")
    lines += ["", f"| experiment | runs | metric | simulated |{ci_head} published | deviation | tolerance | status |",
              f"| --- | ---: | --- | ---: |{ci_rule} ---: | ---: | ---: | --- |"]
    for row in rows:
        deviation = "n/a" if math.isnan(row.deviation) else f"{row.deviation:+.1f}%"
        ci = f" {interval_text(row.interval)} |" if with_ci else ""
        lines.append(f"| {row.experiment} | {row.runs} | {row.metric} | {number(row.simulated)} |{ci} "
                     f"{number(row.published.value)} | {deviation} | {tolerance_text(row.published)} | {row.status} |")
    if results:
        lines += ["", "## Claims", ""]
        for result in results:
            used = ", ".join(f"{e}.{m} = {number(v)}" for (e, m), v in result.values.items())
            what = f"{result.claim.description}: " if result.claim.description else ""
            agreement = f"; {result.agreement}" if result.agreement else ""
            if result.significant is False:
                agreement += "; **not significant**: the 95% intervals overlap"
                if result.seeds_needed is not None:
                    agreement += ("; no number of seeds settles it at these means" if math.isinf(result.seeds_needed)
                                  else f"; about {result.seeds_needed} seeds per experiment would settle it "
                                       "(projected: means and standard deviations as now)")
            elif result.significant:
                agreement += "; significant at 95%"
            lines.append(f"- {'PASS' if result.passed else 'FAIL'}: {what}`{result.claim.text}` ({used}{agreement})")
    out = sum(r.failed for r in rows)
    failed = sum(not r.passed for r in results)
    missing = sum(not paths for paths in matched.values())
    undecided = sum(r.significant is False for r in results)
    if any(r.significant is not None for r in results):
        lines += ["", f"{undecided} of {len(results)} claim verdicts not significant (95% intervals overlap)."]
    lines += ["", f"{out} of {len(rows)} values out of tolerance or without data; "
                  f"{failed} of {len(results)} claims failed; {missing} of {len(matched)} experiments without a trace."]
    return "\n".join(lines)
