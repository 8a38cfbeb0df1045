"""Worst-Fit in Python: the same schedule as the C++ policy `wf` (policies/common: QueuedPolicy with FitRule
worst_fit), written against the coalsim policy API. Its traces are identical to wf's (docs/python-policies.md).

    simulate --policy python:examples/policies/worst_fit.py
"""
from collections import deque

import coalsim


def by_decreasing_size(sizes):
    """The components' indexes, largest first, in request order among equals (a stable sort)."""
    return sorted(range(len(sizes)), key=lambda i: -sizes[i])


def fits_capacities(job, capacity):
    """Whether the job could ever fit these per-cluster capacities (policies/common/Fitting.cpp)."""
    if job.type == coalsim.RequestType.ordered:
        left = list(capacity)
        for c in job.components:
            if c.cluster < 0 or c.cluster >= len(left) or left[c.cluster] < c.processors:
                return False
            left[c.cluster] -= c.processors
        return True
    sizes = job.component_sizes
    left = list(capacity)
    for i in by_decreasing_size(sizes):  # first fit, in decreasing size
        chosen = next((c for c in range(len(left)) if left[c] >= sizes[i]), None)
        if chosen is None:
            break
        left[chosen] -= sizes[i]
    else:
        return True
    if all(s == sizes[0] for s in sizes):
        return False
    return max(sizes) <= max(capacity) and sum(sizes) <= sum(capacity)


class Waiting:
    """A job in the wait-queue, with its sizes kept for the room check and its submission failures."""

    __slots__ = ("job", "largest", "total", "failures")

    def __init__(self, job, failures):
        self.job = job
        self.largest = job.largest_component
        self.total = job.processors_needed
        self.failures = failures


class WorstFit(coalsim.Policy):
    """worst-fit in Python: each component on the cluster with the most idle processors (as wf)"""

    parameters = [
        coalsim.choice("queue", "fcfs", ["fcfs", "fpfs"],
                       "wait-queue discipline: only the head is tried, or the first job that fits"),
        coalsim.integer("max_submission_failures", 0, 0, "failed claims after which a job is dropped (0: no limit)"),
        coalsim.choice("claiming", "immediate", ["immediate", "after_transfer"],
                       "claim processors at placement, or once the input files have arrived"),
    ]

    def __init__(self, queue="fcfs", max_submission_failures=0, claiming="immediate"):
        self.fcfs = queue == "fcfs"
        self.max_failures = max_submission_failures
        self.claiming = coalsim.Claiming.after_transfer if claiming == "after_transfer" else coalsim.Claiming.immediate
        self.queue = deque()      # Waiting, in queue order
        self.unscreened = []      # pushed or re-queued since the last never-fits screen
        self.handed_out = {}      # placed job id -> its submission failures so far
        self.to_reject = []       # (job id, reason, failed, code)

    def needs(self):
        needs = coalsim.PolicyNeeds()
        needs.request_types = [coalsim.RequestType.ordered, coalsim.RequestType.unordered, coalsim.RequestType.total]
        return needs

    # Events.
    def on_job_submitted(self, job):
        self.append(job, 0)

    def on_claim_failed(self, job):
        failures = self.handed_out.pop(job.id, 0) + 1
        if self.max_failures and failures >= self.max_failures:
            self.to_reject.append((job.id, f"dropped after {failures} submission failures", True, "submit_failures"))
        else:
            self.append(job, failures)

    def on_job_started(self, job):
        self.handed_out.pop(job.id, None)

    def on_job_withdrawn(self, job):
        self.queue = deque(w for w in self.queue if w.job.id != job.id)
        self.unscreened = [w for w in self.unscreened if w.job.id != job.id]
        self.to_reject = [r for r in self.to_reject if r[0] != job.id]

    def waiting_jobs(self):
        return len(self.queue)

    # The pass.
    def decide(self, view):
        if not self.queue and not self.to_reject:
            return None  # nothing to decide (most passes: the engine passes at every event)
        decisions = coalsim.Decisions()
        for job_id, reason, failed, code in self.to_reject:
            decisions.reject(job_id, reason, failed, code)
        self.to_reject = []
        self.reject_never_fitting(view, decisions)
        if not self.queue:
            return decisions
        idle = view.idle_counts()
        largest = max(0, max(idle))
        total = sum(c for c in idle if c > 0)
        kept = deque()
        while self.queue:
            w = self.queue.popleft()
            placed = w.largest <= largest and w.total <= total and self.place(w.job, idle, view)
            if placed:
                self.handed_out[w.job.id] = w.failures
                decisions.place(w.job.id, placed, self.claiming)
                continue
            decisions.not_placed(w.job.id)
            kept.append(w)
            if self.fcfs:
                break
        kept.extend(self.queue)
        self.queue = kept
        return decisions

    def append(self, job, failures):
        w = Waiting(job, failures)
        self.queue.append(w)
        self.unscreened.append(w)

    def reject_never_fitting(self, view, decisions):
        """Jobs that can never fit leave (each screened once; all, once a cluster is marked unusable)."""
        asked = list(self.queue) if view.any_marked_unusable() else self.unscreened
        self.unscreened = []
        if not asked:
            return
        capacities = view.lasting_capacities()
        leaving = [w for w in asked if not fits_capacities(w.job, capacities)]
        if not leaving:
            return
        whole_grid = [c.processors for c in view.clusters]
        for w in leaving:
            if not fits_capacities(w.job, whole_grid):
                decisions.reject(w.job.id, "larger than the grid: fits none of its clusters even when idle", False,
                                 "exceeds_grid")
            else:
                decisions.reject(w.job.id, "fits none of the clusters left usable", True, "no_usable_fit")
        gone = {id(w) for w in leaving}
        self.queue = deque(w for w in self.queue if id(w) not in gone)

    def place(self, job, idle, view):
        """The components on the clusters with the most idle processors (`idle` updated), or None."""
        if not coalsim.file_readable(job, view):
            return None
        left = list(idle)
        if job.type == coalsim.RequestType.ordered:
            chosen = []
            for c in job.components:
                if c.cluster < 0 or c.cluster >= len(left) or not view.fits(c.cluster, c.processors, left[c.cluster], idle[c.cluster]):
                    return None
                left[c.cluster] -= view.capacity_held(c.cluster, c.processors)  # what it holds once placed
                chosen.append((c.cluster, c.processors))
        else:
            sizes = job.component_sizes
            chosen = [None] * len(sizes)
            for i in by_decreasing_size(sizes):
                size, best = sizes[i], -1
                for c in range(len(left)):
                    # view.fits: whether what the component holds there now (whole nodes' worth on a shaped cluster)
                    # fits what the pass left, within a `nodes` cluster's hosts surely left with room, asked last: it
                    # holds at least `size`, and only a cluster that would be the new best needs it
                    if left[c] >= size and (best < 0 or left[c] > left[best]) and view.fits(c, size, left[c], idle[c]):
                        best = c
                if best < 0:
                    return None
                left[best] -= view.capacity_held(best, size)  # what it holds once placed
                chosen[i] = (best, size)
        idle[:] = left
        return [coalsim.Component(c, n, coalsim.nearest_replica(job, c, view)) for c, n in chosen]
