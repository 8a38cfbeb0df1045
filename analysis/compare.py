#!/usr/bin/python3
"""compare.py: simulated against published values and claims (analysis/references/).
The code: coalsim_analysis/commands/compare.py; usage: compare.py --help, docs/cli.md."""

import sys

from coalsim_analysis.commands.compare import main

if __name__ == "__main__":
    sys.exit(main())
