#!/usr/bin/python3
"""Benchmark (e): the cost per job against the number of clusters. Runs `bench_run` on bench/grid-default.yaml
(the default workload) on grids of N DAS-2-like clusters written by platforms/make_grid.py into a temporary
folder, several times each, and prints the median wall time and microseconds per simulated job (grid plus
background).

Usage: bench/grid_clusters.py [--build build] [--clusters 10 30 100] [--repeat 3] [--set key=value ...]
(`--set` goes to bench_run, e.g. `--set workload.offered_load=1.0 --set policy.name=wf` for a saturated grid.)
"""
import argparse
import statistics
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from bench_line import bench_run_line

REPO = Path(__file__).resolve().parent.parent


def write_grid(count, platform):
    """Writes the grid of `count` clusters with platforms/make_grid.py; returns its number of processors."""
    subprocess.run([sys.executable, str(REPO / "platforms" / "make_grid.py"), str(count), str(platform)], check=True)
    processors = 0
    for cluster in ET.parse(platform).iter("cluster"):
        first, last = map(int, cluster.get("radical").split("-"))
        processors += int(cluster.get("core")) * (last - first)  # the last host is the file server
    return processors


def run(bench_run, platform, overrides):
    """(grid jobs, background jobs, wall seconds) of one bench_run."""
    command = [bench_run, REPO / "bench" / "grid-default.yaml", "--set", f"platform={platform}"]
    for override in overrides:
        command += ["--set", override]
    return bench_run_line(command, REPO)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default="build", help="build folder holding bench_run (default: build)")
    parser.add_argument("--clusters", type=int, nargs="+", default=[10, 30, 100])
    parser.add_argument("--repeat", type=int, default=3, help="runs per grid; the median is shown")
    parser.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    bench_run = REPO / args.build / "bench_run"  # an absolute --build stays as it is
    print(f"{'clusters':>8} {'processors':>10} {'grid jobs':>9} {'background':>10} {'wall (s)':>8} {'us/job':>7}")
    with tempfile.TemporaryDirectory(prefix="coalsim-grid-") as folder:
        for count in args.clusters:
            platform = Path(folder) / f"grid-{count}.xml"
            processors = write_grid(count, platform)
            runs = [run(bench_run, platform, args.overrides) for _ in range(args.repeat)]
            grid_jobs, background, _ = runs[0]
            wall = statistics.median(r[2] for r in runs)
            print(f"{count:>8} {processors:>10} {grid_jobs:>9} {background:>10} {wall:>8.2f}"
                  f" {1e6 * wall / (grid_jobs + background):>7.1f}", flush=True)


if __name__ == "__main__":
    main()
