#!/usr/bin/python3
"""Draws the energy saved by switching idle nodes off against the rise of the mean wait (docs/concepts.md,
"Power management"), from the aggregate of workloads/sweeps/energy-idle-off.yaml:

  tools/sweep run workloads/sweeps/energy-idle-off.yaml && tools/sweep aggregate workloads/sweeps/energy-idle-off.yaml
  analysis/energy_tradeoff.py sweeps/energy_idle_off [--out docs/figures/energy-idle-off.png]

For each experiment and idle timeout: the energy saved, in percent of the energy of the point that never switches a
node off (timeout `never`, always_on's trace), against the rise of the mean wait of the grid jobs (left) and of the
local jobs (right) over that point, each a mean over the sweep's seeds. Prints the table it draws.
"""

import argparse
import csv
import sys
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

BASELINE = "never"


def read_aggregate(folder: Path) -> dict:
    """(experiment, timeout) -> metric -> mean."""
    points = defaultdict(dict)
    with open(folder / "aggregate.csv", newline="") as f:
        for row in csv.DictReader(f):
            if row["mean"] != "":
                points[(row["experiment"], row["timeout"])][row["metric"]] = float(row["mean"])
    return points


def tradeoff(points: dict) -> list:
    """Rows (experiment, timeout, energy saved %, grid wait rise s, local wait rise s, boots), baseline excluded."""
    rows = []
    for (experiment, timeout), metrics in points.items():
        base = points.get((experiment, BASELINE))
        if timeout == BASELINE or base is None:
            continue
        saved = 100 * (base["energy_joules"] - metrics["energy_joules"]) / base["energy_joules"]
        rows.append((experiment, timeout, saved, metrics["wait_mean"] - base["wait_mean"],
                     metrics.get("local_wait_mean", float("nan")) - base.get("local_wait_mean", float("nan")),
                     metrics.get("energy_boots", float("nan"))))
    return sorted(rows, key=lambda r: (r[0], float(r[1].rstrip("s"))))


def draw(rows: list, out: Path):
    fig, axes = plt.subplots(1, 2, figsize=(9.6, 3.8), dpi=100, sharey=True)
    for experiment in sorted({r[0] for r in rows}):
        mine = [r for r in rows if r[0] == experiment]
        for ax, column in zip(axes, (3, 4)):
            ax.plot([r[column] for r in mine], [r[2] for r in mine], marker="o", label=experiment)
            for r in mine:
                ax.annotate(r[1], (r[column], r[2]), textcoords="offset points", xytext=(4, 3), fontsize=7)
    axes[0].set_xlabel("rise of the grid jobs' mean wait (s)")
    axes[1].set_xlabel("rise of the local jobs' mean wait (s)")
    axes[0].set_ylabel("energy saved (% of always on)")
    for ax in axes:
        ax.grid(alpha=0.3)
    axes[0].legend(title="DAS-2 workload", fontsize=8)
    fig.suptitle("idle_off on DAS-2: energy saved against wait, by idle timeout", fontsize=10)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, metadata={"Software": None})
    plt.close(fig)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sweep", type=Path, help="the sweep's output folder (with aggregate.csv)")
    parser.add_argument("--out", type=Path, default=Path("docs/figures/energy-idle-off.png"))
    args = parser.parse_args(argv)
    if not (args.sweep / "aggregate.csv").is_file():
        print(f"energy_tradeoff: no {args.sweep / 'aggregate.csv'}: run `tools/sweep aggregate` on the sweep first",
              file=sys.stderr)
        return 2
    rows = tradeoff(read_aggregate(args.sweep))
    if not rows:
        print(f"energy_tradeoff: no point of {args.sweep / 'aggregate.csv'} has its '{BASELINE}' baseline",
              file=sys.stderr)
        return 2
    print("experiment,timeout,energy_saved_percent,grid_wait_rise_s,local_wait_rise_s,boots")
    for r in rows:
        print(",".join([r[0], r[1]] + [f"{v:.6g}" for v in r[2:]]))
    draw(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
