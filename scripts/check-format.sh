#!/bin/bash
# Fails when a C++ file of the repository differs from what clang-format makes of it (.clang-format, close to
# SimGrid's style). To fix: clang-format -i $(git ls-files '*.cpp' '*.hpp')
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.cpp' '*.hpp' | xargs -0 clang-format --dry-run --Werror
