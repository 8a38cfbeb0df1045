#!/usr/bin/python3
"""The sweep command's own cost: a sweep of many short runs, with the local engine and on a single-node Slurm
that this script starts (root only; bench/slurm_cluster.py, a link to sweep/tests/slurm_cluster.py).

  bench/sweep_overhead.py [--runs 1000] [--engines local,slurm] [--jobs 1,2] [--simulate build/simulate]

Overhead per run = (wall time x runs at once - sum of the runs' own times) / runs: the slot time not spent
inside simulate (starting it, checking outputs, Slurm's scheduling and task start-up). The runs' own times are
those the runner records around each simulate process (OUTPUT/runs.log.jsonl). Prints a Markdown table.
"""

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from sweep_timing import timed_sweep

REPO = Path(__file__).resolve().parents[1]

SWEEP = f"""name: overhead
experiment: {REPO / 'workloads' / 'default.yaml'}
set:
  workload.jobs: 2
axes:
  - key: policy.name
    name: policy
    values: [cf, wf]
replications:
  seeds: SEEDS
metrics: [response_mean]
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--engines", default="local,slurm")
    parser.add_argument("--jobs", default="1,2", help="local: runs at once, comma-separated")
    parser.add_argument("--simulate", default=str(REPO / "build" / "simulate"))
    parser.add_argument("--per-task", type=int, help="slurm: runs per array task (default: automatic)")
    args = parser.parse_args()
    seeds = max(1, args.runs // 2)
    folder = Path(tempfile.mkdtemp(prefix="sweep-overhead-"))
    sweep_file = folder / "overhead.yaml"
    sweep_file.write_text(SWEEP.replace("SEEDS", str(seeds)))
    entry = [sys.executable, str(REPO / "tools" / "sweep"), "run", str(sweep_file), "-q", "--simulate", args.simulate]
    rows = []
    cpus = len(os.sched_getaffinity(0))
    for engine in args.engines.split(","):
        if engine == "local":
            for jobs in map(int, args.jobs.split(",")):
                output = folder / f"local-{jobs}"
                wall, busy, runs = timed_sweep(entry + ["--output", str(output), "-j", str(jobs)], os.environ, output)
                rows.append((f"local, {jobs} at once", runs, wall, busy, jobs))
        elif engine == "slurm":
            if os.geteuid() != 0:
                print("slurm: skipped (needs root)", file=sys.stderr)
                continue
            from slurm_cluster import SlurmCluster
            with SlurmCluster() as cluster:
                output = folder / "slurm"
                per_task = ["--per-task", str(args.per_task)] if args.per_task else []
                wall, busy, runs = timed_sweep(entry + ["--output", str(output), "--engine", "slurm", "--poll", "0.5"]
                                             + per_task, cluster.env, output)
                tasks = sum(json.loads(line)["array_tasks"]
                            for line in (output / "slurm" / "submissions.jsonl").read_text().splitlines())
                rows.append((f"slurm, {tasks} array tasks on {cpus} CPUs", runs, wall, busy, cpus))
    print("| engine | runs | wall (s) | sum of run times (s) | mean run (s) | overhead per run (ms) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, runs, wall, busy, slots in rows:
        print(f"| {name} | {runs} | {wall:.1f} | {busy:.1f} | {busy / runs:.3f} | {1000 * (wall * slots - busy) / runs:.0f} |")
    print(f"(outputs in {folder})", file=sys.stderr)


if __name__ == "__main__":
    main()
