"""`simulate --policy python:FILE[:CLASS]`: the examples' traces are wf's and cf's, their parameters are declared
like a C++ policy's, and each way a Python policy can fail stops the run with its file and line, exit code 2 and no
trace."""
import re
import textwrap

import pytest

from conftest import ROOT, simulate, trace_differences


@pytest.mark.parametrize("python_policy,cpp_policy", [("worst_fit.py", "wf"), ("close_to_files.py", "cf")])
def test_traces_identical_to_cpp(tmp_path, examples, python_policy, cpp_policy):
    code, _, err = simulate("--policy", cpp_policy, "-q", "-o", tmp_path / "cpp.h5")
    assert code == 0, err
    code, _, err = simulate("--policy", f"python:{examples / python_policy}", "-q", "-o", tmp_path / "py.h5")
    assert code == 0, err
    assert trace_differences(tmp_path / "cpp.h5", tmp_path / "py.h5") == []


@pytest.mark.parametrize("settings", [
    ["--set", "policy.queue=fpfs", "--set", "policy.max_submission_failures=1",
     "--set", "workload.request_types={ordered: 1, unordered: 1, total: 1}"],
    ["--set", "policy.claiming=after_transfer", "--set", "policy.max_submission_failures=2"],
    # clusters marked unusable: the jobs no usable cluster can hold leave (rejected, withdrawn)
    ["--set", "workload.component_size={dist: choice, values: [8, 40]}", "--set", "faults.unusable_after=1",
     "--set", "faults.mtbf=3000", "--set", "faults.mttr=600"],
    # whole dual nodes: a component of 3 or 5 processors takes 4 or 6 cores from the count (view.held)
    ["--set", "job_shape.kind=whole_nodes", "--set", "workload.component_size={dist: choice, values: [3, 5]}"],
], ids=["fpfs-ordered-failures", "after-transfer", "unusable-clusters", "whole-nodes"])
def test_worst_fit_identical_in_other_settings(tmp_path, examples, settings):
    common = [*settings, "--jobs", "600", "-q"]
    assert simulate("--policy", "wf", *common, "-o", tmp_path / "cpp.h5")[0] == 0
    code, _, err = simulate("--policy", f"python:{examples / 'worst_fit.py'}", *common, "-o", tmp_path / "py.h5")
    assert code == 0, err
    assert trace_differences(tmp_path / "cpp.h5", tmp_path / "py.h5") == []


def test_close_to_files_identical_with_replicas_and_an_empty_history(tmp_path, examples):
    common = ["--set", "policy.history=empty", "--set", "workload.file.replicas=2", "--jobs", "600", "-q"]
    assert simulate("--policy", "cf", *common, "-o", tmp_path / "cpp.h5")[0] == 0
    code, _, err = simulate("--policy", f"python:{examples / 'close_to_files.py'}", *common, "-o", tmp_path / "py.h5")
    assert code == 0, err
    assert trace_differences(tmp_path / "cpp.h5", tmp_path / "py.h5") == []


def test_trace_identical_on_bench_a_prefix(tmp_path, examples):
    """bench/das2-100k-delay.yaml cut to 3,000 jobs (the whole one is compared in bench/README.md)."""
    common = ["-c", ROOT / "bench" / "das2-100k-delay.yaml", "--jobs", "3000", "-q"]
    assert simulate(*common, "-o", tmp_path / "cpp.h5")[0] == 0
    code, _, err = simulate(*common, "--policy", f"python:{examples / 'worst_fit.py'}", "-o", tmp_path / "py.h5")
    assert code == 0, err
    assert trace_differences(tmp_path / "cpp.h5", tmp_path / "py.h5") == []


def test_the_tutorial_policy_is_worst_fit(tmp_path):
    """The policy of docs/python-policies.md's tutorial, as printed there, runs and places as wf does (files read
    from the nearest replica with the module's own nearest_replica and file_readable)."""
    page = (ROOT / "docs" / "python-policies.md").read_text()
    (tmp_path / "spread.py").write_text(re.search(r"### Write.*?```python\n(.*?)```", page, re.S)[1])
    assert simulate("--policy", "wf", "-q", "-o", tmp_path / "cpp.h5")[0] == 0
    code, _, err = simulate("--policy", f"python:{tmp_path / 'spread.py'}", "-q", "-o", tmp_path / "py.h5")
    assert code == 0, err
    assert trace_differences(tmp_path / "cpp.h5", tmp_path / "py.h5") == []


