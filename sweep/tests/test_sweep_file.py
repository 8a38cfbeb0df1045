"""The sweep file: every key checked, unknown keys and bad values refused with the file and line, exit 2."""

import pytest

from conftest import DEFAULT_EXPERIMENT, REPO, SMALL, sweep, write_sweep
from coalsim_analysis.sweep.errors import SweepError
from coalsim_analysis.sweep.sweep_file import load_sweep


def error_of(tmp_path, body):
    path = write_sweep(tmp_path, body)
    with pytest.raises(SweepError) as caught:
        load_sweep(path)
    return str(caught.value), path


def test_the_small_file_loads_with_every_key(tmp_path):
    sweep_file = load_sweep(write_sweep(tmp_path, SMALL))
    assert sweep_file.name == "small"
    assert [a.name for a in sweep_file.axes] == ["policy", "load"]
    assert sweep_file.fixed == {"workload.jobs": 8}
    assert sweep_file.replications.seeds == 3 and sweep_file.replications.precision is None
    assert sweep_file.point_name == "{policy}_{load}"


@pytest.mark.parametrize("body, thing, line", [
    (SMALL.replace("replications:", "replicatons:"), "key 'replicatons'", 12),
    (SMALL.replace("    name: policy\n", "    name: policy\n    colour: red\n"), "key 'colour'", 8),
    (SMALL + "slurm:\n  partition: short\n  qos: high\n", "key 'qos'", 17),
    (SMALL.replace("  seeds: 3\n", "  seeds: 3\n  max_seed: 4\n"), "key 'max_seed'", 14),
    (SMALL + "figures:\n  - {metric: response_mean, x: load, line: policy}\n", "key 'line'", 16),
], ids=["top level", "axis", "slurm", "replications", "figure"])
def test_unknown_keys_are_refused_with_their_line(tmp_path, body, thing, line):
    message, path = error_of(tmp_path, body)
    assert message.startswith(f"Invalid {thing} in {path}:{line}: unknown key"), message


@pytest.mark.parametrize("change, expected", [
    (("  seeds: 3\n", "  seeds: 0\n"), ":13: expected an integer of at least 1, got 0"),
    (("values: [0.2, 0.4]", "values: [0.2, 0.4, 0.6]\n  - zip:\n    - {key: a.b, values: [1, 2]}\n"
      "    - {key: a.c, values: [1]}"), ":12: zipped axes need the same number of values (b: 2, c: 1)"),
    (("metrics: [response_mean", "metrics: [respons_mean"), "Invalid metric 'respons_mean' in"),
    (("    values: [cf, wf]", "    values: [cf, [1, 2]]"), "Invalid label 'None' in"),
    (("  workload.jobs: 8", "  seed: 8"), "the sweep sets the seed of each run: use `replications`"),
    ((f"experiment: {DEFAULT_EXPERIMENT}", "experiment: nowhere.yaml"), ":2: no such file"),
    (("name: small", "name: small\npoint_name: '{policy}_{lod}'"), "Invalid placeholder 'lod'"),
    (("    name: policy\n", "    name: mean\n"), "Invalid axis name 'mean'"),
])
def test_bad_values_are_refused_with_their_line(tmp_path, change, expected):
    message, _ = error_of(tmp_path, SMALL.replace(*change))
    assert expected in message, message


def test_a_precision_target_needs_a_known_metric_and_max_seeds(tmp_path):
    body = SMALL.replace("  seeds: 3\n", "  seeds: 3\n  precision: {metric: response_mean, relative_half_width: 0.1}\n")
    message, _ = error_of(tmp_path, body)
    assert "missing in replications (needed with `precision`)" in message
    loaded = load_sweep(write_sweep(tmp_path, body.replace("  seeds: 3\n", "  seeds: 3\n  max_seeds: 9\n")))
    assert loaded.replications.max_seeds == 9 and loaded.replications.precision.relative_half_width == 0.1


def test_two_points_with_one_name_are_refused(tmp_path):
    from coalsim_analysis.sweep.plan import points
    path = write_sweep(tmp_path, SMALL.replace("name: small", "name: small\npoint_name: 'p_{policy}'"))
    with pytest.raises(SweepError, match="two points get the name 'p_cf'"):
        points(load_sweep(path))


def test_the_command_prints_the_error_and_exits_2(tmp_path):
    path = write_sweep(tmp_path, SMALL.replace("metrics:", "metrix:"))
    for command in ("plan", "run", "status", "aggregate"):
        result = sweep(command, path, cwd=tmp_path)
        assert result.returncode == 2, (command, result.stderr)
        assert result.stderr.startswith(f"sweep: Invalid key 'metrix' in {path}:14: unknown key"), result.stderr
        assert "Traceback" not in result.stderr


def test_invalid_yaml_names_its_line(tmp_path):
    message, path = error_of(tmp_path, "name: x\naxes: [\n")
    assert message.startswith(f"Invalid sweep file '{path}' in {path}:3: invalid YAML"), message


def test_the_campaign_files_load():
    for path in sorted((REPO / "workloads" / "sweeps").glob("*.yaml")):
        assert load_sweep(path).replications.seeds >= 10, path


def test_a_bad_figure_option_exits_2(tmp_path):
    path = write_sweep(tmp_path, SMALL)
    for option, message in (("respons_mean:load", "Invalid metric 'respons_mean' in --figure"),
                            ("response_mean:lod", "Invalid axis 'lod' in --figure: no axis of this name"),
                            ("response_mean", "expected METRIC:X_AXIS[:LINES_AXIS]")):
        result = sweep("aggregate", path, "--figure", option, cwd=tmp_path)
        assert result.returncode == 2 and message in result.stderr, result.stderr
