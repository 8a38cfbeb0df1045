"""compare.py: table, tolerances, PASS/FAIL claims, exit codes, reference-file errors."""

import re

import pytest

from coalsim_analysis import compute_metrics, load_trace
from conftest import run_tool


def _reference(tmp_path, traces, claims, published_extra=""):
    wf, cf = (load_trace(t) for t in traces)
    wf_mean = compute_metrics(wf)["response_mean"]
    cf_util = compute_metrics(cf)["util_total"]
    text = f"""
source: synthetic reference for the tests
tolerance: 0.05
experiments:
  - name: w30_wf
    trace: w30_wf.h5
    published:
      response_mean: {wf_mean * 1.02}     # 2% off: within 5%
      n_jobs: {{value: 80, abs_tolerance: 0}}
      spread_mean: 0.1                    # no tolerance given below: uses 5%
{published_extra}
  - name: w30_cf
    trace: "w30_c*.h5"
    published:
      util_total: {{value: {cf_util * 0.995}, tolerance: 0.01}}
claims:
{claims}
"""
    path = tmp_path / "reference.yaml"
    path.write_text(text)
    return path


PASS_FAIL = """  - w30_wf.n_jobs == w30_cf.n_jobs
  - {claim: "w30_wf.response_mean > 10 * w30_cf.response_mean", text: wf far worse}
"""


def test_table_and_claims(tmp_path, random_traces):
    reference = _reference(tmp_path, random_traces, PASS_FAIL)
    run = run_tool("compare.py", "--reference", reference, *random_traces)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert re.search(r"^\| w30_wf \| 1 \| response_mean \| [0-9.]+ \| [0-9.]+ \| -2\.0% \| ±5% \| ok \|$", out, re.M), out
    assert re.search(r"^\| w30_wf \| 1 \| n_jobs \| 80 \| 80 \| \+0\.0% \| ±0 \| ok \|$", out, re.M), out
    assert re.search(r"^\| w30_wf \| 1 \| spread_mean \| [0-9.]+ \| 0\.1 \| \+[0-9.]+% \| ±5% \| OUT \|$", out, re.M), out
    assert re.search(r"^- PASS: `w30_wf.n_jobs == w30_cf.n_jobs` \(w30_wf.n_jobs = 80, w30_cf.n_jobs = 80\)$", out, re.M), out
    assert re.search(r"^- FAIL: wf far worse: `w30_wf.response_mean > 10 \* w30_cf.response_mean`", out, re.M), out
    assert "1 of 4 values out of tolerance or without data; 1 of 2 claims failed" in out


def test_strict_fails_on_a_failed_claim(tmp_path, random_traces):
    reference = _reference(tmp_path, random_traces, PASS_FAIL)
    run = run_tool("compare.py", "--reference", reference, *random_traces, "--strict")
    assert run.returncode == 1, run.stdout + run.stderr
    assert sum(line.startswith("- PASS: ") for line in run.stdout.splitlines()) == 1
    assert sum(line.startswith("- FAIL: ") for line in run.stdout.splitlines()) == 1


def test_strict_passes_when_everything_holds(tmp_path, random_traces):
    reference = _reference(tmp_path, random_traces, "  - w30_wf.n_jobs == w30_cf.n_jobs\n").read_text()
    reference = reference.replace("spread_mean: 0.1", "spread_mean: {value: 0.1, abs_tolerance: 1}")
    path = tmp_path / "ok.yaml"
    path.write_text(reference)
    run = run_tool("compare.py", "--reference", path, *random_traces, "--strict")
    assert run.returncode == 0, run.stdout + run.stderr
    # Without TRACE arguments the patterns are globbed next to the reference file: nothing there.
    run = run_tool("compare.py", "--reference", path, "--strict")
    assert run.returncode == 1 and "w30_wf: **no trace matched**" in run.stdout


def test_traces_found_next_to_the_reference(tmp_path, random_traces):
    path = random_traces[0].parent / "next.yaml"
    path.write_text("experiments:\n  - {name: a, trace: 'w30_*.h5', published: {n_jobs: {value: 80, tolerance: 0}}}\n")
    run = run_tool("compare.py", "--reference", path, "--strict")
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"^\| a \| 2 \| n_jobs \| 80 \| 80 \|", run.stdout, re.M), run.stdout  # mean over both runs


