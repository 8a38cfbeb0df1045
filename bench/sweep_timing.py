"""Times one `tools/sweep run` for the sweep benchmarks: its wall time, the sum of its runs' own times (from the
sweep's runs.log.jsonl) and the number of runs, so that the sweep's overhead is their difference."""
import json
import subprocess
import time


def timed_sweep(command, env, output):
    started = time.monotonic()
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.monotonic() - started
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr[-3000:]}")
    log = [json.loads(line) for line in (output / "runs.log.jsonl").read_text().splitlines()]
    return wall, sum(r["seconds"] for r in log), len(log)
