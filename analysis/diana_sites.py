#!/usr/bin/python3
"""diana_sites.py: DIANA's messages per job against the number of sites.
The code: coalsim_analysis/commands/diana_sites.py; usage: diana_sites.py --help, docs/cli.md."""

import sys

from coalsim_analysis.commands.diana_sites import main

if __name__ == "__main__":
    sys.exit(main())
