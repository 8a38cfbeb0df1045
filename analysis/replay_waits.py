#!/usr/bin/python3
"""replay_waits.py: simulated against recorded waits of a replayed log.
The code: coalsim_analysis/commands/replay_waits.py; usage: replay_waits.py --help, docs/cli.md."""

import sys

from coalsim_analysis.commands.replay_waits import main

if __name__ == "__main__":
    sys.exit(main())
