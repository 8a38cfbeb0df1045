#!/usr/bin/python3
"""plot.py: the figures of coalsim traces.
The code: coalsim_analysis/commands/plot.py; usage: plot.py --help, docs/cli.md."""

import sys

from coalsim_analysis.commands.plot import main

if __name__ == "__main__":
    sys.exit(main())
