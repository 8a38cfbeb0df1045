"""Is a claim's verdict significant? The claim is evaluated again on the 95% confidence intervals of the
metrics it names (interval arithmetic for + - * /): a comparison is decided when the intervals of its two
sides do not overlap. A claim that holds is significant when every comparison it needs is decided; one that
fails, when a comparison that makes it fail is decided (and/or/not combine these as they combine verdicts)."""

import ast
import math

from .claims import _COMPARE

UNBOUNDED = (-math.inf, math.inf)


def _interval(node, intervals, means):
    if isinstance(node, ast.Constant):
        return (float(node.value), float(node.value))
    if isinstance(node, ast.Attribute):
        low, high = intervals.get((node.value.id, node.attr), UNBOUNDED)
        return UNBOUNDED if math.isnan(low) or math.isnan(high) else (low, high)
    if isinstance(node, ast.UnaryOp):
        low, high = _interval(node.operand, intervals, means)
        return (-high, -low) if isinstance(node.op, ast.USub) else (low, high)
    if isinstance(node, ast.BinOp):
        a, b = _interval(node.left, intervals, means), _interval(node.right, intervals, means)
        if isinstance(node.op, ast.Add):
            return (a[0] + b[0], a[1] + b[1])
        if isinstance(node.op, ast.Sub):
            return (a[0] - b[1], a[1] - b[0])
        if isinstance(node.op, ast.Div):
            if b[0] <= 0 <= b[1]:
                return UNBOUNDED
            b = (1 / b[1], 1 / b[0])
        products = [x * y for x in a for y in b if not (math.isinf(x) and y == 0) and not (math.isinf(y) and x == 0)]
        return (min(products), max(products)) if products else UNBOUNDED
    raise TypeError(type(node).__name__)


def _decided(op, a, b) -> bool:
    """The comparison's outcome is the same for every pair of values in the two intervals."""
    if isinstance(op, (ast.Eq, ast.NotEq)):
        return (a[0] == a[1] == b[0] == b[1]) or a[1] < b[0] or b[1] < a[0]
    return a[1] < b[0] or b[1] < a[0] or (a[0] == a[1] == b[0] == b[1])


def _mean_value(node, means):
    from .claims import _eval
    return _eval(node, means)


def significant(tree, intervals, means) -> bool:
    """intervals: (experiment, metric) -> (low, high); means: (experiment, metric) -> mean."""
    return _significant(tree.body, intervals, means)[1]


def _significant(node, intervals, means):
    """(verdict on the means, whether it is significant)."""
    def decided(op, holds, a_mean, a_box, b_mean, b_box):
        return _decided(op, a_box, b_box) and not math.isnan(a_mean) and not math.isnan(b_mean)
    return _walk(node, intervals, means, decided, every=all, some=any)


def _walk(node, intervals, means, measure, every, some):
    """(verdict on the means, how settled it is): `measure(op, holds, a_mean, a_box, b_mean, b_box)` of each
    comparison, combined with `every` over the parts a verdict needs all of, with `some` over those of which one
    suffices (significance: all and any; the shrink factor needed: max and min)."""
    if isinstance(node, ast.BoolOp):
        parts = [_walk(v, intervals, means, measure, every, some) for v in node.values]
        verdict = all(v for v, _ in parts) if isinstance(node.op, ast.And) else any(v for v, _ in parts)
        deciding = [m for v, m in parts if v == verdict]
        needs_all = verdict if isinstance(node.op, ast.And) else not verdict
        return verdict, (every(deciding) if needs_all else some(deciding))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        verdict, settled = _walk(node.operand, intervals, means, measure, every, some)
        return not verdict, settled
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        values = [_mean_value(s, means) for s in sides]
        boxes = [_interval(s, intervals, means) for s in sides]
        pairs = []
        for i, op in enumerate(node.ops):
            left, right = values[i], values[i + 1]
            holds = not (math.isnan(left) or math.isnan(right)) and _COMPARE[type(op)](left, right)
            pairs.append((holds, measure(op, holds, left, boxes[i], right, boxes[i + 1])))
        if all(h for h, _ in pairs):
            return True, every(m for _, m in pairs)
        return False, some(m for h, m in pairs if not h)
    raise TypeError(type(node).__name__)


def shrink_needed(tree, intervals, means) -> float:
    """By what factor every interval's half-width must shrink for the claim's verdict on the means to become
    significant, the means staying where they are: below 1 when it already is (`significant`), inf when no
    shrinking can do it (a comparison it needs is between equal means, or a value has no interval).

    A decided comparison needs the two facing half-widths (from each side's mean to its bound towards the
    other side) to sum to less than the gap between the means; their ratio is the factor for that comparison.
    and/or/not and chains combine the factors as `significant` combines decisions: the largest over the
    comparisons a verdict needs, the smallest over those of which one suffices."""
    return _shrink(tree.body, intervals, means)[1]


def _facing_ratio(a_mean, a_box, b_mean, b_box, a_below) -> float:
    """(half-widths facing each other) / gap, for a verdict that a lies below b (a_below) or above it."""
    if a_below:
        spread, gap = (a_box[1] - a_mean) + (b_mean - b_box[0]), b_mean - a_mean
    else:
        spread, gap = (a_mean - a_box[0]) + (b_box[1] - b_mean), a_mean - b_mean
    if spread == 0:
        return 0.0
    return spread / gap if gap > 0 else math.inf


def _comparison_ratio(op, holds, a_mean, a_box, b_mean, b_box) -> float:
    if math.isnan(a_mean) or math.isnan(b_mean):
        return math.inf
    if isinstance(op, (ast.Eq, ast.NotEq)) and holds == isinstance(op, ast.Eq):
        # equal means: decided only when both intervals are that one point
        return 0.0 if a_box[0] == a_box[1] == b_box[0] == b_box[1] else math.inf
    if isinstance(op, (ast.Eq, ast.NotEq)):
        a_below = a_mean < b_mean
    else:
        a_below = isinstance(op, (ast.Lt, ast.LtE)) == holds
    return _facing_ratio(a_mean, a_box, b_mean, b_box, a_below)


def _shrink(node, intervals, means):
    """(verdict on the means, shrink factor needed)."""
    return _walk(node, intervals, means, _comparison_ratio, every=max, some=min)


def seeds_needed(ratio: float, seeds: int) -> float:
    """Seeds at which a 95% Student-t interval computed from `seeds` seeds would be `ratio` times narrower,
    the standard deviation staying the same: the smallest m >= seeds with t(m) / sqrt(m) <= t(seeds) /
    sqrt(seeds) / ratio. `seeds` when ratio < 1; inf when ratio is inf or seeds < 2."""
    from .sweep.statistics import t_quantile
    if ratio < 1:
        return seeds
    if not math.isfinite(ratio) or seeds < 2:
        return math.inf
    target = t_quantile(seeds) / math.sqrt(seeds) / ratio
    low, high = seeds, max(seeds + 1, math.ceil(seeds * ratio * ratio))  # t(m) <= t(seeds): high is too few or enough
    while t_quantile(high) / math.sqrt(high) > target:
        low, high = high, 2 * high
    while high - low > 1:  # t(m) / sqrt(m) decreases with m
        middle = (low + high) // 2
        low, high = (low, middle) if t_quantile(middle) / math.sqrt(middle) <= target else (middle, high)
    return high
