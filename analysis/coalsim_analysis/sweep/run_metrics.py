"""The metrics of one run, computed from its trace by the analysis package (analysis/coalsim_analysis) and
kept beside the trace (PATH.metrics.json), so that `status` and `aggregate` read each trace once. The cache is
keyed by the trace's size and modification time and by the analysis code that computed it."""

import fnmatch
import hashlib
import json
import math
import os
from pathlib import Path

from .. import compute_metrics, load_trace
from .outputs import write_atomically


def _code_version() -> str:
    package = Path(__file__).resolve().parent.parent  # coalsim_analysis: its modules, not the subpackages
    digest = hashlib.sha256()
    for source in sorted(package.glob("*.py")):
        digest.update(source.name.encode() + source.read_bytes())
    return digest.hexdigest()[:16]


CODE_VERSION = _code_version()


def cache_path(trace: Path) -> Path:
    return trace.with_name(trace.name + ".metrics.json")


def metrics_of(trace: Path) -> dict:
    """{metric name: value} of a complete trace (NaN where a metric is undefined)."""
    info = os.stat(trace)
    key = {"size": info.st_size, "mtime_ns": info.st_mtime_ns, "code": CODE_VERSION}
    cache = cache_path(trace)
    try:
        cached = json.loads(cache.read_text())
        if cached.get("key") == key:
            return {k: (math.nan if v is None else v) for k, v in cached["metrics"].items()}
    except (OSError, ValueError, KeyError, AttributeError):
        pass
    metrics = {k: float(v) for k, v in compute_metrics(load_trace(trace)).items()}
    try:
        write_atomically(cache, json.dumps({"key": key, "metrics": {
            k: (None if math.isnan(v) else v) for k, v in metrics.items()}}))
    except OSError:
        pass  # a read-only output folder still aggregates
    return metrics


def select(metrics: dict, patterns) -> dict:
    """The metrics whose names match one of the sweep's names or patterns."""
    return {k: v for k, v in metrics.items() if any(fnmatch.fnmatchcase(k, p) for p in patterns)}
