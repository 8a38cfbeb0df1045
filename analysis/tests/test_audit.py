"""The auditor (analysis/audit.py): a hand-made trace that keeps every invariant is clean, and the same trace
with one invariant broken is a violation naming that dataset and row."""

import math
import subprocess
import sys

import h5py
import numpy as np
import pytest

from make_synthetic_trace import CLUSTER_DTYPE, COMPONENT_DTYPE, FAILURE_DTYPE, JOB_DTYPE, job_row, root_attrs
from coalsim_analysis.audit import Violation, audit_trace
from coalsim_analysis.trace import TraceFormatError

from conftest import ANALYSIS

NAN = math.nan
PLACEMENT_DTYPE = np.dtype([("job_id", "<i8"), ("placement", "<i4"), ("queued_at", "<f8"), ("placed_at", "<f8"),
                            ("placement_time", "<f8"), ("tries", "<i4"), ("estimated_ftt", "<f8"), ("jst", "<f8"),
                            ("started_at", "<f8"), ("ended_at", "<f8"), ("outcome", "S24")])
ALLOCATION_DTYPE = np.dtype([("owner", "i1"), ("job_id", "<i8"), ("component", "<i4"), ("placement", "<i4"),
                             ("cluster", "<i4"), ("host", "<i4"), ("first_core", "<i4"), ("cores", "<i4"),
                             ("claimed_at", "<f8"), ("started_at", "<f8"), ("released_at", "<f8"),
                             ("outcome", "i1")])
HOST_DTYPE = np.dtype([("cluster", "<i4"), ("index", "<i4"), ("name", "S32"), ("cores", "<i4")])
LOCAL_DTYPE = np.dtype([("id", "<i8"), ("trace_id", "<i8"), ("cluster", "<i4"), ("processors", "<i4"),
                        ("submit_time", "<f8"), ("start_time", "<f8"), ("end_time", "<f8"), ("wait_time", "<f8"),
                        ("estimate", "<f8")])
# /components as a run without time-shared hosts writes it: without the time-shared fields (host, cpu_work).
SPACE_SHARED_COMPONENTS = np.dtype([f for f in COMPONENT_DTYPE.descr if f[0] not in ("host", "cpu_work")])
SHARE_DTYPE = np.dtype([("time", "<f8"), ("cluster", "<i4"), ("host", "<i4"), ("taken", "<f8"),
                        ("components", "<i4")])
MESSAGE_DTYPE = np.dtype([("sent", "<f8"), ("received", "<f8"), ("from", "<i4"), ("to", "<i4"), ("kind", "S16"),
                          ("bytes", "<f8"), ("job_id", "<i8"), ("route_latency", "<f8"), ("route_bandwidth", "<f8")])
MIGRATION_DTYPE = np.dtype([("time", "<f8"), ("job_id", "<i8"), ("from", "<i4"), ("to", "<i4")])
DECISION_DTYPE = np.dtype([("time", "<f8"), ("round", "<i8"), ("job_id", "<i8"), ("deciding_site", "<i4"),
                           ("cluster", "<i4"), ("host", "<i4"), ("outcome", "S16"), ("reason", "S32")])
ECONOMY_DTYPE = np.dtype([("job_id", "<i8"), ("estimate", "<f8"), ("deadline", "<f8"), ("budget", "<f8"),
                          ("cost", "<f8"), ("charge", "<f8"), ("load", "<f8"), ("accepted", "i1"), ("met", "i1"),
                          ("rejection", "S16")])


