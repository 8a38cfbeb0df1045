"""docs/ documents what simulate accepts: the keys of an experiment file and their defaults (docs/configuration.md),
the policies and their parameters (docs/policies.md).

The accepted keys are asked from simulate itself: `--set <section>.<probe>=1` fails with "unknown key (valid
keys here: ...)", which lists the keys of that section; sections are walked from the root down. The documented
keys are the first cells of the rows of every table of docs/configuration.md whose header starts with
`| key |`, each written as one backticked dotted path.
"""

import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest
import yaml

from conftest import REPO, SIMULATE

DOCS = REPO / "docs"
PROBE = "coalsim_docs_probe"
UNKNOWN = re.compile(r"unknown key \(valid keys here: ([^)]*)\)")

# Sections read only in some settings: the settings that make simulate read them.
CONTEXT = {
    "background.trace": ["background.model=replay", "background.trace.file=probe.swf"],
    "workload.trace": ["workload.trace.file=probe.swf"],
}
# Sections whose keys are another section's, documented once there: {section (a name in place of a
# free cluster name): (the section whose keys it takes, keys of that section it refuses)}.
SHARED = {
    "background.others": ("background", {"clusters"}),
    "background.clusters.fs0": ("background", {"clusters"}),
    "faults.clusters.fs0": ("faults", {"clusters", "hosts", "unusable_after", "completion_failure"}),
}
# Maps that are values, not sections: a distribution ({dist: ...}) or a state profile ({profile: ...}).
VALUE_FORMS = ({"dist"}, {"profile", "periodicity"})


def require_simulate():
    if not SIMULATE.exists():
        if "COALSIM_SIMULATE" in os.environ:
            pytest.fail(f"COALSIM_SIMULATE={SIMULATE} does not exist")
        pytest.skip(f"{SIMULATE} not built yet (set COALSIM_SIMULATE)")


def run_simulate(tmp_path, *arguments):
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    command = [str(SIMULATE), "-c", str(empty), "--quiet", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=tmp_path)


def section_keys(tmp_path, section):
    """The keys simulate accepts in `section` ("" for the root), or None when it is not a section."""
    settings = [s for prefix, values in CONTEXT.items() if section.startswith(prefix) for s in values]
    probe = f"{section}.{PROBE}" if section else PROBE
    arguments = ["--no-trace"]
    for setting in settings + [f"{probe}=1"]:
        arguments += ["--set", setting]
    run = run_simulate(tmp_path, *arguments)
    match = UNKNOWN.search(run.stderr)
    if not match or f"'{probe}'" not in run.stderr:
        return None
    keys = set(match.group(1).split(", "))
    return None if any(form <= keys for form in VALUE_FORMS) else keys


def documented_table_rows(page):
    """{first cell: the row's cells} of every table whose header row starts with `| key |`."""
    rows, in_table = {}, False
    for line in (DOCS / page).read_text().splitlines():
        if line.startswith("| key |"):
            in_table = True
            continue
        if not line.startswith("|"):
            in_table = False
            continue
        if in_table and not line.startswith("| ---"):
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            key = re.fullmatch(r"`([a-z_0-9.]+)`", cells[0])
            assert key, f"docs/{page}: a row of a key table does not start with a `dotted.key`: {line}"
            assert key.group(1) not in rows, f"docs/{page}: {key.group(1)} documented twice"
            rows[key.group(1)] = cells
    return rows


@pytest.fixture(scope="module")
def accepted(tmp_path_factory):
    """{key: its keys if it is a section, else None}, every key simulate accepts, by dotted path."""
    require_simulate()
    tmp_path = tmp_path_factory.mktemp("probe")
    found = {}
    with ThreadPoolExecutor(max_workers=4) as pool:
        level = [""]
        while level:
            results = list(pool.map(lambda s: section_keys(tmp_path, s), level))
            next_level = []
            for section, keys in zip(level, results):
                if section:
                    found[section] = keys
                for key in sorted(keys or ()):
                    path = f"{section}.{key}" if section else key
                    if path not in SHARED:
                        next_level.append(path)
                    else:
                        found[path] = None  # its keys are checked against the section it shares them with
            level = next_level
    assert "workload.trace.window.start" in found and "background.trace.file" in found, "the walk missed a section"
    return found


