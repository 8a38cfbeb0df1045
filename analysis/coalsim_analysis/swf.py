"""Reading Standard Workload Format logs (plain or gzip) in Python, for the analysis scripts that compare a
replay with its log. The C++ readers (workloads/swf/) are the reference for what a record means."""

import gzip

from .trace import TraceFormatError


def swf_records(path, min_fields, header=None):
    """Yields (line number, whitespace-split fields) for each record of the log at `path`.

    Header comments ("; Key: value") go into `header` when given (the first value of each key). A record
    with fewer than `min_fields` fields raises TraceFormatError naming the file and the line."""
    opener = gzip.open if str(path).endswith(".gz") else open
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