def clean_tables():
    """A run by hand on cluster A (hosts a-0 and a-1, 2 cores each) and B (b-0, 2 cores), stopped at 20:
    - job 0: 2 processors on A (host 0) and 1 on B, claimed at 1.5, ran 2-12, done at 13; migrated at 0.5;
    - job 1: claimed host 1 of A at 1, its attempt failed at 3 before the start; placed again at 4, ran 5-15;
    - job 2: rejected;
    - job 3: 2 processors on A's host 0 (free again at 12), claimed at 12.5, started at 13, running at the stop;
    - local job 0: 1 processor on B (core 1), 3-9."""
    jobs = [
        job_row(0, status=0, n_components=2, processors=3, clusters=["A", "B"], submit=0, placement=1, start=2,
                end=12, completion=13),
        job_row(1, status=0, n_components=1, processors=2, clusters=["A"], submit=0, placement=4, start=5, end=15,
                completion=16, completion_failures=1),
        job_row(2, status=2, n_components=1, processors=8, clusters=[], submit=5),
        job_row(3, status=3, n_components=1, processors=2, clusters=["A"], submit=6, placement=12, start=13),
    ]
    jobs[2] = jobs[2][:6] + (0, b"", NAN, 0) + jobs[2][10:]
    return {
        "attrs": root_attrs("wf", 1, ["A", "B"], 20.0),
        "clusters": [(0, b"A", b"siteA", 4), (1, b"B", b"siteB", 2)],
        "hosts": [(0, 0, b"a-0", 2), (0, 1, b"a-1", 2), (1, 0, b"b-0", 2)],
        "jobs": jobs,
        "placements": [
            (0, 1, 0, 1, 1, 0, NAN, NAN, 2, 13, b"completed"),
            (1, 1, 0, 1, 1, 0, NAN, NAN, NAN, 3, b"component_failed"),
            (1, 2, 3, 4, 1, 0, NAN, NAN, 5, 16, b"completed"),
            (3, 1, 6, 12, 6, 0, NAN, NAN, 13, 20, b"unfinished"),
        ],
        "components": [(0, 0, 0, 2, -1, 0.0), (0, 1, 1, 1, -1, 0.0), (1, 0, 0, 2, -1, 0.0), (3, 0, 0, 2, -1, 0.0)],
        "failures": [(3.0, 1, 0, b"component")],
        "allocations": [
            (1, 0, -1, -1, 1, 0, 1, 1, 3, 3, 9, 0),
            (0, 1, 0, 1, 0, 1, 0, 2, 1, NAN, 3, 2),
            (0, 0, 0, 1, 0, 0, 0, 2, 1.5, 2, 12, 0),
            (0, 0, 1, 1, 1, 0, 0, 1, 1.5, 2, 12, 0),
            (0, 1, 0, 2, 0, 1, 0, 2, 4.5, 5, 15, 0),
            (0, 3, 0, 1, 0, 0, 0, 2, 12.5, 13, 20, 3),
        ],
        "local_jobs": [(0, -1, 1, 1, 2, 3, 9, 1, 6)],
        "messages": [(0.2, 0.5, 0, 1, b"job", 1000.0, 0, 0.1, 1e4)],
        "migrations": [(0.5, 0, 0, 1)],
        # The decision log of a central scheduler: job 0 placed on A and B at 1, job 1 on A at 1 and 4 (after B
        # refused it), job 3 waiting at 6 (A had too few idle), placed at 12.
        "decisions": [(1.0, 1, 0, -1, 0, -1, b"chosen", b""), (1.0, 1, 0, -1, 1, -1, b"chosen", b""),
                      (1.0, 2, 1, -1, 0, -1, b"chosen", b""), (4.0, 3, 1, -1, 0, -1, b"chosen", b""),
                      (4.0, 3, 1, -1, 1, -1, b"refused", b"too_few_idle"),
                      (6.0, 4, 3, -1, 0, -1, b"refused", b"too_few_idle"), (12.0, 5, 3, -1, 0, -1, b"chosen", b"")],
        "shares": None,
        "economy": None,
        "util_time": [10, 20],
        "grid_busy": [[3.5, 1.0], [2.5, 0.0]],
        "background_busy": [[0.0, 0.6], [0.0, 0.0]],
    }