def test_a_different_schedule_is_seen(tmp_path, examples):
    """The comparison can fail: a Python-only policy's trace differs from wf's."""
    assert simulate("--policy", "wf", "-q", "-o", tmp_path / "cpp.h5")[0] == 0
    code, _, err = simulate("--policy", f"python:{examples / 'earliest_start.py'}", "-q", "-o", tmp_path / "py.h5")
    assert code == 0, err
    assert trace_differences(tmp_path / "cpp.h5", tmp_path / "py.h5") != []


def test_parameters_declared_and_checked(tmp_path, examples):
    reference = f"python:{examples / 'worst_fit.py'}"
    code, out, _ = simulate("--policy", reference, "--help")
    assert code == 0
    assert reference in out and "max_submission_failures (default 0)" in out
    code, _, err = simulate("--policy", reference, "--set", "policy.queue=lifo", "--no-trace", "-q")
    assert code == 2 and "Invalid parameter 'policy.queue'" in err and "valid values are: fcfs, fpfs" in err
    code, _, err = simulate("--policy", reference, "--set", "policy.colour=red", "--no-trace", "-q")
    assert code == 2 and "has no such parameter" in err
    code, out, err = simulate("--policy", reference, "--set", "policy.queue=fpfs", "--jobs", "50", "--no-trace")
    assert code == 0, err


def test_policy_file_found_beside_the_experiment(tmp_path, examples):
    """A `python:` path written in an experiment file is relative to that file's folder, as its platform's is."""
    folder = tmp_path / "study"
    folder.mkdir()
    (folder / "mine.py").write_text((examples / "worst_fit.py").read_text())
    (folder / "study.yaml").write_text(textwrap.dedent("""\
        name: beside
        platform: das2.xml
        policy:
          name: python:mine.py
        workload:
          jobs: 40
        """))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code, _, err = simulate("-c", folder / "study.yaml", "-q", "-o", tmp_path / "py.h5", cwd=elsewhere)
    assert code == 0, err
    code, _, err = simulate("-c", folder / "study.yaml", "--policy", "wf", "-q", "-o", tmp_path / "cpp.h5",
                            cwd=elsewhere)
    assert code == 0, err
    assert trace_differences(tmp_path / "cpp.h5", tmp_path / "py.h5") == []
    # From the command line the path stays the working folder's.
    code, _, err = simulate("-c", folder / "study.yaml", "--policy", "python:mine.py", "--no-trace", "-q",
                            cwd=elsewhere)
    assert code == 2 and "no Python file 'mine.py'" in err


def test_class_named_or_found(tmp_path, examples):
    code, _, err = simulate("--policy", f"python:{examples / 'close_to_files.py'}:CloseToFiles", "--jobs", "20",
                            "--no-trace", "-q")
    assert code == 0, err
    code, _, err = simulate("--policy", f"python:{examples / 'close_to_files.py'}:Nothing", "--no-trace", "-q")
    assert code == 2 and "defines no class 'Nothing'" in err


def write(tmp_path, source):
    path = tmp_path / "policy.py"
    path.write_text(textwrap.dedent(source))
    return path


MINIMAL = """
    import coalsim

    class Minimal(coalsim.Policy):
        def __init__(self):
            self.queue = []
        def on_job_submitted(self, job):
            self.queue.append(job)
        def on_claim_failed(self, job):
            self.queue.append(job)
        def on_job_withdrawn(self, job):
            self.queue.remove(job)
        def waiting_jobs(self):
            return len(self.queue)
        def decide(self, view):
            d = coalsim.Decisions()
            while self.queue:
                job = self.queue[0]
                {placement}
                self.queue.pop(0)
            return d
"""


def failing_run(tmp_path, source):
    path = write(tmp_path, source)
    output = tmp_path / "trace.h5"
    code, _, err = simulate("--policy", f"python:{path}", "--jobs", "20", "-o", output)
    return code, err, path, output


def test_error_file_does_not_import(tmp_path):
    code, err, path, output = failing_run(tmp_path, "import coalsim\nimport no_such_module_here\n")
    assert code == 2 and not output.exists()
    assert f"{path}:2:" in err and "ModuleNotFoundError" in err and "no_such_module_here" in err


def test_error_syntax(tmp_path):
    code, err, path, output = failing_run(tmp_path, "import coalsim\nclass P(coalsim.Policy:\n    pass\n")
    assert code == 2 and not output.exists() and f"{path}:2: importing it raised SyntaxError" in err


