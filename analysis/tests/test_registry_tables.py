"""The docs' tables of the pluggable kinds are the registries' own output (`simulate --list KIND --markdown`,
written into docs/ by scripts/registry_tables.py): an entry registered, renamed or given a parameter without
rerunning the script fails here, and so does a kind whose table was dropped from docs/."""

import subprocess
import sys

import pytest

from conftest import REPO, SIMULATE


def listed_kinds():
    run = subprocess.run([str(SIMULATE), "--list", "help"], capture_output=True, text=True, timeout=60, check=True)
    return run.stdout.split(":", 1)[1].strip().split(", ")


def test_docs_registry_tables_are_current():
    if not SIMULATE.exists():
        pytest.fail(f"{SIMULATE} does not exist (build simulate, or set COALSIM_SIMULATE)")
    run = subprocess.run([sys.executable, str(REPO / "scripts" / "registry_tables.py"), "--check", str(SIMULATE)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_kind_but_the_policies_has_its_table_in_docs():
    # The policies have their own page, whose tables test_docs.py holds equal to `--policy help`.
    if not SIMULATE.exists():
        pytest.fail(f"{SIMULATE} does not exist (build simulate, or set COALSIM_SIMULATE)")
    pages = "".join(page.read_text() for page in (REPO / "docs").glob("*.md"))
    for kind in listed_kinds():
        if kind != "policies":
            assert f"<!-- registry: {kind} -->" in pages, f"docs/ has no table of {kind}"