def write(path, t, component_dtype=SPACE_SHARED_COMPONENTS):
    with h5py.File(path, "w") as h5:
        for key, value in t["attrs"].items():
            h5.attrs[key] = value
        for name, dtype in (("clusters", CLUSTER_DTYPE), ("hosts", HOST_DTYPE), ("jobs", JOB_DTYPE),
                            ("placements", PLACEMENT_DTYPE), ("components", component_dtype),
                            ("failures", FAILURE_DTYPE), ("allocations", ALLOCATION_DTYPE),
                            ("local_jobs", LOCAL_DTYPE), ("messages", MESSAGE_DTYPE),
                            ("migrations", MIGRATION_DTYPE), ("shares", SHARE_DTYPE), ("economy", ECONOMY_DTYPE),
                            ("decisions", DECISION_DTYPE)):
            if t.get(name) is not None:
                h5.create_dataset(name, data=np.array(t[name], dtype=dtype))
        util = h5.create_group("utilization")
        util.attrs["interval"] = np.float64(10)
        util.create_dataset("time", data=np.asarray(t["util_time"], dtype="<f8"))
        util.create_dataset("grid_busy", data=np.asarray(t["grid_busy"], dtype="<f8"))
        util.create_dataset("background_busy", data=np.asarray(t["background_busy"], dtype="<f8"))
        queues = h5.create_group("queues")
        queues.create_dataset("time", data=np.asarray(t["util_time"], dtype="<f8"))
        queues.create_dataset("length", data=np.zeros(len(t["util_time"])))
    return path


def set_field(rows, index, position, value):
    rows[index] = rows[index][:position] + (value,) + rows[index][position + 1:]


def violation(tmp_path, t, **kwargs):
    with pytest.raises(Violation) as caught:
        audit_trace(write(tmp_path / "t.h5", t, **kwargs))
    return caught.value


def test_the_hand_made_trace_is_clean_and_every_check_runs(tmp_path):
    result = audit_trace(write(tmp_path / "t.h5", clean_tables()))
    skipped = {name for name, _ in result.skipped}
    assert skipped == {"shares_within_host_cores", "time_shared_hosts_hold_no_cores", "cpu_work_equals_estimate"}
    assert "no_core_holds_two_jobs" in result.checked and "migrated_jobs_were_waiting" in result.checked
    assert "chosen_clusters_were_placed" in result.checked


def test_a_decision_round_that_chose_a_cluster_for_a_job_not_placed_then(tmp_path):
    t = clean_tables()
    t["decisions"][5] = (6.0, 4, 3, -1, 0, -1, b"chosen", b"")  # job 3 waited at 6: it was placed at 12
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/decisions", 5) and "no placement of job 3 at that instant" in str(v)


def test_a_diana_sites_choice_is_not_a_placement(tmp_path):
    """A site's scheduler hands the job over: its placement comes later, at the site chosen."""
    t = clean_tables()
    t["decisions"].append((0.2, 6, 0, 0, 1, -1, b"chosen", b""))
    assert "chosen_clusters_were_placed" in audit_trace(write(tmp_path / "t.h5", t)).checked


def test_a_trace_without_the_decision_log_skips_its_check(tmp_path):
    t = clean_tables()
    t["decisions"] = None
    assert ("chosen_clusters_were_placed", "no /decisions rows (trace.decisions off)") in \
        audit_trace(write(tmp_path / "t.h5", t)).skipped


@pytest.mark.parametrize("block", [1, 3, 4_000_000])
def test_a_core_held_by_two_jobs_at_once(tmp_path, monkeypatch, block):
    monkeypatch.setattr("coalsim_analysis.audit.CORES_PER_BLOCK", block)  # a large trace's cores, host by host
    assert audit_trace(write(tmp_path / "clean.h5", clean_tables())).checked
    t = clean_tables()
    set_field(t["allocations"], 5, 8, 11.0)  # job 3 claims host 0 at 11, job 0 holds it until 12
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/allocations", 5)
    assert "core 0 of host 0 of cluster A held by job 3" in str(v) and "job 0 component 0" in str(v)


