"""The Python code is one package, coalsim_analysis (pyproject.toml): no code edits sys.path, every entry point
names a function that exists, and the scripts of a checkout run with Debian's python without installing."""

import importlib
import os
import re
import subprocess
import tomllib

import pytest

from conftest import REPO

SYS_PATH_EDIT = re.compile(r"sys\.path\s*(?:\.(?:insert|append|extend)\b|\[[^\]]*\]\s*=|\s*[+]?=)")


def python_files():
    listed = subprocess.run(["git", "ls-files", "*.py", "tools/sweep"], cwd=REPO, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    return [REPO / name for name in listed.stdout.split()]


def test_no_code_edits_sys_path():
    edits = [f"{path.relative_to(REPO)}:{number}: {line.strip()}"
             for path in python_files() if path.name != "test_package.py"
             for number, line in enumerate(path.read_text().splitlines(), start=1) if SYS_PATH_EDIT.search(line)]
    assert not edits, "sys.path edits:\n" + "\n".join(edits)


@pytest.mark.parametrize("line, edits", [
    ('sys.path.insert(0, str(ANALYSIS))', True),
    ('sys.path[:0] = [str(ANALYSIS), str(TESTS)]', True),
    ('sys.path.append("x")', True),
    ('sys.path += ["x"]', True),
    ('print(sys.path[0])', False),
    ('if str(_ANALYSIS) not in sys.path:', False),
])
def test_the_sys_path_check_itself(line, edits):
    assert bool(SYS_PATH_EDIT.search(line)) is edits


def entry_points():
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]


def test_every_entry_point_is_a_function_of_the_package():
    for name, target in entry_points().items():
        module, _, function = target.partition(":")
        assert module.startswith("coalsim_analysis."), f"{name}: {target}"
        assert callable(getattr(importlib.import_module(module), function)), f"{name}: {target}"


def test_every_analysis_script_is_a_command_with_an_entry_point():
    """analysis/<name>.py runs coalsim_analysis.commands.<name>.main, installed as coalsim-<name>."""
    targets = set(entry_points().values())
    commands = sorted(path.stem for path in (REPO / "analysis" / "coalsim_analysis" / "commands").glob("*.py")
                      if path.stem != "__init__")
    assert commands
    for name in commands:
        assert f"coalsim_analysis.commands.{name}:main" in targets, name
        assert f"from coalsim_analysis.commands.{name} import main" in (REPO / "analysis" / f"{name}.py").read_text()
    assert "coalsim_analysis.sweep.cli:main" in targets


@pytest.mark.parametrize("command", [
    ["/usr/bin/python3", "analysis/plot.py", "--help"],
    ["/usr/bin/python3", "analysis/season_load.py", "--help"],
    ["tools/sweep", "--help"],
    ["/usr/bin/python3", "tools/sweep", "--help"],
])
def test_the_scripts_run_from_a_checkout_without_installing(command, tmp_path):
    """From another folder, with no PYTHONPATH and no user site: the package is found beside the script only."""
    if not os.path.exists("/usr/bin/python3"):
        pytest.skip("no /usr/bin/python3")
    command = [str(REPO / part) if part.startswith(("analysis/", "tools/")) else part for part in command]
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"} | {"PYTHONNOUSERSITE": "1"}
    run = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("usage: "), run.stdout
