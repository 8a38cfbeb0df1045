#!/usr/bin/python3
"""diana_table61.py: DIANA's Table 6.1, simulated beside published.
The code: coalsim_analysis/commands/diana_table61.py; usage: diana_table61.py --help, docs/cli.md."""

import sys

from coalsim_analysis.commands.diana_table61 import main

if __name__ == "__main__":
    sys.exit(main())
