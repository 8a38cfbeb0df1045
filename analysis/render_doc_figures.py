#!/usr/bin/python3
"""Renders the figures of docs/experiments-dcs.md and docs/experiments-koala.md into docs/figures/.

  analysis/render_doc_figures.py [--simulate build/simulate] [--dcs-seeds 5] [--koala-seeds 3] [--out docs/figures]

Runs the shipped DCS and KOALA experiment files with a few seeds into a temporary folder, then draws small PNGs
(about 760 pixels wide) with the analysis package: the published values beside the simulated ones (mean over
the seeds, with the range of the per-seed values), and the figures plot.py draws for one run of each file (its
own seed). PNG files carry no date: the same build and seeds give the same bytes.
Everything is drawn before anything is written to --out. Exit status: 0; 2 when a run fails.
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import matplotlib

from coalsim_analysis.paths import REPO

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from coalsim_analysis import dcs, load_trace  # noqa: E402
from coalsim_analysis.comparison import compare  # noqa: E402
from coalsim_analysis.figures import FIGURE_KINDS  # noqa: E402
from coalsim_analysis.output import StagedOutput  # noqa: E402
from coalsim_analysis.reference import load_reference  # noqa: E402

WIDTH_PX = 760
WIDE_WIDTH_PX = 960
EXPERIMENTS = REPO / "workloads" / "experiments"
DCS_EXPERIMENTS = ("exp1", "exp2", "exp3", "exp4", "exp5")
KOALA_FILES = ("w30-cf-norep", "w30-wf-norep", "w30-cf-rep", "w30-wf-rep", "w50-cf-norep", "w50-wf-norep",
               "w50-cf-rep", "w50-wf-rep", "spread-cf-norep", "spread-wf-norep", "spread-cf-rep", "spread-wf-rep",
               "unreliable")
PUBLISHED_COLOR, SIMULATED_COLOR = "tab:gray", "tab:blue"
METRIC_LABELS = {"util_total": "total", "util_grid": "grid", "queue_max": "max"}


def short_name(experiment):
    """w30_cf_rep -> 'W30 CF\nrep.': the x labels of the KOALA levels figure."""
    workload, policy, replication = experiment.split("_")
    return f"{workload.upper()} {policy.upper()}\n{'rep.' if replication == 'rep' else 'no rep.'}"


class RunFailed(Exception):
    pass


def simulate(binary, config, trace, seed=None):
    command = [binary, "-q", "-c", str(config), "-o", str(trace)]
    if seed is not None:
        command += ["--seed", str(seed)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RunFailed(f"{' '.join(command)} failed:\n{result.stderr}")
    return trace


def save_all(figures, out_dir):
    """Writes each (stem, figure) as out_dir/stem.png, about WIDTH_PX pixels wide."""
    for stem, fig in figures:
        width = fig.get_size_inches()[0]
        dpi = (WIDE_WIDTH_PX if width > 10 else WIDTH_PX) / width  # wide two-panel figures get more pixels
        # No date in a PNG written by Agg; Software names matplotlib's version, which the same install keeps.
        fig.savefig(out_dir / f"{stem}.png", dpi=dpi, metadata={"Software": None}, pil_kwargs={"optimize": True})
        plt.close(fig)


def dcs_figures(args, work, figures):
    published = {e.name: {p.metric: p.value for p in e.published}
                 for e in load_reference(REPO / "analysis" / "references" / "dcs.yaml").experiments}
    simulated = {}
    for name in DCS_EXPERIMENTS:
        config = EXPERIMENTS / f"dcs-{name}.yaml"
        runs = []
        for seed in range(1, args.dcs_seeds + 1):
            trace = load_trace(simulate(args.simulate, config, work / f"dcs_{name}_seed{seed}.h5", seed))
            runs.append(dcs.run_metrics(trace))
            if seed == 1 and name in ("exp1", "exp4"):
                fig = dcs.utilization_figure(trace, f"DCS {name}, seed 1 (simulated)")
                if name == "exp1":  # thesis fig 6.2: the DCS load flat at 224 of 336 processors
                    fig.axes[0].axhline(66.67, color=PUBLISHED_COLOR, linestyle="--", linewidth=1.2,
                                        label="published DCS load (66.67%)")
                    fig.axes[0].legend(loc="upper right", fontsize="small")
                figures.append((f"dcs-utilization-{name}", fig))
        simulated[name] = dcs.aggregate(runs)

    fig, (left, right) = plt.subplots(1, 2, figsize=(8, 3.4), layout="constrained",
                                      gridspec_kw={"width_ratios": [3, 2]})
    x = np.arange(len(DCS_EXPERIMENTS))
    pub = [published[e]["response_mean"] for e in DCS_EXPERIMENTS]
    sim = [simulated[e]["response_mean"] for e in DCS_EXPERIMENTS]
    lo = [simulated[e]["response_mean"] - simulated[e]["response_mean_min"] for e in DCS_EXPERIMENTS]
    hi = [simulated[e]["response_mean_max"] - simulated[e]["response_mean"] for e in DCS_EXPERIMENTS]
    left.bar(x - 0.2, pub, 0.4, color=PUBLISHED_COLOR, label="published (thesis)")
    left.bar(x + 0.2, sim, 0.4, color=SIMULATED_COLOR, yerr=[lo, hi], capsize=3,
             label=f"simulated, mean of {args.dcs_seeds} seeds (range)")
    left.set_xticks(x, DCS_EXPERIMENTS)
    left.set_ylabel("mean response time (s)")
    left.set_title("Mean response time")
    left.legend(loc="upper left", fontsize="small")
    limits = dcs.MAX_CONCURRENT
    names = list(limits)
    xs = np.arange(len(names))
    right.bar(xs - 0.2, [limits[n] for n in names], 0.4, color=PUBLISHED_COLOR, label="published")
    values = [simulated[n]["max_concurrent_values"] for n in names]
    right.bar(xs + 0.2, [np.median(v) for v in values], 0.4, color=SIMULATED_COLOR,
              yerr=[[np.median(v) - min(v) for v in values], [max(v) - np.median(v) for v in values]], capsize=3,
              label="simulated, median (range)")
    right.set_xticks(xs, names)
    right.set_ylabel("DCS jobs running at once (max)")
    right.set_title("Most DCS jobs at once")
    right.set_ylim(0, 12)
    right.legend(loc="upper right", fontsize="small")
    figures.append(("dcs-published-vs-simulated", fig))


def koala_figures(args, work, figures):
    single = {}
    for name in KOALA_FILES:  # each file's own seed
        single[name] = simulate(args.simulate, EXPERIMENTS / f"koala-{name}.yaml",
                                work / f"koala_{name.replace('-', '_')}.h5")
    seeded = []
    (work / "seeds").mkdir()
    for name in KOALA_FILES:
        for seed in range(1, args.koala_seeds + 1):
            seeded.append(simulate(args.simulate, EXPERIMENTS / f"koala-{name}.yaml",
                                   work / "seeds" / f"koala_{name.replace('-', '_')}_s{seed}.h5", seed))
    reference = load_reference(REPO / "analysis" / "references" / "koala.yaml")
    rows, _, matched, _ = compare(reference, [str(p) for p in seeded])

    fig, (util_ax, queue_ax) = plt.subplots(1, 2, figsize=(8, 3.6), layout="constrained",
                                            gridspec_kw={"width_ratios": [4, 1]})
    util_rows = [r for r in rows if r.metric.startswith("util_")]
    queue_rows = [r for r in rows if r.metric == "queue_max"]
    for ax, chosen, scale in ((util_ax, util_rows, 100.0), (queue_ax, queue_rows, 1.0)):
        x = np.arange(len(chosen))
        pub = np.array([r.published.value for r in chosen]) * scale
        sim = np.array([r.simulated for r in chosen]) * scale
        tol = np.array([r.published.abs_tolerance if r.published.abs_tolerance is not None
                        else r.published.value * r.published.tolerance for r in chosen]) * scale
        ax.bar(x - 0.2, pub, 0.4, yerr=tol, capsize=2, color=PUBLISHED_COLOR, label="published (± tolerance)")
        ax.bar(x + 0.2, sim, 0.4, color=SIMULATED_COLOR, label=f"simulated, mean of {args.koala_seeds} seeds")
        labels = [short_name(r.experiment) + "\n" + METRIC_LABELS[r.metric] for r in chosen]
        ax.set_xticks(x, labels, fontsize=7)
    util_ax.set_ylabel("utilization (% of processors)")
    util_ax.set_title("Sections 7.3-7.4: utilization levels")
    util_ax.set_ylim(0, 100)
    util_ax.legend(loc="upper right", fontsize="small", ncols=2)
    queue_ax.set_ylabel("jobs")
    queue_ax.set_title("W50 queue")
    figures.append(("koala-published-vs-simulated", fig))

    def draw(kind, names, stem, title):
        traces = [load_trace(single[n]) for n in names]
        for i, (_, fig) in enumerate(FIGURE_KINDS[kind](traces, title)):
            figures.append((stem if i == 0 else f"{stem}-{i}", fig))

    draw("claiming_utilization", ["w30-cf-norep"], "koala-w30-claiming", "W30, CF, no replication")
    draw("placement_transfer", ["w30-cf-norep", "w30-wf-norep", "w30-cf-rep", "w30-wf-rep"], "koala-w30-shapes",
         "W30")
    draw("queue", ["w50-cf-norep", "w50-wf-norep"], "koala-w50-queue", "W50, no replication")
    draw("spread", ["spread-cf-norep", "spread-wf-norep", "spread-cf-rep", "spread-wf-rep"], "koala-spread",
         "job spread")
    draw("failures", ["unreliable"], "koala-unreliable-failures", "unreliable testbed")
    draw("delays", ["unreliable"], "koala-unreliable-delays", "unreliable testbed")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Render the figures of the experiment pages in docs/.")
    parser.add_argument("--simulate", default=str(REPO / "build" / "simulate"))
    parser.add_argument("--dcs-seeds", type=int, default=5)
    parser.add_argument("--koala-seeds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "figures")
    args = parser.parse_args(argv)
    if args.dcs_seeds < 1 or args.koala_seeds < 1:
        parser.error("--dcs-seeds and --koala-seeds must be at least 1")
    figures = []
    try:
        with tempfile.TemporaryDirectory(prefix="coalsim-doc-figures-") as work:
            dcs_figures(args, Path(work), figures)
            koala_figures(args, Path(work), figures)
        with StagedOutput(args.out) as stage:
            save_all(figures, stage.path)
            written = stage.commit()
    except RunFailed as error:
        print(f"render_doc_figures.py: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path} ({path.stat().st_size // 1024} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
