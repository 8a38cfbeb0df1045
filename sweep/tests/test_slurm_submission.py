"""How the Slurm engine cuts runs into job arrays, against stand-ins for sbatch, scontrol and sinfo."""

import json
import os
import stat
from pathlib import Path

import pytest

from coalsim_analysis.sweep import slurm_engine
from coalsim_analysis.sweep.runner import Task


def fake_slurm(directory: Path, max_array_size=1001, cpus=2):
    """sbatch records its arguments and answers job ids 100, 101, ...; scontrol and sinfo answer the config."""
    (directory / "scontrol").write_text(f"#!/bin/sh\necho 'MaxArraySize            = {max_array_size}'\n")
    (directory / "sinfo").write_text(f"#!/bin/sh\necho '0/{cpus}/0/{cpus}'\n")
    (directory / "sbatch").write_text(f"""#!/bin/sh
n=$(ls {directory}/calls 2>/dev/null | wc -l)
printf '%s\\n' "$@" > {directory}/calls/$n
echo $((100 + n))
""")
    (directory / "calls").mkdir()
    for name in ("scontrol", "sinfo", "sbatch"):
        path = directory / name
        path.chmod(path.stat().st_mode | stat.S_IEXEC)


def tasks(count, root):
    return [Task(f"p{i % 7}", "x", i, str(root / f"t{i}.h5"), ("true",), str(root)) for i in range(count)]


@pytest.fixture
def slurm_path(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    return bin_dir


def calls(bin_dir):
    return [Path(p).read_text().splitlines() for p in sorted((bin_dir / "calls").iterdir(), key=lambda p: int(p.name))]


def test_arrays_stay_below_max_array_size(tmp_path, slurm_path):
    fake_slurm(slurm_path, max_array_size=1001)
    options = slurm_engine.SlurmOptions(None, "00:05:00", ["--mem=1G"], per_task=1, max_running=None)
    jobs = slurm_engine.submit(tasks(2500, tmp_path), tmp_path / "out", "s", options, Path("/x/sweep"), quiet=True)
    assert jobs == ["100", "101", "102"]
    made = calls(slurm_path)
    assert [next(a for a in c if a.startswith("--array=")) for c in made] == [
        "--array=0-1000", "--array=0-1000", "--array=0-497"]
    assert [c[-1] for c in made] == ["0", "1001", "2002"]  # each array's offset into the tasks file
    assert all("--time=00:05:00" in c and "--mem=1G" in c for c in made)
    records = slurm_engine.read_submissions(tmp_path / "out")
    assert [len(r["runs"]) for r in records] == [1001, 1001, 498]


def test_many_runs_share_a_task_and_the_tasks_file_holds_every_run(tmp_path, slurm_path):
    fake_slurm(slurm_path, max_array_size=4, cpus=2)
    options = slurm_engine.SlurmOptions("short", None, [], per_task=None, max_running=3)
    slurm_engine.submit(tasks(30, tmp_path), tmp_path / "out", "s", options, Path("/x/sweep"), quiet=True)
    # 30 runs on 2 CPUs: ceil(30 / 4) = 8 runs per task, 4 tasks: one array of 4 (MaxArraySize 4).
    made = calls(slurm_path)
    assert len(made) == 1 and "--array=0-3%3" in made[0] and "--partition=short" in made[0]
    record = slurm_engine.read_submissions(tmp_path / "out")[0]
    groups = json.loads(Path(record["tasks"]).read_text())
    assert [len(g) for g in groups] == [8, 8, 8, 6]
    assert [t["seed"] for g in groups for t in g] == list(range(30))


def test_auto_per_task():
    assert slurm_engine.auto_per_task(12, 2) == 3
    assert slurm_engine.auto_per_task(3, 64) == 1
    assert slurm_engine.auto_per_task(1000, None) == 1
