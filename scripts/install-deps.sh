#!/bin/bash
# Installs the Debian 12 packages coalsim needs, only those missing (run as root).
#   install-deps.sh build     what building and running simulate needs (scripts/quickstart.sh)
#   install-deps.sh analysis  that, and Python with the modules of analysis/ and the sweep tool (quickstart --install)
#   install-deps.sh test      everything: that, and git (the format check and the tests list the tracked files), GoogleTest, clang (the sanitized build, the fuzz targets,
#                             clang-format), pytest and a single-node Slurm (scripts/test.sh; the default)
set -euo pipefail
set_name=${1:-test}
build_packages=(g++ cmake make pkg-config libsimgrid-dev libyaml-cpp-dev libhdf5-dev libboost-program-options-dev
                zlib1g-dev libexpat1-dev python3-dev pybind11-dev)
analysis_packages=(python3 python3-h5py python3-numpy python3-matplotlib python3-yaml python3-scipy)
test_packages=(git libgtest-dev clang clang-format libclang-rt-dev python3-pytest)
# A single-node Slurm for the sweep engine's test (sweep/tests/test_slurm.py); without recommends, as the
# daemons need nothing more (8 packages instead of 38).
slurm_packages=(slurmctld slurmd slurm-client munge)
case "$set_name" in
  build) packages=("${build_packages[@]}"); slurm_packages=() ;;
  analysis) packages=("${build_packages[@]}" "${analysis_packages[@]}"); slurm_packages=() ;;
  test) packages=("${build_packages[@]}" "${analysis_packages[@]}" "${test_packages[@]}") ;;
  *) echo "install-deps.sh: Invalid set '$set_name': expected build, analysis or test" >&2; exit 2 ;;
esac

missing_of() {
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}
mapfile -t missing < <(missing_of "${packages[@]}")
mapfile -t missing_slurm < <(missing_of "${slurm_packages[@]}")
if [ ${#missing[@]} -gt 0 ] || [ ${#missing_slurm[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]} ${missing_slurm[*]}"
  apt-get update -qq
  # The build set without recommends: nothing a compile or a run needs, and 43 packages fewer to fetch and unpack
  # on a fresh Debian 12 (image codecs, fonts, manual pages, through libc-devtools).
  mapfile -t missing_build < <(missing_of "${build_packages[@]}")
  missing_rest=()
  for p in "${missing[@]}"; do
    [[ " ${build_packages[*]} " == *" $p "* ]] || missing_rest+=("$p")
  done
  if [ ${#missing_build[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing_build[@]}" > /dev/null
  fi
  if [ ${#missing_rest[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_rest[@]}" > /dev/null
  fi
  if [ ${#missing_slurm[@]} -gt 0 ]; then
    # "policy-rc.d denied execution of start" is expected: nothing is started, the test starts the daemons.
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing_slurm[@]}" > /dev/null
  fi
fi
