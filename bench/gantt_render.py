#!/usr/bin/python3
"""Render times of the Gantt chart (analysis/gantt.py): a one-hour window and the whole run, for runs of
1k, 10k and 100k grid jobs. Printed, never asserted.

  bench/gantt_render.py [--build build] [--jobs 1000 10000 100000] [--window 3600] [--keep DIR]
  bench/gantt_render.py --synthetic [--jobs ...]   # traces drawn at random (no simulator needed)
  bench/gantt_render.py --trace RUN.h5 [...]        # traces you have

By default each run is bench/das2-100k-delay.yaml with `--set workload.jobs=N --set trace.local_jobs=true`
(grid jobs, background jobs and their cores). --synthetic writes instead a DAS-2 schedule of N grid jobs of 1, 2
or 4 components of 8 cores placed back to back on lanes of 4 hosts, each component on 4 hosts apart (so 4
rectangles), with held time before each start. Each render is its own `gantt.py --timing` process: the line
gives its wall time, its CPU time (what the drawing costs, also on a loaded machine) and its peak resident memory.
"""

import argparse
import re
import subprocess
import tempfile
import time
from pathlib import Path

import h5py

REPO = Path(__file__).resolve().parent.parent


def simulate(build, jobs, out):
    command = [str(build / "simulate"), "-c", str(REPO / "bench" / "das2-100k-delay.yaml"), "--set",
               f"workload.jobs={jobs}", "--set", "trace.local_jobs=true", "--output", str(out), "--quiet"]
    started = time.monotonic()
    run = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
    if run.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {run.returncode}:\n{run.stderr[-2000:]}")
    print(f"simulated {jobs} jobs in {time.monotonic() - started:.1f} s: {out}")


def synthetic(jobs, out):
    """make_synthetic_trace.py --lanes: N grid jobs on DAS-2 lanes of 8 cores (docstring above)."""
    command = ["/usr/bin/python3", str(REPO / "analysis" / "tests" / "make_synthetic_trace.py"), str(out), "--lanes",
               "--jobs", str(jobs)]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {run.returncode}:\n{run.stderr[-2000:]}")
    print(run.stdout.strip())


def render(trace, out, *extra):
    """(wall s, CPU s, peak MB) of one gantt.py process, as its --timing line gives them (its own peak memory:
    the maxrss of wait4 would count this process's, which forked it)."""
    command = ["/usr/bin/python3", str(REPO / "analysis" / "gantt.py"), str(trace), "--out", str(out), "--timing",
               *extra]
    started = time.monotonic()
    run = subprocess.run(command, capture_output=True, text=True)
    wall = time.monotonic() - started
    if run.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {run.returncode}:\n{run.stderr[-2000:]}")
    timing = re.search(r"CPU ([0-9.]+) s, peak memory ([0-9.]+) MB", run.stdout)
    return wall, float(timing.group(1)), float(timing.group(2)), run.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", type=Path, default=REPO / "build")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--window", type=float, default=3600.0, help="window length in seconds (default 3600)")
    parser.add_argument("--synthetic", action="store_true")
    parser.add_argument("--trace", type=Path, nargs="+")
    parser.add_argument("--keep", type=Path, help="keep the traces and pictures in this folder")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="gantt-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    traces = args.trace or []
    if not traces:
        for jobs in args.jobs:
            path = folder / f"{'synthetic' if args.synthetic else 'das2'}-{jobs}.h5"
            if args.synthetic:
                synthetic(jobs, path)
            else:
                simulate(args.build, jobs, path)
            traces.append(path)
    print(f"{'trace':<28} {'allocations':>11} {'what':<22} {'wall s':>7} {'CPU s':>7} {'peak MB':>8}")
    for trace in traces:
        with h5py.File(trace, "r") as h5:
            if "allocations" not in h5:
                raise SystemExit(f"{trace}: no /allocations (a simulate that records the cores held is needed; "
                                 "or use --synthetic)")
            n_rows = h5["allocations"].shape[0]
            end = float(h5.attrs["end_time"])
        middle = end / 2
        for what, extra in ((f"window {args.window:g} s", ["--window", str(middle), str(middle + args.window)]),
                            ("whole run", [])):
            wall, cpu, peak, _ = render(trace, folder / f"{trace.stem}-{what.split()[0]}.png", *extra)
            print(f"{trace.name:<28} {n_rows:>11} {what:<22} {wall:>7.2f} {cpu:>7.2f} {peak:>8.0f}")
    if not args.keep:
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()


if __name__ == "__main__":
    main()
