#!/bin/bash
# Installs what is missing, checks the C++ formatting (.clang-format), builds, and runs the whole test suite
# (GoogleTest and pytest, through CTest); then the C++ suites again under AddressSanitizer and
# UndefinedBehaviorSanitizer (build-sanitize/, clang), and the fuzz targets for COALSIM_FUZZ_SECONDS each
# (default 20) on that same build. COALSIM_TEST_QUICK=1 runs the first part only. See docs/testing.md and
# docs/errors.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bash scripts/install-deps.sh test
bash scripts/check-format.sh
# Warnings as errors: a new warning fails the test command, and CI.
COALSIM_WERROR=ON bash scripts/build.sh
(cd build && ctest -j"$(nproc)" --output-on-failure)
if [ "${COALSIM_TEST_QUICK:-0}" = 1 ]; then
  exit 0
fi
# One clang build serves the sanitized suite and the fuzz targets (COALSIM_FUZZ adds libFuzzer's instrumentation).
bash scripts/configure-sanitize.sh build-sanitize
cmake --build build-sanitize -j"$(nproc)"
# The C++ suites: the Python suites test Python code, which ran against the sanitized simulate's twin above.
# tests/lsan.supp: the one timer SimGrid 3.32 does not free when a run ends by an error thrown from its callback.
(cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$root/tests/lsan.supp" \
  ctest -j"$(nproc)" --output-on-failure -E '^(analysis|sweep|python)\.')
bash scripts/fuzz.sh "${COALSIM_FUZZ_SECONDS:-20}"
