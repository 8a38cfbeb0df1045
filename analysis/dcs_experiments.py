#!/usr/bin/python3
"""dcs_experiments.py: the five DCS experiments beside the thesis's tables.
The code: coalsim_analysis/commands/dcs_experiments.py; usage: dcs_experiments.py --help, docs/cli.md."""

import sys

from coalsim_analysis.commands.dcs_experiments import main

if __name__ == "__main__":
    sys.exit(main())
