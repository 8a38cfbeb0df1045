"""The DCS experiment helpers: hand-computed window loads, aggregation, targets and the table."""

from types import SimpleNamespace

import numpy as np
import pytest

from coalsim_analysis import dcs


def fake_trace():
    # Two clusters of 10 and 30 processors; samples at 10, 20, 30 s hold over (0,10], (10,20], (20,30].
    return SimpleNamespace(
        util_time=np.array([10.0, 20.0, 30.0]),
        grid_busy=np.array([[0, 0], [4, 16], [10, 10]], dtype=float),
        background_busy=np.array([[2, 2], [0, 8], [0, 0]], dtype=float),
        processors=np.array([10.0, 30.0]),
        jobs=np.array([(15.0,), (12.0,)], dtype=[("submit_time", "f8")]),
        end_time=30.0,
    )


def test_batch_window_starts_at_the_first_submission():
    assert dcs.batch_window(fake_trace()) == (12.0, 30.0)


def test_window_loads_weight_the_samples_by_their_overlap():
    # [15, 30]: 5 s of (10,20] (grid 20, background 8) and 10 s of (20,30] (grid 20, background 0).
    grid, background = dcs.window_loads(fake_trace(), 15.0, 30.0)
    assert grid == pytest.approx(20 / 40)
    assert background == pytest.approx((5 * 8 + 10 * 0) / 15 / 40)
    # [0, 10]: only the first sample.
    assert dcs.window_loads(fake_trace(), 0.0, 10.0) == pytest.approx((0.0, 4 / 40))


def run(response, max_concurrent):
    return {"response_mean": response, "response_sd": 1.0, "runtime_mean": 90.0, "runtime_sd": 1.0,
            "overhead_mean": 26.0, "overhead_sd": 1.0, "max_concurrent": max_concurrent, "n_completed": 40,
            "failures": 0, "makespan": 1.0, "load_dcs": 0.5, "load_others": 0.2}


PUBLISHED = {"exp1": {"response_mean": 377.2}, "exp2": {"response_mean": 581.3}, "exp3": {"response_mean": 267.2},
             "exp4": {"response_mean": 1135.2}, "exp5": {"response_mean": 634.7}}


def test_aggregate_averages_and_keeps_the_concurrency_values():
    a = dcs.aggregate([run(100.0, 7), run(200.0, 9)])
    assert a["response_mean"] == 150.0
    assert a["max_concurrent_values"] == [7, 9]
    assert (a["response_mean_min"], a["response_mean_max"], a["replications"]) == (100.0, 200.0, 2)


def test_targets_pass_on_the_published_values_and_fail_on_a_wrong_order():
    concurrency = {"exp1": 7, "exp2": 5}
    simulated = {e: dcs.aggregate([run(v["response_mean"], concurrency.get(e, 3))]) for e, v in PUBLISHED.items()}
    assert all(passed for _, passed, _ in dcs.targets(simulated, PUBLISHED))
    simulated["exp3"] = dcs.aggregate([run(400.0, 3)])  # now exp1 < exp3, and 50% off
    rows = {d: passed for d, passed, _ in dcs.targets(simulated, PUBLISHED)}
    assert not rows["mean response times ordered exp 3 < 1 < 2 < 5 < 4"]
    assert not rows["exp3 mean response within 25% of 267.2"]
    simulated["exp1"] = dcs.aggregate([run(377.2, 10)])  # three more than published
    rows = {d: passed for d, passed, _ in dcs.targets(simulated, PUBLISHED)}
    assert not rows["exp1 at most 7 DCS jobs at once, within one job"]


def test_table_shows_published_beside_simulated():
    published = {"exp1": {"response_mean": 377.2, "response_sd": 177.2, "runtime_mean": 79.4, "runtime_sd": 29.8,
                          "overhead_mean": 32.9, "overhead_sd": 17.8, "max_concurrent": 7}}
    text = dcs.table({"exp1": dcs.aggregate([run(350.0, 8)])}, published)
    assert "| exp1 | published | 377.2 (177.2) | 79.4 (29.8) | 32.9 (17.8) | 7 | - |" in text
    assert "| | simulated | 350.0 (1.0) [350-350] |" in text


def test_the_five_experiment_files_share_one_background_runtime_and_overhead_model():
    import yaml
    from conftest import REPO

    files = [REPO / "workloads" / "experiments" / f"dcs-exp{n}.yaml" for n in range(1, 6)]
    configs = [yaml.safe_load(f.read_text()) for f in files]

    def shared(c):
        return (c["background"], c["workload"]["runtime"], c["workload"]["start"], c["overheads"],
                c["info_service"], c["policy"]["fit"], c["workload"]["jobs"], c["workload"]["arrival"])

    for path, config in zip(files[1:], configs[1:]):
        assert shared(config) == shared(configs[0]), f"{path.name} differs from dcs-exp1.yaml"


def _fake_simulate(directory, trace, fail_on=None):
    """A stand-in for build/simulate that copies `trace` to its -o argument, or fails on one experiment file."""
    script = directory / "fake-simulate"
    fail = f'case "$2" in *{fail_on}*) echo "simulate: boom" >&2; exit 3;; esac\n' if fail_on else ""
    script.write_text(f'#!/bin/sh\n{fail}while [ $# -gt 0 ]; do [ "$1" = -o ] && cp "{trace}" "$2"; shift; done\n')
    script.chmod(0o755)
    return script


