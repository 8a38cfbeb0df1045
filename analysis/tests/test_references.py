"""The shipped reference files are valid: every key, metric name and claim parses."""

from pathlib import Path

import pytest

from coalsim_analysis.reference import load_reference

REFERENCES = sorted((Path(__file__).resolve().parent.parent / "references").glob("*.yaml"))


@pytest.mark.parametrize("path", REFERENCES, ids=[p.stem for p in REFERENCES])
def test_reference_loads(path):
    reference = load_reference(path)
    assert reference.experiments and reference.claims


def test_dcs_values():
    reference = load_reference(REFERENCES[[p.stem for p in REFERENCES].index("dcs")])
    exp4 = next(e for e in reference.experiments if e.name == "exp4")
    assert {p.metric: p.value for p in exp4.published}["response_mean"] == 1135.2
