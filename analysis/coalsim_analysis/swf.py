"""Reading Standard Workload Format logs (plain or gzip) in Python, for the analysis scripts that compare a
replay with its log. The C++ readers (workloads/swf/) are the reference for what a record means."""

import gzip
import math

from .trace import TraceFormatError

# The 18 SWF fields, 1-based in the format's description, 0-based here.
FIELD_NAMES = ("job number", "submit time", "wait time", "run time", "allocated processors", "average CPU time",
               "used memory", "requested processors", "requested time", "requested memory", "status", "user",
               "group", "executable", "queue", "partition", "preceding job", "think time")


def swf_records(path, min_fields, header=None):
    """Yields (line number, whitespace-split fields) for each record of the log at `path`.

    Header comments ("; Key: value") go into `header` when given (the first value of each key). A record
    with fewer than `min_fields` fields, or a file that cannot be read as (gzip) text, raises TraceFormatError
    naming the file (and the line)."""
    opener = gzip.open if str(path).endswith(".gz") else open
    number = 0
    try:
        with opener(path, "rt") as lines:
            for number, line in enumerate(lines, 1):
                fields = line.split()
                if not fields:
                    continue
                if fields[0].startswith(";"):
                    if header is not None:
                        key, _, value = line.lstrip("; \t").partition(":")
                        header.setdefault(key.strip(), value.strip())
                    continue
                if len(fields) < min_fields:
                    raise TraceFormatError(f"{path}:{number}: an SWF record needs at least {min_fields} fields")
                yield number, fields
    except FileNotFoundError as error:
        raise TraceFormatError(f"{path}: no such log file") from error
    except (OSError, EOFError, UnicodeDecodeError) as error:  # gzip.BadGzipFile is an OSError
        where = f"{path}:{number + 1}" if number else f"{path}"
        raise TraceFormatError(f"{where}: not a readable SWF log ({error})") from error


def swf_number(path, number, fields, index) -> float:
    """Field `index` (0-based) of the record on line `number` as a finite number; TraceFormatError naming the
    file, the line and the field otherwise."""
    try:
        value = float(fields[index])
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise TraceFormatError(f"{path}:{number}: SWF field {index + 1} ({FIELD_NAMES[index]}) is not a number: "
                               f"'{fields[index]}'")
    return value
