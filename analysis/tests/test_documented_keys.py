"""The keys docs/ documents are exactly the keys an experiment file accepts, as `simulate --keys` lists them
(each section declares its keys beside the code that reads them; the list is built from those declarations).

Documented keys: the first cell of each row, one backticked dotted path, of every table of
docs/configuration.md whose header starts with `| key |`, and the backticked names in its headings (a root
section, such as `faults`, is documented by its heading); and `policy.<parameter>` for the first cell of each
row of every table of docs/policies.md whose header starts with `| parameter |`. A key missing from the docs
or documented but refused fails the test, naming it.
"""

import re
import subprocess

import pytest

from conftest import REPO, SIMULATE

ROW_KEY = re.compile(r"^\| `([^`]+)` \|")
HEADING_KEYS = re.compile(r"`([a-z_][a-z0-9_.]*)`")


def first_cells(page, header):
    """The backticked first cells of the rows of the tables of `page` whose header row starts with `header`."""
    cells, in_table = set(), False
    for line in page.read_text().splitlines():
        if line.startswith(header):
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table and (match := ROW_KEY.match(line)):
            cells.add(match.group(1))
    return cells


def heading_names(page):
    """The backticked key paths in the headings of `page`."""
    return {name for line in page.read_text().splitlines() if line.startswith("#")
            for name in HEADING_KEYS.findall(line)}


def documented_keys():
    page = REPO / "docs" / "configuration.md"
    keys = first_cells(page, "| key |") | heading_names(page)
    keys |= {"policy." + name for name in first_cells(REPO / "docs" / "policies.md", "| parameter |")}
    return keys


def accepted_keys():
    if not SIMULATE.exists():
        pytest.fail(f"{SIMULATE} does not exist (build simulate, or set COALSIM_SIMULATE)")
    run = subprocess.run([str(SIMULATE), "--keys"], capture_output=True, text=True, timeout=60, check=True)
    keys = [line.split("\t")[0] for line in run.stdout.splitlines()]  # after a tab: a parameter's units
    assert keys == sorted(set(keys)), "simulate --keys prints each key once, sorted"
    return set(keys)


def test_documented_keys_equal_accepted_keys():
    documented, accepted = documented_keys(), accepted_keys()
    assert sorted(accepted - documented) == [], "accepted by simulate but not documented in docs/"
    assert sorted(documented - accepted) == [], "documented in docs/ but refused by simulate"
