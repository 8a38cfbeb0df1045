"""analysis/README.md documents what the code does: every figure kind, and placement_mean's definition."""

import re

from conftest import ANALYSIS
from coalsim_analysis.figures import FIGURE_KINDS

README = (ANALYSIS / "README.md").read_text()


def test_every_figure_kind_is_documented():
    """claiming_utilization and delays were drawn by plot.py but missing from the README's table."""
    documented = set(re.findall(r"^\| `([a-z_]+)` \| `[a-z_<>]+` \|", README, re.M))
    assert documented == set(FIGURE_KINDS), (set(FIGURE_KINDS) - documented, documented - set(FIGURE_KINDS))


def test_placement_mean_is_documented_as_the_total_placement_time():
    """The README said placement_time - submit_time; for KOALA the metric is the sum over placements."""
    row = next(line for line in README.splitlines() if line.startswith("| `placement_mean`"))
    assert "total_placement_time" in row, row
