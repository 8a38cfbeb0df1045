"""Gantt charts: which cores of which cluster ran what, one panel per cluster (cores up, time across; on a grid of more
than MAX_PANELS clusters, unless chosen, the MAX_PANELS busiest).

Grid components are coloured by the chosen scheme (by job, user, the clusters the policy chose, the attempt or the
wait); local jobs are grey and the band's dummy jobs sand. A grid attempt's cores held but not running (claimed
and waiting for the start, or claimed and never started: KOALA's wasted time) are hatched orange; a failed run is
cross-hatched with a red edge. Outages and host failures are shaded red. A time-shared host shows its components'
shares stacked in its rows. The components of a co-allocated job carry the job's colour and a diamond at their
start in every panel (numbered when few, left out when too many to see); a highlighted job is outlined and its
components joined across panels.

Every kind of rectangle is one collection per panel (gid `run`, `held`, `failed`, `local`, `dummy`, `share`,
`down`, `highlight`; the diamonds a scatter with gid `links`), never an artist per job. When a panel has more
rectangles than RASTER_ABOVE (or with raster="always"), they are painted into one image instead (gid `raster`)
at the resolution of the saved figure: each pixel the area-weighted mean colour of what covers it, so the memory
is that of the picture, not of the jobs.
"""

import copy

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.collections import PolyCollection
from matplotlib.colors import LogNorm, to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import ConnectionPatch, Patch

from .. import schedule as sched
from ..trace import text
from .common import Skipped, time_unit

COLOR_SCHEMES = ("job", "user", "clusters", "placement", "wait")
RASTER_ABOVE = 5000  # rectangles in a panel beyond which it is painted as an image
MARKERS_UP_TO = 300  # co-allocated components in a panel beyond which their diamonds would hide the schedule
SAVE_DPI = 120
MAX_PANELS = 16  # clusters drawn when none are chosen: the busiest of a larger grid

LOCAL_COLOR, DUMMY_COLOR = to_rgba("#9a9a9a"), to_rgba("#d8c8a0")
HELD_COLOR, FAILED_EDGE, DOWN_COLOR = to_rgba("#ff9f1c"), to_rgba("#c00000"), to_rgba("#e03030", 0.18)
# Job colours: tab20 without its oranges (held time), reds (failures) and greys (local jobs); neighbouring job ids
# differ.
JOB_PALETTE = np.array([c for i, c in enumerate(plt.get_cmap("tab20").colors) if i not in (2, 3, 6, 7, 14, 15)])
PLACEMENT_COLORS = np.array([to_rgba(c)[:3] for c in ("#1f77b4", "#ff7f0e", "#d62728", "#9467bd")])


class GanttOptions:
    def __init__(self, window=None, clusters=None, highlight=None, color="job", raster="auto", title=None,
                 width=14.0, hosts=None):
        if color not in COLOR_SCHEMES:
            raise ValueError(f"invalid colour scheme '{color}': valid values are {', '.join(COLOR_SCHEMES)}")
        if raster not in ("auto", "always", "never"):
            raise ValueError(f"invalid raster mode '{raster}': valid values are auto, always, never")
        self.window, self.clusters, self.highlight = window, clusters, highlight
        self.color, self.raster, self.title, self.width = color, raster, title, width
        self.hosts = hosts  # (first, last) host indices shown in every panel; None: all


# ------------------------------------------------------------------ colours

