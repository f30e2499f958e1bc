"""WCAG 2.2 AA in every view, at every size (docs/ACCESSIBILITY.md names these tests):

- axe-core (WCAG 2.0/2.1/2.2 A and AA rules and best practice) finds no serious or critical
  violation in the lab after a run, with the step-through, the comparison, the exercise and
  the hand weights open; in presenter mode; and in embed mode. Each at 1280 px, at 320 px
  (reflow, 1.4.10) and at 200 % zoom (a 1280 px window at zoom 200 % is a 640 px viewport of
  pixel ratio 2: set through the DevTools protocol, as the browser's zoom would).
- At 320 px and at 200 % the page never scrolls sideways (1.4.10).
- The keyboard alone reaches every visible control (Tab, through the whole page and back to
  the top), and each one shows its focus and has a name (2.1.1, 2.4.7, 4.1.2).

Two pages: the lab (one Pyodide boot) and the embedded lab."""
from __future__ import annotations

import contextlib

import pytest

from conftest import wait_ready_of
from pagekit import at_rest, extra_page, in_tab, settled
from test_a11y import axe_violations, focus_style, report

RUN_TIMEOUT_MS = 120_000
SIZES = {
    "1280 px": {"width": 1280, "height": 900, "scale": 1},
    "320 px": {"width": 320, "height": 640, "scale": 1},
    "200 % zoom": {"width": 640, "height": 450, "scale": 2},
}