def _run(args, cwd):
    import subprocess
    from conftest import ANALYSIS
    return subprocess.run(["/usr/bin/python3", str(ANALYSIS / "dcs_experiments.py"), *map(str, args)],
                          capture_output=True, text=True, timeout=600, cwd=cwd)


def test_command_writes_traces_and_figures(tmp_path, small_trace):
    """--simulate ./fake-simulate: a relative path was turned into 'fake-simulate' (Path drops './') and
    looked up on PATH: FileNotFoundError traceback."""
    _fake_simulate(tmp_path, small_trace)
    run = _run(["--simulate", "./fake-simulate", "--seeds", "2", "--out", "out"], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == sorted([f"dcs_exp{n}_seed{s}.h5" for n in range(1, 6) for s in (1, 2)]
                           + [f"utilization_dcs_exp{n}.png" for n in range(1, 6)]), names
    assert "Targets (issue 5):" in run.stdout


def test_a_failed_run_leaves_no_output(tmp_path, small_trace):
    """The traces and figures of exp1 and exp2 stayed in --out when exp3's simulate failed."""
    script = _fake_simulate(tmp_path, small_trace, fail_on="dcs-exp3")
    run = _run(["--simulate", script, "--seeds", "1", "--out", tmp_path / "out"], cwd=tmp_path)
    assert run.returncode == 2
    assert "dcs-exp3.yaml" in run.stderr and "simulate: boom" in run.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("args, message", [
    (["--seeds", "0"], "argument --seeds: must be at least 1, got 0"),  # was: IndexError traceback
    (["--simulate", "/nonexistent/simulate"], "cannot run /nonexistent/simulate (No such file or directory)"),
])
def test_bad_arguments_exit_2(tmp_path, args, message):
    run = _run([*args, "--out", tmp_path / "out"], cwd=tmp_path)
    assert run.returncode == 2
    assert message in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


def test_a_trace_that_is_not_one_exits_2(tmp_path):
    junk = tmp_path / "junk.h5"
    junk.write_text("not hdf5")
    run = _run(["--simulate", _fake_simulate(tmp_path, junk), "--seeds", "1", "--out", tmp_path / "out"], cwd=tmp_path)
    assert run.returncode == 2
    assert "wrote no valid trace" in run.stderr and "not a readable HDF5 file" in run.stderr, run.stderr


def test_out_that_is_a_file_exits_2(tmp_path, small_trace):
    (tmp_path / "out").write_text("x")
    run = _run(["--simulate", _fake_simulate(tmp_path, small_trace), "--seeds", "1", "--out", tmp_path / "out"],
               cwd=tmp_path)
    assert run.returncode == 2
    assert f"{tmp_path / 'out'}: cannot write there" in run.stderr, run.stderr


def test_reference_without_an_experiment_exits_2(tmp_path, small_trace):
    """The table and the targets index every experiment's response_mean..overhead_sd: KeyError traceback."""
    from conftest import ANALYSIS
    reference = tmp_path / "dcs.yaml"
    text = (ANALYSIS / "references" / "dcs.yaml").read_text()
    reference.write_text(text.replace("name: exp5", "name: exp6").replace("exp5.", "exp6."))
    run = _run(["--simulate", _fake_simulate(tmp_path, small_trace), "--seeds", "1", "--out", tmp_path / "out",
                "--reference", reference], cwd=tmp_path)
    assert run.returncode == 2
    assert f"dcs_experiments.py: {reference}: experiments: no experiment named 'exp5'" in run.stderr, run.stderr


def test_utilization_figure_draws_the_first_sample_of_the_batch():
    """Samples (10,20] and (20,30] fall in the batch from 12 s; with where='pre' from x = 20 - 12 the first
    of them had no segment, so its load never appeared."""
    trace = fake_trace()
    trace.background_busy = np.array([[2, 2], [8, 8], [0, 0]], dtype=float)  # 16 of 40 in (10,20], then 0
    fig = dcs.utilization_figure(trace, "t")
    others = next(line for line in fig.axes[0].get_lines() if line.get_label() == "others' load")
    x, y = np.asarray(others.get_xdata()), np.asarray(others.get_ydata())
    assert others.get_drawstyle() == "steps-post"
    assert list(x) == [0.0, 8.0, 18.0]
    assert list(y[:2]) == pytest.approx([100 * 16 / 40, 0.0])  # (12,20] holds 40%, (20,30] nothing


def test_sweep_traces_are_read_instead_of_running(tmp_path, small_trace):
    """--sweep: the traces of workloads/sweeps/dcs.yaml's output folder; nothing runs, only figures are written."""
    import shutil
    for n in range(1, 6):
        point = tmp_path / "sweep" / "points" / f"id{n}"
        point.mkdir(parents=True)
        for seed in (1, 2):
            shutil.copy(small_trace, point / f"dcs_exp{n}_seed{seed}.h5")
    run = _run(["--simulate", "/nonexistent/simulate", "--sweep", tmp_path / "sweep", "--out", tmp_path / "out"],
               cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "2 replications each (seeds 1-2)" in run.stdout
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [f"utilization_dcs_exp{n}.png" for n in range(1, 6)]
    shutil.rmtree(tmp_path / "sweep" / "points" / "id3")
    missing = _run(["--sweep", tmp_path / "sweep", "--out", tmp_path / "out2"], cwd=tmp_path)
    assert missing.returncode == 2 and "no trace of exp3" in missing.stderr, missing.stderr
