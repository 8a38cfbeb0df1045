"""Earliest-Start: a policy that exists only in Python. Each component goes to the cluster where it is predicted to
start earliest: now plus its file's estimated transfer time on a cluster with room, or, on a cluster without room,
the estimated end of the local jobs that must leave first (the view's running_local) plus that transfer time. A job
whose best choice for some component is a cluster without room waits for it (the policy asks to be woken then)
instead of going at once to a cluster whose file transfer would make it start later.

    simulate --policy python:examples/policies/earliest_start.py
"""
import math

import coalsim
from worst_fit import WorstFit, by_decreasing_size


def free_at(view, cluster, idle, size):
    """When `size` processors of the cluster are predicted free: now with `idle` enough, else the estimated end of
    the local jobs that must end first (inf when even they are not enough)."""
    if idle >= size:
        return view.now
    missing = size - idle
    for end, processors in view.running_local(cluster):
        missing -= processors
        if missing <= 0:
            return max(end, view.now)
    return math.inf


class EarliestStart(WorstFit):
    """each component on the cluster where it is predicted to start first (free processors, local jobs' ends, file transfer)"""

    parameters = WorstFit.parameters + [
        coalsim.number("patience", 600, 0, "the longest a job waits for a better cluster rather than start now (s)"),
    ]

    def __init__(self, patience=600.0, **queue_settings):
        super().__init__(**queue_settings)
        self.patience = patience
        self.wake = math.nan
        self.deferred_since = {}  # job id -> when it first waited for a better cluster (it waits `patience` at most)

    def decide(self, view):
        self.wake = math.nan
        decisions = super().decide(view)
        if not math.isnan(self.wake) and self.wake > view.now:
            if decisions is None:
                decisions = coalsim.Decisions()
            decisions.wake_at = self.wake
        return decisions

    def place(self, job, idle, view):
        if job.type == coalsim.RequestType.ordered:
            return super().place(job, idle, view)
        if not coalsim.file_readable(job, view):
            return None
        usable = [c.usable for c in view.clusters]
        left = list(idle)
        sizes = job.component_sizes
        chosen = [None] * len(sizes)
        for i in by_decreasing_size(sizes):
            size = sizes[i]
            best, best_start, best_free, best_now, best_now_start = None, math.inf, math.inf, None, math.inf
            for c in range(len(left)):
                if not usable[c]:
                    continue
                site = coalsim.nearest_replica(job, c, view)
                transfer = 0.0 if job.file is None else view.estimated_transfer_time(site, c, job.file.size_bytes)
                free = free_at(view, c, left[c], size)
                start = free + transfer
                if start < best_start:
                    best, best_start, best_free = c, start, free
                if left[c] >= size and start < best_now_start:
                    best_now, best_now_start = c, start
            if best_now is None:
                return None
            waited = view.now - self.deferred_since.setdefault(job.id, view.now)
            if best != best_now and best_now_start > best_start and best_free - view.now + waited <= self.patience:
                # a cluster where it would start earlier frees up soon enough: wait for it (woken when it frees)
                self.wake = best_free if math.isnan(self.wake) else min(self.wake, best_free)
                return None
            left[best_now] -= size
            chosen[i] = coalsim.Component(best_now, size, coalsim.nearest_replica(job, best_now, view))
        idle[:] = left
        self.deferred_since.pop(job.id, None)
        return chosen
