"""Qualitative claims: comparisons over metrics of named experiments, evaluated without eval().

Grammar (a subset of Python expressions): numbers; `experiment.metric`; + - * / and unary - +;
comparisons < <= > >= == != (chains allowed); and, or, not; parentheses. Nothing else: no calls,
no subscripts, no bare names, no builtins. The parsed tree is walked by our own evaluator.
"""

import ast
import math
import operator

from .names import is_metric_name

_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}
_COMPARE = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
            ast.Eq: operator.eq, ast.NotEq: operator.ne}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos}
_ALLOWED = (ast.Expression, ast.Compare, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.BinOp,
            ast.Constant, ast.Attribute, ast.Name, ast.Load, *_BINARY, *_COMPARE, *_UNARY)


class ClaimError(Exception):
    """The claim is not a valid expression of the grammar above."""


def parse_claim(text: str, experiments) -> ast.Expression:
    """Parse and check a claim; experiments is the set of experiment names it may refer to."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as error:
        raise ClaimError(f"not a valid expression ({error.msg})") from error
    except ValueError as error:  # e.g. a NUL character
        raise ClaimError(f"not a valid expression ({error})") from error
    if not _is_boolean(tree.body):
        raise ClaimError("a claim must be a comparison (e.g. exp1.response_mean < exp2.response_mean)")
    bases = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    for node in ast.walk(tree):
        _check_node(node, experiments, bases)
    return tree


def _is_boolean(node) -> bool:
    """A comparison, or and/or/not over such: what a claim and the operands of and, or, not must be."""
    return isinstance(node, (ast.Compare, ast.BoolOp)) or (isinstance(node, ast.UnaryOp)
                                                          and isinstance(node.op, ast.Not))


def _check_operands(node):
    """and/or/not take comparisons; comparisons and arithmetic take numbers. Otherwise `a.x and a.y` held
    whenever both values were non-zero, and `not a.x` whenever a.x was 0."""
    if isinstance(node, ast.BoolOp) or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
        for operand in (node.values if isinstance(node, ast.BoolOp) else [node.operand]):
            if not _is_boolean(operand):
                raise ClaimError(f"'{ast.unparse(operand)}' is not a comparison (and, or, not combine comparisons)")
    elif isinstance(node, (ast.Compare, ast.BinOp, ast.UnaryOp)):
        operands = {ast.Compare: lambda n: [n.left, *n.comparators], ast.BinOp: lambda n: [n.left, n.right],
                    ast.UnaryOp: lambda n: [n.operand]}[type(node)](node)
        for operand in operands:
            if _is_boolean(operand):
                raise ClaimError(f"'{ast.unparse(operand)}' is a comparison where a number is expected "
                                 "(chain comparisons as 'a < b < c')")


def _check_node(node, experiments, bases):
    if not isinstance(node, _ALLOWED):
        raise ClaimError(f"'{type(node).__name__}' is not allowed (only numbers, experiment.metric, "
                         "+ - * /, comparisons, and/or/not)")
    _check_operands(node)
    if isinstance(node, ast.Constant) and (isinstance(node.value, bool) or not isinstance(node.value, (int, float))):
        raise ClaimError(f"constant {node.value!r} is not a number")
    if isinstance(node, ast.Name) and id(node) not in bases:
        raise ClaimError(f"bare name '{node.id}' (write experiment.metric)")
    if isinstance(node, ast.Attribute):
        if not isinstance(node.value, ast.Name):
            raise ClaimError("only experiment.metric is allowed, one level deep")
        if node.value.id not in experiments:
            raise ClaimError(f"unknown experiment '{node.value.id}' (known: {', '.join(sorted(experiments))})")
        if not is_metric_name(node.attr):
            raise ClaimError(f"unknown metric '{node.attr}'")


def references(tree) -> list:
    """The (experiment, metric) pairs a parsed claim uses, in order of appearance."""
    pairs = [(n.value.id, n.attr) for n in ast.walk(tree) if isinstance(n, ast.Attribute)]
    return list(dict.fromkeys(pairs))


def evaluate(tree, values) -> bool:
    """Evaluate a parsed claim; values maps (experiment, metric) to a float (NaN when unknown).

    Any NaN operand makes a comparison false, so a claim over missing data fails.
    """
    return bool(_eval(tree.body, values))


def _eval(node, values):
    if isinstance(node, ast.Constant):
        return float(node.value)
    if isinstance(node, ast.Attribute):
        return float(values.get((node.value.id, node.attr), math.nan))
    if isinstance(node, ast.UnaryOp):
        operand = _eval(node.operand, values)
        return (not operand) if isinstance(node.op, ast.Not) else _UNARY[type(node.op)](operand)
    if isinstance(node, ast.BinOp):
        left, right = _eval(node.left, values), _eval(node.right, values)
        if isinstance(node.op, ast.Div) and right == 0:
            return math.nan
        return _BINARY[type(node.op)](left, right)
    if isinstance(node, ast.BoolOp):
        results = (bool(_eval(v, values)) for v in node.values)
        return all(results) if isinstance(node.op, ast.And) else any(results)
    if isinstance(node, ast.Compare):
        left = _eval(node.left, values)
        for op, right_node in zip(node.ops, node.comparators):
            right = _eval(right_node, values)
            if math.isnan(left) or math.isnan(right) or not _COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    raise ClaimError(f"'{type(node).__name__}' is not allowed")  # parse_claim rejects these first