def test_a_cluster_holding_more_processors_than_it_has(tmp_path):
    t = clean_tables()
    t["hosts"] = None  # (with /hosts, host 2 of A would be refused first: it has none)
    set_field(t["allocations"], 5, 5, 2)
    set_field(t["allocations"], 5, 8, 11.0)  # 2 + 2 + 2 cores of A's 4 at 11
    v = violation(tmp_path, t)
    assert v.dataset == "/allocations" and "cluster A holds 6 cores at 11, of 4" in str(v)


def test_cores_beyond_the_host(tmp_path):
    t = clean_tables()
    set_field(t["allocations"], 0, 6, 1)
    set_field(t["allocations"], 0, 7, 2)  # cores 1-2 of a 2-core host
    assert "cores beyond its host's" in str(violation(tmp_path, t))


def test_a_job_twice_in_jobs(tmp_path):
    t = clean_tables()
    t["jobs"].append(t["jobs"][2])
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/jobs", 4) and "job 2 appears twice (rows 2 and 4)" in str(v)


def test_a_submitted_job_missing(tmp_path):
    t = clean_tables()
    del t["jobs"][2]
    assert "job 2 is missing" in str(violation(tmp_path, t))


def test_a_job_without_a_final_status(tmp_path):
    t = clean_tables()
    set_field(t["jobs"], 2, 3, 9)
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/jobs", 2) and "no final status (status=9)" in str(v)


def test_a_job_started_before_it_was_placed(tmp_path):
    t = clean_tables()
    set_field(t["jobs"], 0, 12, 0.5)  # start_time 0.5 < placement_time 1
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/jobs", 0) and "submit <= placement <= start" in str(v)


def test_placements_numbered_out_of_order(tmp_path):
    t = clean_tables()
    set_field(t["placements"], 2, 1, 3)
    v = violation(tmp_path, t)
    assert v.dataset == "/placements" and "numbered [1, 3]" in str(v)


def test_a_completed_job_whose_last_placement_did_not_complete(tmp_path):
    t = clean_tables()
    set_field(t["placements"], 0, 9, 12.5)
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/placements", 0) and "job 0 completed at 13" in str(v)


def test_components_that_do_not_add_up_to_the_job(tmp_path):
    t = clean_tables()
    set_field(t["components"], 1, 3, 2)
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/jobs", 0) and "its components 4" in str(v)


def test_a_component_without_its_cores(tmp_path):
    t = clean_tables()
    set_field(t["allocations"], 3, 7, 2)  # job 0's component on B holds 2 cores, it has 1 processor
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/components", 1) and "2 cores on cluster 1" in str(v)


def test_an_aborted_holding_that_started(tmp_path):
    t = clean_tables()
    set_field(t["allocations"], 1, 9, 2.0)
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/allocations", 1) and "aborted before the start, yet started" in str(v)


def test_cores_released_when_the_attempt_had_not_ended(tmp_path):
    t = clean_tables()
    set_field(t["allocations"], 1, 10, 2.5)  # the attempt ended at 3
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/allocations", 1) and "the attempt ended 'component_failed' at 3" in str(v)


def test_a_local_job_not_on_the_cores_it_held(tmp_path):
    t = clean_tables()
    set_field(t["local_jobs"], 0, 6, 10.0)  # ended at 10, its cores were given back at 9
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/local_jobs", 0) and "from 3 to 9" in str(v)


def test_busy_processors_beyond_the_cluster(tmp_path):
    t = clean_tables()
    t["background_busy"][0][1] = 1.5  # 1 + 1.5 of B's 2
    v = violation(tmp_path, t)
    assert v.dataset == "/utilization/grid_busy" and "cluster B" in str(v)


