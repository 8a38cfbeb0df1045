"""StagedOutput: all-or-nothing output folders, also when the process is told to stop."""
import subprocess
import sys
import textwrap

from conftest import ANALYSIS



def run_in_stage(out_dir, body):
    code = textwrap.dedent(f"""
        import os, signal, sys
        from coalsim_analysis.output import StagedOutput
        with StagedOutput({str(out_dir)!r}) as stage:
            (stage.path / "figure.png").write_bytes(b"half")
    """) + textwrap.indent(textwrap.dedent(body), "    ")
    # Run from analysis/, where `python -c` finds the package.
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ANALYSIS)


def test_sigterm_inside_the_block_leaves_nothing_behind(tmp_path):
    out = tmp_path / "figures"
    out.mkdir()
    (out / "older.png").write_bytes(b"kept")
    done = run_in_stage(out, "os.kill(os.getpid(), signal.SIGTERM)\nstage.commit()\n")
    assert done.returncode == 143, done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["older.png"], "no staging folder, no half-written figure"


def test_sigterm_in_a_folder_it_created_removes_it(tmp_path):
    out = tmp_path / "new"
    done = run_in_stage(out, "os.kill(os.getpid(), signal.SIGTERM)\n")
    assert done.returncode == 143, done.stderr
    assert not out.exists()


def test_committed_files_arrive_and_the_default_handler_is_back(tmp_path):
    out = tmp_path / "figures"
    done = run_in_stage(out, "stage.commit()\n")
    assert done.returncode == 0, done.stderr
    assert (out / "figure.png").read_bytes() == b"half"
    assert [p.name for p in out.iterdir()] == ["figure.png"]
    import signal
    from coalsim_analysis.output import StagedOutput
    before = signal.getsignal(signal.SIGTERM)
    with StagedOutput(tmp_path / "other"):
        assert signal.getsignal(signal.SIGTERM) is not before
    assert signal.getsignal(signal.SIGTERM) is before

