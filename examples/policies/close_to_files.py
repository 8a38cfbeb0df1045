"""KOALA's Close-to-Files in Python (Mohamed and Epema 2008, Section 5.1, Algorithm 1): each component on the
first file site (in name order) with room, else on the pair (execution site, file site) of the history table H
with the smallest estimated file transfer time. The same schedule as the C++ policy `cf`; jobs without an input
file are placed by worst-fit (worst_fit.py, whose queue this policy shares).

    simulate --policy python:examples/policies/close_to_files.py
"""
import bisect

import coalsim
from worst_fit import WorstFit, by_decreasing_size


class CloseToFiles(WorstFit):
    """Close-to-Files in Python: components near their input file, history table H (as cf)"""

    parameters = WorstFit.parameters + [
        coalsim.choice("history", "all_pairs", ["all_pairs", "empty"],
                       "initial history table H of (execution site, file site) pairs"),
    ]

    def __init__(self, history="all_pairs", **queue_settings):
        super().__init__(**queue_settings)
        self.start_full = history == "all_pairs"
        self.history = None  # the pairs of H, sorted (as C++'s std::set), and as a set
        self.history_set = None

    def place(self, job, idle, view):
        if job.type == coalsim.RequestType.ordered or job.file is None or not job.file.replica_sites:
            return super().place(job, idle, view)
        if self.history is None:  # H over the run's clusters, known at the first pass
            n = view.cluster_count
            self.history = [(e, f) for e in range(n) for f in range(n)] if self.start_full else []
            self.history_set = set(self.history)
        if not coalsim.file_readable(job, view):
            return None
        added = []
        placed = self.close_to_files(job, idle, view, added)
        for pair in added:  # kept even when the job did not fit (Algorithm 1, lines 12-13)
            bisect.insort(self.history, pair)
            self.history_set.add(pair)
        return placed

    def close_to_files(self, job, idle, view, added):
        f = job.file
        file_sites = sorted(f.replica_sites, key=lambda s: (view.cluster(s).name, s))
        readable = [s for s in file_sites if view.cluster(s).up]
        if not readable:
            return None
        usable = [c.usable for c in view.clusters]
        left = list(idle)
        sizes = job.component_sizes
        placed = [None] * len(sizes)
        for i in by_decreasing_size(sizes):  # line 1
            size = sizes[i]
            execution = file_site = None
            for s in readable:  # line 3: the first file site with room
                if usable[s] and view.fits(s, size, left[s], idle[s]):
                    execution = file_site = s
                    break
            if execution is None:  # lines 7-11: the pair of H with the smallest estimated transfer time
                best = 0.0
                pairs = sorted(self.history_set.union(added)) if added else self.history
                for e, s in pairs:
                    if not (usable[e] and view.fits(e, size, left[e], idle[e])) or s not in readable:
                        continue
                    t = view.estimated_transfer_time(s, e, f.size_bytes)
                    if execution is None or t < best:
                        execution, file_site, best = e, s, t
                if execution is None:
                    return None  # line 15
                for s in file_sites:  # lines 12-13
                    if (execution, s) not in self.history_set and (execution, s) not in added:
                        added.append((execution, s))
            left[execution] -= view.capacity_held(execution, size)  # what it holds: whole nodes' worth if shaped
            placed[i] = coalsim.Component(execution, size, file_site)
        idle[:] = left
        return placed
