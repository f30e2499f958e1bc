"""Hear the lab through GNOME's Orca reading Chromium, headless, and write down what it spoke,
action by action, beside the page's own sentences for the same moment.

    .venv/bin/python tools/screen_reader/orca_listen.py [--out DIR] [--updates N] [--walk short] [--debug]

Needs the Debian packages orca, xdotool, xvfb, dbus and at-spi2-core, and a built dist/
(`python build.py`). Takes 4-8 minutes. Writes DIR/transcript.md (read it), DIR/transcript.json,
Orca's speech log and, with --debug, Orca's full debug log. A tool for a maintainer, not a test:
what a screen reader says is judged by a person reading the transcript (docs/TESTING.md).

The walk, by keyboard alone as a blind student would: open a link to the AND preset, G (Orca's
next image: the plot), Tab to Train, Enter; Tab to Step forward, Enter per update; the step slider's keys; Show as a table
under the decision-boundary and the mistakes plots; the plot's point list (arrows, L); then a
link to XOR, trained and stepped the same way."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import devserver  # noqa: E402
from tools.screen_reader.orca_report import markdown  # noqa: E402
from tools.screen_reader.orca_session import Session, missing, version  # noqa: E402
from tools.screen_reader.orca_speech import braille, heard_in, spoken  # noqa: E402

LINK = "#v=1&source=preset&preset={preset}&algorithm=online&order=fixed"
INNER = "PERCEPTRON_LAB_ORCA_INNER"

# The page's own words at a moment: the focused element's name (as the markup gives it) and
# the polite live region's sentence.
FOCUS_JS = """() => { const a = document.activeElement; if (!a || a === document.body) return null;
  const by = (a.getAttribute("aria-labelledby") || "").split(" ").map((i) => document.getElementById(i)).filter(Boolean);
  const lab = a.labels && a.labels.length ? a.labels[0].textContent : "";
  const name = a.getAttribute("aria-label") || by.map((e) => e.textContent).join(" ") || lab
    || (a.tagName === "INPUT" || a.tagName === "SELECT" ? "" : a.textContent);
  return { id: a.id || null, tag: a.tagName.toLowerCase(), role: a.getAttribute("role") || null,
           name: (name || "").replace(/\\s+/g, " ").trim().slice(0, 300) }; }"""
LIVE_JS = "() => (document.getElementById('step-live')?.textContent || '').trim()"
STATE_JS = "() => document.body.dataset.runState || ''"


class Walk:
    """The actions and what was heard after each, in order."""

    def __init__(self, s: Session):
        self.s = s
        self.steps: list[dict] = []

    def record(self, title: str, keys: list[str], said: list, **extra) -> dict:
        heard = spoken(said)
        step = {"title": title, "keys": keys, "heard": heard, "braille": braille(said), "focus": self.s.js(FOCUS_JS),
                "live": self.s.js(LIVE_JS), **extra}
        self.steps.append(step)
        print(f"[orca_listen] {title} {' '.join(keys)}: {heard}", flush=True)
        return step

    def press(self, title: str, *keys: str, until=None, quiet: float = 1.5, timeout: float = 120) -> dict:
        said = self.s.listen(lambda: self.s.key(*keys), until=until, quiet=quiet, timeout=timeout)
        return self.record(title, list(keys), said)

    def tab_to(self, target: str, limit: int = 120, back: bool = False) -> None:
        """Tab (or Shift+Tab) until `target` has the focus, each stop heard and recorded."""
        key = "shift+Tab" if back else "Tab"
        for _ in range(limit):
            step = self.press(f"{key} (towards #{target})", key, quiet=0.8)
            if (step["focus"] or {}).get("id") == target:
                return
        raise AssertionError(f"{key} never reached #{target}")

    def run_done(self):
        """A predicate: the Enter that started a run has been taken and the run is done."""
        seen = {"running": False, "t0": time.monotonic()}

        def ok() -> bool:
            st = self.s.js(STATE_JS)
            seen["running"] |= st != "done"
            # A run computed ahead may be done before the first poll: then quiet alone decides.
            return st == "done" and (seen["running"] or time.monotonic() - seen["t0"] > 3)
        return ok


def open_link(w: Walk, base: str, preset: str, first: bool) -> None:
    url = base + LINK.format(preset=preset)
    # A reload must be seen loading (else the old page's state passes); a first visit on an idle
    # machine may be ready before the first look.
    seen = {"loading": first}

    def ready() -> bool:
        up = w.s.js("() => document.body.dataset.pyState") == "ready" and w.s.js(STATE_JS) == "done"
        seen["loading"] |= not up
        return up and seen["loading"]
    if first:
        said = w.s.listen(lambda: w.s.start_chromium(url), until=ready, quiet=3, timeout=240)
    else:
        # A new page load (a link opened), not a change of hash in the same document.
        said = w.s.listen(lambda: w.s.js(f"() => setTimeout(() => {{ location.href = {json.dumps(url)}; location.reload(); }}, 50)"),
                          until=ready, quiet=3, timeout=240)
    w.record(f"Open the {preset.upper()} link and wait for the page", [], said, url=url)
    w.press("The top of the page (browse mode)", "ctrl+Home")
    # Orca's quick key for the next image: the decision-boundary plot, its alt and description.
    w.press("G, Orca's next image (the plot)", "g")


def train_and_step(w: Walk, updates: int) -> None:
    """Train, then from the slider's first position forward update by update (after a run the
    step-through stands at its last update, where Step forward is disabled and not a Tab stop)."""
    w.tab_to("train")
    w.press("Enter on Train", "Return", until=w.run_done(), quiet=2.5, timeout=180)
    w.tab_to("step-range")
    w.press("Home on the step slider", "Home")
    w.tab_to("step-fwd", back=True)
    n = int(w.s.js("() => Number(document.getElementById('step-range').max) || 0"))
    for k in range(min(updates, n)):
        w.press(f"Enter on Step forward (update {k + 1})", "Return", quiet=1.5)


def stepper_keys(w: Walk) -> None:
    w.tab_to("step-range")
    for key in ("Right", "Left", "End"):
        w.press(f"{key} on the step slider", key)


def side_tab(w: Walk, name: str) -> None:
    """Open the side's tab `name` as a keyboard user does: Tab to the tab list, arrows along it."""
    w.tab_to(str(w.s.js("() => document.querySelector('[role=tab][aria-selected=true]').id")))
    for _ in range(8):
        if (w.press(f"Right in the tab list (towards {name})", "Right")["focus"] or {}).get("id") == f"tab-{name}":
            return
    raise AssertionError(f"the tab list never reached #tab-{name}")