class Colouring:
    """Colour of each grid rectangle under one scheme, and the legend or colour bar that explains it."""

    def __init__(self, traces, scheme, notes):
        self.scheme = scheme
        jobs = [t.jobs for t in traces]
        if scheme == "user":
            with_user = [j for j in jobs if j.dtype.names and "user" in j.dtype.names]
            if len(with_user) != len(jobs):
                notes.append("the trace records no user of a grid job (/jobs has no 'user' field): coloured by job")
                self.scheme = scheme = "job"
        self.legend = []
        self.norm = None
        if scheme in ("user", "clusters"):
            key = "user" if scheme == "user" else "clusters"
            values = sorted({text(v) for j in jobs for v in j[key]} - {""})
            self.categories = {v: i for i, v in enumerate(values)}
            self.by_job = [dict(zip(j["id"].tolist(), (self.categories.get(text(v), -1) for v in j[key])))
                           for j in jobs]
            if len(values) <= 12:
                self.legend = [Patch(color=JOB_PALETTE[i % len(JOB_PALETTE)], label=f"{key} {v}")
                               for v, i in self.categories.items()]
        elif scheme == "wait":
            self.waits = [(j["id"].astype(np.int64), j["wait_time"].astype(float)) for j in jobs]
            # local jobs too, by their /local_jobs row (its id), when the trace numbers them
            self.local_waits = [(t.local_jobs["id"].astype(np.int64), t.local_jobs["wait_time"].astype(float))
                                if t.local_jobs.size and "id" in t.local_jobs.dtype.names else None for t in traces]
            everything = self.waits + [w for w in self.local_waits if w is not None]
            positive = np.concatenate([w[w > 0] for _, w in everything]) if everything else np.zeros(0)
            low = max(float(positive.min()) if positive.size else 1.0, 1.0)
            high = max(float(positive.max()) if positive.size else 10.0, low * 10)
            self.norm = LogNorm(low, high)
            self.cmap = plt.get_cmap("viridis")
        elif scheme == "placement":
            self.legend = [Patch(color=PLACEMENT_COLORS[i], label=label)
                           for i, label in enumerate(("1st attempt", "2nd attempt", "3rd attempt", "later attempt"))]

    def _by_wait(self, table, job):
        """RGBA of each job by its wait (ids, waits); grey when the job has none."""
        ids, waits = table
        order = np.argsort(ids)
        found = np.clip(np.searchsorted(ids[order], job), 0, max(ids.size - 1, 0))
        wait = np.full(job.size, np.nan)
        if ids.size:
            hit = ids[order][found] == job
            wait[hit] = waits[order][found[hit]]
        rgba = np.asarray(self.cmap(self.norm(np.clip(np.nan_to_num(wait, nan=self.norm.vmin), self.norm.vmin,
                                                      self.norm.vmax)))).reshape(-1, 4)
        rgba[np.isnan(wait), :3] = 0.6
        return rgba

    def colours(self, trace_index, rects) -> np.ndarray:
        """RGBA per rectangle (grid rectangles by the scheme; the kind's colour for the others)."""
        rgba = np.ones((len(rects), 4))
        job = rects.job
        if self.scheme == "job":
            rgba[:, :3] = JOB_PALETTE[np.mod(job, len(JOB_PALETTE))]
        elif self.scheme in ("user", "clusters"):
            lookup = self.by_job[trace_index]
            category = np.array([lookup.get(int(j), -1) for j in job], dtype=np.int64)
            rgba[:, :3] = JOB_PALETTE[np.mod(category, len(JOB_PALETTE))]
            rgba[category < 0, :3] = 0.6
        elif self.scheme == "placement":
            rgba[:, :3] = PLACEMENT_COLORS[np.clip(rects.placement - 1, 0, 3)]
        elif self.scheme == "wait":
            rgba = self._by_wait(self.waits[trace_index], job)
        local = rects.kind == sched.LOCAL_JOB
        if self.scheme == "wait" and self.local_waits[trace_index] is not None:
            rgba[local] = self._by_wait(self.local_waits[trace_index], job[local])
        else:
            rgba[local] = LOCAL_COLOR
        rgba[rects.kind == sched.DUMMY_JOB] = DUMMY_COLOR
        rgba[rects.kind == sched.HELD] = HELD_COLOR
        rgba[(rects.kind == sched.SHARE) & (rects.job < 0)] = to_rgba("#4a7ab0")
        return rgba


# ------------------------------------------------------------------ drawing one panel

def _verts(rects, scale):
    x0, x1 = rects.x0 / scale, rects.x1 / scale
    return np.stack([np.column_stack([x0, rects.y0]), np.column_stack([x0, rects.y1]),
                     np.column_stack([x1, rects.y1]), np.column_stack([x1, rects.y0])], axis=1)


def _collection(ax, rects, scale, gid, **style):
    collection = PolyCollection(_verts(rects, scale), **style)
    collection.set_gid(gid)
    ax.add_collection(collection)
    return collection


