"""The sweep file: what to run (a base experiment, axes, replications), what to aggregate and where outputs go.

Every key is checked here, once, with its line: an unknown key, a wrong type or a value out of range is a
SweepError naming the file and the line. The keys are documented in docs/sweeps.md.
"""

import fnmatch
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from . import yaml_lines
from .errors import invalid
from .metric_names import is_metric_name

EXPERIMENT_KEY = "experiment"  # the axis key that selects the experiment file instead of setting a key
KEY_PATH = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")
LABEL = re.compile(r"[A-Za-z0-9_.+-]+")  # a label ends up in file names and point names
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
FREE_TEXT = ("description", "source", "notes")
SEEDS_OWNED = ("seed",)  # the sweep sets the seed of every run itself
# Column names of the aggregate tables, which an axis name would clash with.
RESERVED_NAMES = ("point", "id", "name", "seed", "seeds", "metric", "n", "mean", "sd", "ci_low", "ci_high",
                  "half_width", "value")


@dataclass
class Axis:
    key: str            # key path given to --set, or EXPERIMENT_KEY
    name: str           # column name in the tables, placeholder in point_name, figure axis
    values: list        # YAML values (for the experiment axis: resolved absolute paths as strings)
    labels: list        # one short text per value, for point names and figures
    line: int = 0


@dataclass
class Precision:
    metric: str
    relative_half_width: float


@dataclass
class Replications:
    seeds: int                       # seeds 1..seeds (with a precision target: the first round)
    precision: Precision | None = None
    max_seeds: int | None = None


@dataclass
class Figure:
    metric: str
    x: str                           # axis name
    lines: str | None = None         # axis name, one line per value


@dataclass
class SlurmSettings:
    partition: str | None = None
    time: str | None = None
    options: list = field(default_factory=list)
    per_task: int | None = None      # None: automatic
    max_running: int | None = None   # array throttle (%N)


@dataclass
class SweepFile:
    path: Path
    name: str
    experiment: Path | None          # the base experiment, unless an axis is EXPERIMENT_KEY
    fixed: dict                      # key path -> YAML value, applied to every point
    groups: list                     # list of lists of Axis: crossed between groups, zipped within one
    point_name: str                  # template over axis names
    replications: Replications
    metrics: list                    # names and glob patterns
    figures: list
    output: Path
    slurm: SlurmSettings

    @property
    def axes(self):
        return [axis for group in self.groups for axis in group]