def test_error_class_lacks_a_method(tmp_path):
    source = MINIMAL.replace("        def waiting_jobs(self):\n            return len(self.queue)\n", "")
    code, err, path, output = failing_run(tmp_path, source)
    assert code == 2 and not output.exists()
    assert f"{path}:4:" in err and "lacks the method waiting_jobs" in err


def test_error_decision_refused(tmp_path):
    placement = "d.place(job, [coalsim.Component(99, p) for p in job.component_sizes])"
    code, err, path, output = failing_run(tmp_path, MINIMAL.replace("{placement}", placement))
    assert code == 2 and not output.exists()
    assert f"{path}:19:" in err and "DecisionError" in err and "cluster 99" in err


def test_error_exception_in_policy(tmp_path):
    code, err, path, output = failing_run(tmp_path, MINIMAL.replace("{placement}", "1 / 0"))
    assert code == 2 and not output.exists()
    assert f"{path}:19:" in err and "decide() raised ZeroDivisionError: division by zero" in err


def test_error_wrong_return(tmp_path):
    source = MINIMAL.replace("            return d\n", "            return [d]\n").replace("{placement}", "break")
    code, err, path, output = failing_run(tmp_path, source)
    assert code == 2 and not output.exists() and "not a coalsim.Decisions" in err


def test_error_nothing_to_decide_returns_no_bool(tmp_path):
    source = MINIMAL.replace("{placement}", "break") + "        def nothing_to_decide(self):\n            return []\n"
    code, err, path, output = failing_run(tmp_path, source)
    assert code == 2 and not output.exists()
    assert f"{path}:22:" in err and "nothing_to_decide() returned [], not True or False" in err


def test_a_policy_with_nothing_to_decide_is_not_asked(tmp_path, examples):
    """A class that says when it has nothing to decide is not asked to then (GridPolicy::nothing_to_decide): this
    worst-fit's decide() raises when called with nothing to decide, and the run still gives wf's trace."""
    policy = write(tmp_path, f"""
        import importlib.util

        spec = importlib.util.spec_from_file_location("worst_fit", {str(examples / "worst_fit.py")!r})
        worst_fit = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(worst_fit)

        class Skipping(worst_fit.WorstFit):
            def nothing_to_decide(self):
                return not self.queue and not self.to_reject

            def decide(self, view):
                if self.nothing_to_decide():
                    raise RuntimeError("asked to decide with nothing to decide")
                return super().decide(view)
        """)
    common = ["--jobs", "600", "-q"]
    assert simulate("--policy", "wf", *common, "-o", tmp_path / "cpp.h5")[0] == 0
    code, _, err = simulate("--policy", f"python:{policy}:Skipping", *common, "-o", tmp_path / "py.h5")
    assert code == 0, err
    assert trace_differences(tmp_path / "cpp.h5", tmp_path / "py.h5") == []


CAPABILITIES = """
    import coalsim

    class Probe(coalsim.Policy):
        def __init__(self):
            self.queue = []
            self.asked = False
        def needs(self):
            needs = coalsim.PolicyNeeds()
            needs.{need} = True
            return needs
        def grant(self, capabilities):
            self.capabilities = capabilities
        def on_job_submitted(self, job):
            self.queue.append(job)
        def on_claim_failed(self, job):
            self.queue.append(job)
        def on_job_withdrawn(self, job):
            self.queue.remove(job)
        def waiting_jobs(self):
            return len(self.queue)
        def decide(self, view):
            if not self.asked:
                self.asked = True
                {ask}
            return None
        {event}
"""


def probe(tmp_path, need, ask, event, *settings):
    source = CAPABILITIES.replace("{need}", need).replace("{ask}", ask).replace("{event}", event)
    path = write(tmp_path, source)
    return simulate("--policy", f"python:{path}", "--jobs", "5", "--no-trace", *settings)


def test_timers_wake_the_policy(tmp_path):
    code, _, err = probe(tmp_path, "timers", "self.capabilities.timers.wake_at(view.now + 50, 7)",
                         "def on_wake(self, token):\n            "
                         "raise RuntimeError(f'woken {token} at {self.capabilities.timers.now()}')")
    assert code == 2 and "on_wake() raised RuntimeError: woken 7 at 50.0" in err