def rasterize(rects, rgba, xlim, ylim, width, height):
    """Paint rectangles (x in [xlim), y in the core rows [ylim)) into a (height, width, 4) RGBA image: each pixel
    holds the mean colour of what covers it weighted by the area covered, and that area as its opacity.
    Coverage is exact and separable: a 2D difference array of each rectangle's fractional edges, summed up."""
    rows = ylim[1] - ylim[0]
    height = max(1, min(height, int(np.ceil(rows))))
    x = (np.clip(np.column_stack([rects.x0, rects.x1]), *xlim) - xlim[0]) * (width / (xlim[1] - xlim[0]))
    y = (np.clip(np.column_stack([rects.y0, rects.y1]), *ylim) - ylim[0]) * (height / rows)
    total = np.zeros((4, height + 2, width + 2))
    step = 200000  # rectangles per batch: 16 entries each, so the index arrays stay small
    for start in range(0, len(rects), step):
        sl = slice(start, start + step)
        xi, xw = _edges(x[sl], width)
        yi, yw = _edges(y[sl], height)
        flat = (yi[:, :, None] * (width + 2) + xi[:, None, :]).reshape(-1)
        weight = (yw[:, :, None] * xw[:, None, :]).reshape(xi.shape[0], -1)
        colour = rgba[sl]
        for channel in range(4):
            value = colour[:, channel] * colour[:, 3] if channel < 3 else colour[:, 3]
            total[channel].reshape(-1)[:] += np.bincount(flat, (weight * value[:, None]).reshape(-1),
                                                         minlength=total[channel].size)
    covered = total.cumsum(axis=1).cumsum(axis=2)[:, :height, :width]
    alpha = np.clip(covered[3], 0, 1)
    image = np.zeros((height, width, 4))
    with np.errstate(invalid="ignore", divide="ignore"):
        for channel in range(3):
            image[:, :, channel] = np.where(covered[3] > 1e-9, covered[channel] / covered[3], 1.0)
    image[:, :, 3] = alpha
    return np.clip(image, 0, 1)


def _edges(span, size):
    """Indices and weights of a 1D difference array whose running sum is each pixel's covered fraction of
    [span[:, 0], span[:, 1]): +1 from the start, -1 from the end, each split over the pixel it falls in."""
    a, b = span[:, 0], span[:, 1]
    fa, fb = np.floor(a), np.floor(b)
    index = np.column_stack([fa, fa + 1, fb, fb + 1]).astype(np.int64)
    weight = np.column_stack([1 - (a - fa), a - fa, -(1 - (b - fb)), -(b - fb)])
    return np.clip(index, 0, size + 1), weight


def _draw_rectangles(ax, rects, rgba, scale, xlim, ylim, mode, pixels):
    """One collection per kind, or one image; returns 'raster' or 'vector'."""
    if mode == "always" or (mode == "auto" and len(rects) > RASTER_ABOVE):
        colours = rgba.copy()
        colours[rects.kind == sched.FAILED_RUN] = FAILED_EDGE
        image = rasterize(rects, colours, xlim, ylim, pixels[0], pixels[1])
        artist = ax.imshow(image, origin="lower", aspect="auto", interpolation="nearest",
                           extent=(xlim[0] / scale, xlim[1] / scale, *ylim), zorder=1)
        artist.set_gid("raster")
        return "raster"
    few = len(rects) < 3000
    edge = dict(edgecolors="white", linewidths=0.3) if few else dict(edgecolors="none", linewidths=0)
    for kind in (sched.RUN, sched.SHARE, sched.LOCAL_JOB, sched.DUMMY_JOB):
        mask = rects.kind == kind
        if mask.any():
            _collection(ax, rects.select(mask), scale, sched.KIND_NAMES[kind], facecolors=rgba[mask], zorder=1,
                        **edge)
    mask = rects.kind == sched.HELD
    if mask.any():
        _collection(ax, rects.select(mask), scale, "held", facecolors=rgba[mask], edgecolors="#c06000",
                    linewidths=0.4, hatch="////", zorder=1)
    mask = rects.kind == sched.FAILED_RUN
    if mask.any():
        _collection(ax, rects.select(mask), scale, "failed", facecolors=rgba[mask], edgecolors=FAILED_EDGE,
                    linewidths=0.8, hatch="xx", zorder=1)
    return "vector"


