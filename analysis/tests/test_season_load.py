"""season_load.py: a hand-made log whose busy periods are known, and the real fs1 log over all hours of the
year, which must give the log's utilization (trace_stats: 12.04%)."""

import pytest

from conftest import REPO, run_tool

FS1 = REPO / "workloads" / "logs" / "DAS2-fs1-2003-1.swf.gz"

# UnixStartTime 2003-01-06 00:00 UTC, a Monday. Job 1: 4 of 8 processors from 09:00 to 13:30 on Monday.
# Job 2: all 8 from Saturday 10:00 for 2 h (a weekend). Job 3 did not run (run time 0).
LOG = """; UnixStartTime: 1041811200
; TimeZoneString: UTC
; MaxProcs: 8
1 32400 0 16200 4 -1 -1 4 -1 -1 1 -1 -1 -1 -1 -1 -1 -1
2 468000 0 7200 8 -1 -1 8 -1 -1 1 -1 -1 -1 -1 -1 -1 -1
3 500000 0 0 8 -1 -1 8 -1 -1 1 -1 -1 -1 -1 -1 -1 -1
"""


def load(*args):
    result = run_tool("season_load.py", *args)
    assert result.returncode == 0, result.stderr
    return float(result.stdout)


def test_hand_made_log(tmp_path):
    log = tmp_path / "week.swf"
    log.write_text(LOG)
    # Weekdays 9-18 in January: the log covers Monday to Saturday, so Mon-Fri, 5 x 9 h x 8 processors;
    # busy 4 x 4.5 h on Monday.
    assert load(log, "--months", "1") == pytest.approx(4 * 4.5 / (5 * 9 * 8), abs=1e-4)
    # All days, 10-12 h: 6 days x 2 h x 8; busy: job 1 2 h x 4, job 2 2 h x 8.
    assert load(log, "--months", "1", "--hours", "10-12", "--no-weekdays-only") == pytest.approx(
        (2 * 4 + 2 * 8) / (6 * 2 * 8), abs=1e-4)
    # The log covers no February day: nothing to average over.
    result = run_tool("season_load.py", log, "--months", "2")
    assert result.returncode == 2
    assert "no day of the log" in result.stderr


def test_fs1_year_round_is_the_logs_utilization():
    assert load(FS1, "--months", ",".join(str(m) for m in range(1, 13)), "--hours", "0-24",
                "--no-weekdays-only") == pytest.approx(0.1204, abs=0.0005)


def test_bad_log_exits_2(tmp_path):
    result = run_tool("season_load.py", tmp_path / "missing.swf")
    assert result.returncode == 2
    assert "missing.swf" in result.stderr


@pytest.mark.parametrize("edit, message", [
    (lambda text: text.replace("; UnixStartTime: 1041811200\n", ""),
     "header field 'UnixStartTime' is missing"),  # was: "season_load.py: LOG: 'UnixStartTime'"
    (lambda text: text.replace("; MaxProcs: 8", "; MaxProcs: many"), "header field 'MaxProcs' is not an integer"),
    (lambda text: "\n".join(l for l in text.splitlines() if l.startswith(";")) + "\n",
     "no job ran"),  # was: "too many indices for array"
    (lambda text: text.replace("1 32400 0 16200", "1 32400 0 16x00"), ":4: SWF field 4 (run time) is not a number"),
])
def test_bad_log_says_what_is_wrong(tmp_path, edit, message):
    log = tmp_path / "bad.swf"
    log.write_text(edit(LOG))
    result = run_tool("season_load.py", log, "--months", "1")
    assert result.returncode == 2
    assert f"season_load.py: {log}" in result.stderr and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("option, value", [("--hours", "18-9"), ("--hours", "9-30"), ("--hours", "9"),
                                           ("--months", "13"), ("--months", "x")])
def test_bad_option_is_an_argument_error(tmp_path, option, value):
    """--hours 18-9 said 'no day of the log falls in the chosen months and days'; 9-30 gave a load over
    periods running into the next day; --months x blamed the log file."""
    log = tmp_path / "week.swf"
    log.write_text(LOG)
    result = run_tool("season_load.py", log, option, value)
    assert result.returncode == 2
    assert f"argument {option}: '{value}'" in result.stderr, result.stderr