@pytest.mark.parametrize("text, message", [
    ("experiments: []", "experiments: expected a non-empty list"),
    ("experiments: [{name: a, trace: x, published: {respons_mean: 3}}]",
     "experiments[0] (a).published.respons_mean: unknown metric 'respons_mean'"),
    ("experiments: [{name: a, trace: x, published: {response_mean: fast}}]",
     "experiments[0] (a).published.response_mean: expected a number, got 'fast'"),
    ("experiments: [{name: a, trace: x, published: {response_mean: {value: 3, tolerance: -1}}}]",
     "published.response_mean.tolerance: must be at least 0"),
    ("experiments: [{name: a, trace: x, tolerence: 0.1}]", "experiments[0].tolerence: unknown key"),
    ("experiments: [{name: exp-1, trace: x}]", "experiments[0].name: 'exp-1' is not an identifier"),
    ("experiments: [{name: a, trace: x}, {name: a, trace: y}]", "experiments[1].name: duplicate experiment name 'a'"),
    ("experiments: [{name: a}]", "experiments[0].trace: missing"),
    ("experiments: [{name: a, trace: x}]\nclaims: ['a.response_mean < open']", "claims[0]: 'a.response_mean < open': bare name"),
    ("experiments: [{name: a, trace: x}]\nclaims: ['b.response_mean < 1']", "claims[0]: 'b.response_mean < 1': unknown experiment 'b'"),
    ("experiments: [{name: a, trace: x}", "invalid YAML"),
    # a list where a mapping belongs: TypeError (unhashable dict) before the check
    ("experiments: [{name: a, trace: x, published: [{response_mean: 3}]}]",
     "experiments[0] (a).published: expected a mapping, got list"),
    ("experiments: [{name: a, trace: x, published: {response_mean: {value: 3, tolerance: 0.1, abs_tolerance: 2}}}]",
     "experiments[0] (a).published.response_mean: give tolerance (relative) or abs_tolerance, not both"),
    ('experiments: [{name: a, trace: x}]\nclaims: ["a.n_jobs > 1\\0"]', "claims[0]: "),  # a NUL in the claim
    ("experiments: [{name: a, trace: x}]\nclaims: ['a.n_jobs and a.n_completed']",
     "claims[0]: 'a.n_jobs and a.n_completed': 'a.n_jobs' is not a comparison"),
])
def test_bad_reference_exits_2_naming_file_and_key(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    run = run_tool("compare.py", "--reference", path)
    assert run.returncode == 2
    assert f"compare.py: {path}: " in run.stderr
    assert message in run.stderr, run.stderr


def test_reference_not_utf8_exits_2(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("experiments: [{name: a, trace: x, description: caf\u00e9}]\n".encode("latin-1"))
    run = run_tool("compare.py", "--reference", path)
    assert run.returncode == 2, run.stderr
    assert f"compare.py: {path}: not a UTF-8 text file" in run.stderr


def test_missing_trace_argument_exits_2(tmp_path, random_traces):
    """A mistyped TRACE was only listed as 'not matched by any experiment', exit 0."""
    path = tmp_path / "ref.yaml"
    path.write_text("experiments: [{name: a, trace: 'w30_*.h5'}]\n")
    run = run_tool("compare.py", "--reference", path, *random_traces, tmp_path / "wf_typo.h5")
    assert run.returncode == 2, run.stdout
    assert f"compare.py: {tmp_path / 'wf_typo.h5'}: no such trace file" in run.stderr
    assert run.stdout == ""


def test_bad_trace_exits_2(tmp_path):
    path = tmp_path / "ref.yaml"
    path.write_text("experiments: [{name: a, trace: '*.h5'}]\n")
    (tmp_path / "junk.h5").write_text("not hdf5")
    run = run_tool("compare.py", "--reference", path, tmp_path / "junk.h5")
    assert run.returncode == 2 and "junk.h5: not a readable HDF5 file" in run.stderr


def test_claims_report_how_many_seeds_agree(tmp_path):
    """Each claim is also evaluated per seed on the runs both experiments have: the count is the one
    obtained by comparing the runs of each seed directly, and experiments without common seeds get none."""
    import h5py
    import make_synthetic_trace
    paths = {}
    for policy, seeds, offset in (("wf", (1, 2, 3, 4), 0), ("cf", (2, 3, 4, 5), 100)):
        for seed in seeds:
            path = tmp_path / f"{policy}_s{seed}.h5"
            make_synthetic_trace.write_random_trace(path, n_jobs=40, seed=seed + offset, policy=policy)
            with h5py.File(path, "a") as trace:
                trace.attrs["seed"] = seed  # other data under the same seed label
            paths[(policy, seed)] = path
    response = {key: compute_metrics(load_trace(p))["response_mean"] for key, p in paths.items()}
    expected = sum(response[("wf", s)] > response[("cf", s)] for s in (2, 3, 4))
    assert 0 < expected < 3, response  # the data make the count informative
    reference = tmp_path / "seeds.yaml"
    reference.write_text("experiments:\n  - {name: a, trace: 'wf_s*.h5'}\n  - {name: b, trace: 'cf_s*.h5'}\n"
                         "  - {name: c, trace: 'cf_s5.h5'}\n"
                         "claims:\n  - a.response_mean > b.response_mean\n"
                         "  - a.response_mean > 0 * c.response_mean\n")
    run = run_tool("compare.py", "--reference", reference, *paths.values())
    assert run.returncode == 0, run.stderr
    claims = [line for line in run.stdout.splitlines() if line.startswith(("- PASS", "- FAIL"))]
    assert claims[0].endswith(f"; holds in {expected} of 3 seeds)"), claims[0]
    assert "holds in" not in claims[1], claims[1]  # a and c share no seed


def test_void_runs_are_left_out(tmp_path):
    """A run declared void (root attribute void_time, from background.band_void_after) does not enter the
    means: the experimenters repeated such runs. The report names it."""
    import h5py
    import make_synthetic_trace
    paths = []
    for seed in (1, 2, 3):
        path = tmp_path / f"wf_s{seed}.h5"
        make_synthetic_trace.write_random_trace(path, n_jobs=40, seed=seed, policy="wf")
        paths.append(path)
    with h5py.File(paths[2], "a") as trace:
        trace.attrs["void_time"] = 120.0
    valid_mean = sum(compute_metrics(load_trace(p))["response_mean"] for p in paths[:2]) / 2
    all_mean = (2 * valid_mean + compute_metrics(load_trace(paths[2]))["response_mean"]) / 3
    assert abs(valid_mean - all_mean) > 1e-6 * valid_mean  # the void run would change the mean
    reference = tmp_path / "void.yaml"
    reference.write_text(f"experiments:\n  - name: a\n    trace: 'wf_s*.h5'\n"
                         f"    published: {{response_mean: {valid_mean}}}\n")
    run = run_tool("compare.py", "--reference", reference, *paths)
    assert run.returncode == 0, run.stderr
    assert re.search(r"^\| a \| 2 \| response_mean \| [0-9.]+ \| [0-9.]+ \| \+0\.0% \|", run.stdout, re.M), run.stdout
    assert f"  - left out, void runs: {paths[2]}" in run.stdout
    assert "not matched by any experiment" not in run.stdout


def test_a_trace_named_twice_is_one_run(tmp_path, random_traces):
    """Overlapping globs (or a/x.h5 and a/../a/x.h5) made one run count twice in the mean and in 'runs'."""
    wf = random_traces[0]
    reference = tmp_path / "ref.yaml"
    reference.write_text("experiments: [{name: a, trace: 'w30_*.h5', published: {n_jobs: 80}}]\n")
    again = wf.parent / ".." / wf.parent.name / wf.name
    run = run_tool("compare.py", "--reference", reference, *random_traces, wf, again)
    assert run.returncode == 0, run.stderr
    assert re.search(r"^\| a \| 2 \| n_jobs \|", run.stdout, re.M), run.stdout
    assert "not matched by any experiment" not in run.stdout, run.stdout
