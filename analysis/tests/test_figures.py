"""plot.py renders every figure kind; files exist, are non-trivial and have sensible dimensions."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.image as mpimg  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import make_synthetic_trace  # noqa: E402
from coalsim_analysis import load_trace  # noqa: E402
from coalsim_analysis.figures import FIGURE_KINDS  # noqa: E402
from conftest import run_tool  # noqa: E402

COMPARISON_FIGURES = ["utilization_levels", "response_cdf", "response_by_job", "placement_transfer_by_shape",
                      "spread_by_shape", "queue_length", "failures_by_shape"]


def check_png(path, min_kb=15, min_size=(500, 300)):
    assert path.is_file(), f"{path} was not written"
    assert path.stat().st_size > min_kb * 1024, f"{path} is only {path.stat().st_size} bytes"
    height, width = mpimg.imread(path).shape[:2]
    assert width >= min_size[0] and height >= min_size[1], f"{path} is {width}x{height}"


def test_every_kind_for_two_traces(tmp_path, random_traces):
    run = run_tool("plot.py", *random_traces, "--out", tmp_path / "out", "--format", "png,pdf")
    assert run.returncode == 0, run.stderr
    out = tmp_path / "out"
    for stem in COMPARISON_FIGURES + [f"{kind}_{t.stem}" for t in random_traces for kind in ("utilization", "gantt")]:
        check_png(out / f"{stem}.png")
        assert (out / f"{stem}.pdf").stat().st_size > 5 * 1024
        assert f"wrote {out / stem}.png" in run.stdout
    check_png(out / "utilization_w30_wf.png", min_size=(1000, 700))  # system + 5 cluster panels
    assert "skipped" not in run.stdout


def test_failures_skipped_with_a_note(tmp_path):
    trace = tmp_path / "reliable.h5"
    make_synthetic_trace.write_random_trace(trace, n_jobs=30, seed=4, failures=False)
    run = run_tool("plot.py", trace, "--out", tmp_path / "out", "--title", "Reliable run")
    assert run.returncode == 0, run.stderr
    assert "skipped failures: no failures recorded" in run.stdout
    assert not (tmp_path / "out" / "failures_by_shape.png").exists()
    check_png(tmp_path / "out" / "utilization_reliable.png")


def test_only_and_bad_arguments(tmp_path, small_trace):
    run = run_tool("plot.py", small_trace, "--out", tmp_path, "--only", "queue,spread")
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["queue_length.png", "spread_by_shape.png"]
    run = run_tool("plot.py", small_trace, "--out", tmp_path, "--only", "bogus")
    assert run.returncode == 2 and "invalid --only 'bogus'" in run.stderr
    run = run_tool("plot.py", small_trace, "--out", tmp_path, "--format", "gif")
    assert run.returncode == 2 and "invalid --format 'gif'" in run.stderr
    run = run_tool("plot.py", tmp_path / "absent.h5", "--out", tmp_path)
    assert run.returncode == 2 and "absent.h5: no such trace file" in run.stderr


def _is_number(text):
    try:
        float(text.replace("\u2212", "-"))  # matplotlib writes a minus sign
        return True
    except ValueError:
        return False


@pytest.mark.parametrize("kind", sorted(FIGURE_KINDS))
def test_kind_functions_label_axes(kind, small_trace):
    """Every axis of every figure has a y label and an x label or named categories, and every label says its
    unit or what it counts in parentheses ('time (s)', 'utilization (%)'), or is a fraction."""
    from coalsim_analysis import load_trace
    trace = small_trace
    if kind == "gantt":  # the hand-computed trace records no cores held (/allocations)
        trace = small_trace.with_name("gantt.h5")
        make_synthetic_trace.write_gantt_trace(trace)
    for _, fig in FIGURE_KINDS[kind]([load_trace(trace)], "tiny"):
        assert "tiny" in fig._suptitle.get_text() if fig._suptitle else any("tiny" in a.get_title() for a in fig.axes)
        fig.canvas.draw()  # tick labels have their text only once drawn
        for ax in fig.axes:
            ylabel, xlabel = ax.get_ylabel(), ax.get_xlabel()
            assert ylabel, f"{kind}: an axis without y label"
            # (the x check was `xlabel or ax.get_xticklabels()`: a non-empty list of Text objects, always true)
            categories = [t.get_text() for t in ax.get_xticklabels()]
            named = categories and all(c and not _is_number(c) for c in categories)
            assert xlabel or named, f"{kind}: an axis without x label or named categories ({categories})"
            for label in filter(None, (xlabel, ylabel)):
                assert "(" in label or label.startswith("fraction"), f"{kind}: '{label}' says no unit"
            if xlabel.startswith("job (in order"):
                assert all(_is_number(t) and float(t.replace("\u2212", "-")).is_integer() for t in categories), \
                    f"{kind}: job numbers {categories}"


def test_claiming_utilization_draws_each_sample_over_its_own_interval(small_trace):
    """Sample i is the average over (time[i-1], time[i]]; drawn from time[i] on, every value came one
    interval late and the last sample (up to end_time) had no width at all."""
    from coalsim_analysis import load_trace
    (_, fig), = FIGURE_KINDS["claiming_utilization"]([load_trace(small_trace)], "tiny")
    lines = {line.get_label(): line for line in fig.axes[0].get_lines()}
    grid = lines["co-allocation (KOALA)"]
    assert grid.get_drawstyle() == "steps-post"
    assert list(grid.get_xdata()) == [0, 10, 20, 30, 35]  # util_time 10, 20, 30, 35 (README of the synthetic trace)
    # grid busy (fsA + fsB of 12 processors): 4, 6, 10, 0 over (0,10], (10,20], (20,30], (30,35]
    assert list(grid.get_ydata()) == pytest.approx([100 * 4 / 12, 100 * 6 / 12, 100 * 10 / 12, 0.0, 0.0])


def _without_samples(small_trace, tmp_path):
    """The small trace as a run stopped at time 0 writes it (simulate --set stop.max_time=0): no samples."""
    import shutil
    import h5py
    path = tmp_path / "stopped.h5"
    shutil.copy(small_trace, path)
    with h5py.File(path, "a") as h5:
        for name in ("utilization/time", "utilization/grid_busy", "utilization/background_busy",
                     "utilization/held", "utilization/gained", "queues/time", "queues/length"):
            data = h5[name][()]
            del h5[name]
            h5[name] = data[:0]
    return path


def test_trace_without_samples_is_drawn(tmp_path, small_trace):
    """plot.py died with 'x and y must have same first dimension' on the utilization figure."""
    run = run_tool("plot.py", _without_samples(small_trace, tmp_path), "--out", tmp_path / "out")
    assert run.returncode == 0, run.stderr
    check_png(tmp_path / "out" / "utilization_stopped.png", min_kb=5)
    assert "skipped queue: no queue samples" in run.stdout


def test_a_failed_run_leaves_no_figure(tmp_path, small_trace, monkeypatch):
    """Figures already drawn when a later kind fails are not left in --out (nor the folder it created)."""
    from coalsim_analysis.commands import plot
    from coalsim_analysis import figures

    def broken(traces, title=None):
        raise RuntimeError("a figure failed")
    monkeypatch.setitem(plot.FIGURE_KINDS, "broken", broken)
    monkeypatch.setitem(figures.FIGURE_KINDS, "broken", broken)
    out = tmp_path / "out"
    with pytest.raises(RuntimeError, match="a figure failed"):
        plot.main([str(small_trace), "--out", str(out), "--only", "queue,spread,broken"])
    assert not out.exists(), sorted(p.name for p in out.rglob("*"))
    existing = tmp_path / "existing"
    existing.mkdir()
    (existing / "keep.txt").write_text("mine")
    with pytest.raises(RuntimeError):
        plot.main([str(small_trace), "--out", str(existing), "--only", "queue,broken"])
    assert sorted(p.name for p in existing.iterdir()) == ["keep.txt"]


def test_out_that_is_a_file_exits_2(tmp_path, small_trace):
    target = tmp_path / "file"
    target.write_text("x")
    run = run_tool("plot.py", small_trace, "--out", target)
    assert run.returncode == 2, run.stderr
    assert f"plot.py: {target}: cannot write the figures there" in run.stderr
    assert "Traceback" not in run.stderr


def test_two_traces_with_one_name_exit_2(tmp_path, small_trace):
    """Both would write utilization_small.png: the second silently replaced the first."""
    import shutil
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    shutil.copy(small_trace, tmp_path / "a" / "small.h5")
    shutil.copy(small_trace, tmp_path / "b" / "small.h5")
    run = run_tool("plot.py", tmp_path / "a" / "small.h5", tmp_path / "b" / "small.h5", "--out", tmp_path / "out")
    assert run.returncode == 2
    assert "have the same file name 'small'" in run.stderr
    assert not (tmp_path / "out").exists()


def test_same_traces_give_identical_files(tmp_path, small_trace):
    """PDF and SVG carried the time they were written (and SVG random ids): no two runs gave the same file."""
    import os
    import subprocess
    from conftest import ANALYSIS
    outputs = []
    for epoch in ("1000000000", "1700000000"):  # matplotlib dates the files by SOURCE_DATE_EPOCH when set
        out = tmp_path / epoch
        subprocess.run(["/usr/bin/python3", str(ANALYSIS / "plot.py"), str(small_trace), "--out", str(out),
                        "--format", "png,pdf,svg", "--only", "queue,utilization"], check=True, capture_output=True,
                       env={**os.environ, "SOURCE_DATE_EPOCH": epoch})
        outputs.append({p.name: p.read_bytes() for p in out.iterdir()})
    assert sorted(outputs[0]) == sorted(outputs[1]) and len(outputs[0]) == 6
    different = [name for name in outputs[0] if outputs[0][name] != outputs[1][name]]
    assert not different, different


def test_column_averages_weigh_each_sample_over_its_own_interval():
    """Samples stamped at the end of their intervals (10 over (0, 10], 30 over (10, 20]), averaged over equal
    columns of [0, 20]; after the last sample the last value holds."""
    from coalsim_analysis.figures.utilization import column_averages
    time = np.array([10.0, 20.0])
    values = np.array([[10.0, 0.0], [30.0, 100.0]])
    assert column_averages(time, values, 20.0, 4).tolist() == [[10, 0], [10, 0], [30, 100], [30, 100]]
    # Three columns of 20/3 s: the middle one, (6.67, 13.33], is half in each interval.
    assert np.allclose(column_averages(time, values, 20.0, 3)[:, 0], [10, 20, 30])
    assert np.allclose(column_averages(time, values, 30.0, 3)[:, 1], [0, 100, 100])


def test_a_large_grid_has_heat_maps_not_a_panel_per_cluster(simulated_grid_trace, tmp_path):
    """plot.py died on a 1,000-cluster trace (a panel per cluster: an image taller than 2^16 pixels). Beyond
    MAX_CLUSTER_PANELS clusters the figure is the system panel and two heat maps, one row per cluster, whose
    columns average the trace's own samples."""
    from coalsim_analysis.figures.utilization import MAX_CLUSTER_PANELS
    trace = load_trace(simulated_grid_trace)
    assert len(trace.cluster_names) == 30 > MAX_CLUSTER_PANELS
    (_, fig), = FIGURE_KINDS["utilization"]([trace], None)
    maps = [ax for ax in fig.axes if ax.images]
    assert len(maps) == 2
    grid_map, total_map = (ax.images[0].get_array() for ax in maps)
    assert grid_map.shape[0] == total_map.shape[0] == 30
    # Each row's mean over the run is the cluster's mean utilization from the samples.
    bounds = np.concatenate(([0.0], trace.util_time))
    weights = np.diff(bounds) / bounds[-1]
    busy = trace.grid_busy + trace.background_busy
    expected = 100 * (weights[:, None] * busy).sum(axis=0) / trace.processors
    assert np.allclose(total_map.mean(axis=1), expected, atol=1e-6)
    assert (total_map >= grid_map - 1e-9).all()
    run = run_tool("plot.py", simulated_grid_trace, "--out", tmp_path / "out", "--only", "utilization")
    assert run.returncode == 0, run.stderr
    check_png(tmp_path / "out" / "utilization_grid30.png", min_size=(1000, 1000))