def test_every_accepted_key_is_documented_and_every_documented_key_accepted(accepted):
    page = (DOCS / "configuration.md").read_text()
    documented = set(documented_table_rows("configuration.md"))
    # The sections of the root have a heading each, their keys a row each.
    sections = {k for k, keys in accepted.items() if "." not in k and keys is not None}
    headings = {name for line in page.splitlines() if line.startswith("#") for name in re.findall(r"`([a-z_]+)`", line)}
    assert not sections - headings, f"docs/configuration.md has no heading for the sections {sections - headings}"
    # policy.<parameter> depends on the policy: docs/policies.md, checked below
    expected = {k for k in accepted if not k.startswith("policy.") and k not in sections} | {"policy.name"}
    assert not expected - documented, f"accepted by simulate, missing in docs/configuration.md: {sorted(expected - documented)}"
    assert not documented - expected, f"in docs/configuration.md, not accepted by simulate: {sorted(documented - expected)}"


def test_shared_sections_take_the_documented_keys(tmp_path, accepted):
    """background.others, a cluster's background and a cluster's faults take the keys their rows name."""
    require_simulate()
    rows = documented_table_rows("configuration.md")
    for section, (source, refused) in SHARED.items():
        keys = section_keys(tmp_path, section)
        assert keys == set(accepted[source]) - refused, (section, keys)
        row = rows[section.removesuffix(".fs0")]
        named = set(re.findall(r"`([a-z_]+)`", " ".join(row[1:])))
        if section.endswith(".fs0"):
            # "any of the `background` keys above" names the section; faults' overrides are listed one by one
            assert source in named or keys <= named, (section, keys - named)
        else:
            assert keys <= named, f"docs/configuration.md: {section} does not name {sorted(keys - named)}"


def test_documented_defaults_are_the_ones_simulate_writes(tmp_path):
    """The `config` attribute holds an empty experiment with its defaults filled in; every scalar there must be the
    documented default."""
    require_simulate()
    import h5py

    trace = tmp_path / "defaults.h5"
    run = run_simulate(tmp_path, "--set", "stop.max_time=0", "--output", str(trace))
    assert run.returncode == 0, run.stderr
    with h5py.File(trace, "r") as f:
        config = yaml.safe_load(f.attrs["config"])
    rows = documented_table_rows("configuration.md")

    def scalars(tree, prefix=""):
        for key, value in tree.items():
            path = f"{prefix}{key}"
            if isinstance(value, dict):
                yield from scalars(value, path + ".")
            else:
                yield path, value

    checked = 0
    for path, value in scalars(config):
        if path == "stop.max_time" or (path.startswith("policy.") and path != "policy.name"):
            continue
        written = "false" if value is False else "true" if value is True else str(value)
        assert path in rows, f"simulate writes {path}, which docs/configuration.md does not document"
        assert rows[path][1] == f"`{written}`", f"docs/configuration.md: {path} default {rows[path][1]}, simulate: {written}"
        checked += 1
    assert checked > 35


def test_every_distribution_is_documented(tmp_path):
    require_simulate()
    run = run_simulate(tmp_path, "--no-trace", "--set", "workload.runtime={dist: " + PROBE + "}")
    kinds = re.search(r"valid values are: ([a-z, ]+)", run.stderr)
    assert kinds, run.stderr
    page = (DOCS / "configuration.md").read_text()
    for kind in kinds.group(1).split(", "):
        assert f"| `{{dist: {kind}" in page, f"docs/configuration.md: distribution {kind} is not documented"


