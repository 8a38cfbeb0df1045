"""The campaign sweep files run what the experiment files say: each KOALA point is its experiment file."""

import copy

import pytest
import yaml

from conftest import REPO
from coalsim_analysis.sweep.plan import points
from coalsim_analysis.sweep.sweep_file import load_sweep

SWEEPS = REPO / "workloads" / "sweeps"


def with_settings(config, settings):
    config = copy.deepcopy(config)
    for key, value in settings:
        node = config
        *parents, last = key.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    return config


@pytest.mark.parametrize("section", ["w30", "w50", "spread"])
def test_each_koala_point_is_its_experiment_file(section):
    expanded = points(load_sweep(SWEEPS / f"koala-{section}.yaml"))
    assert len(expanded) == 4
    for point in expanded:
        resolved = with_settings(yaml.safe_load(point.experiment.read_text()), point.settings)
        # koala_w30_cf_norep -> koala-w30-cf-norep.yaml
        expected = yaml.safe_load((REPO / "workloads" / "experiments" / f"{point.name.replace('_', '-')}.yaml").read_text())
        resolved.pop("name"), expected.pop("name")
        assert resolved == expected, point.name


def test_the_dcs_and_unreliable_points_are_named_as_the_references_expect():
    assert [p.name for p in points(load_sweep(SWEEPS / "dcs.yaml"))] == [f"dcs_exp{n}" for n in range(1, 6)]
    assert [p.name for p in points(load_sweep(SWEEPS / "koala-unreliable.yaml"))] == ["koala_unreliable"]