class _Reader:
    """Checks one sweep file; every failure names its line."""

    def __init__(self, path):
        self.path = Path(path)

    def fail(self, thing, ident, line, what):
        invalid(thing, ident, self.path, line, what)

    def mapping(self, value, where, allowed, required=(), line=0):
        if not isinstance(value, dict):
            self.fail("value", where, getattr(value, "line", line), f"expected a mapping, got {_kind(value)}")
        for key in value:
            if key not in allowed and key not in FREE_TEXT:
                self.fail("key", key, value.line_of(key),
                          f"unknown key in {where} (valid keys: {', '.join(sorted(allowed))})")
        for key in required:
            if key not in value:
                self.fail("key", key, value.line, f"missing in {where}")
        return value

    def integer(self, parent, key, minimum):
        value = parent[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            self.fail("value", key, parent.line_of(key), f"expected an integer of at least {minimum}, got {value!r}")
        return value

    def number(self, parent, key, minimum_exclusive):
        value = parent[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                or value <= minimum_exclusive:
            self.fail("value", key, parent.line_of(key), f"expected a number above {minimum_exclusive}, got {value!r}")
        return float(value)

    def text(self, parent, key, pattern=None, what="a text"):
        value = parent[key]
        if not isinstance(value, str) or not value or (pattern and not pattern.fullmatch(value)):
            self.fail("value", key, parent.line_of(key), f"expected {what}, got {value!r}")
        return value

    def experiment_file(self, value, line):
        if not isinstance(value, str) or not value:
            self.fail("experiment", value, line, "expected the path of an experiment file")
        path = (self.path.parent / value).resolve()
        if not path.is_file():
            self.fail("experiment", value, line, f"no such file ({path})")
        return path

    def key_path(self, value, line):
        if not isinstance(value, str) or not KEY_PATH.fullmatch(value):
            self.fail("key path", value, line, "expected a dotted key path such as workload.jobs")
        if value in SEEDS_OWNED:
            self.fail("key path", value, line, "the sweep sets the seed of each run: use `replications`")
        return value

    def axis(self, raw, line):
        self.mapping(raw, "an axis", {"key", "values", "labels", "name"}, ("key", "values"), line)
        key = raw["key"]
        if key != EXPERIMENT_KEY:
            self.key_path(key, raw.line_of("key"))
        values = raw["values"]
        if not isinstance(values, list) or not values:
            self.fail("values", key, raw.line_of("values"), "expected a non-empty list of values")
        if key == EXPERIMENT_KEY:
            values = [str(self.experiment_file(v, values.line_of(i))) for i, v in enumerate(values)]
            default_labels = [Path(v).stem for v in values]
        else:
            values = [yaml_lines.plain(v) for v in values]
            default_labels = [_label_of(v) for v in values]
        # Default: the key's last part (jobs for workload.jobs), or the whole key with _ when that is a column
        # name of the tables (policy_name for policy.name).
        name = key.rsplit(".", 1)[-1]
        name = name if name not in RESERVED_NAMES else key.replace(".", "_")
        if "name" in raw:
            name = raw["name"]
            if not isinstance(name, str) or not IDENTIFIER.fullmatch(name) or name in RESERVED_NAMES:
                self.fail("axis name", name, raw.line_of("name"), "expected an identifier (letters, digits, _) "
                          f"other than the table columns {', '.join(RESERVED_NAMES)}")
        if "labels" in raw:
            labels = raw["labels"]
            if not isinstance(labels, list) or len(labels) != len(values):
                self.fail("labels", key, raw.line_of("labels"), f"expected a list of {len(values)} labels, one per value")
            labels = [str(label) for label in labels]
        else:
            labels = default_labels
        for index, label in enumerate(labels):
            if label is None or not LABEL.fullmatch(label):
                where = raw["labels"].line_of(index) if "labels" in raw else raw["values"].line_of(index)
                self.fail("label", label, where, f"axis '{name}': a value needs a label of letters, digits and "
                          "_ . + - (give `labels` for lists, mappings and texts with other characters)")
        if len(set(labels)) != len(labels):
            self.fail("labels", key, raw.line_of("labels") if "labels" in raw else raw.line_of("values"),
                      f"axis '{name}': two values have the same label ({', '.join(labels)})")
        return Axis(key, name, values, labels, raw.line)

    def groups(self, raw):
        if not isinstance(raw, list):
            self.fail("value", "axes", getattr(raw, "line", 0), "expected a list of axes")
        groups = []
        for index, entry in enumerate(raw):
            line = raw.line_of(index)
            if isinstance(entry, dict) and "zip" in entry:
                self.mapping(entry, "a zipped group", {"zip"}, line=line)
                members = entry["zip"]
                if not isinstance(members, list) or len(members) < 2:
                    self.fail("value", "zip", entry.line_of("zip"), "expected a list of at least two axes")
                group = [self.axis(m, members.line_of(i)) for i, m in enumerate(members)]
                lengths = {len(a.values) for a in group}
                if len(lengths) != 1:
                    self.fail("value", "zip", entry.line_of("zip"), "zipped axes need the same number of values ("
                              + ", ".join(f"{a.name}: {len(a.values)}" for a in group) + ")")
                groups.append(group)
            else:
                groups.append([self.axis(entry, line)])
        seen = {}
        for axis in (a for g in groups for a in g):
            if axis.name in seen:
                self.fail("axis name", axis.name, axis.line, f"two axes have this name (the other at line {seen[axis.name]}); "
                          "give one a `name`")
            seen[axis.name] = axis.line
        keys = {}
        for axis in (a for g in groups for a in g):
            if axis.key in keys:
                self.fail("axis", axis.key, axis.line, f"this key is already an axis at line {keys[axis.key]}")
            keys[axis.key] = axis.line
        return groups

    def replications(self, raw, line):
        self.mapping(raw, "replications", {"seeds", "precision", "max_seeds"}, ("seeds",), line)
        seeds = self.integer(raw, "seeds", 1)
        if "precision" not in raw:
            if "max_seeds" in raw:
                self.fail("key", "max_seeds", raw.line_of("max_seeds"), "only with `precision`")
            return Replications(seeds)
        precision = self.mapping(raw["precision"], "precision", {"metric", "relative_half_width"},
                                 ("metric", "relative_half_width"), raw.line_of("precision"))
        metric = precision["metric"]
        if not isinstance(metric, str) or not is_metric_name(metric):
            self.fail("metric", metric, precision.line_of("metric"), "not a metric name (analysis/README.md, Metrics)")
        width = self.number(precision, "relative_half_width", 0.0)
        if seeds < 2:
            self.fail("value", "seeds", raw.line_of("seeds"), "a precision target needs at least 2 seeds per round")
        if "max_seeds" not in raw:
            self.fail("key", "max_seeds", raw.line, "missing in replications (needed with `precision`)")
        max_seeds = self.integer(raw, "max_seeds", seeds)
        return Replications(seeds, Precision(metric, width), max_seeds)

    def metrics(self, raw, line):
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list) or not raw:
            self.fail("value", "metrics", line, "expected a list of metric names or patterns")
        for index, item in enumerate(raw):
            where = raw.line_of(index) if isinstance(raw, yaml_lines.LineList) else line
            if not isinstance(item, str) or not item:
                self.fail("metric", item, where, "expected a metric name or a pattern such as placement_mean_*")
            if not any(c in item for c in "*?[") and not is_metric_name(item):
                self.fail("metric", item, where, "not a metric name (analysis/README.md, Metrics)")
        return list(raw)

    def figures(self, raw, axis_names, line):
        if not isinstance(raw, list):
            self.fail("value", "figures", line, "expected a list of figures")
        figures = []
        for index, entry in enumerate(raw):
            self.mapping(entry, "a figure", {"metric", "x", "lines"}, ("metric", "x"), raw.line_of(index))
            metric = entry["metric"]
            if not isinstance(metric, str) or not is_metric_name(metric):
                self.fail("metric", metric, entry.line_of("metric"), "not a metric name")
            for key in ("x", "lines"):
                if key in entry and entry[key] not in axis_names:
                    self.fail("axis", entry[key], entry.line_of(key), f"no axis of this name (axes: {', '.join(axis_names)})")
            if entry.get("lines") is not None and entry.get("lines") == entry["x"]:
                self.fail("axis", entry["lines"], entry.line_of("lines"), "lines and x are the same axis")
            figures.append(Figure(metric, entry["x"], entry.get("lines")))
        return figures

    def slurm(self, raw, line):
        self.mapping(raw, "slurm", {"partition", "time", "options", "per_task", "max_running"}, line=line)
        settings = SlurmSettings()
        if "partition" in raw:
            settings.partition = self.text(raw, "partition")
        if "time" in raw:
            settings.time = str(raw["time"])
        if "options" in raw:
            options = raw["options"]
            if not isinstance(options, list) or not all(isinstance(o, str) and o.startswith("-") for o in options):
                self.fail("value", "options", raw.line_of("options"), "expected a list of sbatch options (--mem=1G)")
            settings.options = list(options)
        if "per_task" in raw and raw["per_task"] != "auto":
            settings.per_task = self.integer(raw, "per_task", 1)
        if "max_running" in raw:
            settings.max_running = self.integer(raw, "max_running", 1)
        return settings

    def read(self):
        try:
            text = self.path.read_text()
        except OSError as error:
            self.fail("sweep file", str(self.path), None, f"cannot read ({error.strerror or error})")
        except UnicodeDecodeError as error:
            self.fail("sweep file", str(self.path), None, f"not UTF-8 text ({error.reason})")
        try:
            raw = yaml_lines.load(text)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            self.fail("sweep file", str(self.path), mark.line + 1 if mark else None,
                      f"invalid YAML ({getattr(error, 'problem', None) or error})")
        top = {"name", "experiment", "set", "axes", "point_name", "replications", "metrics", "figures",
               "output", "slurm"}
        self.mapping(raw, "the sweep file", top, ("replications",), 1)
        name = self.text(raw, "name", IDENTIFIER, "an identifier") if "name" in raw else \
            re.sub(r"\W", "_", self.path.stem)
        groups = self.groups(raw["axes"]) if "axes" in raw else []
        axes = [a for g in groups for a in g]
        has_experiment_axis = any(a.key == EXPERIMENT_KEY for a in axes)
        experiment = None
        if "experiment" in raw:
            if has_experiment_axis:
                self.fail("key", "experiment", raw.line_of("experiment"), "an axis already chooses the experiment file")
            experiment = self.experiment_file(raw["experiment"], raw.line_of("experiment"))
        elif not has_experiment_axis:
            self.fail("key", "experiment", raw.line, "missing: give the base experiment file (or an `experiment` axis)")
        fixed = {}
        if "set" in raw:
            settings = raw["set"]
            if not isinstance(settings, dict):
                self.fail("value", "set", raw.line_of("set"), "expected a mapping of key path: value")
            for key, value in settings.items():
                self.key_path(key, settings.line_of(key))
                if any(a.key == key for a in axes):
                    self.fail("key path", key, settings.line_of(key), "is also an axis")
                fixed[key] = yaml_lines.plain(value)
        names = [a.name for a in axes]
        point_name = raw.get("point_name", "_".join("{" + n + "}" for n in names) if names else name)
        if not isinstance(point_name, str) or not point_name:
            self.fail("value", "point_name", raw.line_of("point_name"), "expected a text with {axis} placeholders")
        for placeholder in re.findall(r"\{([^}]*)\}", point_name):
            if placeholder not in names:
                self.fail("placeholder", placeholder, raw.line_of("point_name"),
                          f"point_name names no axis of this name (axes: {', '.join(names) or 'none'})")
        replications = self.replications(raw["replications"], raw.line_of("replications"))
        metrics = self.metrics(raw["metrics"], raw.line_of("metrics")) if "metrics" in raw else ["*"]
        if replications.precision and not any(fnmatch.fnmatchcase(replications.precision.metric, m) for m in metrics):
            self.fail("metric", replications.precision.metric, raw.line_of("replications"),
                      "the precision target's metric must be one of `metrics`")
        figures = self.figures(raw["figures"], names, raw.line_of("figures")) if "figures" in raw else []
        output = Path(self.text(raw, "output")) if "output" in raw else Path("sweeps") / name
        slurm = self.slurm(raw["slurm"], raw.line_of("slurm")) if "slurm" in raw else SlurmSettings()
        return SweepFile(self.path, name, experiment, fixed, groups, point_name, replications, metrics, figures,
                         output, slurm)


def _kind(value):
    for kind, text in ((dict, "a mapping"), (list, "a list"), (str, "a text")):
        if isinstance(value, kind):
            return text
    return "nothing" if value is None else type(value).__name__


def _label_of(value):
    """The default label of a value: itself when it is a short scalar that fits a file name."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)) and LABEL.fullmatch(str(value)):
        return str(value)
    return None


def load_sweep(path) -> SweepFile:
    """The checked sweep file; SweepError (file and line) when anything in it is wrong."""
    return _Reader(path).read()