def _link_points(rects, scale):
    """One point per grid component of an attempt: where it started running (where it was claimed if it never
    started), in the middle of its lowest rows."""
    grid = rects.select(np.isin(rects.kind, (sched.RUN, sched.FAILED_RUN, sched.HELD)))
    if not len(grid):
        return grid, np.zeros(0), np.zeros(0)
    keys = np.column_stack([grid.job, grid.placement, grid.component])
    held = (grid.kind == sched.HELD).astype(np.int8)  # a run before the held time that preceded it
    order = np.lexsort((grid.y0, grid.x0, held, keys[:, 2], keys[:, 1], keys[:, 0]))
    keys = keys[order]
    first = np.ones(order.size, dtype=bool)
    first[1:] = (keys[1:] != keys[:-1]).any(axis=1)
    points = grid.select(order[first])
    return points, points.x0 / scale, (points.y0 + points.y1) / 2


def _coallocated_attempts(schedule):
    """(job, placement) pairs whose grid rows span more than one cluster."""
    rows = schedule.allocations
    if not rows.size:
        return set()
    grid = rows[rows["owner"] == sched.GRID]
    pairs = np.unique(np.column_stack([grid["job_id"], grid["placement"], grid["cluster"]]).astype(np.int64), axis=0)
    attempt, counts = np.unique(pairs[:, :2], axis=0, return_counts=True)
    return {tuple(p) for p in attempt[counts > 1].tolist()}


# ------------------------------------------------------------------ the figure

def _host_rows(layout, hosts):
    """The core rows [first, last) of hosts FIRST..LAST (all of them when None)."""
    if hosts is None:
        return (0, layout.cores)
    first, last = hosts
    if first >= layout.host_cores.size:
        raise ValueError(f"invalid --hosts '{first}-{last}': cluster {layout.name} has {layout.host_cores.size} "
                         "host(s)")
    last = min(last, layout.host_cores.size - 1)
    return (int(layout.offsets[first]), int(layout.offsets[last] + layout.host_cores[last]))


def busiest_clusters(trace, allocations, most):
    """The `most` clusters whose cores grid components held longest (core-seconds from the trace's /allocations;
    ties, and clusters no grid job used, in the trace's order), listed in the trace's order."""
    names = trace.cluster_names
    held = np.zeros(len(names))
    a = allocations
    if a.size:
        grid = a[a["owner"] == 0]
        released = np.where(np.isnan(grid["released_at"]), trace.end_time, grid["released_at"])
        np.add.at(held, grid["cluster"], grid["cores"] * np.maximum(released - grid["claimed_at"], 0.0))
    order = sorted(range(len(names)), key=lambda c: (-held[c], c))
    return [names[c] for c in sorted(order[:most])]


def _resolve_clusters(trace, wanted):
    names = trace.cluster_names
    if not wanted:
        return list(range(len(names)))
    unknown = [c for c in wanted if c not in names]
    if unknown:
        raise ValueError(f"invalid cluster '{','.join(unknown)}' in {trace.path}: its clusters are {', '.join(names)}")
    return [names.index(c) for c in wanted]