def policy_help():
    """{policy: {parameter: (default, units)}} from `simulate --policy help` ("key (default X): help [bounds]
    (units)"; "-" for no units)."""
    run = subprocess.run([str(SIMULATE), "--policy", "help"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    policies, current = {}, None
    for line in run.stdout.splitlines():
        name = re.match(r"^  (\w+)\s{2,}\S", line)
        parameter = re.match(r"^      (\w+) \(default ([^)]*)\):", line)
        if name:
            current = policies.setdefault(name.group(1), {})
        elif parameter:
            units = re.search(r"\] \(([^()]*)\)$", line)
            current[parameter.group(1)] = (parameter.group(2), units.group(1) if units else "-")
    return policies


def documented_policies():
    """{policy: {parameter: (default, units)}} from docs/policies.md: each table whose header starts with
    `| parameter | default | units |` applies to the policies named in backticks in the heading above it."""
    policies, heading, in_table = {}, [], False
    for line in (DOCS / "policies.md").read_text().splitlines():
        if line.startswith("#"):
            heading = re.findall(r"`([a-z_]+)`", line)
        elif line.startswith("| parameter |"):
            in_table = True
            assert line.startswith("| parameter | default | units |"), f"docs/policies.md: expected units: {line}"
            assert heading, f"docs/policies.md: a parameter table under a heading naming no policy: {line}"
        elif not line.startswith("|"):
            in_table = False
        elif in_table and not line.startswith("| ---"):
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            parameter, default = re.fullmatch(r"`(\w+)`", cells[0]), re.fullmatch(r"`([^`]*)`", cells[1])
            assert parameter and default, f"docs/policies.md: expected | `parameter` | `default` |: {line}"
            for policy in heading:
                policies.setdefault(policy, {})[parameter.group(1)] = (default.group(1), cells[2])
    return policies


def test_policies_and_their_parameters_are_documented():
    require_simulate()
    registered = policy_help()
    assert {"cf", "koala", "dcs"} <= set(registered)
    documented = documented_policies()
    for policy, parameters in registered.items():
        assert documented.get(policy, {}) == parameters, (policy, documented.get(policy), parameters)
    assert set(documented) <= set(registered), set(documented) - set(registered)
    names = set(re.findall(r"^\| `(\w+)`", (DOCS / "policies.md").read_text().split("\n## ")[1], re.M))
    assert names == set(registered), f"the list of policies in docs/policies.md: {names ^ set(registered)}"
    readme = re.search(r"^- \*\*The policies\*\* \(([^)]*)\)", (REPO / "README.md").read_text(), re.M)
    assert readme, "README.md's 'The policies' line is gone"
    listed = set(re.findall(r"`(\w+)`", readme.group(1)))
    assert listed == set(registered), f"the policies README.md lists: {listed ^ set(registered)}"


def documented_fields(page_text):
    """{dataset: [(field, type)]} from the `## \\`/dataset\\` fields` tables of docs/trace-format.md."""
    fields, dataset, in_table = {}, None, False
    for line in page_text.splitlines():
        heading = re.match(r"^## `(/\w+)` fields", line)
        if line.startswith("#"):
            dataset = heading.group(1) if heading else None
        if not line.startswith("|"):
            in_table = False
        elif line.startswith("| field | type |"):
            in_table = True
        elif dataset and in_table and line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            fields.setdefault(dataset, []).append((cells[0].strip("`"), cells[1]))
    return fields


HDF5_TYPES = {"i8": "|i1", "i32": "<i4", "i64": "<i8", "f64": "<f8"}


def test_trace_format_documents_every_dataset_field_and_attribute(simulated_koala_trace):
    import h5py

    page = (DOCS / "trace-format.md").read_text()
    documented = documented_fields(page)
    tables = set(re.findall(r"^\| `(/[\w/]+)` \|", page, re.M))
    attributes = set(re.findall(r"^\| `(\w+)` \| (?:string|i64|f64) \|", page, re.M))
    with h5py.File(simulated_koala_trace, "r") as f:
        assert set(f.attrs) <= attributes, set(f.attrs) - attributes
        datasets = []
        f.visititems(lambda name, obj: datasets.append("/" + name) if isinstance(obj, h5py.Dataset) else None)
        # Tables written only by some runs (e.g. /messages) need not be in this one.
        optional = set(re.findall(r"^\| `(/[\w/]+)` \| [^|]+\| only in runs", page, re.M))
        assert set(datasets) <= tables and tables - set(datasets) <= optional, set(datasets) ^ tables
        for name in datasets:
            dtype = f[name].dtype
            if dtype.names is None:
                continue
            written = [(field, dtype.fields[field][0].str) for field in dtype.names]
            expected = [(field, HDF5_TYPES.get(kind, "|" + kind)) for field, kind in documented.get(name, [])]
            assert written == expected, f"docs/trace-format.md, {name}: documented {expected}, written {written}"


def test_the_readers_field_lists_are_the_documented_tables():
    """The analysis reads the fields docs/trace-format.md documents, in the file's order (the C++ test
    TraceSchema.TheDocumentedFieldTablesAreTheSchema holds those tables equal to the schema simulate writes)."""
    from coalsim_analysis.trace import FIELDS, OPTIONAL_FIELDS

    documented = {name: tuple(f for f, _ in fields)
                  for name, fields in documented_fields((DOCS / "trace-format.md").read_text()).items()}
    assert FIELDS == documented, {name: (FIELDS.get(name), documented.get(name))
                                  for name in set(FIELDS) | set(documented) if FIELDS.get(name) != documented.get(name)}
    for name, optional in OPTIONAL_FIELDS.items():
        assert set(optional) <= set(FIELDS[name]), (name, set(optional) - set(FIELDS[name]))


def test_every_figure_kind_is_documented():
    """claiming_utilization and delays were drawn by plot.py but missing from the figure table."""
    from coalsim_analysis.figures import FIGURE_KINDS

    page = (DOCS / "analysis.md").read_text()
    documented = set(re.findall(r"^\| `([a-z_]+)` \| `[a-z_<>]+` \|", page, re.M))
    assert documented == set(FIGURE_KINDS), (set(FIGURE_KINDS) - documented, documented - set(FIGURE_KINDS))


def test_placement_mean_is_documented_as_the_total_placement_time():
    """The documentation said placement_time - submit_time; for KOALA the metric is the sum over placements."""
    page = (DOCS / "analysis.md").read_text()
    row = next(line for line in page.splitlines() if line.startswith("| `placement_mean`"))
    assert "total_placement_time" in row, row


def options_of(command):
    """The long options a --help text lists."""
    run = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", run.stdout.split("Policies (")[0])) - {"--help"}


def test_cli_documents_every_option_of_simulate_trace_stats_and_the_analysis_scripts():
    require_simulate()
    page = (DOCS / "cli.md").read_text()
    commands = {"simulate": [str(SIMULATE), "--help"]}
    trace_stats = SIMULATE.parent / "trace_stats"
    if trace_stats.exists():
        commands["trace_stats"] = [str(trace_stats), "--help"]
    for script in ("plot.py", "gantt.py", "compare.py", "replay_waits.py", "season_load.py", "dcs_experiments.py",
                   "diana_table61.py", "diana_sites.py", "audit.py"):
        commands[script] = ["/usr/bin/python3", str(REPO / "analysis" / script), "--help"]
    for name, command in commands.items():
        options = options_of(command)
        assert options, f"{name} --help lists no option"
        # A script's options must be in its own synopsis lines: another script's line naming the same
        # option does not document it.
        text = page
        if name.endswith(".py"):
            text = "\n".join(line for line in page.splitlines() if line.startswith(f"analysis/{name} "))
            assert text, f"docs/cli.md has no synopsis line for analysis/{name}"
        missing = sorted(o for o in options if not re.search(rf"(?<![\w-]){o}(?![\w-])", text))
        assert not missing, f"docs/cli.md does not document {name}'s {missing}"


def test_the_example_experiments_of_configuration_md_run(tmp_path):
    require_simulate()
    examples = re.findall(r"^```yaml\n(.*?)^```$", (DOCS / "configuration.md").read_text(), re.M | re.S)
    assert examples, "docs/configuration.md shows no example experiment"
    for i, example in enumerate(examples):
        path = tmp_path / f"example{i}.yaml"
        path.write_text(example)
        run = subprocess.run([str(SIMULATE), "-c", str(path), "--quiet", "--no-trace", "--set", "stop.max_time=600"],
                             capture_output=True, text=True, timeout=120, cwd=REPO)
        assert run.returncode == 0, f"docs/configuration.md, example {i + 1}:\n{run.stderr}"


def test_every_repository_path_the_manual_names_exists():
    """A backticked path into the repository (`sim/api/Job.hpp`, `policies/koala/ClaimingQueue.*`, or a class's
    files without their extension, `setup/ExperimentConfig`) names something that is there: files move."""
    tops = ("sim", "policies", "workloads", "platforms", "analysis", "tests", "bench", "scripts", "tools", "setup",
            "sweep", "docs", ".ci")
    pages = sorted(DOCS.glob("*.md")) + [REPO / "README.md", REPO / "bench" / "README.md"]
    named, missing = 0, []
    for page in pages:
        for match in re.finditer(r"`([^`\s]+)`", page.read_text()):
            path = match.group(1).split(":")[0]  # file:line
            if "/" not in path or path.split("/")[0] not in tops or "<" in path:  # not a path, or a placeholder
                continue
            named += 1
            if not (list(REPO.glob(path)) or list(REPO.glob(path + ".*"))):
                missing.append(f"{page.relative_to(REPO)}: {path}")
    assert named > 100, f"only {named} paths found: the pattern no longer matches the pages"
    assert not missing, "the manual names paths that do not exist:\n" + "\n".join(missing)
