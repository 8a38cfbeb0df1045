"""The `coalsim` extension module: the policy API outside a run, and coalsim.run (same trace as simulate, the run's
statistics, errors as coalsim.RunError)."""
import math

import pytest

from conftest import ROOT, load_file, simulate, trace_differences

coalsim = pytest.importorskip("coalsim")
WorstFit = load_file(ROOT / "examples" / "policies" / "worst_fit.py").WorstFit


def test_decisions_outside_a_run():
    d = coalsim.Decisions()
    d.place(7, [coalsim.Component(1, 8, 2), coalsim.Component(0, 16)])
    d.reject(8, "too large", code="exceeds_grid")
    d.not_placed(9)
    assert [(c.cluster, c.processors, c.file_site) for c in d.placements[0].components] == [(1, 8, 2), (0, 16, -1)]
    assert d.placements[0].claiming == coalsim.Claiming.immediate
    assert (d.rejections[0].job, d.rejections[0].failed, d.rejections[0].code) == (8, False, "exceeds_grid")
    assert d.not_placed_jobs == [9] and math.isnan(d.wake_at)


def test_needs_and_parameters():
    needs = coalsim.PolicyNeeds()
    assert needs.co_allocates and not needs.timers and len(needs.request_types) == 4
    needs.clusters = [0, 2]
    assert needs.clusters == [0, 2]
    with pytest.raises(ValueError):
        coalsim.choice("queue", "lifo", ["fcfs", "fpfs"], "bad default")
    with pytest.raises(ValueError):
        coalsim.integer("n", -1, 0, "below its minimum")
    assert coalsim.flag("x", True, "h").default is True
    assert issubclass(WorstFit, coalsim.Policy)


def test_run_writes_the_trace_simulate_writes(tmp_path):
    assert simulate("--policy", "wf", "--jobs", "100", "-q", "-o", tmp_path / "simulate.h5")[0] == 0
    statistics = coalsim.run(None, policy=WorstFit, set={"workload.jobs": 100}, output=str(tmp_path / "run.h5"))
    assert statistics["submitted"] == 100 and statistics["completed"] == 100
    assert statistics["policy_calls"] > 100
    assert trace_differences(tmp_path / "simulate.h5", tmp_path / "run.h5") == []


def test_run_again_with_an_object_and_a_name(tmp_path):
    by_object = coalsim.run(None, policy=WorstFit(queue="fpfs"), set={"workload.jobs": 50}, output=None)
    by_name = coalsim.run(None, policy="wf", set={"workload.jobs": 50, "policy.queue": "fpfs"}, output=None)
    assert by_object["completed"] == by_name["completed"] == 50
    assert by_object["response_mean"] == by_name["response_mean"]


def test_run_errors():
    with pytest.raises(coalsim.RunError, match="Invalid parameter 'policy.queue'"):
        coalsim.run(None, policy=WorstFit, set={"policy.queue": "lifo"}, output=None)
    with pytest.raises(coalsim.RunError, match="no such policy"):
        coalsim.run(None, policy="no_such_policy", output=None)


def test_run_a_policy_file_by_name(tmp_path):
    statistics = coalsim.run(None, policy="python:examples/policies/close_to_files.py", set={"workload.jobs": 30},
                             output=None)
    assert statistics["completed"] == 30