def gantt_figure(traces, options=None):
    """One figure: for each trace (one, or two to compare), one panel per cluster, all on one time axis.
    Returns (figure, notes) where notes are what the reader should know (e.g. a colour scheme that fell back)."""
    options = options or GanttOptions()
    notes = []
    schedules = [sched.load_schedule(t) for t in traces]
    if not options.clusters and len(traces[0].cluster_names) > MAX_PANELS:
        # A panel per cluster of a large grid is a figure no image format holds (and minutes of layout).
        chosen = busiest_clusters(traces[0], schedules[0].allocations, MAX_PANELS)
        notes.append(f"{traces[0].name} has {len(traces[0].cluster_names)} clusters: drawn are the {MAX_PANELS} where "
                     f"grid jobs held the most core-seconds ({','.join(chosen)}); choose others with --clusters")
        options = copy.copy(options)
        options.clusters = chosen
    panels = [(i, c) for i, t in enumerate(traces) for c in _resolve_clusters(t, options.clusters)]
    end = max(t.end_time for t in traces)  # the run's end: local jobs that play out after it are cut there
    window = options.window or (0.0, end if end > 0 else 1.0)
    scale, unit = time_unit(window[1] - window[0] if options.window else window[1])
    colouring = Colouring(traces, options.color, notes)
    for i, (trace, schedule) in enumerate(zip(traces, schedules)):
        source = {l.source for l in schedule.layouts}
        if "derived" in source:
            notes.append(f"{trace.name}: cores per host derived from the allocations (platform file "
                         f"'{trace.attrs.get('platform')}' not found)")
    cores = [schedules[i].layouts[c].cores for i, c in panels]
    heights = [1.0 + 1.6 * n / max(cores) for n in cores]
    fig, axes = plt.subplots(len(panels), 1, sharex=True, squeeze=False, layout="constrained",
                             figsize=(options.width, 0.9 + sum(heights)), gridspec_kw={"height_ratios": heights})
    axes = axes[:, 0]
    pixel_width = int(options.width * SAVE_DPI * 0.85)
    links = {}  # (trace, job, placement) -> [(axes, x, y)]
    coallocated = [_coallocated_attempts(s) for s in schedules]
    if options.window:  # only the rows that reach into the window are drawn: leave the others now
        for s in schedules:
            if s.allocations.size:
                released = s.allocations["released_at"]
                s.allocations = s.allocations[(s.allocations["claimed_at"] < window[1])
                                              & ((released > window[0]) | np.isnan(released))]
    drawn_modes, crowded = set(), set()
    highlighted_anywhere = options.highlight is not None and any(sched.holds_cores(s, options.highlight)
                                                                 for s in schedules)
    if options.highlight is not None and not highlighted_anywhere:
        notes.append(f"job {options.highlight} holds no cores in the trace(s): nothing highlighted")
    for ax, (i, c), height in zip(axes, panels, heights):
        trace, schedule, layout = traces[i], schedules[i], schedules[i].layouts[c]
        rects = sched.concatenate([sched.allocation_rectangles(schedule, c, trace.end_time),
                                   sched.share_rectangles(schedule, c, trace.end_time)])
        rects = sched.clip(rects, window)
        rgba = colouring.colours(i, rects)
        pixels = (pixel_width, int(height * SAVE_DPI))
        highlight = (rects.job == options.highlight) & ~np.isin(rects.kind, (sched.LOCAL_JOB, sched.DUMMY_JOB)) \
            if highlighted_anywhere else np.zeros(len(rects), dtype=bool)
        if highlighted_anywhere:
            rgba[~highlight, 3] *= 0.35
        rows = _host_rows(layout, options.hosts)
        inside = (rects.y1 > rows[0]) & (rects.y0 < rows[1])
        drawn_modes.add(_draw_rectangles(ax, rects.select(inside), rgba[inside], scale, window, rows, options.raster,
                                         pixels))
        if highlight.any():
            _collection(ax, rects.select(highlight), scale, "highlight", facecolors="none", edgecolors="black",
                        linewidths=2.0, zorder=3)
        down = [d for d in sched.down_intervals(trace, layout, c, max(trace.end_time, window[1]))
                if d[1] > window[0] and d[0] < window[1]]
        if down:
            boxes = sched.Rectangles(*(np.array(v, dtype=float) for v in zip(*down)),
                                     *(np.zeros(len(down), dtype=np.int64) for _ in range(4)))
            boxes = sched.clip(boxes, window)
            _collection(ax, boxes, scale, "down", facecolors=[DOWN_COLOR], edgecolors=[FAILED_EDGE],
                        linewidths=0.6, linestyles="--", zorder=2)
        points, px, py = _link_points(rects, scale)
        linked = np.array([(int(j), int(p)) in coallocated[i] for j, p in zip(points.job, points.placement)],
                          dtype=bool)
        if linked.sum() > MARKERS_UP_TO:
            crowded.add(layout.name)
            linked[:] = False
        if linked.any():
            shown = points.select(linked)
            shown.kind = np.full(len(shown), sched.RUN, dtype=np.int8)  # the job's colour, even on held time
            colours = colouring.colours(i, shown)
            scatter = ax.scatter(px[linked], py[linked], marker="D", s=22, c=colours, edgecolors="black",
                                 linewidths=0.6, zorder=4)
            scatter.set_gid("links")
            if linked.sum() <= 40:
                for x, y, job in zip(px[linked], py[linked], points.job[linked]):
                    ax.annotate(str(int(job)), (x, y), xytext=(3, 2), textcoords="offset points", fontsize=6,
                                zorder=5)
            for job, placement, x, y in zip(points.job[linked], points.placement[linked], px[linked], py[linked]):
                if job == options.highlight:
                    links.setdefault((i, int(job), int(placement)), []).append((ax, x, y))
        ax.set_ylim(*rows)
        ax.set_xlim(window[0] / scale, window[1] / scale)
        ax.grid(False)
        prefix = f"{trace.label}: " if len(traces) > 1 else ""
        hosts = layout.host_cores.size
        shown = "" if options.hosts is None else f"; hosts {options.hosts[0]}-{min(options.hosts[1], hosts - 1)}"
        ax.set_title(f"{prefix}{layout.name} ({hosts} host{'s' if hosts > 1 else ''}, {layout.cores} cores{shown})",
                     loc="left", fontsize=9)
        ax.set_ylabel(f"{layout.name} core (host x core)", fontsize=8)
        ax.set_gid(f"{trace.name}:{layout.name}")
        first, last = (0, hosts - 1) if options.hosts is None else (options.hosts[0], min(options.hosts[1], hosts - 1))
        n_shown = last - first + 1
        if n_shown <= 16 and (n_shown > 1 or options.hosts is not None):
            ax.set_yticks(layout.offsets[first:last + 1], [f"host {h}" for h in range(first, last + 1)], fontsize=6)
    for points in links.values():  # the highlighted job's components joined from panel to panel
        for (ax_a, xa, ya), (ax_b, xb, yb) in zip(points, points[1:]):
            if ax_a is not ax_b:
                line = ConnectionPatch((xa, ya), (xb, yb), "data", "data", axesA=ax_a, axesB=ax_b, color="black",
                                       linewidth=1.0, linestyle=":", zorder=6)
                line.set_gid("link-line")
                fig.add_artist(line)
    for ax in axes:  # every panel reads on its own: its own time ticks and label
        ax.tick_params(labelbottom=True, labelsize=7)
        ax.set_xlabel(f"time ({unit})", fontsize=7, labelpad=1)
    _legend(fig, axes[0], colouring, options)
    if crowded:
        notes.append(f"more than {MARKERS_UP_TO} co-allocated components in the panel(s) of "
                     f"{', '.join(sorted(crowded))}: no diamonds there (narrow the window to see them)")
    if "raster" in drawn_modes:
        notes.append(f"panel(s) painted as an image (more than {RASTER_ABOVE} rectangles, or --raster always; "
                     "no hatching: held time orange, failed runs red)")
    what = options.title or " vs ".join(t.label for t in traces)
    fig.suptitle(f"Schedule (Gantt): {what}" + (f", {window[0] / scale:g}-{window[1] / scale:g} {unit}"
                                                  if options.window else ""))
    return fig, notes