def time_shared_tables():
    """The hand-made run with job 1 on a share of host b-0 (the time-shared runtime model, exact estimates):
    job 0's two components on A (host 0 cores 0-1, host 1 core 0), no local job."""
    t = clean_tables()
    t["attrs"]["runtime_model"] = "timeshared"
    t["attrs"]["config"] = "workload:\n  estimate_factor: 1\n"
    t["jobs"][0] = job_row(0, status=0, n_components=2, processors=3, clusters=["A", "A"], submit=0, placement=1,
                           start=2, end=12, completion=13)
    t["jobs"][1] = job_row(1, status=0, n_components=1, processors=1, clusters=["B"], submit=0, placement=4, start=5,
                           end=15, completion=16, completion_failures=1)
    t["components"] = [(0, 0, 0, 2, -1, 0.0, 0.0), (0, 1, 0, 1, -1, 0.0, 0.0), (1, 0, 1, 1, -1, 0.0, 10.0),
                       (3, 0, 0, 2, -1, 0.0, 0.0)]
    t["allocations"] = [(0, 0, 0, 1, 0, 0, 0, 2, 1.5, 2, 12, 0), (0, 0, 1, 1, 0, 1, 0, 1, 1.5, 2, 12, 0),
                        (0, 3, 0, 1, 0, 0, 0, 2, 12.5, 13, 20, 3)]
    t["local_jobs"] = None
    t["shares"] = [(4.5, 1, 0, 0.5, 1), (15, 1, 0, 0.0, 0)]
    t["economy"] = [(1, 10.0, 30.0, NAN, 1.0, 1.0, 0.5, 1, 1, b"")]
    return t


TIMESHARED_COMPONENTS = np.dtype(SPACE_SHARED_COMPONENTS.descr + [("cpu_work", "<f8")])


def test_a_time_shared_trace_is_clean(tmp_path):
    result = audit_trace(write(tmp_path / "t.h5", time_shared_tables(), component_dtype=TIMESHARED_COMPONENTS))
    assert result.skipped == []


def test_a_share_admitted_beyond_the_host_cores(tmp_path):
    t = time_shared_tables()
    t["shares"][0] = (4.5, 1, 0, 2.5, 1)
    v = violation(tmp_path, t, component_dtype=TIMESHARED_COMPONENTS)
    assert (v.dataset, v.row) == ("/shares", 0) and "takes 2.5 of its 2 cores" in str(v)


def test_cores_held_on_a_time_shared_host(tmp_path):
    t = time_shared_tables()
    t["allocations"].append((2, 5, -1, -1, 1, 0, 1, 1, 10.0, 10.0, 11.0, 0))  # a dummy job on b-0 while shared
    v = violation(tmp_path, t, component_dtype=TIMESHARED_COMPONENTS)
    assert (v.dataset, v.row) == ("/allocations", 3) and "while it is time-shared (4.5 to 15" in str(v)


def test_cpu_work_short_of_an_exact_estimate(tmp_path):
    t = time_shared_tables()
    t["components"][2] = (1, 0, 1, 1, -1, 0.0, 9.5)
    v = violation(tmp_path, t, component_dtype=TIMESHARED_COMPONENTS)
    assert (v.dataset, v.row) == ("/components", 2) and "after 9.5 s of CPU work, its estimate is 10 s" in str(v)
    t["attrs"]["config"] = "workload:\n  estimate_factor: {dist: uniform, min: 0.5, max: 1.5}\n"
    result = audit_trace(write(tmp_path / "u.h5", t, component_dtype=TIMESHARED_COMPONENTS))
    assert ("cpu_work_equals_estimate", "estimates are not exact (workload.estimate_factor is not 1)") in \
        result.skipped


def test_a_message_faster_than_its_route(tmp_path):
    t = clean_tables()
    t["messages"][0] = (0.2, 0.25, 0, 1, b"job", 1000.0, 0, 0.1, 1e4)  # 0.05 s < 0.1 + 0.1
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/messages", 0) and "less than its route's latency plus size over bandwidth" in str(v)


def test_a_job_migrated_while_it_ran(tmp_path):
    t = clean_tables()
    t["migrations"][0] = (3.0, 0, 0, 1)
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/migrations", 0) and "job 0 migrated at 3 while placed" in str(v)


def test_a_trace_without_the_new_datasets_skips_their_checks(tmp_path):
    t = clean_tables()
    t["allocations"] = t["hosts"] = None
    result = audit_trace(write(tmp_path / "t.h5", t))
    assert ("no_core_holds_two_jobs", "no /allocations dataset") in result.skipped


