"""Runs `bench_run` once and reads its line (bench/bench_run.cpp): the jobs it simulated and its wall time. Shared
by the benchmark scripts that time several runs."""
import re
import subprocess

LINE = re.compile(r"(\d+) grid \+ (\d+) background jobs, .* ([\d.]+) s wall")


def bench_run_line(command, cwd):
    """(grid jobs, background jobs, wall seconds) of one bench_run `command` (a list); exits on failure."""
    result = subprocess.run([str(part) for part in command], capture_output=True, text=True, cwd=cwd)
    found = LINE.search(result.stdout)
    if result.returncode != 0 or not found:
        raise SystemExit(f"{' '.join(map(str, command))} failed:\n{result.stdout}{result.stderr[-3000:]}")
    return int(found[1]), int(found[2]), float(found[3])
