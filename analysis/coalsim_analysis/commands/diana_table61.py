"""DIANA's Table 6.1 (Salam et al. 2008, Ch. 6): reads the traces of workloads/sweeps/diana-table61.yaml, fits each
mode's time against N by least squares (slope, intercept, r^2) beside the same fits of the published table, prints both
tables, and draws the three curves, simulated beside published.

  analysis/diana_table61.py --sweep sweeps/diana_table61 [--out figures] [--reference analysis/references/diana.yaml]

"Time" is the trace's end time (runs start at 0: the first submission) of seed 1 of each point.
Exit status: 0 done; 2 when a trace or the reference is missing or invalid.
"""

import argparse
import sys
from pathlib import Path

from coalsim_analysis.paths import ANALYSIS

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from coalsim_analysis.reference import ReferenceError, load_reference  # noqa: E402
from coalsim_analysis.trace import TraceFormatError, load_trace  # noqa: E402

MODES = ("iterative", "bulk", "split")
LABELS = {"iterative": "iterative", "bulk": "bulk", "split": "bulk, clustered"}
JOBS = tuple(range(10, 101, 10))


def fit(n, t):
    """Least-squares line t = slope n + intercept, and its r^2."""
    n, t = np.asarray(n, float), np.asarray(t, float)
    slope, intercept = np.polyfit(n, t, 1)
    residual = t - (slope * n + intercept)
    r2 = 1 - np.sum(residual ** 2) / np.sum((t - t.mean()) ** 2)
    return slope, intercept, r2


def published_times(reference_path):
    reference = load_reference(reference_path)
    values = {e.name: {p.metric: p.value for p in e.published} for e in reference.experiments}
    try:
        return {m: [values[f"{m}_{n}"]["end_time"] for n in JOBS] for m in MODES}
    except KeyError as missing:
        raise ReferenceError(f"{reference_path}: no published end_time for {missing}") from None


def simulated_times(sweep):
    out = {}
    for mode in MODES:
        out[mode] = []
        for n in JOBS:
            matches = sorted(Path(sweep).glob(f"points/*/diana_{mode}_{n}_seed1.h5"))
            if not matches:
                raise TraceFormatError(f"{sweep}: no trace of point diana_{mode}_{n} (seed 1)")
            path = matches[0]
            out[mode].append(load_trace(path).end_time)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description="DIANA Table 6.1: fits and figure, simulated beside published.")
    parser.add_argument("--sweep", required=True, type=Path, help="output folder of workloads/sweeps/diana-table61.yaml")
    parser.add_argument("--out", type=Path, help="folder for diana-table61.png (default: no figure)")
    parser.add_argument("--reference", type=Path, default=ANALYSIS / "references" / "diana.yaml",
                        help="reference file with the published times (default: analysis/references/diana.yaml)")
    args = parser.parse_args(argv)
    try:
        published = published_times(args.reference)
        simulated = simulated_times(args.sweep)
    except (ReferenceError, TraceFormatError, OSError) as error:
        print(f"diana_table61.py: {error}", file=sys.stderr)
        return 2
    print("| N | " + " | ".join(f"{LABELS[m]} (sim / pub)" for m in MODES) + " | clustered / iterative (sim / pub) |")
    print("| --- " * (len(MODES) + 2) + "|")
    for i, n in enumerate(JOBS):
        cells = [f"{simulated[m][i]:.1f} / {published[m][i]:.0f}" for m in MODES]
        ratio = f"{simulated['split'][i] / simulated['iterative'][i]:.2f} / " \
                f"{published['split'][i] / published['iterative'][i]:.2f}"
        print(f"| {n} | " + " | ".join(cells) + f" | {ratio} |")
    print()
    print("| mode | slope sim (s/job) | slope pub | intercept sim (s) | intercept pub | r^2 sim | r^2 pub |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for m in MODES:
        s, i, r = fit(JOBS, simulated[m])
        ps, pi, pr = fit(JOBS, published[m])
        print(f"| {LABELS[m]} | {s:.2f} | {ps:.2f} | {i:.1f} | {pi:.1f} | {r:.4f} | {pr:.4f} |")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        fig, ax = plt.subplots(figsize=(6.4, 4.2))
        for m, color in zip(MODES, ("tab:blue", "tab:orange", "tab:green")):
            ax.plot(JOBS, published[m], "o--", color=color, alpha=0.6, label=f"{LABELS[m]}, published")
            ax.plot(JOBS, simulated[m], "s-", color=color, label=f"{LABELS[m]}, simulated")
        ax.set_xlabel("jobs N")
        ax.set_ylabel("time from first submission to last completion (s)")
        ax.set_title("DIANA, Table 6.1: two clusters of two nodes")
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        fig.savefig(args.out / "diana-table61.png", dpi=110)
        print(f"\nfigure: {args.out / 'diana-table61.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
