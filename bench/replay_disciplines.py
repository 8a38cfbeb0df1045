#!/usr/bin/python3
"""Benchmarks (c), (d) and (f) measured alternately in one run: the RICC log replayed under FCFS, EASY and
conservative backfilling, one run of each in turn, `--repeat` rounds, so that a change in the machine's load
hits the three alike. Prints each discipline's median wall time and its ratio to FCFS.

Usage: bench/replay_disciplines.py [--build build] [--repeat 3] [--days D] [--disciplines fcfs easy ...]
                                   [--experiment ricc] [--set key=value ...]
`--days D` replays the log's first D days under every discipline (default 0: the whole log, except that the
conservative experiment file replays 20 days: see bench/README.md); `--experiment fs1` replays the DAS-2 fs1
log instead; `--set` goes to bench_run.
"""
import argparse
import statistics
import sys
from pathlib import Path

from bench_line import bench_run_line

REPO = Path(__file__).resolve().parent.parent

DISCIPLINES = ("fcfs", "easy", "conservative")


def run(bench_run, experiment, overrides):
    """(local jobs, wall seconds) of one bench_run."""
    command = [bench_run, experiment]
    for override in overrides:
        command += ["--set", override]
    _, local, wall = bench_run_line(command, REPO)
    return local, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default="build", help="build folder holding bench_run (default: build)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the median of each discipline is shown")
    parser.add_argument("--experiment", default="ricc", help="ricc or fs1: workloads/experiments/<x>-replay-*.yaml")
    parser.add_argument("--days", type=float, default=0, help="replay the log's first DAYS days (0: as shipped)")
    parser.add_argument("--disciplines", nargs="+", choices=DISCIPLINES, default=list(DISCIPLINES))
    parser.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    if args.days > 0:
        cluster = {"ricc": "ricc", "fs1": "fs1"}[args.experiment]
        args.overrides.append(f"background.clusters.{cluster}.trace.window.duration={args.days * 86400:g}")
    bench_run = REPO / args.build / "bench_run"
    walls = {d: [] for d in args.disciplines}
    jobs = {}
    for _ in range(args.repeat):
        for discipline in args.disciplines:
            experiment = REPO / "workloads" / "experiments" / f"{args.experiment}-replay-{discipline}.yaml"
            jobs[discipline], wall = run(bench_run, experiment, args.overrides)
            walls[discipline].append(wall)
    first = args.disciplines[0]
    reference = statistics.median(walls[first])
    print(f"{'discipline':>12} {'local jobs':>10} {'wall (s)':>8} {'vs ' + first:>9}   runs")
    for discipline in args.disciplines:
        median = statistics.median(walls[discipline])
        runs = " ".join(f"{w:.2f}" for w in walls[discipline])
        # A ratio means something only over the same jobs: as shipped, conservative replays fewer days.
        ratio = f"{median / reference:>8.2f}x" if jobs[discipline] == jobs[first] else f"{'-':>9}"
        print(f"{discipline:>12} {jobs[discipline]:>10} {median:>8.2f} {ratio}   {runs}")
    if any(jobs[d] != jobs[first] for d in args.disciplines):
        print(f"(no ratio where the jobs differ from {first}'s: give --days to replay the same days under each)")


if __name__ == "__main__":
    sys.exit(main())
