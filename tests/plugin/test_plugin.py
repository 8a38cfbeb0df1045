#!/usr/bin/env python3
"""simulate --plugin (tests/plugin/CMakeLists.txt names the two CTest entries).

package: installs the build into a temporary prefix, copies examples/plugin into a clean folder, configures and builds
it against the installed package (find_package(coalsim)), and runs the installed simulate with its `lru` policy on
small experiments; checks the trace (its policy, every job completed) and the policy's effect: single-processor jobs
on an idle DAS-2 go to the five clusters in turn, where `wf` puts every one on the largest. With --python-module,
the installed `coalsim` Python module imports from the prefix (PYTHONPATH) and runs the experiment.
errors: every plugin simulate refuses stops it with exit code 2 and a message that names the file and says why."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import h5py

EXPERIMENT = """name: plugin-rotation
platform: das2.xml
clusters: all
seed: 3
workload:
  jobs: {jobs}
  rate: 0.02
  components: 1
  component_size: 1
  runtime: {{dist: uniform, min: 90, max: 192}}
  request_types: {{unordered: 1}}
"""

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what)


def run(command, **kwargs):
    """Runs `command`; stops the test with its output when it fails."""
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} exited with {result.returncode}:\n{result.stdout}{result.stderr}")
    return result.stdout


def placed_clusters(trace):
    """The jobs' clusters in the order they were placed, the clusters' names, and the trace's policy."""
    with h5py.File(trace, "r") as f:
        jobs = f["jobs"][:]
        names = [n.decode() for n in f["clusters"]["name"]]
        policy = f.attrs["policy"]
        policy = policy.decode() if isinstance(policy, bytes) else policy
    check(all(s == 0 for s in jobs["status"]), f"every job of {trace} completed")
    order = sorted(range(len(jobs)), key=lambda i: (jobs["placement_time"][i], jobs["id"][i]))
    return [jobs["clusters"][i].decode() for i in order], names, policy


def package(args):
    work = tempfile.mkdtemp(prefix="coalsim-plugin-")
    prefix = os.path.join(work, "prefix")
    run([args.cmake, "--install", args.build, "--prefix", prefix])
    # A clean folder holding only the example: it builds from the installed package, nothing of the tree.
    source = os.path.join(work, "plugin")
    shutil.copytree(args.example, source, ignore=shutil.ignore_patterns("build"))
    build = os.path.join(work, "plugin-build")
    run([args.cmake, "-S", source, "-B", build, "-DCMAKE_BUILD_TYPE=Release", f"-DCMAKE_PREFIX_PATH={prefix}",
         "-DCMAKE_CXX_FLAGS=-Werror"])
    run([args.cmake, "--build", build])
    plugin = os.path.join(build, "liblru_policy.so")
    simulate = os.path.join(prefix, "bin", "simulate")
    experiment = os.path.join(work, "rotation.yaml")
    with open(experiment, "w") as f:
        f.write(EXPERIMENT.format(jobs=40))

    listing = run([simulate, "--plugin", plugin, "--policy", "help"])
    check("  lru " in listing and "depth" in listing, "--policy help lists the plugin's lru and its depth parameter")

    trace = os.path.join(work, "lru.h5")
    run([simulate, "--plugin", plugin, "--policy", "lru", "--config", experiment, "--output", trace, "--quiet"])
    clusters, names, policy = placed_clusters(trace)
    check(policy == "lru", f"the trace's policy is lru (not {policy})")
    check(len(clusters) == 40, f"40 jobs in the trace ({len(clusters)})")
    rotation = [names[i % len(names)] for i in range(len(clusters))]
    check(clusters == rotation, f"lru places the jobs on {names} in turn: {clusters}")

    wf_trace = os.path.join(work, "wf.h5")
    run([simulate, "--policy", "wf", "--config", experiment, "--output", wf_trace, "--quiet"])
    wf_clusters, _, _ = placed_clusters(wf_trace)
    check(len(set(wf_clusters)) == 1, f"wf puts every job on one cluster, the largest: {set(wf_clusters)}")

    # Its parameter is declared with its bounds: one out of them is the experiment's error.
    bad = subprocess.run([simulate, "--plugin", plugin, "--policy", "lru", "--config", experiment, "--set",
                          "policy.depth=0", "--no-trace", "--quiet"], capture_output=True, text=True)
    check(bad.returncode == 2 and "depth" in bad.stderr, f"policy.depth=0 is refused: {bad.returncode} {bad.stderr}")
    twice = subprocess.run([simulate, "--plugin", plugin, "--plugin", plugin, "--policy", "lru", "--no-trace"],
                           capture_output=True, text=True)
    check(twice.returncode == 2 and twice.stderr.startswith(f"simulate: Invalid plugin '{plugin}': given twice"),
          f"a plugin given twice is refused: {twice.returncode} {twice.stderr}")
    # The default experiment: unordered jobs with input files and a background load.
    run([simulate, "--plugin", plugin, "--policy", "lru", "--no-trace", "--quiet"])

    if args.python_module:  # the coalsim module, installed beside the package, imports from the prefix and runs
        modules = os.path.join(prefix, args.python_module)
        environment = dict(os.environ, PYTHONPATH=modules)
        script = ("import coalsim, sys; print(coalsim.__file__); "
                  "s = coalsim.run(sys.argv[1], policy='wf', output=None); print(s['completed'])")
        answer = run([sys.executable, "-c", script, experiment], env=environment, cwd=work).split()
        check(answer[0].startswith(modules + os.sep), f"coalsim imports from {modules}: {answer[0]}")
        check(answer[1] == "40", f"coalsim.run from the installed module completes the 40 jobs: {answer[1]}")
    if not failures:
        shutil.rmtree(work)


