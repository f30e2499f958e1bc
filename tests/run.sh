#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine (Chromium from apt, Python and
# npm packages) and runs the whole suite: Python unit tests and end-to-end
# tests in real Chromium against dist/ (tests/e2e/conftest.py builds it).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ ! -x /usr/bin/chromium ]; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
python3 -m pip install -q --disable-pip-version-check -e ".[test]"
npm ci --no-audit --no-fund --loglevel=error
python3 -m pytest tests "$@"
