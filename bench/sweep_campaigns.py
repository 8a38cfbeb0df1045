#!/usr/bin/python3
"""Wall time of the shipped campaigns (workloads/sweeps/*.yaml) run as sweeps: local at 1 and 2 runs at once,
and on a single-node Slurm that this script starts (root only). Each run starts from an empty output folder.

  bench/sweep_campaigns.py [--sweeps dcs,koala-w30,...] [--engines local1,local2,slurm] [--out DIR]
                           [--run-timeout SECONDS]

Prints a Markdown table: wall time of `tools/sweep run`, and the sum of the runs' own times (runs.log.jsonl).
The outputs stay in --out (default a temporary folder) for `tools/sweep aggregate` and compare.py.
Every run of a campaign ends (a run takes a few seconds at most); should one ever not, `timeout` stops it after
--run-timeout seconds of wall time (default 600), its sweep fails and the script stops with the sweep's message
instead of waiting for ever.
"""

import argparse
import os
import shlex
import sys
import tempfile
from pathlib import Path

from sweep_timing import timed_sweep

REPO = Path(__file__).resolve().parents[1]
ALL = "dcs,koala-w30,koala-w50,koala-spread,koala-unreliable"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sweeps", default=ALL)
    parser.add_argument("--engines", default="local1,local2,slurm")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--simulate", default=str(REPO / "build" / "simulate"))
    parser.add_argument("--run-timeout", type=float, default=600, help="wall seconds after which a run is stopped")
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="sweep-campaigns-"))
    out.mkdir(parents=True, exist_ok=True)
    simulate = out / "simulate-with-timeout"
    simulate.write_text(f"#!/bin/sh\nexec timeout {args.run_timeout:g} {shlex.quote(str(Path(args.simulate).resolve()))}"
                        ' "$@"\n')
    simulate.chmod(0o755)
    names = args.sweeps.split(",")
    results = {}
    for engine in args.engines.split(","):
        def run_all(env, extra):
            for name in names:
                output = out / engine / name
                command = [sys.executable, str(REPO / "tools" / "sweep"), "run", str(REPO / "workloads" / "sweeps" /
                           f"{name}.yaml"), "--output", str(output), "-q", "--simulate", str(simulate)] + extra
                results[(engine, name)] = timed_sweep(command, env, output)
        if engine.startswith("local"):
            run_all(os.environ, ["-j", engine[len("local"):]])
        elif engine == "slurm":
            if os.geteuid() != 0:
                print("slurm: skipped (needs root)", file=sys.stderr)
                continue
            from slurm_cluster import SlurmCluster
            with SlurmCluster() as cluster:
                run_all(cluster.env, ["--engine", "slurm", "--poll", "0.5"])
    engines = [e for e in args.engines.split(",") if any(k[0] == e for k in results)]
    print("| sweep | runs | sum of run times (s) | " + " | ".join(f"wall {e} (s)" for e in engines) + " |")
    print("| --- | ---: | ---: |" + " ---: |" * len(engines))
    for name in names + ["total"]:
        keys = [(e, name) for e in engines]
        if name == "total":
            row = [sum(results[(engines[0], n)][2] for n in names), sum(results[(engines[0], n)][1] for n in names)]
            walls = [sum(results[(e, n)][0] for n in names) for e in engines]
        else:
            row = [results[keys[0]][2], results[keys[0]][1]]
            walls = [results[k][0] for k in keys]
        print(f"| {name} | {row[0]} | {row[1]:.1f} | " + " | ".join(f"{w:.1f}" for w in walls) + " |")
    print(f"(outputs in {out})", file=sys.stderr)


if __name__ == "__main__":
    main()
