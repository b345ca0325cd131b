#!/usr/bin/env bash
# Installs Debian's Chromium and chromedriver for the browser tests
# (crates/serve/tests/suite) when either is missing; a new machine has
# only the Rust toolchain. Idempotent; uses sudo when not run as root.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
# Another install (the Slurm script, a test beside this one) may hold
# the package lock: wait for it rather than fail.
$sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium chromium-driver