def test_the_command_exit_status(tmp_path):
    clean = write(tmp_path / "clean.h5", clean_tables())
    t = clean_tables()
    set_field(t["jobs"], 2, 3, 9)
    broken = write(tmp_path / "broken.h5", t)
    not_a_trace = tmp_path / "not.h5"
    not_a_trace.write_text("not HDF5\n")

    def run(*paths):
        return subprocess.run([sys.executable, str(ANALYSIS / "audit.py"), *map(str, paths)], capture_output=True,
                              text=True)

    ok = run(clean)
    assert ok.returncode == 0 and "clean" in ok.stdout
    bad = run(clean, broken)
    assert bad.returncode == 1 and f"{broken}: VIOLATION /jobs row 2: job 2 has no final status" in bad.stdout
    unreadable = run(not_a_trace)
    assert unreadable.returncode == 2 and "not a readable HDF5 file" in unreadable.stderr
    with pytest.raises(TraceFormatError):
        audit_trace(not_a_trace)



def test_a_job_placed_at_the_instant_it_reached_its_new_site_was_waiting(tmp_path):
    """DIANA's migrated jobs are often placed at the pass of the instant they arrive (a violation before the fix)."""
    t = clean_tables()
    t["migrations"][0] = (1.0, 0, 0, 1)  # job 0 was placed at 1
    assert "migrated_jobs_were_waiting" in audit_trace(write(tmp_path / "t.h5", t)).checked


def test_a_simulated_koala_trace_is_clean(simulated_koala_trace):
    """KOALA on the unreliable testbed: claims, failed attempts, outages, all in /allocations."""
    result = audit_trace(simulated_koala_trace)
    assert "no_core_holds_two_jobs" in result.checked and "allocations_match_jobs" in result.checked


# ------------------------------------------------------------------ job shapes (job_shape in the config attribute)

SHAPES = {
    "nodes": "job_shape:\n  kind: nodes\n  cores_per_node: 2\n  host_selection: first_fit\n  clusters:\n"
             "    B: {kind: pool}\n",
    "whole_nodes": "job_shape:\n  kind: whole_nodes\n  host_selection: first_fit\n  clusters:\n    B: {kind: pool}\n",
}


def shaped_tables(kind, grid_job_of_one=True):
    """The hand-made run with cluster A shaped (`kind`: nodes of 2 cores, or whole nodes of its 2-core hosts) and
    B the pool: job 3 has 1 processor (grid_job_of_one) and holds host 0 of A whole; local job 1 (1 processor)
    holds host 1 of A whole from 3 to 4, between job 1's attempts. Every other holding is whole nodes already."""
    t = clean_tables()
    t["attrs"]["config"] += SHAPES[kind]
    if grid_job_of_one:
        t["jobs"][3] = job_row(3, status=3, n_components=1, processors=1, clusters=["A"], submit=6, placement=12,
                               start=13)
        t["components"][3] = (3, 0, 0, 1, -1, 0.0)
    t["allocations"].append((1, 1, -1, -1, 0, 1, 0, 2, 3, 3, 4, 0))
    t["local_jobs"].append((1, -1, 0, 1, 2, 3, 4, 1, 6))
    return t


@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_a_shaped_trace_is_clean(tmp_path, kind):
    """A component or local job of 1 processor on dual nodes holds a whole node (a violation before the fix)."""
    result = audit_trace(write(tmp_path / "t.h5", shaped_tables(kind)))
    assert "allocations_match_jobs" in result.checked


@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_a_shaped_local_job_holds_whole_nodes(tmp_path, kind):
    """The grid's holdings exact, the local job's a whole node: clean (a violation at /local_jobs before the fix)."""
    result = audit_trace(write(tmp_path / "t.h5", shaped_tables(kind, grid_job_of_one=False)))
    assert "allocations_match_jobs" in result.checked


