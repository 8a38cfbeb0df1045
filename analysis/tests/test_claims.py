"""Claims are parsed into a restricted grammar and evaluated without eval()."""


import pytest

from coalsim_analysis.claims import ClaimError, evaluate, parse_claim, references

EXPERIMENTS = {"exp1", "exp2"}
VALUES = {("exp1", "response_mean"): 377.2, ("exp2", "response_mean"): 581.3, ("exp1", "util_grid_peak"): 0.6667,
          ("exp2", "max_concurrent"): 5.0}


@pytest.mark.parametrize("text, expected", [
    ("exp1.response_mean < exp2.response_mean", True),
    ("exp1.response_mean > exp2.response_mean", False),
    ("exp2.response_mean >= 1.5 * exp1.response_mean", True),
    ("exp2.response_mean >= 1.6 * exp1.response_mean", False),
    ("0.6 < exp1.util_grid_peak < 0.7", True),
    ("0.6 < exp1.util_grid_peak < 0.65", False),
    ("exp2.max_concurrent == 5 and not exp1.response_mean > 400", True),
    ("exp2.max_concurrent != 5 or (exp2.response_mean - exp1.response_mean) / exp1.response_mean > 0.5", True),
    ("-exp1.response_mean < 0", True),
    ("exp1.spread_mean > 0 or exp1.spread_mean <= 0", False),  # missing value: every comparison is false
    ("exp1.response_mean / 0 > 1", False),
])
def test_evaluate(text, expected):
    assert evaluate(parse_claim(text, EXPERIMENTS), VALUES) is expected


@pytest.mark.parametrize("text, message", [
    ("__import__('os').system('true') == 0", "'Call' is not allowed"),
    ("exp1.response_mean", "must be a comparison"),
    ("response_mean < 3", "bare name 'response_mean'"),
    ("exp3.response_mean < 3", "unknown experiment 'exp3'"),
    ("exp1.respnse_mean < 3", "unknown metric 'respnse_mean'"),
    ("exp1.response_mean.real < 3", "one level deep"),
    ("exp1.response_mean < 'a'", "not a number"),
    ("exp1.response_mean < True", "not a number"),
    ("[x for x in ()] == []", "not allowed"),
    ("exp1.response_mean ** 2 < 3", "'Pow' is not allowed"),
    ("exp1.response_mean <", "not a valid expression"),
    ("exp1.response_mean < 3\0", "not a valid expression"),  # ast.parse raised ValueError: a traceback
    # and/or/not over numbers held or failed by the truth of the numbers, whatever the claim meant
    ("not exp1.response_mean", "'exp1.response_mean' is not a comparison"),
    ("exp1.response_mean and exp2.response_mean", "'exp1.response_mean' is not a comparison"),
    ("exp1.response_mean > 1 or exp2.response_mean", "'exp2.response_mean' is not a comparison"),
    ("(exp1.response_mean < 1) < 2", "'exp1.response_mean < 1' is a comparison where a number is expected"),
    ("-(exp1.response_mean < 1) < 2", "is a comparison where a number is expected"),
    ("(exp1.response_mean > 1) * 3 > 2", "is a comparison where a number is expected"),
])
def test_rejected(text, message):
    with pytest.raises(ClaimError, match=message):
        parse_claim(text, EXPERIMENTS)


def test_references_in_order():
    tree = parse_claim("exp2.response_mean > exp1.response_mean + exp2.response_mean", EXPERIMENTS)
    assert references(tree) == [("exp2", "response_mean"), ("exp1", "response_mean")]
