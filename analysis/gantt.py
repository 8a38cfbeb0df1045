#!/usr/bin/python3
"""gantt.py: the Gantt chart of a coalsim trace.
The code: coalsim_analysis/commands/gantt.py; usage: gantt.py --help, docs/cli.md, docs/analysis.md."""

import sys

from coalsim_analysis.commands.gantt import main

if __name__ == "__main__":
    sys.exit(main())
