"""The `sweep` command: plan, run, status, aggregate (and worker, which Slurm array tasks call).

Exit status: 0 done; 1 when runs failed (run), runs are missing (status, aggregate); 2 on bad input (the
sweep file, the command line: `sweep: Invalid <thing> '<id>' in <file>:<line>: <what>`); 130/143 when
interrupted (every complete run stays, no partial trace is left).
"""

import argparse
import shlex
import sys
import time
from pathlib import Path

from . import outputs
from ..paths import REPO
from .errors import SweepError
from .failures import report
from .progress import duration
from .sweep_file import Figure, load_sweep

ENTRY = REPO / "tools" / "sweep"


def _positive(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got '{text}'")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _figure(text):
    parts = text.split(":")
    if len(parts) not in (2, 3) or not all(parts):
        raise argparse.ArgumentTypeError(f"expected METRIC:X_AXIS[:LINES_AXIS], got '{text}'")
    return Figure(parts[0], parts[1], parts[2] if len(parts) == 3 else None)


def _parser():
    parser = argparse.ArgumentParser(prog="sweep", description="Parameter sweeps of simulate: expand a sweep file "
                                     "into runs, run the missing ones locally or on Slurm, aggregate with "
                                     "confidence intervals. See docs/sweeps.md.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{plan,run,status,aggregate}")

    def common(p):
        p.add_argument("sweep_file", type=Path, help="the sweep file (YAML)")
        p.add_argument("--output", type=Path, help="output folder (default: the file's `output`, else sweeps/NAME)")

    p = sub.add_parser("plan", help="list the points, their ids, seeds and trace paths (nothing is run)")
    common(p)
    p.add_argument("--commands", action="store_true", help="print the simulate command line of every run")
    p.add_argument("--simulate", type=Path, help="simulate binary (default: $COALSIM_SIMULATE, else build/simulate, or beside an installed sweep)")

    p = sub.add_parser("run", help="run the runs whose trace is missing")
    common(p)
    p.add_argument("--engine", choices=("local", "slurm"), default="local")
    p.add_argument("--simulate", type=Path, help="simulate binary (default: $COALSIM_SIMULATE, else build/simulate, or beside an installed sweep)")
    p.add_argument("-j", "--jobs", type=_positive, help="local: runs at once (default: the number of cores)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines (failures are still reported)")
    p.add_argument("--partition", help="slurm: partition (default: the file's slurm.partition, else the site's)")
    p.add_argument("--time", help="slurm: time limit of an array task, e.g. 00:30:00 (default: slurm.time)")
    p.add_argument("--sbatch-option", action="append", default=[], metavar="OPTION",
                   help="slurm: extra sbatch option, e.g. --sbatch-option=--mem=2G (repeatable; after slurm.options)")
    p.add_argument("--per-task", type=_positive, help="slurm: runs per array task (default: slurm.per_task, "
                   "else about two tasks per CPU of the partition)")
    p.add_argument("--max-running", type=_positive, help="slurm: array tasks running at once (%%N)")
    p.add_argument("--no-wait", action="store_true", help="slurm: return once submitted (`status` follows it)")
    p.add_argument("--poll", type=float, default=2.0, help="slurm: seconds between queue checks while waiting")

    p = sub.add_parser("status", help="runs complete, failed, running, missing; from the output folder alone")
    common(p)
    p.add_argument("--failed", action="store_true", help="show each failed run's command line and error")
    p.add_argument("--points", action="store_true", help="one line per point")

    p = sub.add_parser("aggregate", help="the table (CSV, HDF5) of n, mean, sd, 95%% CI per point and metric, "
                       "and the figures")
    common(p)
    p.add_argument("--figure", type=_figure, action="append", default=[], metavar="METRIC:X[:LINES]",
                   help="also draw this figure (repeatable; the file's `figures` are always drawn)")
    p.add_argument("--format", default="png", help="figure formats, comma-separated (png, pdf, svg)")
    p.add_argument("--partial", action="store_true", help="aggregate even when runs are missing")

    p = sub.add_parser("worker", help=argparse.SUPPRESS)
    p.add_argument("tasks", type=Path)
    p.add_argument("--offset", type=int, default=0)
    p.add_argument("--index", type=int, help="task index (default: $SLURM_ARRAY_TASK_ID)")
    return parser


def _load(args):
    sweep = load_sweep(args.sweep_file)
    output = (args.output or sweep.output).resolve()
    return sweep, output


def _simulate(args):
    from .sweep_state import default_simulate
    simulate = (args.simulate or default_simulate()).resolve()
    if getattr(args, "command", "") == "run" and not simulate.is_file():
        raise SweepError(f"Invalid simulate '{simulate}' in command line: no such file (build it, or give --simulate)")
    return simulate


def cmd_plan(args):
    from .sweep_state import SweepState, task_of
    sweep, output = _load(args)
    state = SweepState(sweep, output)
    simulate = _simulate(args)
    axes = [a.name for a in sweep.axes]
    print(f"sweep {sweep.name} ({sweep.path}): {len(state.points)} points x "
          f"{_replications_text(sweep.replications)}; output {output}")
    header = ["id", "name", *axes, "seeds", "complete"]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    for p in state.points:
        coordinates = dict(p.point.coordinates)
        complete = sum(s.state == outputs.COMPLETE for s in p.states.values())
        more = "" if p.seed_plan.settled else "+"
        print(f"| {p.point.id} | {p.point.name} | " + " | ".join(coordinates[a] for a in axes)
              + f"{' | ' if axes else ''}1-{len(p.runs)}{more} | {complete} |")
    counts = state.counts()
    print(f"\n{sum(counts.values())} runs now, {counts[outputs.COMPLETE]} complete; traces: "
          f"{output}/points/<id>/<name>_seed<S>.h5")
    if args.commands:
        print()
        for run, _ in state.runs():
            print(shlex.join(task_of(run, simulate, sweep).command))
    return 0


def _replications_text(replications):
    if replications.precision is None:
        return f"seeds 1-{replications.seeds}"
    p = replications.precision
    return (f"seeds in rounds from {replications.seeds} up to {replications.max_seeds}, until the 95% CI "
            f"half-width of {p.metric} is within {p.relative_half_width:g} of its mean")


def cmd_run(args):
    from .sweep_state import SweepState, task_of, write_manifest
    sweep, output = _load(args)
    simulate = _simulate(args)
    write_manifest(sweep, output)
    if args.engine == "slurm":
        return _run_slurm(args, sweep, output, simulate)
    from .local_engine import Interrupted, default_parallel, pending, run_tasks
    parallel = args.jobs or default_parallel()
    attempted, failed, started = set(), [], time.monotonic()
    total_done = 0
    cleaned = sum(outputs.clean_dead_leftovers(run.trace) for run, _ in SweepState(sweep, output).runs())
    if cleaned and not args.quiet:
        print(f"sweep {sweep.name}: removed what killed runs left beside {cleaned} traces", file=sys.stderr)
    while True:
        state = SweepState(sweep, output)
        to_run = [run for run in pending(state) if run.key not in attempted]
        if not to_run:
            break
        running_elsewhere = len(state.runs(outputs.RUNNING))
        if not args.quiet:
            complete = state.counts()[outputs.COMPLETE]
            print(f"sweep {sweep.name}: {len(to_run)} runs to do ({complete} complete"
                  + (f", {running_elsewhere} running elsewhere" if running_elsewhere else "")
                  + f"), {parallel} at once", file=sys.stderr)
        attempted.update(run.key for run in to_run)
        try:
            outcomes = run_tasks([task_of(run, simulate, sweep) for run in to_run], output, parallel, args.quiet)
        except Interrupted as interrupted:
            print("sweep: interrupted; complete runs are kept, `sweep run` again finishes the rest",
                  file=sys.stderr)
            return 128 + interrupted.signum
        total_done += sum(o.status == "done" for o in outcomes)
        failed += [o for o in outcomes if o.status == "failed"]
    state = SweepState(sweep, output)
    counts = state.counts()
    print(f"sweep {sweep.name}: {total_done} runs done in {duration(time.monotonic() - started)}; "
          f"{counts[outputs.COMPLETE]} of {sum(counts.values())} complete, {len(failed)} failed"
          + (f", {counts[outputs.RUNNING]} running elsewhere" if counts[outputs.RUNNING] else ""), file=sys.stderr)
    for outcome in failed:
        print(report(outcome.task.label, outcome.command, outcome.returncode, outcome.stderr), file=sys.stderr)
    return 1 if failed else 0


def _run_slurm(args, sweep, output, simulate):
    from . import slurm_engine
    from .sweep_state import SweepState, task_of
    settings = sweep.slurm
    options = slurm_engine.SlurmOptions(
        partition=args.partition or settings.partition, time=args.time or settings.time,
        options=list(settings.options) + list(args.sbatch_option), per_task=args.per_task or settings.per_task,
        max_running=args.max_running or settings.max_running)
    started = time.monotonic()
    submitted_any = False
    attempted = set()  # a run is submitted once per invocation: one killed at its time limit is not resubmitted
    live = slurm_engine.live_jobs()
    for run, _ in SweepState(sweep, output, live).runs():
        outputs.clean_dead_leftovers(run.trace, live)
    while True:
        live = slurm_engine.live_jobs()
        state = SweepState(sweep, output, live)
        queued = slurm_engine.queued_runs(output, live)
        to_run = [run for run, _ in state.runs(outputs.MISSING, outputs.FAILED)
                if run.key not in queued and run.key not in attempted]
        attempted.update(run.key for run in to_run)
        if to_run:
            jobs = slurm_engine.submit([task_of(run, simulate, sweep) for run in to_run], output, sweep.name, options,
                                       ENTRY, quiet=args.quiet)
            submitted_any = True
        else:
            jobs = [j for j in {str(r.get("job")) for r in slurm_engine.read_submissions(output)} if live and j in live]
        if args.no_wait:
            if not to_run:
                print(f"sweep {sweep.name}: nothing to submit ({len(queued)} runs queued or running)", file=sys.stderr)
            else:
                print(f"sweep {sweep.name}: `sweep status {args.sweep_file}` follows the jobs", file=sys.stderr)
            return 0
        if not jobs:
            break

        def show():
            if not args.quiet:
                counts = SweepState(sweep, output, slurm_engine.live_jobs()).counts()
                print(f"[{counts[outputs.COMPLETE]}/{sum(counts.values())}] complete, failed "
                      f"{counts[outputs.FAILED]}, running {counts[outputs.RUNNING]}, elapsed "
                      f"{duration(time.monotonic() - started)}", file=sys.stderr, flush=True)
        slurm_engine.wait(jobs, args.poll, show)
        state = SweepState(sweep, output, slurm_engine.live_jobs())
        if state.settled or not submitted_any or state.runs(outputs.FAILED):
            break
    state = SweepState(sweep, output, slurm_engine.live_jobs())
    counts = state.counts()
    failed = state.runs(outputs.FAILED)
    print(f"sweep {sweep.name}: {counts[outputs.COMPLETE]} of {sum(counts.values())} runs complete, "
          f"{len(failed)} failed" + (f", {counts[outputs.MISSING]} missing (a task ended before its runs: time "
                                     "limit? see the slurm/*/*.out logs)" if counts[outputs.MISSING] else "")
          + f", in {duration(time.monotonic() - started)}", file=sys.stderr)
    for run, run_state in failed:
        f = run_state.failure
        print(report(run.label, f.get("command", []), f.get("returncode"), f.get("stderr", ""),
                     f" on {f.get('host')}, job {f.get('slurm_job')}"), file=sys.stderr)
    return 1 if failed or counts[outputs.MISSING] else 0


def cmd_status(args):
    from .sweep_state import SweepState
    from . import slurm_engine
    sweep, output = _load(args)
    live = slurm_engine.live_jobs() if (output / "slurm").is_dir() else None
    state = SweepState(sweep, output, live)
    counts = state.counts()
    queued = slurm_engine.queued_runs(output, live) if live is not None else set()
    queued_missing = sum(1 for run, s in state.runs(outputs.MISSING, outputs.FAILED) if run.key in queued)
    stale = sum(1 for _, s in state.runs() if s.stale)
    total = sum(counts.values())
    unsettled = sum(not p.seed_plan.settled for p in state.points)
    print(f"sweep {sweep.name}: {len(state.points)} points, {total} runs now"
          + (f" ({unsettled} points may add seeds)" if unsettled else ""))
    print(f"  complete {counts[outputs.COMPLETE]}, failed {counts[outputs.FAILED]}, running {counts[outputs.RUNNING]}"
          f", missing {counts[outputs.MISSING]}" + (f" ({queued_missing} of them queued on Slurm)" if queued_missing else "")
          + (f"; {stale} left by a killed run (cleaned when run again)" if stale else ""))
    log = outputs.read_log(output)
    times = [r["seconds"] for r in log if r.get("status") == "done"]
    left = counts[outputs.MISSING] + counts[outputs.FAILED] + counts[outputs.RUNNING]
    if times and left:
        parallel = max(1, counts[outputs.RUNNING])
        print(f"  mean run {sum(times) / len(times):.2f} s; ETA {duration(left * sum(times) / len(times) / parallel)}"
              f" at {parallel} at once")
    if args.points or sweep.replications.precision:
        for p in state.points:
            done = sum(s.state == outputs.COMPLETE for s in p.states.values())
            print(f"  {p.point.id} {p.point.name}: {done}/{len(p.runs)} complete"
                  + (f"; {p.seed_plan.note}" if p.seed_plan.note else ""))
    failed = state.runs(outputs.FAILED)
    if failed:
        if args.failed:
            for run, run_state in failed:
                f = run_state.failure
                print(report(run.label, f.get("command", []), f.get("returncode"), f.get("stderr", ""),
                             f" on {f.get('host')}"))
        else:
            print(f"  failed: {', '.join(run.label for run, _ in failed[:10])}"
                  + (" ..." if len(failed) > 10 else "") + " (--failed shows their commands and errors)")
    return 0 if state.settled else 1


def cmd_aggregate(args):
    from .sweep_state import SweepState
    from . import aggregate, figures
    sweep, output = _load(args)
    names = [a.name for a in sweep.axes]
    from .metric_names import is_metric_name
    for figure in args.figure:
        if not is_metric_name(figure.metric):
            raise SweepError(f"Invalid metric '{figure.metric}' in --figure: not a metric name (analysis/README.md)")
        for axis in (figure.x, figure.lines):
            if axis is not None and axis not in names:
                raise SweepError(f"Invalid axis '{axis}' in --figure: no axis of this name (axes: {', '.join(names)})")
    formats = [f for f in args.format.split(",") if f]
    for f in formats:
        if f not in ("png", "pdf", "svg"):
            raise SweepError(f"Invalid format '{f}' in --format: valid values are png, pdf, svg")
    state = SweepState(sweep, output)
    counts = state.counts()
    if not state.settled and not args.partial:
        print(f"sweep: {sweep.name} is not complete ({counts[outputs.COMPLETE]} of {sum(counts.values())} runs"
              + ("; more seeds to come" if counts[outputs.COMPLETE] == sum(counts.values()) else "")
              + "): `sweep run` first, or --partial", file=sys.stderr)
        return 1
    if not output.is_dir():
        raise SweepError(f"Invalid output '{output}' in command line: no such folder")
    rows, paths = aggregate.write(state, output)
    drawn = []
    specs = list(sweep.figures) + list(args.figure)
    if specs:
        (output / "figures").mkdir(exist_ok=True)
        for figure in specs:
            made = figures.draw(sweep, rows, figure, output / "figures", formats)
            if not made:
                print(f"sweep: no figure of {figure.metric} against {figure.x}: the metric is not in the aggregate "
                      "(see `metrics`) or undefined in every run", file=sys.stderr)
            drawn += made
    print(f"sweep {sweep.name}: {len(rows)} rows ({len(state.points)} points) in {paths[0]} and {paths[1]}"
          + (f"; {len(drawn)} figures in {output / 'figures'}" if drawn else ""))
    return 0


def cmd_worker(args):
    from .slurm_engine import worker
    return worker(args.tasks, args.offset, args.index)


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        return {"plan": cmd_plan, "run": cmd_run, "status": cmd_status, "aggregate": cmd_aggregate,
                "worker": cmd_worker}[args.command](args)
    except SweepError as error:
        print(f"sweep: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `sweep plan ... | head`
        sys.stderr.close()
        return 0
    except Exception as error:  # noqa: BLE001 -- Slurm and trace errors carry their own explanation
        from .slurm_engine import SlurmError
        from .. import TraceFormatError
        if isinstance(error, (SlurmError, TraceFormatError)):
            print(f"sweep: {error}", file=sys.stderr)
            return 2
        raise
