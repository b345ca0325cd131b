#!/usr/bin/env bash
# Installs Debian packages: `bash scripts/apt-install.sh PACKAGE...`.
# The browser and Slurm installs run side by side in CI, and apt's
# DPkg::Lock::Timeout does not cover the package lists' lock that
# `apt-get update` takes: installs from this project queue on one file
# lock, and a lock held by anything else (an unattended upgrade) is
# waited out with retries. Uses sudo when not run as root.
set -euo pipefail
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
queue=/tmp/ply-apt-install.lock
apt_get() {
  local try
  for try in $(seq 1 40); do
    if flock "$queue" $sudo env DEBIAN_FRONTEND=noninteractive \
      apt-get -o DPkg::Lock::Timeout=600 "$@"; then
      return 0
    fi
    echo "apt-get $1 failed (try $try of 40); retrying in 15 s" >&2
    sleep 15
  done
  return 1
}
apt_get update -qq
apt_get install -y -qq "$@"
