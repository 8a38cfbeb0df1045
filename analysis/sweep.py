#!/usr/bin/python3
"""sweep: parameter sweeps of simulate (plan, run, status, aggregate). See docs/sweeps.md.
The code: coalsim_analysis/sweep/; tools/sweep is a link to this file."""

import sys

from coalsim_analysis.sweep.cli import main

if __name__ == "__main__":
    sys.exit(main())