def _legend(fig, ax, colouring, options):
    scheme = {"job": "by job", "user": "by user", "clusters": "by the clusters chosen", "placement": "by attempt",
              "wait": "by wait"}[colouring.scheme]
    handles = [Patch(facecolor=JOB_PALETTE[0], label=f"grid component ({scheme})"),
               Patch(facecolor=LOCAL_COLOR, label="local job"),
               Patch(facecolor=DUMMY_COLOR, label="band dummy job"),
               Patch(facecolor=HELD_COLOR, edgecolor="#c06000", hatch="////", label="claimed, not started"),
               Patch(facecolor="white", edgecolor=FAILED_EDGE, hatch="xx", label="failed run"),
               Patch(facecolor=DOWN_COLOR, edgecolor=FAILED_EDGE, linestyle="--", label="outage / host down"),
               Line2D([], [], marker="D", linestyle="", markerfacecolor=JOB_PALETTE[0], markeredgecolor="black",
                      label="co-allocated job (start of a component)")]
    handles += colouring.legend
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.005, 1.0), borderaxespad=0.0, fontsize=7)
    if colouring.norm is not None:
        mappable = plt.cm.ScalarMappable(norm=colouring.norm, cmap=colouring.cmap)
        fig.colorbar(mappable, ax=fig.axes, label="wait of the job (s)", shrink=0.6, pad=0.01)


def gantt(traces, title=None):
    """plot.py's `gantt` kind: one chart of the whole run per trace that has /allocations."""
    with_allocations = [t for t in traces if sched.has_allocations(t)]
    if not with_allocations:
        raise Skipped("no /allocations in the trace(s): written by simulate versions that record the cores held")
    figures = []
    for trace in with_allocations:
        fig, notes = gantt_figure([trace], GanttOptions(title=title if len(traces) == 1 else None))
        for note in notes:
            print(f"gantt_{trace.name}: {note}")
        figures.append((f"gantt_{trace.name}", fig))
    return figures
