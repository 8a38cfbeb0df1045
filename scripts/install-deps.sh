#!/bin/bash
# Installs the Debian 12 packages coalsim needs, only those missing (run as root).
set -euo pipefail
packages=(g++ cmake make pkg-config libsimgrid-dev libyaml-cpp-dev libhdf5-dev libboost-program-options-dev
          libgtest-dev zlib1g-dev libexpat1-dev clang clang-format libclang-rt-dev
          python3 python3-h5py python3-numpy python3-matplotlib python3-yaml python3-pytest
          python3-scipy)
# A single-node Slurm for the sweep engine's test (sweep/tests/test_slurm.py); without recommends, as the
# daemons need nothing more (8 packages instead of 38).
slurm_packages=(slurmctld slurmd slurm-client munge)

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
  if [ ${#missing[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
  fi
  if [ ${#missing_slurm[@]} -gt 0 ]; then
    # "policy-rc.d denied execution of start" is expected: nothing is started, the test starts the daemons.
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing_slurm[@]}" > /dev/null
  fi
fi