def test_site_messages_carry_a_python_payload(tmp_path):
    code, _, err = probe(tmp_path, "site_messages",
                         "self.capabilities.site_channel.send(0, 1, coalsim.Message('probe', 1000, -1, {'a': 1}))",
                         "def on_message(self, sender, receiver, message, delivered):\n            "
                         "raise RuntimeError(f'{message.kind} {sender}->{receiver} {delivered} {message.payload}')")
    assert code == 2 and "on_message() raised RuntimeError: probe 0->1 True {'a': 1}" in err


def live_view_probe(tmp_path, *lines):
    """A run whose policy, at its first decide(), runs `lines` with `live` its live view (the last raises)."""
    return live_view_probe_with(tmp_path, (), *lines)


def live_view_probe_with(tmp_path, settings, *lines):
    """live_view_probe() with `settings` (command-line arguments) for the run."""
    ask = "\n                ".join(("live = self.capabilities.live_view",) + lines)
    return probe(tmp_path, "live_view", ask, "", *settings)


def test_live_view_reads_one_cluster_as_the_view_shows_it(tmp_path):
    code, _, err = live_view_probe(
        tmp_path, "alone = [live.cluster(c) for c in range(5)]", "whole = live.view()",
        "raise RuntimeError(str([(a.name, a.processors, a.idle, a.usable) for a in alone] == "
        "[(c.name, c.processors, c.idle, c.usable) for c in whole.clusters]) + ' ' + alone[0].name + ' ' + "
        "str(alone[0].processors))")
    assert code == 2 and "decide() raised RuntimeError: True fs0 144" in err


def test_live_view_estimates_a_transfer_as_the_view_does(tmp_path):
    code, _, err = live_view_probe(
        tmp_path, "whole = live.view()", "pairs = [(a, b) for a in range(5) for b in range(5)]",
        "same = [live.estimated_transfer_time(a, b, 4e8) for a, b in pairs] == "
        "[whole.estimated_transfer_time(a, b, 4e8) for a, b in pairs]",
        "raise RuntimeError(f'{same} {live.estimated_transfer_time(0, 0, 4e8)} "
        "{live.estimated_transfer_time(source=1, destination=2, bytes=4e8) > 0}')")
    assert code == 2 and "decide() raised RuntimeError: True 0.0 True" in err


def test_claims_read_one_cluster_as_the_whole_list_shows_it(tmp_path):
    code, _, err = probe(
        tmp_path, "claims", "claims = self.capabilities.claims\n                "
        "alone = [claims.claimable_on(cluster=c) for c in range(5)]\n                "
        "try:\n                    claims.claimable_on(5)\n                "
        "except IndexError:\n                    alone.append('no sixth')\n                "
        "raise RuntimeError(f'{alone[:5] == claims.claimable()} {alone[0] <= 144} {alone[5:]}')", "")
    assert code == 2 and "decide() raised RuntimeError: True True ['no sixth']" in err


@pytest.mark.parametrize("shape,held", [("pool", "3 3 3"), ("whole_nodes", "4 4 4")])
def test_what_a_component_holds_is_the_same_from_the_view_the_live_view_and_claims(tmp_path, shape, held):
    # DAS-2's dual nodes: a component of 3 processors holds 3 cores in the pool, 2 whole nodes (4 cores) otherwise.
    settings = ("--set", f"job_shape.kind={shape}")
    code, _, err = live_view_probe_with(tmp_path, settings, "raise RuntimeError(f'{live.held(0, 3)} "
                                        "{live.view().held(cluster=0, processors=3)} {view.held(4, 3)}')")
    assert code == 2 and f"decide() raised RuntimeError: {held}" in err
    code, _, err = probe(tmp_path, "claims", "raise RuntimeError(f'{self.capabilities.claims.held(0, 3)} "
                         "{view.held(0, 3)} {view.held(1, 3)}')", "", *settings)
    assert code == 2 and f"decide() raised RuntimeError: {held}" in err


def test_undeclared_capabilities_are_none(tmp_path):
    code, _, err = probe(tmp_path, "timers", "raise RuntimeError(f'{self.capabilities.claims} "
                         "{self.capabilities.site_channel}')", "")
    assert code == 2 and "decide() raised RuntimeError: None None" in err


def test_a_constructor_with_context_gets_it(tmp_path):
    source = MINIMAL.replace("def __init__(self):", "def __init__(self, context):\n"
                             "            raise RuntimeError(f'{context.seed} {context.cluster_names}')")
    code, err, path, output = failing_run(tmp_path, source.replace("{placement}", "pass"))
    assert code == 2 and "the constructor raised RuntimeError: 1 ['fs0', 'fs1', 'fs2', 'fs3', 'fs4']" in err
