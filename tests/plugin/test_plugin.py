#!/usr/bin/env python3
"""simulate --plugin (tests/plugin/CMakeLists.txt names the CTest entry).

errors: every plugin simulate refuses stops it with exit code 2 and a message that names the file and says why."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what)


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
    e = commands.add_parser("errors")
    e.add_argument("--simulate", required=True)
    e.add_argument("--registers-nothing", required=True)
    e.add_argument("--clashing-name", required=True)
    args = parser.parse_args()
    {"errors": errors}[args.command](args)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")
    print("passed")


if __name__ == "__main__":
    main()
