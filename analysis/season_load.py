#!/usr/bin/python3
"""season_load.py: a log's utilization over chosen months, hours and days.
The code: coalsim_analysis/commands/season_load.py; usage: season_load.py --help, docs/cli.md."""

import sys

from coalsim_analysis.commands.season_load import main

if __name__ == "__main__":
    sys.exit(main())
