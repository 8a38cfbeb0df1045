"""Utilization of a cluster's log over chosen hours of chosen days: the level a background model should
have when experiments ran in a season and at times of day busier than the log's yearly average.

  season_load.py LOG.swf[.gz] [--months 12,1,2,3] [--hours 9-18] [--weekdays-only] [--timezone TZ]

Jobs run from submit + wait (the recorded wait; 0 when not recorded) for their run time, on their
allocated processors (requested when not recorded); records that did not run (non-positive run time or
processors, partial-execution lines 2-4) are left out. The utilization is the processor-seconds inside the
chosen periods over MaxProcs times their length. The DCS experiments use the default: fs1, December to March,
weekdays 9-18 h local time.
"""

import argparse
import datetime as dt
import sys
import zoneinfo

import numpy as np


from coalsim_analysis import TraceFormatError
from coalsim_analysis.swf import swf_number, swf_records


def _header_number(path, header, key):
    """First value of the header comment '; <key>: <value>' as an int; TraceFormatError naming it otherwise."""
    if key not in header:
        raise TraceFormatError(f"{path}: header field '{key}' is missing (a '; {key}: ...' comment)")
    try:
        return int(header[key].split()[0])
    except (ValueError, IndexError) as error:
        raise TraceFormatError(f"{path}: header field '{key}' is not an integer: '{header[key]}'") from error


def read_jobs(path):
    """(start, end, processors) in Unix time, MaxProcs, and the log's time zone name."""
    header = {}
    rows = []
    for number, fields in swf_records(path, 11, header):
        submit, wait, run = (swf_number(path, number, fields, i) for i in (1, 2, 3))
        allocated, requested = swf_number(path, number, fields, 4), swf_number(path, number, fields, 7)
        processors = int(allocated) if allocated > 0 else int(requested)
        if run <= 0 or processors <= 0 or int(swf_number(path, number, fields, 10)) in (2, 3, 4):
            continue
        start = submit + max(wait, 0.0)
        rows.append((start, start + run, processors))
    origin = _header_number(path, header, "UnixStartTime")
    max_procs = _header_number(path, header, "MaxProcs")
    if max_procs <= 0:
        raise TraceFormatError(f"{path}: header field 'MaxProcs' must be positive, got {max_procs}")
    if not rows:
        raise TraceFormatError(f"{path}: no job ran (no record with a positive run time and processors)")
    jobs = np.array(rows, dtype=float)
    jobs[:, :2] += origin
    return jobs, max_procs, (header.get("TimeZoneString") or "UTC").split()[0]


def periods(jobs, zone, months, hours, weekdays_only):
    """The chosen [start, end) periods, one per day, over the days the log covers."""
    first = dt.datetime.fromtimestamp(jobs[:, 0].min(), zone).date()
    last = dt.datetime.fromtimestamp(jobs[:, 1].max(), zone).date()
    day = first
    while day <= last:
        if day.month in months and (not weekdays_only or day.weekday() < 5):
            midnight = dt.datetime(day.year, day.month, day.day, tzinfo=zone)
            begin = (midnight + dt.timedelta(hours=hours[0])).timestamp()
            end = (midnight + dt.timedelta(hours=hours[1])).timestamp()
            yield begin, end
        day += dt.timedelta(days=1)


def season_load(jobs, max_procs, chosen):
    busy = total = 0.0
    for begin, end in chosen:
        overlap = np.clip(np.minimum(jobs[:, 1], end) - np.maximum(jobs[:, 0], begin), 0, None)
        busy += float((overlap * jobs[:, 2]).sum())
        total += max_procs * (end - begin)
    return busy / total if total > 0 else None


def months_option(text):
    """--months: comma-separated month numbers 1-12."""
    try:
        months = {int(m) for m in text.split(",")}
    except ValueError:
        months = {0}
    if not months or not months <= set(range(1, 13)):
        raise argparse.ArgumentTypeError(f"'{text}': expected comma-separated months 1-12, e.g. 12,1,2,3")
    return months


def hours_option(text):
    """--hours: FIRST-LAST, whole hours of the day with 0 <= FIRST < LAST <= 24."""
    try:
        first, last = (int(h) for h in text.split("-"))
    except ValueError:
        first = last = -1
    if not 0 <= first < last <= 24:
        raise argparse.ArgumentTypeError(f"'{text}': expected FIRST-LAST hours with 0 <= FIRST < LAST <= 24, e.g. 9-18")
    return first, last


def main(argv=None):
    parser = argparse.ArgumentParser(description="Utilization of a log over chosen hours and days.")
    parser.add_argument("log")
    parser.add_argument("--months", type=months_option, default="12,1,2,3")
    parser.add_argument("--hours", type=hours_option, default="9-18")
    parser.add_argument("--weekdays-only", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--timezone", help="default: the log's TimeZoneString")
    args = parser.parse_args(argv)
    try:
        jobs, max_procs, zone_name = read_jobs(args.log)
    except TraceFormatError as error:
        print(f"season_load.py: {error}", file=sys.stderr)
        return 2
    try:
        zone = zoneinfo.ZoneInfo(args.timezone or zone_name)
    except (ValueError, zoneinfo.ZoneInfoNotFoundError):  # ZoneInfo rejects malformed keys with ValueError
        source = "--timezone" if args.timezone else "header field 'TimeZoneString'"
        print(f"season_load.py: {args.log}: unknown time zone '{args.timezone or zone_name}' ({source})",
              file=sys.stderr)
        return 2
    months, (first_hour, last_hour) = args.months, args.hours
    load = season_load(jobs, max_procs, periods(jobs, zone, months, (first_hour, last_hour), args.weekdays_only))
    if load is None:
        print(f"season_load.py: {args.log}: no day of the log falls in the chosen months and days", file=sys.stderr)
        return 2
    print(f"{load:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