def test_without_the_shape_a_holding_is_exactly_its_processors(tmp_path):
    for config in ("policy: wf\n", "", "job_shape: {kind: pool}\n"):
        t = shaped_tables("nodes")
        t["attrs"]["config"] = config
        v = violation(tmp_path, t)
        assert (v.dataset, v.row) == ("/components", 3)
        assert "ran with 1 processors on cluster 0; /allocations gives placement 1 2 cores on cluster 0" in str(v)


@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_a_shaped_holding_short_of_a_node(tmp_path, kind):
    t = shaped_tables(kind)
    set_field(t["allocations"], 5, 7, 1)  # job 3 holds 1 core of host 0: its processors, not the node
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/components", 3)
    assert "1 cores on cluster 0 (host 0: 1)" in str(v) and f"({kind}" in str(v)


def test_nodes_on_distinct_hosts(tmp_path):
    """Nodes of 2 cores: 2 processors are one host's 2 cores, not a core on each of two hosts."""
    t = shaped_tables("nodes")
    set_field(t["allocations"], 2, 7, 1)  # job 0 component 0 (2 processors): core 0 of host 0 ...
    t["allocations"].append((0, 0, 0, 1, 0, 1, 1, 1, 1.5, 2, 12, 0))  # ... and core 1 of host 1
    t["allocations"][1] = (0, 1, 0, 1, 0, 1, 0, 1, 1, NAN, 3, 2)  # (job 1's aborted claim keeps core 0 of host 1)
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/components", 0)
    assert "(nodes of 2 cores: 2 on each of 1 distinct hosts)" in str(v) and "(host 0: 1, host 1: 1)" in str(v)


def test_a_host_that_is_not_held_whole(tmp_path):
    """whole_nodes: /hosts gives host 0 of A 3 cores, job 3 holds 2 of them."""
    t = shaped_tables("whole_nodes")
    t["hosts"][0] = (0, 0, b"a-0", 3)
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/components", 0) and "whole_nodes" in str(v) and "(host 0: 2)" in str(v)
    t = shaped_tables("nodes")  # nodes of 2 cores take 2 cores of a host, whatever it has
    t["hosts"][0] = (0, 0, b"a-0", 3)
    assert "allocations_match_jobs" in audit_trace(write(tmp_path / "n.h5", t)).checked


def test_a_shaped_local_job_short_of_a_node(tmp_path):
    t = shaped_tables("nodes", grid_job_of_one=False)
    set_field(t["allocations"], 6, 7, 1)  # local job 1 (1 processor) holds 1 core of its node
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/local_jobs", 1)
    assert "cores=1 on host 1: 1" in str(v) and "(nodes of 2 cores: 2 on each of 1 distinct hosts)" in str(v)


def test_a_clusters_own_shape(tmp_path):
    """job_shape.clusters overrides the section: B as nodes of 2 cores makes local job 0 (1 core of b-0) short."""
    t = shaped_tables("whole_nodes")
    t["attrs"]["config"] = t["attrs"]["config"].replace("B: {kind: pool}", "B: {kind: nodes, cores_per_node: 2}")
    v = violation(tmp_path, t)
    assert (v.dataset, v.row) == ("/components", 1)  # job 0's component of 1 processor on B holds 1 core
    assert "(nodes of 2 cores: 2 on each of 1 distinct hosts)" in str(v)


# ------------------------------------------------------------------ shaped runs of the simulator

SHAPED_RUNS = {
    "nodes": ["--set", "job_shape.kind=nodes", "--set", "job_shape.cores_per_node=2"],
    "whole_nodes": ["--set", "job_shape.kind=whole_nodes"],
    "per_cluster": ["--set", "job_shape.kind=nodes", "--set", "job_shape.cores_per_node=1", "--set",
                    "job_shape.clusters={fs1: {kind: whole_nodes}, fs2: {kind: pool}, fs3: {kind: nodes, "
                    "cores_per_node: 2}}"],
}


