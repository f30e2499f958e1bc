#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine (Chromium and python3-venv from
# apt, Python packages into .venv/, npm packages) and runs the whole suite: JS unit tests
# (node --test), Python unit tests and end-to-end tests in real Chromium against dist/
# (tests/e2e/conftest.py builds it). Never installs into the system Python (PEP 668).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

[ -x /usr/bin/chromium ] || apt_install chromium
if [ ! -x .venv/bin/python ]; then
  rm -rf .venv
  if ! python3 -m venv .venv 2>/dev/null; then
    rm -rf .venv
    apt_install python3-venv
    python3 -m venv .venv
  fi
fi
command -v npm >/dev/null || apt_install nodejs npm
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
npm ci --no-audit --no-fund --loglevel=error
node --test tests/js/
.venv/bin/python -m pytest tests "$@"
