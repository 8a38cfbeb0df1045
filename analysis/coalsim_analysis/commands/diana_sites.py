"""DIANA's messages per job against the number of sites: runs workloads/experiments/diana-das2.yaml on the first S
clusters of DAS-2 (S = 2 ... 5) with a few seeds, prints messages, bytes and migrations per job, and draws them.

  analysis/diana_sites.py [--simulate build/simulate] [--jobs 500] [--seeds 3] [--out figures]

Exit status: 0 done; 2 when simulate fails or a trace is invalid.
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from coalsim_analysis.paths import REPO

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from coalsim_analysis.metrics import message_metrics  # noqa: E402
from coalsim_analysis.trace import TraceFormatError, load_trace  # noqa: E402

CLUSTERS = ("fs0", "fs1", "fs2", "fs3", "fs4")


def positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def main(argv=None):
    parser = argparse.ArgumentParser(description="DIANA: messages per job against the number of sites.")
    parser.add_argument("--simulate", type=Path, default=REPO / "build" / "simulate", help="the simulate binary")
    parser.add_argument("--jobs", type=positive, default=500, help="jobs per run (default 500)")
    parser.add_argument("--seeds", type=positive, default=3, help="seeds 1..N per number of sites (default 3)")
    parser.add_argument("--out", type=Path, help="folder for diana-messages-per-site.png (default: no figure)")
    args = parser.parse_args(argv)
    experiment = REPO / "workloads" / "experiments" / "diana-das2.yaml"
    sites = list(range(2, len(CLUSTERS) + 1))
    rows = {}
    with tempfile.TemporaryDirectory() as work:
        for s in sites:
            values = []
            for seed in range(1, args.seeds + 1):
                out = Path(work) / f"s{s}_seed{seed}.h5"
                command = [str(args.simulate), "-c", str(experiment), "--clusters", ",".join(CLUSTERS[:s]),
                           "--jobs", str(args.jobs), "--seed", str(seed), "-q", "-o", str(out)]
                run = subprocess.run(command, capture_output=True, text=True)
                if run.returncode != 0:
                    print(f"diana_sites.py: {' '.join(command)} exited {run.returncode}:\n{run.stdout}{run.stderr}",
                          file=sys.stderr)
                    return 2
                try:
                    values.append(message_metrics(load_trace(out)))
                except TraceFormatError as error:
                    print(f"diana_sites.py: {error}", file=sys.stderr)
                    return 2
            rows[s] = {k: float(np.mean([v[k] for v in values])) for k in values[0]}
    print("| sites | messages / job | message bytes / job | migrations / job |")
    print("| --- | --- | --- | --- |")
    for s in sites:
        r = rows[s]
        print(f"| {s} | {r['messages_per_job']:.2f} | {r['message_bytes_per_job'] / 1e6:.2f} MB | "
              f"{r['migrations_per_job']:.3f} |")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        fig, ax = plt.subplots(figsize=(5.6, 3.8))
        ax.plot(sites, [rows[s]["messages_per_job"] for s in sites], "o-", label="messages per job")
        ax.plot(sites, [2 * (s - 1) for s in sites], "--", color="gray", label="one decision round, 2 (S - 1)")
        ax.set_xlabel("sites S (the first S clusters of DAS-2)")
        ax.set_ylabel("messages per job")
        ax.set_title(f"DIANA on DAS-2: {args.jobs} jobs, mean of {args.seeds} seeds")
        ax.set_xticks(sites)
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        fig.savefig(args.out / "diana-messages-per-site.png", dpi=110)
        print(f"\nfigure: {args.out / 'diana-messages-per-site.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
