"""Job shape: number of components x component size (processors / n_components)."""

import numpy as np


def component_size(processors: int, n_components: int):
    """Processors per component: an int when the split is even, else a float rounded to 0.1."""
    if n_components <= 0:
        return 0
    size = processors / n_components
    return int(size) if float(size).is_integer() else round(size, 1)


def shape_label(n_components: int, processors: int) -> str:
    """'4x8' for 4 components of 8 processors (a valid identifier suffix: '.' becomes 'p')."""
    return f"{int(n_components)}x{component_size(int(processors), int(n_components))}".replace(".", "p")


def shape_key(label: str):
    """Sort key: by number of components, then component size."""
    n, size = label.split("x")
    return int(n), float(size.replace("p", "."))


def shape_labels(jobs: np.ndarray) -> np.ndarray:
    return np.array([shape_label(n, p) for n, p in zip(jobs["n_components"], jobs["processors"])], dtype=object)


def group_by_shape(jobs: np.ndarray) -> dict:
    """{shape label: rows of jobs}, ordered by number of components then component size."""
    labels = shape_labels(jobs)
    return {label: jobs[labels == label] for label in sorted(set(labels), key=shape_key)}
