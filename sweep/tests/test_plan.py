"""Expanding a sweep file into points and runs: crossed and zipped axes, stable ids, command lines."""

from pathlib import Path

from conftest import DEFAULT_EXPERIMENT, REPO, SMALL, write_sweep
from coalsim_analysis.sweep.plan import command, points, render, run_of
from coalsim_analysis.sweep.sweep_file import load_sweep

CROSSED_AND_ZIPPED = f"""experiment: {DEFAULT_EXPERIMENT}
axes:
  - key: policy.name
    values: [cf, wf, ff]
    name: policy
  - zip:
      - {{key: workload.jobs, name: jobs, values: [10, 20]}}
      - {{key: workload.offered_load, name: load, values: [0.2, 0.5]}}
replications:
  seeds: 2
"""


def names_of(body, tmp_path):
    return [p.name for p in points(load_sweep(write_sweep(tmp_path, body)))]


def test_crossed_axes_give_every_combination_first_axis_slowest(tmp_path):
    assert names_of(SMALL, tmp_path) == ["cf_0.2", "cf_0.4", "wf_0.2", "wf_0.4"]


def test_zipped_axes_advance_together(tmp_path):
    expanded = points(load_sweep(write_sweep(tmp_path, CROSSED_AND_ZIPPED)))
    assert [p.name for p in expanded] == ["cf_10_0.2", "cf_20_0.5", "wf_10_0.2", "wf_20_0.5", "ff_10_0.2",
                                          "ff_20_0.5"]
    assert dict(expanded[1].settings) == {"policy.name": "cf", "workload.jobs": 20, "workload.offered_load": 0.5}


def test_ids_do_not_depend_on_the_order_of_axes_values_or_keys(tmp_path):
    reordered = f"""replications: {{seeds: 2}}
axes:
  - zip:
      - {{name: load, values: [0.5, 0.2], key: workload.offered_load}}
      - {{key: workload.jobs, name: jobs, values: [20, 10]}}
  - key: policy.name
    name: policy
    values: [ff, wf, cf, sf]
experiment: {DEFAULT_EXPERIMENT}
"""
    first = {p.name: p.id for p in points(load_sweep(write_sweep(tmp_path, CROSSED_AND_ZIPPED)))}
    second = {p.name: p.id for p in points(load_sweep(write_sweep(tmp_path, reordered, "other.yaml")))}
    # The names follow the axis order; the ids follow the settings alone (and a new value adds a point).
    assert len(second) == 8
    for name, point_id in first.items():
        policy, jobs, load = name.split("_")
        assert second[f"{load}_{jobs}_{policy}"] == point_id


def test_ids_are_pinned_and_change_with_any_setting(tmp_path):
    """The id is the outputs' address: a change of the hashing would orphan every sweep's outputs."""
    base = write_sweep(tmp_path, SMALL)
    ids = {p.name: p.id for p in points(load_sweep(base))}
    changed = {p.name: p.id for p in points(load_sweep(write_sweep(tmp_path, SMALL.replace("jobs: 8", "jobs: 9"))))}
    assert not set(changed.values()) & set(ids.values())
    shipped = {p.name: p.id for p in points(load_sweep(REPO / "workloads" / "sweeps" / "koala-w30.yaml"))}
    assert shipped == {"koala_w30_cf_norep": "3046919da4a9", "koala_w30_cf_rep": "99e99bf30356",
                       "koala_w30_wf_norep": "32291f2965f5", "koala_w30_wf_rep": "747c6c5168b4"}


def test_runs_have_deterministic_paths_and_command_lines(tmp_path):
    sweep_file = load_sweep(write_sweep(tmp_path, SMALL))
    point = points(sweep_file)[1]
    run = run_of(point, 3, tmp_path / "out")
    assert run.trace == (tmp_path / "out" / "points" / point.id / "cf_0.4_seed3.h5").resolve()
    assert command(run, Path("/bin/simulate")) == [
        "/bin/simulate", "--config", str(DEFAULT_EXPERIMENT), "--set", "policy.name=cf",
        "--set", "workload.jobs=8", "--set", "workload.offered_load=0.4", "--seed", "3",
        "--output", str(run.trace), "--quiet"]


def test_values_are_rendered_as_simulate_parses_them():
    assert render(120) == "120"
    assert render(0.25) == "0.25"
    assert render("cf") == "cf"
    assert render("1") == '"1"'          # a text that YAML would read as a number stays a text
    assert render(True) == "true"
    assert render(["fs0", "fs3"]) == "[fs0, fs3]"
    assert render({"dist": "choice", "values": [1, 2]}) == "{dist: choice, values: [1, 2]}"
