#!/usr/bin/env bash
# Installs Debian's Chromium and chromedriver for the browser tests
# (crates/serve/tests/suite) when either is missing; a new machine has
# only the Rust toolchain. Idempotent; uses sudo when not run as root.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi
bash "$(dirname "$0")/apt-install.sh" chromium chromium-driver
