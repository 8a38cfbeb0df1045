"""Figures of a sweep: a metric against one axis, mean with its 95% confidence interval as bars, one line per
value of another axis; one figure per combination of the remaining axes."""

import itertools
import math
import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def _numeric(values) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def draw(sweep, rows, figure, directory: Path, formats=("png",)) -> list:
    axes = {a.name: a for a in sweep.axes}
    x_axis = axes[figure.x]
    line_axis = axes[figure.lines] if figure.lines else None
    others = [a for a in sweep.axes if a.name not in (figure.x, figure.lines)]
    lookup = {}
    for row in rows:
        if row.metric == figure.metric:
            lookup[tuple(sorted(dict(row.point.coordinates).items()))] = row.summary
    # Values are placed by number only when they are numbers shown as themselves; labelled values
    # (replicas 1, 3 labelled norep, rep) are categories.
    numeric = (_numeric(x_axis.values) and x_axis.key != "experiment"
               and all(label == str(value) for value, label in zip(x_axis.values, x_axis.labels)))
    written = []
    for fixed in itertools.product(*[a.labels for a in others]):
        fixed_coordinates = dict(zip([a.name for a in others], fixed))
        fig, ax = plt.subplots(figsize=(6.4, 4.0), layout="constrained")
        line_labels = line_axis.labels if line_axis else [None]
        width = 0.3 / max(1, len(line_labels))  # side by side within a category
        drawn = False
        for index, line_label in enumerate(line_labels):
            xs, ys, errors = [], [], []
            for position, (value, label) in enumerate(zip(x_axis.values, x_axis.labels)):
                coordinates = dict(fixed_coordinates, **{x_axis.name: label})
                if line_axis:
                    coordinates[line_axis.name] = line_label
                summary = lookup.get(tuple(sorted(coordinates.items())))
                if summary is None or math.isnan(summary.mean):
                    continue
                offset = 0 if numeric else (index - (len(line_labels) - 1) / 2) * width
                xs.append(float(value) if numeric else position + offset)
                ys.append(summary.mean)
                errors.append(0.0 if math.isnan(summary.half_width) else summary.half_width)
            if xs:
                drawn = True
                ax.errorbar(xs, ys, yerr=errors, marker="o", capsize=4,
                            label=f"{line_axis.name} = {line_label}" if line_axis else None)
        if not drawn:
            plt.close(fig)
            continue
        if not numeric:
            ax.set_xticks(range(len(x_axis.labels)), x_axis.labels)
            ax.set_xlim(-0.5, len(x_axis.labels) - 0.5)
        ax.set_xlabel(x_axis.name if x_axis.key == x_axis.name else f"{x_axis.name} ({x_axis.key})")
        ax.set_ylabel(f"{figure.metric} (mean, 95% CI)")
        title = f"{sweep.name}: {figure.metric} against {x_axis.name}"
        if fixed_coordinates:
            title += "\n" + ", ".join(f"{k} = {v}" for k, v in fixed_coordinates.items())
        ax.set_title(title, fontsize="medium")
        if line_axis:
            ax.legend(fontsize="small")
        stem = f"{figure.metric}_vs_{x_axis.name}" + (f"_by_{line_axis.name}" if line_axis else "")
        stem += "".join(f"__{k}-{v}" for k, v in fixed_coordinates.items())
        for extension in formats:
            path = directory / f"{stem}.{extension}"
            temporary = directory / f".{stem}.{os.getpid()}.{extension}"
            metadata = {"Date": None} if extension == "pdf" else ({"Date": None} if extension == "svg" else None)
            fig.savefig(temporary, dpi=120, metadata=metadata, format=extension)
            os.replace(temporary, path)
            written.append(path)
        plt.close(fig)
    return written