@contextlib.contextmanager
def sized(page, size: dict):
    """The page at `size` (CSS px and device pixel ratio), back to 1280 × 900 at 1 after."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setDeviceMetricsOverride", {"width": size["width"], "height": size["height"],
                                                    "deviceScaleFactor": size["scale"], "mobile": False})
    try:
        at_rest(page)  # layout and the plots' resize observers settle
        yield
    finally:
        cdp.send("Emulation.clearDeviceMetricsOverride")
        cdp.detach()


def sideways(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def check_every_size(page, view: str) -> None:
    problems = []
    for name, size in SIZES.items():
        with sized(page, size):
            assert page.evaluate("innerWidth") == size["width"] and page.evaluate("devicePixelRatio") == size["scale"]
            bad = axe_violations(page)
            if bad:
                problems.append(f"{view} at {name}:\n{report(bad)}")
            over = sideways(page)
            if size["width"] < 1280 and over > 0:
                problems.append(f"{view} at {name}: the page scrolls sideways by {over} px")
    assert not problems, "\n".join(problems)


@pytest.fixture(scope="module")
def lab(page):
    wait_ready_of(page)
    assert settled(page) == "done"
    page.set_default_timeout(RUN_TIMEOUT_MS)
    return page


def test_lab_with_the_step_through(lab):
    lab.wait_for_selector("#step-fwd:not([disabled])")
    lab.click("#step-fwd")
    lab.wait_for_selector('#stepper[data-step="1"]', state="attached")
    check_every_size(lab, "the lab after a run, step-through at update 1")


def test_compare_view(lab):
    with in_tab(lab, "compare"):  # the one-screen lab keeps each view behind a tab
        lab.click("#compare-run")
        lab.wait_for_selector('#compare[data-state="done"]', state="attached")
        check_every_size(lab, "the comparison")


def test_exercise_view(lab):
    with in_tab(lab, "practice"):
        lab.click("#exercise-start")
        lab.wait_for_selector("#exercise-body:not([hidden])", state="attached")
        check_every_size(lab, "the exercise")


def test_hand_weights_view(lab):
    with in_tab(lab, "practice"):
        lab.click("#hand-notes")
        lab.wait_for_selector("#hand-body:not([hidden])", state="attached")
        check_every_size(lab, "the hand weights")


UNCOVERED = """() => {
  // WCAG 2.4.11: some of the focused control (or of the label that draws it) is on screen and
  // not under anything else (a sticky bar): probe its centre and the centres of its edges.
  const a = document.activeElement;
  const parts = [a, ...(a.labels ? Array.from(a.labels) : [])];
  for (const el of parts) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    const pts = [[0.5, 0.5], [0.5, 0.1], [0.5, 0.9], [0.1, 0.5], [0.9, 0.5]];
    for (const [fx, fy] of pts) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && (parts.some((p) => p === hit || p.contains(hit)) || hit.contains(a))) return true;
    }
  }
  return false;
}"""


@pytest.mark.parametrize("size", ["1280 px", "320 px"])
def test_every_control_by_keyboard_with_visible_focus(lab, size):
    """Tab from the top through the whole page (every view open) until the focus comes back:
    every stop shows its focus, has a name and is not hidden under anything."""
    with sized(lab, SIZES[size]):
        tab_walk(lab)


def tab_walk(lab):
    lab.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    # Tab starts from the top of the page, not from the last control a test clicked.
    lab.evaluate("() => { document.body.tabIndex = -1; document.body.focus(); document.body.removeAttribute('tabindex'); }")
    stops, seen = [], set()
    for _ in range(600):
        lab.keyboard.press("Tab")
        f = focus_style(lab)
        if f["body"]:
            continue
        f["uncovered"] = lab.evaluate(UNCOVERED)
        key = lab.evaluate("""() => { const a = document.activeElement;
            return a.id || a.name || (a.closest('[id]') || {}).id + ' ' + a.tagName + ' ' + (a.textContent || '').slice(0, 30); }""")
        if key in seen:
            break  # wrapped around to the top
        seen.add(key)
        stops.append({**f, "key": key})
    # One tab panel shows at a time on the one-screen lab: fewer stops than the long page had, and
    # the walk starts at the skip link and passes Train and the tab list (every visible control: below).
    # (The reader's Says and sound options sit in the Steps tab since they left the first screen.)
    assert len(stops) > 20 and {"train", "tab-setup"} <= {s["key"] for s in stops}, [s["key"] for s in stops]
    assert "skip" in (stops[0]["name"] or "").lower(), stops[0]
    invisible = [s["key"] for s in stops if not s["visible"]]
    assert not invisible, f"focus not visible on: {invisible}"
    unnamed = [s["key"] for s in stops if not (s["name"] or "").strip()]
    assert not unnamed, f"controls without a name: {unnamed}"
    covered = [s["key"] for s in stops if not s["uncovered"]]
    assert not covered, f"focused but hidden under something or off screen: {covered}"
    # Every visible, enabled control was a stop (a radio group is one stop).
    missing = lab.evaluate(
        """(keys) => {
          const got = new Set(keys);
          const all = document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex="0"]');
          const out = [];
          const groups = new Set();
          for (const c of all) {
            if (c.disabled || c.type === 'hidden' || c.closest('[hidden], [inert]')) continue;
            // Shown: drawn (not in a closed <details>, whose content is skipped), or a visually
            // hidden input drawn by its label (a segmented switch).
            const shown = (x) => x.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })
              && x.getBoundingClientRect().width > 0;
            const label = c.labels && c.labels[0];
            if (!shown(c) && !(label && shown(label))) continue;
            // A tab list is one stop too (its tabs move by arrow keys, the selected one takes Tab).
            if (c.getAttribute('role') === 'tab') { const list = c.closest('[role=tablist]');
              if (groups.has(list)) continue; groups.add(list);
              if (![...list.querySelectorAll('[role=tab]')].some((x) => got.has(x.id))) out.push(list.getAttribute('aria-label') || 'tablist'); continue; }
            if (c.type === 'radio') { if (groups.has(c.name)) continue; groups.add(c.name);
              if (![...document.getElementsByName(c.name)].some((x) => got.has(x.id) || got.has(x.name))) out.push(c.name); continue; }
            const key = c.id || c.name || ((c.closest('[id]') || {}).id + ' ' + c.tagName + ' ' + (c.textContent || '').slice(0, 30));
            if (!got.has(key)) out.push(key);
          }
          return out;
        }""",
        [s["key"] for s in stops])
    assert not missing, f"controls the keyboard never reached: {missing}"


SPACING = ["* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }",
           "p { margin-bottom: 2em !important; }"]
CLIPPED = """() => {
  // Text boxes that cut their text off: overflow hidden or clipped and content taller or wider.
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('[hidden], .visually-hidden') || !e.textContent.trim() || e.matches('option, select')) continue;
    const cs = getComputedStyle(e);
    // Hidden on purpose for sight, kept for screen readers: a 1 px box (.visually-hidden and the like).
    // Kept in place but not drawn (visibility: hidden, e.g. the load line once Python is ready): no text is lost.
    if (cs.display === 'none' || cs.visibility === 'hidden' || e.getBoundingClientRect().width <= 1) continue;
    const clips = (v) => v === 'hidden' || v === 'clip';
    if ((clips(cs.overflowY) && e.scrollHeight > e.clientHeight + 1) || (clips(cs.overflowX) && e.scrollWidth > e.clientWidth + 1)) {
      out.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className}`);
    }
  }
  return out;
}"""


def test_text_spacing_loses_nothing(lab):
    """WCAG 1.4.12: with the criterion's spacing forced on every element (through the CSSOM:
    the page's CSP refuses a <style>), no text box cuts its text off and at 320 px the page
    still does not scroll sideways."""
    n = lab.evaluate("""(rules) => { const sheet = [...document.styleSheets].find((s) => s.href);
        rules.forEach((r) => sheet.insertRule(r, sheet.cssRules.length)); return sheet.cssRules.length; }""", SPACING)
    try:
        for name in ("1280 px", "320 px"):
            with sized(lab, SIZES[name]):
                clipped = lab.evaluate(CLIPPED)
                assert not clipped, f"text cut off at {name} with WCAG 1.4.12 spacing: {clipped}"
                if name == "320 px":
                    assert sideways(lab) <= 0, f"the page scrolls sideways by {sideways(lab)} px"
    finally:
        lab.evaluate("""(n) => { const sheet = [...document.styleSheets].find((s) => s.href);
            sheet.deleteRule(n - 1); sheet.deleteRule(n - 2); }""", n)


def test_presenter_view(lab):
    lab.click("#present")
    lab.wait_for_selector("body[data-present]", state="attached")
    try:
        settled(lab)
        check_every_size(lab, "presenter mode")
    finally:
        lab.keyboard.press("Escape")
        lab.wait_for_selector("body:not([data-present])", state="attached")


def test_embed_view(browser, base_url):
    with extra_page(browser, base_url + "#v=1&embed=1") as page:
        wait_ready_of(page)
        assert settled(page) == "done"
        assert page.evaluate("document.body.dataset.embed") == "1"
        check_every_size(page, "embed mode")