def table(w: Walk, kind: str, reads: int = 4) -> None:
    w.tab_to(f"table-{kind}-open")
    w.press(f"Enter on Show as a table ({kind})", "Return")
    for _ in range(reads):  # browse mode reads on line by line
        w.press(f"Down in the {kind} table", "Down")
    for _ in range(2):      # Orca's table navigation: the cell below, then the one to the right
        w.press(f"Orca's next row (Alt+Shift+Down) in the {kind} table", "alt+shift+Down")
    w.press(f"Orca's next column (Alt+Shift+Right) in the {kind} table", "alt+shift+Right")
    # Back to the table box (browse mode may have moved the focus) and close it with Escape.
    w.s.js(f"() => document.getElementById('table-{kind}')?.focus()")
    w.press(f"Escape in the {kind} table", "Escape")


def point_list(w: Walk) -> None:
    w.tab_to("plot-explore")
    for key in ("Home", "Right", "Right", "Right", "Up", "l"):
        w.press(f"{key} in the plot's point list", key)


def walk(w: Walk, base: str, updates: int) -> None:
    open_link(w, base, "and", first=True)
    train_and_step(w, updates)
    stepper_keys(w)
    table(w, "boundary")
    point_list(w)
    side_tab(w, "plots")
    table(w, "mistakes", reads=3)
    open_link(w, base, "xor", first=False)
    train_and_step(w, min(updates, 3))
    side_tab(w, "plots")
    table(w, "mistakes", reads=3)


def short_walk(w: Walk, base: str, updates: int) -> None:
    """What a first visit hears: the AND link while Python loads, the plot, the status line, Train."""
    open_link(w, base, "and", first=True)
    w.tab_to("train")
    w.press("Enter on Train", "Return", until=w.run_done(), quiet=2.5, timeout=180)


WALKS = {"full": walk, "short": short_walk}


def inner(args) -> int:
    out = Path(args.out).resolve()
    s = Session(out, debug=args.debug)
    srv, base = devserver.start_server(ROOT / "dist", prefix="/perceptron-lab/")
    meta = {"orca": version(["orca", "--version"]), "chromium": version(["chromium", "--version"]),
            "at-spi2-core": version(["dpkg-query", "-W", "-f", "${Version}", "at-spi2-core"]),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    w = Walk(s)
    failed = None
    try:
        s.start_orca()
        WALKS[args.walk](w, base, args.updates)
    except Exception as err:  # the transcript so far is still worth reading
        failed = f"{type(err).__name__}: {err}"
        print(f"[orca_listen] stopped: {failed}", file=sys.stderr)
    finally:
        s.close()
        srv.shutdown()
    steps = w.steps
    if failed:
        meta["stopped"] = failed
    (out / "transcript.json").write_text(json.dumps({"meta": meta, "steps": steps}, ensure_ascii=False, indent=1))
    (out / "transcript.md").write_text(markdown(meta, steps, heard_in))
    print(f"[orca_listen] wrote {out / 'transcript.md'}")
    return 1 if failed else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(Path(os.environ.get("TMPDIR", "/tmp")) / "orca-listen"))
    ap.add_argument("--updates", type=int, default=4, help="updates stepped through on AND (all: 18)")
    ap.add_argument("--walk", choices=sorted(WALKS), default="full",
                    help="short: only the AND link's load, the plot (G), Tab to Train and Enter (about a minute)")
    ap.add_argument("--debug", action="store_true", help="also write Orca's full debug log (large)")
    args = ap.parse_args()
    if os.environ.get(INNER):
        return inner(args)
    lack = missing()
    if lack:
        print(f"orca_listen: install these Debian packages first: apt-get install {' '.join(lack)}", file=sys.stderr)
        return 2
    if not (ROOT / "dist" / "index.html").exists():
        print("orca_listen: no dist/; run `python build.py` first", file=sys.stderr)
        return 2
    # Its own X display and session bus: Orca and Chromium meet on the AT-SPI bus of that session.
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "dbus-run-session", "--",
           sys.executable, str(Path(__file__).resolve()), *sys.argv[1:]]
    return subprocess.call(cmd, env={**os.environ, INNER: "1"})


if __name__ == "__main__":
    sys.exit(main())
