#!/usr/bin/env bash
# Installs Debian's Chromium and chromedriver for the browser tests
# (crates/serve/tests/browser.rs) when either is missing; a new machine has
# only the Rust toolchain. Idempotent; uses sudo when not run as root.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver
