"""Gantt charts: rectangles, links and shading checked from the drawing's data (collection paths, image arrays),
and the check that no core holds two jobs at once."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import h5py  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_rgba  # noqa: E402

import make_synthetic_trace  # noqa: E402
from coalsim_analysis import TraceFormatError, load_trace  # noqa: E402
from coalsim_analysis import schedule as sched  # noqa: E402
from coalsim_analysis.figures import FIGURE_KINDS  # noqa: E402
from coalsim_analysis.figures.gantt import (HELD_COLOR, JOB_PALETTE, LOCAL_COLOR, PLACEMENT_COLORS,  # noqa: E402
                                            GanttOptions, gantt_figure, rasterize)
from conftest import REPO, run_tool  # noqa: E402

EXPECTED = make_synthetic_trace.GANTT_EXPECTED


@pytest.fixture(scope="module")
def gantt_trace(tmp_path_factory):
    path = tmp_path_factory.mktemp("gantt") / "tiny.h5"
    make_synthetic_trace.write_gantt_trace(path)
    return path


@pytest.fixture(scope="module")
def conflict_trace(tmp_path_factory):
    path = tmp_path_factory.mktemp("gantt") / "conflict.h5"
    make_synthetic_trace.write_gantt_trace(path, conflict=True)
    return path


def panels(fig):
    """Cluster name -> axes, from the gid each panel carries (`<trace>:<cluster>`)."""
    return {ax.get_gid().split(":", 1)[1]: ax for ax in fig.axes if ax.get_gid()}


def collection(ax, gid):
    found = [c for c in ax.collections if c.get_gid() == gid]
    assert len(found) <= 1, f"{len(found)} collections '{gid}'"
    return found[0] if found else None


def extents(col):
    """(x0, x1, y0, y1) of each polygon of a collection, sorted."""
    if col is None:
        return []
    boxes = []
    for path in col.get_paths():
        v = path.vertices
        boxes.append(tuple(float(round(c, 9)) for c in (v[:, 0].min(), v[:, 0].max(), v[:, 1].min(), v[:, 1].max())))
    return sorted(boxes)


def draw(path, **options):
    fig, notes = gantt_figure([load_trace(path)], GanttOptions(**options))
    return fig, notes


def test_rectangles_and_shading_of_the_hand_made_schedule(gantt_trace):
    fig, notes = draw(gantt_trace, raster="never")
    axes = panels(fig)
    assert list(axes) == ["c0", "c1", "c2"]
    for name, ax in axes.items():
        drawn = {c.get_gid() for c in ax.collections if c.get_gid() in (*sched.KIND_NAMES.values(), "down")}
        expected = {kind for (cluster, kind) in EXPECTED if cluster == name}
        assert drawn == expected, name
        for kind in expected:
            assert extents(collection(ax, kind)) == sorted(map(tuple, map(lambda b: map(float, b),
                                                                          EXPECTED[(name, kind)]))), (name, kind)
        assert ax.get_ylim() == (0, 2 if name == "c2" else 4)
    c0 = axes["c0"]
    assert collection(c0, "held").get_hatch() == "////"
    assert collection(c0, "failed").get_hatch() == "xx"
    assert np.allclose(collection(c0, "local").get_facecolor()[0], LOCAL_COLOR)
    assert np.allclose(collection(axes["c1"], "held").get_facecolor(), HELD_COLOR)
    # colour by job: job 0's run has the same colour on both clusters; job 1's another
    run0 = collection(c0, "run")
    colours = {extents_box[0]: tuple(colour) for extents_box, colour in
               zip([(tuple(p.vertices.min(axis=0)),) for p in run0.get_paths()], run0.get_facecolor())}
    assert colours[(2.0, 0.0)] == tuple(to_rgba(JOB_PALETTE[0]))
    assert colours[(3.0, 2.0)] == tuple(to_rgba(JOB_PALETTE[1]))
    assert any("derived" in n for n in notes)  # synthetic.xml is no file: cores per host from the allocations
    plt.close(fig)


def test_coallocated_components_are_linked_across_panels(gantt_trace):
    fig, _ = draw(gantt_trace, raster="never")
    axes = panels(fig)
    links = {name: collection(ax, "links") for name, ax in axes.items()}
    assert links["c2"] is None  # jobs 4 and 5 use one cluster each
    for name in ("c0", "c1"):
        offsets = links[name].get_offsets()
        assert offsets.tolist() == [[2.0, 1.0]]  # job 0's component starts at 2 s, rows 0-2
        assert np.allclose(links[name].get_facecolor()[0], to_rgba(JOB_PALETTE[0]))
        assert [t.get_text() for t in axes[name].texts] == ["0"]
    plt.close(fig)


def test_highlight_outlines_the_job_and_joins_its_components(gantt_trace):
    fig, _ = draw(gantt_trace, raster="never", highlight=0)
    axes = panels(fig)
    assert extents(collection(axes["c0"], "highlight")) == [(1.0, 2.0, 0.0, 2.0), (2.0, 10.0, 0.0, 2.0)]
    assert extents(collection(axes["c1"], "highlight")) == [(1.0, 2.0, 0.0, 2.0), (2.0, 10.0, 0.0, 2.0)]
    assert collection(axes["c2"], "highlight") is None
    lines = [a for a in fig.artists if a.get_gid() == "link-line"]
    assert len(lines) == 1 and lines[0].axesA is axes["c0"] and lines[0].axesB is axes["c1"]
    alpha = collection(axes["c0"], "run").get_facecolor()[:, 3]
    assert sorted(alpha.round(2).tolist()) == [0.35, 0.35, 1.0]  # the others fade
    plt.close(fig)


def test_window_and_cluster_subset(gantt_trace):
    fig, _ = draw(gantt_trace, raster="never", window=(5.0, 15.0), clusters=["c1", "c0"])
    axes = panels(fig)
    assert list(axes) == ["c1", "c0"]
    assert extents(collection(axes["c0"], "run")) == [(5.0, 8.0, 2.0, 4.0), (5.0, 10.0, 0.0, 2.0),
                                                      (13.0, 15.0, 2.0, 3.0)]
    assert collection(axes["c0"], "down") is None  # the outage is at 20-23
    assert extents(collection(axes["c1"], "held")) == [(5.0, 6.0, 2.0, 4.0), (12.0, 14.0, 2.0, 4.0)]
    assert axes["c0"].get_xlim() == (5.0, 15.0)
    plt.close(fig)
    with pytest.raises(ValueError, match="invalid cluster 'nope'"):
        draw(gantt_trace, clusters=["nope"])


def test_hosts_shown(gantt_trace):
    fig, _ = draw(gantt_trace, raster="never", hosts=(1, 1), clusters=["c0", "c1"])
    axes = panels(fig)
    assert axes["c0"].get_ylim() == (2, 4) and axes["c1"].get_ylim() == (2, 4)
    assert extents(collection(axes["c0"], "run")) == [(3.0, 8.0, 2.0, 4.0), (13.0, 18.0, 2.0, 3.0)]
    assert collection(axes["c0"], "local") is None  # on host 0
    plt.close(fig)
    fig, _ = draw(gantt_trace, raster="always", hosts=(1, 1), clusters=["c0"])
    image = panels(fig)["c0"].images[0]
    assert image.get_extent()[2:] == (2, 4) and image.get_array().shape[0] == 2
    plt.close(fig)
    with pytest.raises(ValueError, match="cluster c2 has 1 host"):
        draw(gantt_trace, hosts=(1, 1))


def test_colour_schemes(gantt_trace):
    fig, notes = draw(gantt_trace, raster="never", color="user")
    assert any("records no user" in n and "coloured by job" in n for n in notes)
    plt.close(fig)
    fig, _ = draw(gantt_trace, raster="never", color="placement")
    run = collection(panels(fig)["c1"], "run")
    by_start = {float(p.vertices[:, 0].min()): tuple(c[:3]) for p, c in zip(run.get_paths(), run.get_facecolor())}
    assert by_start[14.0] == tuple(PLACEMENT_COLORS[1])  # job 2's second attempt
    assert by_start[2.0] == tuple(PLACEMENT_COLORS[0])
    plt.close(fig)
    fig, _ = draw(gantt_trace, raster="never", color="wait")
    run = collection(panels(fig)["c0"], "run")
    colours = {float(p.vertices[:, 0].min()): tuple(c) for p, c in zip(run.get_paths(), run.get_facecolor())}
    # waits: job 0 2 s, job 1 3 s, job 3 8 s: three different colours on the viridis scale
    assert len(set(colours.values())) == 3
    assert any(getattr(a, "get_label", lambda: "")() == "<colorbar>" for a in fig.axes)
    # the local job (waited 0 s, the scale's bottom) by its wait too; the dummy job (no /local_jobs wait) sand
    local = collection(panels(fig)["c0"], "local").get_facecolor()[0]
    assert np.allclose(local, plt.get_cmap("viridis")(0.0))
    assert np.allclose(collection(panels(fig)["c1"], "dummy").get_facecolor()[0], to_rgba("#d8c8a0"))
    plt.close(fig)
    fig, _ = draw(gantt_trace, raster="never", color="clusters")
    run = collection(panels(fig)["c0"], "run")
    colours = {float(p.vertices[:, 0].min()): tuple(c) for p, c in zip(run.get_paths(), run.get_facecolor())}
    assert colours[3.0] == colours[13.0] != colours[2.0]  # jobs 1 and 3 on c0 alone, job 0 on c0+c1
    plt.close(fig)


def test_raster_paints_the_same_schedule(gantt_trace):
    fig, notes = draw(gantt_trace, raster="always", width=10)
    axes = panels(fig)
    image = [a for a in axes["c0"].images if a.get_gid() == "raster"][0]
    data = image.get_array()
    assert not [c for c in axes["c0"].collections if c.get_gid() == "run"]
    x0, x1, y0, y1 = image.get_extent()
    assert (x0, x1, y0, y1) == (0.0, 25.0, 0.0, 4.0) and data.shape[0] == 4  # one image row per core
    column = lambda t: int(t / 25.0 * data.shape[1])  # noqa: E731
    assert np.allclose(data[0, column(5.0)], to_rgba(JOB_PALETTE[0]))  # job 0 on core 0 at 5 s
    assert np.allclose(data[0, column(13.0)], LOCAL_COLOR)
    assert data[0, column(18.0), 3] == 0  # idle
    assert np.allclose(data[2, column(10.0)][:3], to_rgba("#c00000")[:3])  # job 3's failed run
    assert extents(collection(axes["c0"], "down")) == [(20.0, 23.0, 0.0, 4.0)]  # shading stays drawn
    assert any("painted as an image" in n for n in notes)
    plt.close(fig)


def test_rasterize_covers_fractions_of_pixels():
    rects = sched.Rectangles(np.array([0.5, 2.0]), np.array([1.0, 4.0]), np.array([0.0, 1.0]), np.array([1.0, 2.0]),
                             np.zeros(2, np.int8), np.zeros(2, np.int64), np.zeros(2, np.int64),
                             np.zeros(2, np.int64))
    rgba = np.array([[1.0, 0, 0, 1], [0, 0, 1.0, 1]])
    image = rasterize(rects, rgba, (0.0, 4.0), (0, 2), 4, 10)
    assert image.shape == (2, 4, 4)
    assert image[0, :, 3].tolist() == [0.5, 0, 0, 0]  # half of pixel 0 covered
    assert np.allclose(image[0, 0, :3], [1, 0, 0])
    assert image[1, :, 3].tolist() == [0, 0, 1, 1]
    # two cores in one image row: each fills half of it
    image = rasterize(rects, rgba, (0.0, 4.0), (0, 2), 4, 1)
    assert image.shape == (1, 4, 4) and image[0, :, 3].tolist() == [0.25, 0, 0.5, 0.5]
    image = rasterize(rects, rgba, (0.0, 4.0), (1, 2), 4, 10)  # the second row alone
    assert image.shape == (1, 4, 4) and image[0, :, 3].tolist() == [0, 0, 1, 1]


def test_compare_two_traces_on_one_time_axis(gantt_trace, tmp_path):
    other = tmp_path / "other.h5"
    make_synthetic_trace.write_gantt_trace(other, policy="wf")
    fig, _ = gantt_figure([load_trace(gantt_trace), load_trace(other)], GanttOptions(raster="never"))
    gids = [ax.get_gid() for ax in fig.axes if ax.get_gid()]
    assert gids == ["tiny:c0", "tiny:c1", "tiny:c2", "other:c0", "other:c1", "other:c2"]
    axes = [ax for ax in fig.axes if ax.get_gid()]
    assert all(ax.get_shared_x_axes().joined(axes[0], ax) for ax in axes)
    assert axes[3].get_title(loc="left").startswith("other (wf): c0")
    plt.close(fig)


def test_layout_from_the_platform_file_the_trace_names(tmp_path):
    path = tmp_path / "das2.h5"
    make_synthetic_trace.write_random_trace(path, n_jobs=20, seed=3)
    with h5py.File(path, "r+") as h5:
        h5.attrs["platform"] = "platforms/das2.xml"  # relative to the repository, as the shipped experiments name it
    layouts = sched.load_schedule(load_trace(path)).layouts
    assert all(l.source.startswith("platform ") and l.source.endswith("platforms/das2.xml") for l in layouts)
    assert [l.host_cores.tolist() for l in layouts] == [[2] * 72] + [[2] * 32] * 4
    assert layouts[1].host_index("fs1-31") == 31 and layouts[1].host_index("fs1-32") == -1  # the file server


def test_platform_file_hosts():
    hosts = sched.platform_hosts(REPO / "platforms" / "das2.xml")
    assert [len(hosts[c]) for c in ("fs0", "fs1", "fs2", "fs3", "fs4")] == [72, 32, 32, 32, 32]
    assert hosts["fs1"][:3] == [("fs1-0", 2), ("fs1-1", 2), ("fs1-2", 2)] and ("fs1-32", 2) not in hosts["fs1"]
    assert hosts["fs1"][10][0] == "fs1-10"  # natural order, as the engine's
    ricc = sched.platform_hosts(REPO / "platforms" / "ricc.xml")["ricc"]
    assert len(ricc) == 1024 and ricc[0] == ("ricc-0", 8)


def test_layout_from_the_hosts_table(tmp_path):
    path = tmp_path / "hosts.h5"
    make_synthetic_trace.write_gantt_trace(path, hosts=True)
    fig, notes = draw(path, raster="never")
    assert not any("derived" in n for n in notes)
    axes = panels(fig)
    for name in ("c0", "c1"):
        for kind in ("run", "held", "down"):
            assert extents(collection(axes[name], kind)) == sorted(tuple(map(float, b))
                                                                   for b in EXPECTED[(name, kind)]), (name, kind)
    plt.close(fig)
    layouts = sched.load_schedule(load_trace(path)).layouts
    assert [l.source for l in layouts] == ["trace /hosts"] * 3 and layouts[1].host_index("node-c3") == 1
    with h5py.File(path, "r+") as h5:
        hosts = h5["hosts"][()]
        hosts["cores"][0] = 3
        del h5["hosts"]
        h5.create_dataset("hosts", data=hosts)
    with pytest.raises(TraceFormatError, match="'/hosts' gives cluster c0 5 cores, /clusters 4 processors"):
        sched.load_schedule(load_trace(path))


def test_core_intervals_checked(gantt_trace, conflict_trace, random_traces):
    assert sched.check_schedule(load_trace(gantt_trace)) == []
    for path in random_traces:
        assert sched.check_schedule(load_trace(path)) == []
    problems = sched.check_schedule(load_trace(conflict_trace))
    assert len(problems) == 2, problems  # both cores of c0 host 0 over [9, 10)
    assert all("cluster c0 host 0" in p and "grid job 0 component 0 placement 1" in p and "local job 0" in p
               for p in problems)
    trace = load_trace(gantt_trace)
    schedule = sched.load_schedule(trace)
    schedule.allocations["cores"][2] = 1  # job 1 now holds 1 of its 2 processors
    assert sched.check_schedule(trace, schedule) == [
        "grid job 1 component 0: 2 processors in /components, 1 cores in /allocations over its last attempt"]
    schedule.allocations["first_core"][2] = 1
    schedule.allocations["cores"][2] = 2  # cores 1-2 of a 2-core host
    assert "outside its 2 host(s) of 2 core(s)" in sched.check_schedule(trace, schedule)[0]
    schedule = sched.load_schedule(trace)
    schedule.allocations["cluster"][7] = 2  # the local job (11-16 s) on the time-shared host while it carries shares
    assert any("c2 host 0: shared over [8, 12) while local job 0 held cores of it" in p
               for p in sched.core_conflicts(schedule, trace.end_time))


def test_plot_kind_and_command_line(gantt_trace, conflict_trace, small_trace, tmp_path):
    figures = FIGURE_KINDS["gantt"]([load_trace(gantt_trace)], "tiny")
    assert [stem for stem, _ in figures] == ["gantt_tiny"]
    plt.close(figures[0][1])
    out = tmp_path / "chart.png"
    run = run_tool("gantt.py", gantt_trace, "--out", out, "--window", "0", "0.25min", "--highlight", "0")
    assert run.returncode == 0, run.stderr
    assert out.stat().st_size > 20000 and f"wrote {out}" in run.stdout
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no staging file left
    run = run_tool("gantt.py", gantt_trace, "--compare", conflict_trace, "--out", tmp_path / "both.pdf")
    assert run.returncode == 0, run.stderr
    run = run_tool("gantt.py", gantt_trace, "--check")
    assert run.returncode == 0 and "consistent" in run.stdout
    run = run_tool("gantt.py", conflict_trace, "--check")
    assert run.returncode == 1 and "local job 0" in run.stdout
    run = run_tool("gantt.py", small_trace, "--out", tmp_path / "x.png")
    assert run.returncode == 2 and "missing dataset '/allocations'" in run.stderr
    run = run_tool("gantt.py", gantt_trace, "--clusters", "c9", "--out", tmp_path / "x.png")
    assert run.returncode == 2 and "invalid cluster 'c9'" in run.stderr
    run = run_tool("gantt.py", gantt_trace, "--window", "10", "5")
    assert run.returncode == 2 and "T0 must be before T1" in run.stderr
    run = run_tool("gantt.py", gantt_trace, "--hosts", "3-1")
    assert run.returncode == 2 and "invalid host range '3-1'" in run.stderr
    run = run_tool("gantt.py", gantt_trace, "--window", "1", "2x")
    assert run.returncode == 2 and "invalid time '2x'" in run.stderr
    assert not (tmp_path / "x.png").exists()


def test_many_rectangles_are_painted_not_collected(tmp_path, monkeypatch):
    """A panel beyond RASTER_ABOVE rectangles is one image whatever the jobs: its size is the picture's."""
    path = tmp_path / "many.h5"
    make_synthetic_trace.write_random_trace(path, n_jobs=60, seed=5)
    trace = load_trace(path)
    schedule = sched.load_schedule(trace)
    rows = np.repeat(schedule.allocations, 400)  # 400 short slices of every allocation, one after the other
    length = (rows["released_at"] - rows["claimed_at"]) / 400
    step = np.tile(np.arange(400), schedule.allocations.size)
    rows["claimed_at"] += step * length
    rows["started_at"] = rows["claimed_at"]
    rows["released_at"] = rows["claimed_at"] + length
    many = sched.Schedule(rows, schedule.allocations[:0], schedule.layouts)
    monkeypatch.setattr(sched, "load_schedule", lambda t: many)
    fig, notes = gantt_figure([trace], GanttOptions())
    fs0 = panels(fig)["fs0"]
    assert [a.get_gid() for a in fs0.images] == ["raster"]
    assert not [c for c in fs0.collections if c.get_gid() in sched.KIND_NAMES.values()]
    assert fs0.images[0].get_array().shape[0] == 144
    plt.close(fig)


def test_a_trace_simulate_wrote(simulated_koala_trace):
    """KOALA on the unreliable testbed: claims, failed runs, outages. Its core intervals hold, every completed
    job has a run block (a run that ended may still be failed later by a completion failure), and the chart
    draws."""
    trace = load_trace(simulated_koala_trace)
    if not sched.has_allocations(trace):
        pytest.skip("this simulate writes no /allocations")
    schedule = sched.load_schedule(trace)
    assert sched.check_schedule(trace, schedule) == []
    ran = set()
    for c in range(len(trace.clusters)):
        rects = sched.allocation_rectangles(schedule, c, trace.end_time)
        ran |= set(rects.job[rects.kind == sched.RUN].tolist())
    completed = set(trace.jobs["id"][trace.jobs["status"] == 0].tolist())
    assert completed and completed <= ran
    fig, _ = gantt_figure([trace], GanttOptions(raster="never"))
    assert sum(len(col.get_paths()) for ax in fig.axes for col in ax.collections if col.get_gid() == "run") > 0
    plt.close(fig)


def test_a_large_grid_draws_its_busiest_clusters_with_a_note(simulated_grid_trace):
    """A panel per cluster of a 1,000-cluster trace took minutes of layout and then failed (an image taller than
    2^16 pixels). Without --clusters, a grid of more than MAX_PANELS clusters shows the MAX_PANELS whose cores grid
    components held longest, in the trace's order, and says so; chosen clusters are drawn as asked."""
    from coalsim_analysis.figures.gantt import MAX_PANELS
    trace = load_trace(simulated_grid_trace)
    names = trace.cluster_names
    a = sched.load_schedule(trace).allocations
    grid = a[a["owner"] == 0]
    held = {name: 0.0 for name in names}
    for row in grid:
        released = trace.end_time if np.isnan(row["released_at"]) else row["released_at"]
        held[names[row["cluster"]]] += row["cores"] * (released - row["claimed_at"])
    busiest = sorted(names, key=lambda n: (-held[n], names.index(n)))[:MAX_PANELS]
    assert held[busiest[-1]] > 0 and len(names) > MAX_PANELS
    fig, notes = gantt_figure([trace], GanttOptions())
    assert list(panels(fig)) == sorted(busiest, key=names.index)
    assert any(f"has {len(names)} clusters" in note and "--clusters" in note for note in notes), notes
    plt.close(fig)
    fig, notes = gantt_figure([trace], GanttOptions(clusters=names[:3]))
    assert list(panels(fig)) == names[:3] and not any("--clusters" in note for note in notes)
    plt.close(fig)
