"""The loader reads the documented layout and names the file and dataset when something is missing."""

import shutil

import h5py
import numpy as np
import pytest

from coalsim_analysis import TraceFormatError, load_trace


def test_loads_every_part(small_trace):
    trace = load_trace(small_trace)
    assert trace.policy == "wf"
    assert trace.end_time == 35.0
    assert trace.attrs["seed"] == 7
    assert trace.cluster_names == ["fsA", "fsB"]
    assert list(trace.processors) == [8, 4]
    assert trace.jobs.size == 5 and trace.components.size == 5 and trace.failures.size == 3
    assert trace.grid_busy.shape == (4, 2) and trace.background_busy.shape == (4, 2)
    assert trace.util_interval == 10.0
    assert list(trace.queue_length) == [1, 2, 0, 0]
    assert trace.label == "small (wf)"


def _broken_copy(source, tmp_path, edit):
    path = tmp_path / "broken.h5"
    shutil.copy(source, path)
    with h5py.File(path, "r+") as h5:
        edit(h5)
    return path


@pytest.mark.parametrize("dataset", ["/jobs", "/components", "/failures", "/clusters", "/utilization/grid_busy",
                                     "/queues/length"])
def test_missing_dataset_names_file_and_dataset(small_trace, tmp_path, dataset):
    path = _broken_copy(small_trace, tmp_path, lambda h5: h5.__delitem__(dataset))
    with pytest.raises(TraceFormatError, match=f"{path}: missing dataset '{dataset}'"):
        load_trace(path)


def test_missing_field_is_named(small_trace, tmp_path):
    def drop_spread(h5):
        jobs = h5["jobs"][()]
        names = [n for n in jobs.dtype.names if n != "job_spread"]
        del h5["jobs"]
        h5["jobs"] = jobs[names].astype(np.dtype([(n, jobs.dtype[n]) for n in names]))
    path = _broken_copy(small_trace, tmp_path, drop_spread)
    with pytest.raises(TraceFormatError, match=r"dataset '/jobs' lacks field\(s\) job_spread"):
        load_trace(path)


def test_missing_root_attribute(small_trace, tmp_path):
    path = _broken_copy(small_trace, tmp_path, lambda h5: h5.attrs.__delitem__("end_time"))
    with pytest.raises(TraceFormatError, match="missing root attribute\\(s\\) end_time"):
        load_trace(path)


def test_utilization_shape_must_match_clusters(small_trace, tmp_path):
    def truncate(h5):
        data = h5["utilization/grid_busy"][()]
        del h5["utilization/grid_busy"]
        h5["utilization/grid_busy"] = data[:, :1]
    path = _broken_copy(small_trace, tmp_path, truncate)
    with pytest.raises(TraceFormatError, match=r"'/utilization/grid_busy' has shape \(4, 1\), expected \(4, 2\)"):
        load_trace(path)


def test_not_a_trace(tmp_path):
    path = tmp_path / "x.h5"
    path.write_text("hello")
    with pytest.raises(TraceFormatError, match="not a readable HDF5 file"):
        load_trace(path)
    with pytest.raises(TraceFormatError, match="no such trace file"):
        load_trace(tmp_path / "absent.h5")


def test_placements_are_optional(small_trace):
    """Traces written before /placements existed still load, with an empty table."""
    assert load_trace(small_trace).placements.size == 0


def test_placements_missing_field_is_named(small_trace, tmp_path):
    def add_placements_without_outcome(h5):
        h5["placements"] = np.zeros(1, dtype=[("job_id", "<i8"), ("placement", "<i4"), ("queued_at", "<f8"),
                                              ("placed_at", "<f8"), ("placement_time", "<f8"), ("tries", "<i4"),
                                              ("estimated_ftt", "<f8"), ("jst", "<f8"), ("started_at", "<f8"),
                                              ("ended_at", "<f8")])
    path = _broken_copy(small_trace, tmp_path, add_placements_without_outcome)
    with pytest.raises(TraceFormatError, match=r"dataset '/placements' lacks field\(s\) outcome"):
        load_trace(path)


def test_unreadable_dataset_names_file_and_dataset(small_trace, tmp_path):
    """A dangling link (like a damaged object header) made h5py raise KeyError: a traceback, not an error."""
    def dangle(h5):
        del h5["jobs"]
        h5["jobs"] = h5py.ExternalLink("gone.h5", "/jobs")
    path = _broken_copy(small_trace, tmp_path, dangle)
    with pytest.raises(TraceFormatError, match=f"{path}: dataset '/jobs' cannot be read"):
        load_trace(path)


def test_non_numeric_series_is_named(small_trace, tmp_path):
    def strings(h5):
        del h5["utilization/time"]
        h5["utilization/time"] = [b"a", b"b", b"c", b"d"]
    path = _broken_copy(small_trace, tmp_path, strings)
    with pytest.raises(TraceFormatError, match=f"{path}: dataset '/utilization/time' is not numeric"):
        load_trace(path)


def test_damaged_symbol_table_is_a_trace_error(small_trace, monkeypatch):
    """h5py raises RuntimeError ("bad symbol table node signature") when it looks up a name in a damaged
    group; found by overwriting bytes of a trace. (Overwriting bytes in a test is not used: some damaged
    attribute headers make libhdf5 loop forever.)"""
    def damaged(self, name):
        raise RuntimeError("Unable to get link info (bad symbol table node signature)")
    monkeypatch.setattr(h5py.Group, "__contains__", damaged)
    with pytest.raises(TraceFormatError, match=f"{small_trace}: unreadable trace .*bad symbol table"):
        load_trace(small_trace)