@pytest.fixture(scope="module", params=sorted(SHAPED_RUNS))
def shaped_run(request, tmp_path_factory):
    """A DAS-2 run (dual nodes) with shaped clusters: grid components of 3 processors, local jobs of 1, 3 or 5."""
    from conftest import REPO, SIMULATE
    if not SIMULATE.exists():
        pytest.skip(f"{SIMULATE} not built yet (set COALSIM_SIMULATE)")
    path = tmp_path_factory.mktemp("shaped") / f"{request.param}.h5"
    command = [str(SIMULATE), "--policy", "ff", "--jobs", "20", "--seed", "2", "--set", "workload.component_size=3",
               "--set", "background.size={dist: choice, values: [1, 3, 5]}", "--set", "trace.local_jobs=true",
               *SHAPED_RUNS[request.param], "--output", str(path), "--quiet"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=REPO)
    assert run.returncode == 0, f"{' '.join(command)} exited {run.returncode}:\n{run.stdout}\n{run.stderr}"
    return path


def test_a_shaped_run_is_clean(shaped_run):
    """Grid components of 3 processors on dual nodes hold 4 cores (a violation before the fix); local jobs too."""
    with h5py.File(shaped_run, "r") as h5:
        owners = set(map(int, h5["allocations"]["owner"]))
        assert {GRID_OWNER, LOCAL_OWNER} <= owners and len(h5["local_jobs"]) > 0
    result = audit_trace(shaped_run)
    assert "allocations_match_jobs" in result.checked


GRID_OWNER, LOCAL_OWNER = 0, 1


@pytest.mark.parametrize("owner", [GRID_OWNER, LOCAL_OWNER])
def test_a_shaped_run_with_a_core_row_removed(tmp_path, shaped_run, owner):
    with h5py.File(shaped_run, "r") as h5:
        allocations = h5["allocations"][()]
        attrs = dict(h5.attrs)
    # A holding of several hosts: its last row removed.
    rows = np.flatnonzero(allocations["owner"] == owner)
    keys = [(int(j), int(c), int(p)) for j, c, p in zip(allocations["job_id"][rows], allocations["component"][rows],
                                                          allocations["placement"][rows])]
    spread = [r for r, k in zip(rows, keys) if keys.count(k) > 1]
    assert spread, "no holding of several rows"
    broken = tmp_path / "broken.h5"
    _copy_with(shaped_run, broken, allocations=np.delete(allocations, spread[-1]))
    v = violation_of(broken)
    assert v.dataset == ("/components" if owner == GRID_OWNER else "/local_jobs")
    assert "job_shape" in attrs["config"]


def test_a_shaped_run_with_a_hosts_cores_changed(tmp_path, shaped_run):
    """A host that a holding took whole, given 4 cores in /hosts: no longer whole (whole_nodes), or a cluster
    whose hosts differ; nodes of c cores do not depend on the host's cores."""
    with h5py.File(shaped_run, "r") as h5:
        allocations, hosts = h5["allocations"][()], h5["hosts"][()]
    a = allocations[(allocations["owner"] != 2) & (allocations["cluster"] == 1)]  # fs1
    assert len(a), "no holding on fs1"
    hosts[(hosts["cluster"] == 1) & (hosts["index"] == a["host"][0])] = (1, a["host"][0], b"changed", 4)
    broken = tmp_path / "broken.h5"
    _copy_with(shaped_run, broken, hosts=hosts)
    if shaped_run.stem == "nodes":
        assert "allocations_match_jobs" in audit_trace(broken).checked
    else:  # fs1 is whole_nodes in the whole_nodes and per_cluster runs
        v = violation_of(broken)
        assert v.dataset in ("/components", "/local_jobs") and "whole_nodes" in str(v)


def _copy_with(source, target, **datasets):
    import shutil
    shutil.copyfile(source, target)
    with h5py.File(target, "r+") as h5:
        for name, data in datasets.items():
            del h5[name]
            h5.create_dataset(name, data=data)


def violation_of(path):
    with pytest.raises(Violation) as caught:
        audit_trace(path)
    return caught.value
