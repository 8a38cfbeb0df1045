#!/usr/bin/python3
"""Renders the Gantt charts of docs/analysis.md into docs/figures/ (needs a simulate that writes /allocations).

  analysis/render_gantt_figures.py [--simulate build/simulate] [--out docs/figures]

Runs four shipped experiments into a temporary folder (with `trace.local_jobs: true`, so local and dummy jobs
are drawn too) and draws small PNGs (about 960 pixels wide) with analysis/coalsim_analysis/figures/gantt.py:
- gantt-dcs-exp1.png: DCS experiment 1 (seed 1), from the first grid job's arrival (after two days of background
  alone) to the end;
- gantt-koala-w30-window.png: KOALA W30, CF, no replication, one hour around the co-allocated job that started
  nearest the middle of the run, that job highlighted;
- gantt-fs1-easy-vs-conservative.png: the fs1 log replayed under EASY (above) and conservative backfilling
  (below), coloured by wait, over an hour and a half around the hour when most jobs started at different times in the two;
- gantt-libra-shares.png: Libra (least loaded), the shares of fs1's hosts 0-3 over two hours in the middle.
Everything is drawn before anything is written to --out. Exit status: 0; 2 when a run fails or a trace has no
/allocations.
"""

import argparse
import io
import subprocess
import sys
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

from coalsim_analysis import TraceFormatError, load_trace  # noqa: E402
from coalsim_analysis.figures.gantt import GanttOptions, gantt_figure  # noqa: E402
from coalsim_analysis.output import StagedOutput  # noqa: E402
from coalsim_analysis.paths import REPO  # noqa: E402

EXPERIMENTS = REPO / "workloads" / "experiments"
WIDTH_PX = 960


class RunFailed(Exception):
    pass


def simulate(binary, name, trace, *settings):
    command = [str(binary), "-q", "-c", str(EXPERIMENTS / f"{name}.yaml"), "-o", str(trace),
               "--set", "trace.local_jobs=true", *[a for s in settings for a in ("--set", s)]]
    result = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
    if result.returncode != 0:
        raise RunFailed(f"{' '.join(command)} failed:\n{result.stderr}")
    return load_trace(trace)


def coallocated_job_near_middle(trace):
    jobs = trace.jobs[(trace.jobs["n_clusters"] > 1) & np.isfinite(trace.jobs["start_time"])]
    if not jobs.size:
        raise RunFailed(f"{trace.path}: no co-allocated job started")
    middle = np.median(trace.jobs["start_time"][np.isfinite(trace.jobs["start_time"])])
    return jobs[np.argmin(np.abs(jobs["start_time"] - middle))]


def most_different_window(a, b, length=5400):
    """`length` seconds from a quarter of an hour before the hour in which the most jobs started at different times
    in the two replays of one log (matched by their number in the log)."""
    first, second = a.local_jobs, b.local_jobs
    order = np.argsort(second["trace_id"])
    found = np.clip(np.searchsorted(second["trace_id"][order], first["trace_id"]), 0, max(order.size - 1, 0))
    matched = second["trace_id"][order][found] == first["trace_id"]
    moved = matched.copy()
    moved[matched] = first["start_time"][matched] != second["start_time"][order][found[matched]]
    if not moved.any():
        raise RunFailed(f"{a.path} and {b.path}: every job started at the same time in both")
    hour = (np.minimum(first["start_time"][moved], second["start_time"][order][found[moved]]) // 3600).astype(np.int64)
    begin = 3600.0 * int(np.argmax(np.bincount(hour))) - 900
    return max(0.0, begin), max(0.0, begin) + length


def figures(binary, work):
    out = []
    dcs = simulate(binary, "dcs-exp1", work / "dcs_exp1.h5", "seed=1")
    first = float(dcs.jobs["submit_time"].min())
    out.append(("gantt-dcs-exp1", gantt_figure([dcs], GanttOptions(
        window=(max(0.0, first - 600), dcs.end_time), title="DCS experiment 1, seed 1", width=10))))

    w30 = simulate(binary, "koala-w30-cf-norep", work / "koala_w30_cf_norep.h5")
    job = coallocated_job_near_middle(w30)
    start = float(job["start_time"])
    out.append(("gantt-koala-w30-window", gantt_figure([w30], GanttOptions(
        window=(max(0.0, start - 1800), start + 1800), highlight=int(job["id"]), width=10,
        title=f"KOALA W30 (CF, no replication), co-allocated job {int(job['id'])} highlighted"))))

    easy = simulate(binary, "fs1-replay-easy", work / "fs1_easy.h5")
    conservative = simulate(binary, "fs1-replay-conservative", work / "fs1_conservative.h5")
    out.append(("gantt-fs1-easy-vs-conservative", gantt_figure([easy, conservative], GanttOptions(
        window=most_different_window(easy, conservative), width=10, color="wait",
        title="the fs1 log under EASY (above) and conservative (below)"))))

    libra = simulate(binary, "libra-least-loaded", work / "libra_least_loaded.h5")
    middle = libra.end_time / 2
    out.append(("gantt-libra-shares", gantt_figure([libra], GanttOptions(
        window=(middle, middle + 7200), hosts=(0, 3), width=10,
        title="Libra (least loaded): shares of fs1's hosts 0-3"))))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--simulate", type=Path, default=REPO / "build" / "simulate")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "figures")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gantt-figures-") as work:
        try:
            drawn = figures(args.simulate, Path(work))
        except (RunFailed, TraceFormatError) as error:
            print(f"render_gantt_figures.py: {error}", file=sys.stderr)
            return 2
        with StagedOutput(args.out) as stage:
            for stem, (fig, notes) in drawn:
                for note in notes:
                    print(f"{stem}: {note}")
                dpi = WIDTH_PX / fig.get_size_inches()[0]
                buffer = io.BytesIO()
                fig.savefig(buffer, format="png", dpi=dpi)
                plt.close(fig)
                # 256 colours: the documentation's figures stay small (under 100 KB), the blocks keep their colours
                image = Image.open(buffer).convert("RGB").quantize(256, dither=Image.Dither.NONE)
                image.save(stage.path / f"{stem}.png", optimize=True)
            for path in stage.commit():
                print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
