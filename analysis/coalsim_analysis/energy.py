"""A run's energy from the /cluster_energy table (docs/trace-format.md, docs/concepts.md "Energy"), and the wait of
its local jobs (/local_jobs), which power management lengthens.

A run on a platform without power properties has no energy metrics; one without /local_jobs rows no local wait.
"""

import math

import numpy as np

# The metrics energy_metrics gives, by name (names.py checks reference files against them).
ENERGY_METRICS = ["energy_joules", "energy_mean_watts", "energy_grid_joules", "energy_local_joules",
                  "energy_idle_joules", "energy_off_joules", "energy_boot_joules", "energy_boots", "local_wait_mean"]


def energy_metrics(trace) -> dict:
    """Every energy metric of one trace by name; {} for a trace without /cluster_energy (and without local jobs)."""
    result = {}
    local = trace.local_jobs
    if local is not None and local.size and "wait_time" in local.dtype.names:
        result["local_wait_mean"] = float(np.mean(local["wait_time"]))
    energy = trace.cluster_energy
    if energy is None or energy.size == 0:
        return result
    joules = float(energy["joules"].sum())
    result.update({
        "energy_joules": joules,
        "energy_mean_watts": joules / trace.end_time if trace.end_time > 0 else math.nan,
        "energy_grid_joules": float(energy["grid_joules"].sum()),
        "energy_local_joules": float(energy["local_joules"].sum()),
        "energy_idle_joules": float(energy["idle_joules"].sum()),
        "energy_off_joules": float(energy["off_joules"].sum()),
        "energy_boot_joules": float(energy["boot_joules"].sum()),
        "energy_boots": int(energy["boots"].sum()),
    })
    return result
