#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine (from apt: Chromium, WebKitGTK's
# WebDriver and MiniBrowser with Xvfb, Firefox ESR, gettext (msgfmt) and python3-venv, each only if missing;
# Python packages into .venv/, npm packages) and runs the whole suite: JS unit tests
# (node --test), Python unit tests and end-to-end tests against dist/ (tests/e2e/conftest.py
# builds it): every module in Chromium, and the smoke suite (test_engines_smoke.py) in
# Chromium, WebKit and Firefox. Never installs into the system Python (PEP 668).
# The unit tests run beside the end-to-end tests (see below).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# The three engines' system binaries (tools/browser_engines.py names them): only what is missing.
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
{ [ -x /usr/bin/WebKitWebDriver ] && compgen -G '/usr/lib/*/webkit2gtk-4.1/MiniBrowser' >/dev/null; } || need+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || need+=(xvfb)
[ -x /usr/bin/firefox-esr ] || need+=(firefox-esr)
command -v msgfmt >/dev/null || need+=(gettext)  # tests/py/test_catalogs_standard.py compiles the .po with GNU msgfmt
[ ${#need[@]} -eq 0 ] || apt_install "${need[@]}"
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

# The suite in three streams at once (docs/TESTING.md): the end-to-end tests mostly wait on the
# browser (measured: 0.4-0.6 of a core), the Python unit tests are one CPU-bound process, node's
# are short. On CI's 2 cores the run takes about as long as the end-to-end stream instead of the
# sum. The unit streams run niced, so the browser's timing (watchdogs, shows) comes first.
# Arguments that name tests (a path, -k EXPR) or PERCEPTRON_LAB_SERIAL=1: one stream after another.
serial=${PERCEPTRON_LAB_SERIAL:-}
for arg in "$@"; do case $arg in -*) ;; *) serial=1 ;; esac; done
if [ -n "$serial" ]; then
  node --test tests/js/
  .venv/bin/python -m pytest tests "$@"
  exit
fi
logs=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
nice -n 5 node --test tests/js/ >"$logs/node.log" 2>&1 &
pids+=($!)
# No shared pytest cache with the end-to-end stream (both would write it at their end).
nice -n 5 .venv/bin/python -m pytest tests/py -p no:cacheprovider "$@" >"$logs/py.log" 2>&1 &
pids+=($!)
status=0
# Two end-to-end workers, a module each at a time (a module shares one page): each mostly waits on
# its browser, so two of them and the unit streams fill CI's two cores (docs/TESTING.md).
.venv/bin/python -m pytest tests/e2e -n 2 --dist loadfile --durations=25 "$@" || status=$?
for name in node py; do
  pid=${pids[0]}; pids=("${pids[@]:1}")
  rc=0; wait "$pid" || rc=$?
  echo "== ${name} unit tests (exit status $rc):"
  cat "$logs/$name.log"
  [ "$rc" = 0 ] || status=$rc
done
rm -rf "$logs"
exit "$status"
