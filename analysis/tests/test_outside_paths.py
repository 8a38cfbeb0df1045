"""No tracked file names a path outside the repository: a clone must stand alone. Sources are cited as
publications (docs/references.md), data lives in the repository (workloads/logs/, platforms/simgrid/).

Refused: a relative path whose `..` leaves the repository from the file's folder (from the root after a
variable such as ${PROJECT_SOURCE_DIR}/); the team's folder beside the
checkout (`..` then `shared`, `shared/spec`, `shared/seeds`, `shared/data`, a path joined onto "shared") and the names
of its notes and source texts when the repository has no such file; absolute paths into machine-specific places
(/work, /home, /root, /mnt, /srv, /media, /Users, /scratch, /nfs). Allowed: system locations every machine has
(/usr/bin/python3, /dev/null, /proc/self, /tmp), URLs, HDF5 dataset paths (/jobs) and XML closing tags."""

import posixpath
import re
import subprocess

import pytest

from conftest import REPO

THIS = "analysis/tests/test_outside_paths.py"

# A relative path with `..` in it (a/../b, ../x), read from the file's folder; one after a variable
# (${PROJECT_SOURCE_DIR}/../x, $root/../x), read from the repository's root, but after "$(dirname "$0")" from the
# file's folder.
RELATIVE_PATH = re.compile(r"(?<![\w.+/$})-])((?:[\w.+-]+/)*(?:\.\./)+[\w.+/-]*)")
ANCHORED_PATH = re.compile(r"(?:[})]|\$\w+)/((?:\.\./)+[\w.+/-]*)")
MACHINE_ROOTS = ("work", "home", "root", "mnt", "srv", "media", "Users", "scratch", "nfs")
ABSOLUTE_PATH = re.compile(r"(?<![\w.:/~$<-])/(?:" + "|".join(MACHINE_ROOTS) + r")/[\w.+-]+")
SHARED_FOLDER = re.compile(r"\.\./shared\b|(?<![\w-])shared/(?:spec|seeds|data|hooks)\b|/\s*[\"']shared[\"']")
TEAM_NOTES = re.compile(r"\b(?:EXPERIMENTS|FAMILIES|SLURM-NOTES|SIMGRID-NOTES|STYLE)\.md\b|\b00[0-4]_[0-9a-f]{16}\.txt\b")


def outside_paths(relative_file, text, repository_files):
    """[(line, what)] for every path in `text` (the content of `relative_file`) that is outside the repository."""
    found = []
    folder = posixpath.dirname(relative_file)
    for number, line in enumerate(text.splitlines(), start=1):
        for pattern in (RELATIVE_PATH, ANCHORED_PATH):
            for match in pattern.finditer(line):
                # A script's own folder, "$(dirname "$0")/..", is the file's folder, as a plain relative path is.
                own_folder = pattern is RELATIVE_PATH or re.search(r"dirname[^)]*\)$", line[:match.start(1) - 1])
                starts = [folder if own_folder else ""]
                if relative_file.endswith(".yaml"):
                    starts.append("")  # experiment files' paths may be read from the repository's root
                if all(posixpath.normpath(posixpath.join(start, match.group(1))).startswith("..") for start in starts):
                    found.append((number, match.group(1)))
        for pattern in (ABSOLUTE_PATH, SHARED_FOLDER):
            found += [(number, match.group(0)) for match in pattern.finditer(line)]
        found += [(number, match.group(0)) for match in TEAM_NOTES.finditer(line)
                  if match.group(0) not in repository_files]
    return found


def tracked_files():
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    return [name for name in listed.stdout.split("\0") if name]


def test_no_tracked_file_names_a_path_outside_the_repository():
    files = tracked_files()
    basenames = {posixpath.basename(name) for name in files}
    problems = []
    for name in files:
        path = REPO / name
        if name == THIS or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue  # binary: images, gzipped logs
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        problems += [f"{name}:{line}: {what}" for line, what in outside_paths(name, text, basenames)]
    assert not problems, "paths outside the repository (cite a publication, or ship the file):\n" + "\n".join(problems)


@pytest.mark.parametrize("file, text", [
    ("workloads/experiments/x.yaml", "trace: {file: <up>shared/data/traces/DAS2-fs1-2003-1.swf}"),
    ("docs/x.md", "collected in `<up>shared/spec/EXPERIMENTS.md`"),
    ("analysis/references/x.yaml", "source: KOALA paper, as collected in shared/spec/EXPERIMENTS.md."),
    ("docs/x.md", "as read in FAMILIES.md"),
    ("docs/x.md", "the notes in <up>shared"),
    ("analysis/tests/x.py", 'FS1 = REPO.parent / "shared" / "data" / "traces" / "fs1.swf"'),
    ("tests/CMakeLists.txt", 'COALSIM_SHARED_DIR="${PROJECT_SOURCE_DIR}/<up>shared"'),
    ("docs/x.md", "the seed text 001_60a9a01c2656d1cc.txt"),
    ("docs/x.md", "run /work/main/build/simulate"),
    ("README.md", "see ../../elsewhere/notes.md"),
    ("scripts/x.sh", "cp /home/me/logs/fs1.swf ."),
    ("docs/x.md", "x/../../../outside.md"),
    ("workloads/experiments/x.yaml", "trace: {file: ../../../logs/x.swf}"),
    ("scripts/x.sh", 'cp "$root/../data/x.swf" .'),
    ("scripts/x.sh", 'cd "$(dirname "$0")/../.." && ls'),
    ("README.md", "x/../../y"),
])
def test_refused(file, text):
    text = text.replace("<up>", "../")  # spelled so that this file names no such path itself
    assert outside_paths(file, text, set()), text


@pytest.mark.parametrize("file, text", [
    ("docs/replay.md", "[the logs](../workloads/logs/README.md)"),
    ("workloads/experiments/x.yaml", "platform: platforms/das2.xml"),
    ("README.md", "/usr/bin/python3 analysis/plot.py trace.h5 > /dev/null"),
    ("fuzz/FuzzInput.hpp", '"/proc/self/fd/" + std::to_string(fd)'),
    ("docs/trace-format.md", "the `/jobs` table and `/placements`, `/utilization/held`"),
    ("platforms/x.xml", "</zoneRoute></zone>"),
    ("workloads/logs/README.md", "https://www.cs.huji.ac.il/labs/parallel/workload/ and http://x.org/work/y"),
    ("docs/policies.md", "time-shared nodes; shared by both; `policies/common/WaitQueue.*`, shared with"),
    ("docs/x.md", "the `seed` attribute, seeds 1-20, fuzz/seeds/swf"),
    ("docs/x.md", "STYLE.md"),  # exists in the repository (passed in below)
    ("tests/CMakeLists.txt", "${PROJECT_SOURCE_DIR}/analysis/tests"),
    ("analysis/coalsim_analysis/comparison.py", "(a/x.h5 and a/../a/x.h5)"),
    ("docs/x.md", "../README.md"),
    ("workloads/sweeps/x.yaml", "experiment: ../experiments/dcs-exp1.yaml"),
    ("scripts/x.sh", 'cd "$(dirname "$0")/.." && cp "$(dirname "$0")/../bench/x.yaml" .'),
])
def test_allowed(file, text):
    assert outside_paths(file, text, {"STYLE.md"}) == [], text
