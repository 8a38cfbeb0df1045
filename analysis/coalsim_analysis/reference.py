"""Reference files: published values and qualitative claims for `compare.py`.

    tolerance: 0.2                 # optional: default relative tolerance of every value
    experiments:
      - name: exp1                 # an identifier, used in claims
        trace: dcs_exp1*.h5        # file or glob: matched against the TRACE arguments, or else
                                   # globbed relative to the reference file's directory
        tolerance: 0.15            # optional: default for this experiment
        published:                 # metric name -> number, or a mapping
          response_mean: 377.2
          response_sd: {value: 177.2, tolerance: 0.5}
          util_grid_peak: {value: 0.6667, abs_tolerance: 0.02}
    claims:
      - exp1.response_mean < exp2.response_mean
      - {claim: exp4.response_mean > 1.5 * exp2.response_mean, text: ordered jobs much worse}

A value without any tolerance is shown but never fails. `source` and `description` keys are
allowed anywhere as free text.
"""

import keyword
import math
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from . import claims as claims_module
from .names import describe, is_metric_name

FREE_TEXT = {"source", "description", "notes"}


class ReferenceError(Exception):
    """The reference file is invalid; the message names the file and the key."""


@dataclass
class Published:
    metric: str
    value: float
    tolerance: float | None = None  # relative
    abs_tolerance: float | None = None

    def within(self, simulated: float) -> bool | None:
        """True/False against the tolerance; None when no tolerance applies."""
        if self.tolerance is None and self.abs_tolerance is None:
            return None
        if math.isnan(simulated):
            return False
        limit = self.abs_tolerance if self.abs_tolerance is not None else self.tolerance * abs(self.value)
        return abs(simulated - self.value) <= limit + 1e-12 * max(1.0, abs(self.value))


@dataclass
class Experiment:
    name: str
    trace: str
    published: list = field(default_factory=list)


@dataclass
class Claim:
    text: str
    tree: object
    description: str = ""


@dataclass
class Reference:
    path: Path
    experiments: list
    claims: list


def _fail(path, key, what):
    raise ReferenceError(f"{path}: {key}: {what}")


def _number(path, key, value, minimum=None):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        _fail(path, key, f"expected a number, got {value!r}")
    if minimum is not None and value < minimum:
        _fail(path, key, f"must be at least {minimum}, got {value!r}")
    return float(value)


def _mapping(path, key, value, allowed, required=()):
    if not isinstance(value, dict):
        _fail(path, key, f"expected a mapping, got {type(value).__name__}")
    unknown = [k for k in value if k not in allowed and k not in FREE_TEXT]
    if unknown:
        _fail(path, f"{key}.{unknown[0]}", f"unknown key (valid keys: {', '.join(sorted(allowed))})")
    for k in required:
        if k not in value:
            _fail(path, f"{key}.{k}", "missing")
    return value


def _published(path, key, metric, entry, default_tolerance):
    if not is_metric_name(str(metric)):
        _fail(path, key, f"unknown metric '{metric}'; metric names are {describe()}")
    if not isinstance(entry, dict):
        entry = {"value": entry}
    _mapping(path, key, entry, {"value", "tolerance", "abs_tolerance"}, ("value",))
    if "tolerance" in entry and "abs_tolerance" in entry:
        _fail(path, key, "give tolerance (relative) or abs_tolerance, not both")
    value = _number(path, f"{key}.value" if "tolerance" in entry or "abs_tolerance" in entry else key, entry["value"])
    tolerance = entry.get("tolerance", default_tolerance if "abs_tolerance" not in entry else None)
    return Published(
        metric=str(metric), value=value,
        tolerance=None if tolerance is None else _number(path, f"{key}.tolerance", tolerance, 0),
        abs_tolerance=(_number(path, f"{key}.abs_tolerance", entry["abs_tolerance"], 0)
                       if "abs_tolerance" in entry else None))


def _experiment(path, index, raw, default_tolerance, seen):
    key = f"experiments[{index}]"
    _mapping(path, key, raw, {"name", "trace", "tolerance", "published"}, ("name", "trace"))
    name = raw["name"]
    if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name):
        _fail(path, f"{key}.name", f"'{name}' is not an identifier (letters, digits, _; used in claims)")
    if name in seen:
        _fail(path, f"{key}.name", f"duplicate experiment name '{name}'")
    key = f"experiments[{index}] ({name})"
    if not isinstance(raw["trace"], str) or not raw["trace"]:
        _fail(path, f"{key}.trace", f"expected a file name or glob, got {raw['trace']!r}")
    tolerance = raw.get("tolerance", default_tolerance)
    if tolerance is not None:
        tolerance = _number(path, f"{key}.tolerance", tolerance, 0)
    published = raw.get("published") or {}
    _mapping(path, f"{key}.published", published, set(published) if isinstance(published, dict) else set())
    return Experiment(name, raw["trace"], [
        _published(path, f"{key}.published.{metric}", metric, entry, tolerance) for metric, entry in published.items()])


def _claim(path, index, raw, names):
    key = f"claims[{index}]"
    if isinstance(raw, dict):
        _mapping(path, key, raw, {"claim", "text"}, ("claim",))
        text, description = raw["claim"], raw.get("text", "")
    else:
        text, description = raw, ""
    if not isinstance(text, str):
        _fail(path, key, f"expected an expression string, got {text!r}")
    try:
        return Claim(text.strip(), claims_module.parse_claim(text, names), str(description))
    except claims_module.ClaimError as error:
        _fail(path, key, f"'{text}': {error}")


def load_reference(path) -> Reference:
    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_text())
    except OSError as error:
        raise ReferenceError(f"{path}: cannot read ({error.strerror})") from error
    except UnicodeDecodeError as error:
        raise ReferenceError(f"{path}: not a UTF-8 text file ({error.reason} at byte {error.start})") from error
    except yaml.YAMLError as error:
        raise ReferenceError(f"{path}: invalid YAML ({error})") from error
    _mapping(path, "top level", raw, {"tolerance", "experiments", "claims"}, ("experiments",))
    default_tolerance = raw.get("tolerance")
    if default_tolerance is not None:
        default_tolerance = _number(path, "tolerance", default_tolerance, 0)
    if not isinstance(raw["experiments"], list) or not raw["experiments"]:
        _fail(path, "experiments", "expected a non-empty list")
    experiments = []
    for index, entry in enumerate(raw["experiments"]):
        experiments.append(_experiment(path, index, entry, default_tolerance, {e.name for e in experiments}))
    names = {e.name for e in experiments}
    raw_claims = raw.get("claims") or []
    if not isinstance(raw_claims, list):
        _fail(path, "claims", "expected a list")
    return Reference(path, experiments, [_claim(path, i, c, names) for i, c in enumerate(raw_claims)])