def errors(args):
    work = tempfile.mkdtemp(prefix="coalsim-plugin-errors-")
    not_a_library = os.path.join(work, "libnot_a_library.so")
    with open(not_a_library, "w") as f:
        f.write("# A text file named like a shared library: the loader refuses it.\nname: not a shared library\n")
    missing = os.path.join(work, "libmissing.so")
    cases = [
        ([missing], f"Invalid plugin '{missing}': no such file"),
        ([work], f"Invalid plugin '{work}': not a file"),
        ([not_a_library], f"Invalid plugin '{not_a_library}': not a shared library simulate can load ("),
        ([args.registers_nothing], f"Invalid plugin '{args.registers_nothing}': it registers no policy"),
        ([args.clashing_name], f"Invalid plugin '{args.clashing_name}': it registers policy 'wf', a name simulate "
                               "already has"),
    ]
    for plugins, message in cases:
        command = [args.simulate]
        for plugin in plugins:
            command += ["--plugin", plugin]
        output = os.path.join(work, "trace.h5")
        result = subprocess.run(command + ["--policy", "wf", "--jobs", "5", "--output", output],
                                capture_output=True, text=True)
        print(" ".join(os.path.basename(p) for p in plugins), "->", result.returncode, result.stderr.strip())
        check(result.returncode == 2, f"{plugins}: exit code 2 ({result.returncode})")
        check(result.stderr.startswith("simulate: " + message), f"{plugins}: '{message}' in {result.stderr!r}")
        check(not os.path.exists(output), f"{plugins}: no trace written")
    if not failures:
        shutil.rmtree(work)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("package")
    p.add_argument("--cmake", required=True)
    p.add_argument("--build", required=True)
    p.add_argument("--example", required=True)
    p.add_argument("--python-module", help="where the coalsim module is installed, relative to the prefix (none: "
                   "the build has no Python module)")
    e = commands.add_parser("errors")
    e.add_argument("--simulate", required=True)
    e.add_argument("--registers-nothing", required=True)
    e.add_argument("--clashing-name", required=True)
    args = parser.parse_args()
    {"package": package, "errors": errors}[args.command](args)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")
    print("passed")


if __name__ == "__main__":
    main()
