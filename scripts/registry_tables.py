#!/usr/bin/env python3
"""Writes the docs' tables of the pluggable kinds from their registries (`simulate --list KIND --markdown`).

Each table sits in docs/ between `<!-- registry: KIND -->` and `<!-- /registry: KIND -->`; everything between
the markers is replaced. With --check, nothing is written and the exit status is 1 if a table is not current
(analysis/tests/test_registry_tables.py runs this check).

Usage: scripts/registry_tables.py [--check] [SIMULATE]   (default build/simulate)
"""

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"(<!-- registry: (\w+) -->\n)(.*?)(<!-- /registry: \2 -->)", re.S)


def table(simulate, kind):
    run = subprocess.run([str(simulate), "--list", kind, "--markdown"], capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        raise SystemExit(f"{simulate} --list {kind} --markdown failed: {run.stderr.strip()}")
    return "\n" + run.stdout + "\n"


def rewrite(text, simulate):
    """`text` with every registry block replaced by its kind's current tables; the kinds found."""
    kinds = []

    def replace(match):
        kinds.append(match.group(2))
        return match.group(1) + table(simulate, match.group(2)) + match.group(4)

    return BLOCK.sub(replace, text), kinds


def main(argv):
    check = "--check" in argv
    rest = [a for a in argv if a != "--check"]
    simulate = Path(rest[0]) if rest else REPO / "build" / "simulate"
    stale = []
    for page in sorted((REPO / "docs").glob("*.md")):
        text = page.read_text()
        new, kinds = rewrite(text, simulate)
        if new != text:
            stale.append(f"{page.relative_to(REPO)} ({', '.join(kinds)})")
            if not check:
                page.write_text(new)
    if check and stale:
        print("not current (run scripts/registry_tables.py): " + "; ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
