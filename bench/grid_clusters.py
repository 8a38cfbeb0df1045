#!/usr/bin/python3
"""Benchmark (e): the cost per job against the number of clusters. Runs `bench_run` on bench/grid-default.yaml
(the default workload: grid jobs arrive in proportion to the processors, so the offered load per processor is the
same on every grid) on grids of N clusters in regions that platforms/make_grid.py writes into a temporary folder,
with the default input files and without them (`workload.file.size=0`), several times each, and prints the median
wall time and microseconds per simulated job (grid plus background). Also per grid: the load, a run of one grid
job (loading and checking the platform, setting up the information service, the engine's start and end), and
with --perf, SimGrid's share of the run with files under `perf record` (all of libsimgrid: its network model's
max-min solver `lmm`, its timers and activities) and that of the solver alone.

Usage: bench/grid_clusters.py [--build build] [--clusters 10 100 1000] [--repeat 3] [--perf] [--set key=value ...]
(`--set` goes to bench_run, e.g. `--set workload.offered_load=1.0 --set policy.name=wf` for a saturated grid.)
"""
import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from bench_line import bench_run_line

REPO = Path(__file__).resolve().parent.parent
NO_FILES = "workload.file.size=0"


def write_grid(count, platform):
    """Writes the grid of `count` clusters with platforms/make_grid.py; returns its number of processors."""
    subprocess.run([sys.executable, str(REPO / "platforms" / "make_grid.py"), str(count), str(platform)], check=True)
    processors = 0
    for cluster in ET.parse(platform).iter("cluster"):
        first, last = map(int, cluster.get("radical").split("-"))
        processors += int(cluster.get("core")) * (last - first)  # the last host is the file server
    return processors


def command(bench_run, platform, overrides):
    line = [bench_run, REPO / "bench" / "grid-default.yaml", "--set", f"platform={platform}"]
    for override in overrides:
        line += ["--set", override]
    return line


def simgrid_shares(bench_run, platform, overrides, folder):
    """(SimGrid's share, its lmm solver's share) of the samples of one run under `perf record`, in percent."""
    data = Path(folder) / "perf.data"
    subprocess.run(["perf", "record", "-q", "-o", data, "--"] + [str(p) for p in command(bench_run, platform, overrides)],
                   check=True, capture_output=True, cwd=REPO)
    report = subprocess.run(["perf", "report", "-i", data, "--stdio", "--sort", "dso,sym"], check=True,
                            capture_output=True, text=True).stdout
    simgrid = solver = 0.0
    for line in report.splitlines():
        found = re.match(r"\s*([\d.]+)%\s+(\S+)\s+\[.\]\s+(.*)", line)
        if found and found[2].startswith("libsimgrid"):
            simgrid += float(found[1])
            if "lmm" in found[3]:
                solver += float(found[1])
    return simgrid, solver


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default="build", help="build folder holding bench_run (default: build)")
    parser.add_argument("--clusters", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--repeat", type=int, default=3, help="runs per grid; the median is shown")
    parser.add_argument("--perf", action="store_true", help="SimGrid's share of a run with files, under perf")
    parser.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    if args.perf and not shutil.which("perf"):
        parser.error("--perf needs perf on the PATH")
    bench_run = REPO / args.build / "bench_run"  # an absolute --build stays as it is
    print(f"{'clusters':>8} {'processors':>10} {'load (s)':>8} {'files':>5} {'grid jobs':>9} {'background':>10}"
          f" {'wall (s)':>8} {'us/job':>7}" + (f" {'simgrid':>7} {'lmm':>5}" if args.perf else ""))
    with tempfile.TemporaryDirectory(prefix="coalsim-grid-") as folder:
        for count in args.clusters:
            platform = Path(folder) / f"grid-{count}.xml"
            processors = write_grid(count, platform)
            load = statistics.median(
                bench_run_line(command(bench_run, platform, args.overrides + ["workload.jobs=1"]), REPO)[2]
                for _ in range(args.repeat))
            for files in (False, True):
                overrides = args.overrides + ([] if files else [NO_FILES])
                runs = [bench_run_line(command(bench_run, platform, overrides), REPO) for _ in range(args.repeat)]
                grid_jobs, background, _ = runs[0]
                wall = statistics.median(r[2] for r in runs)
                row = (f"{count:>8} {processors:>10} {load:>8.2f} {'yes' if files else 'no':>5} {grid_jobs:>9}"
                       f" {background:>10} {wall:>8.2f} {1e6 * wall / (grid_jobs + background):>7.1f}")
                if args.perf and files:
                    simgrid, solver = simgrid_shares(bench_run, platform, overrides, folder)
                    row += f" {simgrid:>6.1f}% {solver:>4.1f}%"
                print(row, flush=True)


if __name__ == "__main__":
    main()
