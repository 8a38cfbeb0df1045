"""The real logs shipped in workloads/logs/: every file is listed in SHA256SUMS (the files as stored) and in
SHA256SUMS.decompressed (the logs' text), and matches both (workloads/logs/README.md gives their provenance)."""

import gzip
import hashlib
import re
import subprocess

import pytest

from conftest import REPO

LOGS = REPO / "workloads" / "logs"
NOT_LOGS = {"README.md", "SHA256SUMS", "SHA256SUMS.decompressed"}


def sums(name):
    """{file name: sha256} from a `sha256sum` listing."""
    listed = {}
    for number, line in enumerate((LOGS / name).read_text().splitlines(), start=1):
        digest, _, file = line.partition("  ")
        assert len(digest) == 64 and file, f"{name}:{number}: not a sha256sum line: {line!r}"
        assert file not in listed, f"{name}:{number}: {file} listed twice"
        listed[file] = digest
    return listed


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def shipped_logs():
    return sorted(path.name for path in LOGS.iterdir() if path.name not in NOT_LOGS)


def test_every_log_is_listed_in_both_lists():
    assert shipped_logs() == sorted(sums("SHA256SUMS")) == sorted(sums("SHA256SUMS.decompressed"))


@pytest.mark.parametrize("name", shipped_logs())
def test_stored_checksum(name):
    assert sha256((LOGS / name).read_bytes()) == sums("SHA256SUMS")[name], f"{name} differs from SHA256SUMS"


@pytest.mark.parametrize("name", shipped_logs())
def test_decompressed_checksum(name):
    data = (LOGS / name).read_bytes()
    text = gzip.decompress(data) if name.endswith(".gz") else data
    assert sha256(text) == sums("SHA256SUMS.decompressed")[name], f"{name}'s text differs from SHA256SUMS.decompressed"


def test_every_log_is_tracked_by_git():
    """A log present here but not committed would pass the checks above and be missing from every clone."""
    tracked = subprocess.run(["git", "ls-files", "workloads/logs"], cwd=REPO, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    assert sorted(line.rsplit("/", 1)[1] for line in tracked.stdout.splitlines()) == sorted(
        shipped_logs() + list(NOT_LOGS))



def test_simgrid_platforms_match_their_sources():
    """platforms/simgrid/: SimGrid's example platforms, whose SOURCES.md gives each file's sha256."""
    folder = REPO / "platforms" / "simgrid"
    rows = re.findall(r"^\| `([\w.-]+\.xml)` \|.*\| `([0-9a-f]{64})` \|$", (folder / "SOURCES.md").read_text(), re.M)
    assert sorted(name for name, _ in rows) == sorted(path.name for path in folder.glob("*.xml"))
    for name, digest in rows:
        assert sha256((folder / name).read_bytes()) == digest, f"platforms/simgrid/{name} differs from SOURCES.md"
