"""What the e2e modules share about driving the page: train and wait, extra pages with the
same checks as the module's page, read results, check plots.

Waiting for a run: the page writes <body data-run-state> ("running", then "done" / "error" /
"cancelled"). Tests only read it, never write it: click_train / run_end watch every write
with a MutationObserver armed before the action, so an earlier "done" cannot pass for the
run a test started; settled() waits for a run the page started by itself (the first run, a
link being opened)."""

from __future__ import annotations

import base64
import contextlib
import json

import pytest
from playwright.sync_api import expect

from perceptron_lab import settings

RUN_TIMEOUT_MS = 90_000
SETTLED = ('body[data-run-state="done"], body[data-run-state="error"], '
           'body[data-run-state="cancelled"]')
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# The page's defaults, as the page sends them with every Train (state.js settingsRequest reads
# the same params.json: what the request carries in "settings" and the page does not leave out),
# here without plots.
PAGE_SETTINGS = {**{p["key"]: settings.default(p["name"]) for p in settings.SCHEMA["params"]
                    if p.get("request", p["group"]) == "settings" and p.get("page", True)},
                 "plots": False}


def arm_run_end(page, timeout_ms: int = RUN_TIMEOUT_MS, *, require_start: bool = False) -> None:
    """Make window.__runEnd resolve with the run state the page ends in (done / error /
    cancelled). A MutationObserver sees every write of data-run-state, so an earlier "done"
    cannot pass for this run; require_start ignores states until a run has started (for
    runs the page starts by itself, e.g. after a click on the plot)."""
    page.evaluate(
        """([ms, requireStart]) => {
          window.__runEnd = new Promise((resolve) => {
            let started = !requireStart || document.body.dataset.runState === "running";
            const obs = new MutationObserver(() => {
              const s = document.body.dataset.runState;
              if (s === "running") { started = true; return; }
              if (started) { obs.disconnect(); resolve(s); }
            });
            obs.observe(document.body, { attributes: true, attributeFilter: ["data-run-state"] });
            setTimeout(() => { obs.disconnect(); resolve("timeout"); }, ms);
          });
        }""",
        [timeout_ms, require_start],
    )


def click_train(page, timeout_ms: int = RUN_TIMEOUT_MS, *, key: str | None = None) -> str:
    """Press Train (a click, or `key` on the focused Train button) and return the state the
    page ends in: "done", "error" (also when the page refuses to start: a bad value),
    "cancelled", or "timeout"."""
    # A run going now (one the page started by itself) ends first: armed before, its "done"
    # would pass for this press's run.
    expect(page.locator("#train")).to_be_enabled(timeout=timeout_ms)
    page.wait_for_selector('body:not([data-run-state="running"])', state="attached", timeout=timeout_ms)
    arm_run_end(page, timeout_ms)
    if key is None:
        page.click("#train")
    else:
        page.keyboard.press(key)
    return page.evaluate("window.__runEnd")


def run_end(page, action, timeout_ms: int = RUN_TIMEOUT_MS) -> str:
    """Do action() (a click on the plot, opening a link, ...) that makes the page train by
    itself, and return the state that run ends in."""
    arm_run_end(page, timeout_ms, require_start=True)
    action()
    return page.evaluate("window.__runEnd")


def settled(page, timeout_ms: int = RUN_TIMEOUT_MS) -> str:
    """Wait until no run is going (a run the page started by itself has ended); -> its state."""
    page.wait_for_selector(SETTLED, state="attached", timeout=timeout_ms)
    return page.evaluate("document.body.dataset.runState")


# The page at rest: no run going, nothing shown waiting for Python ([aria-busy]: a plot, the theory),
# every shown picture decoded, and the layout (boxes, pictures, scroll) unchanged for `frames`
# animation frames in a row. Evaluated in the page: one round trip, however long it takes.
AT_REST_JS = """async ([frames, limitMs]) => {
  const busy = () => document.body.dataset.runState === 'running' || [...document.querySelectorAll(
    '[aria-busy="true"]')].some((e) => e.getClientRects().length > 0);
  const look = () => JSON.stringify([scrollX, scrollY, document.body.dataset.runState,
    [...document.querySelectorAll('img, figure, canvas, #status, #results, #runbar')].map((e) => {
      const r = e.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height, e.complete === false ? 0 : 1, e.naturalWidth || 0, (e.src || '').length];
    })]);
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const end = performance.now() + limitMs;
  let last = look(), same = 0;
  while (same < frames) {
    if (performance.now() > end) return false;
    await frame();
    const now = look();
    same = now === last && !busy() ? same + 1 : 0;
    last = now;
  }
  return true;
}"""


def at_rest(target, frames: int = 10, timeout_ms: int = 30_000) -> None:
    """Wait until the page (or frame) `target` is at rest (AT_REST_JS): where a test measures a
    layout or what happened while the page settled, instead of a fixed wait."""
    assert target.evaluate(AT_REST_JS, [frames, timeout_ms]), f"the page did not come to rest in {timeout_ms} ms"


def wait_until(target, expression: str, timeout_ms: int = RUN_TIMEOUT_MS, every_ms: int = 50):
    """Poll a JS expression of the page until it is truthy; -> its value (wait_for_function
    needs eval, which the page's CSP forbids)."""
    import time

    end = time.monotonic() + timeout_ms / 1000
    while not (value := target.evaluate(expression)):
        assert time.monotonic() < end, f"timed out waiting for {expression}"
        time.sleep(every_ms / 1000)
    return value


def train(page) -> dict:
    """Press Train, require the run to be done, and return what the page shows of it."""
    state = click_train(page)
    assert state == "done", (state, page.text_content("#message"))
    return shown_result(page)


def shown_result(page) -> dict:
    """The run on screen as exact text: weights, bias, status, mistakes."""
    return page.evaluate("""() => ({
        weights: document.getElementById('weights').dataset.values,
        bias: document.getElementById('weights').dataset.bias,
        status: document.getElementById('status').dataset.status,
        mistakes: document.getElementById('mistakes').dataset.value,
    })""")


@contextlib.contextmanager
def extra_page(browser, url: str, *, viewport: dict | None = None, goto: bool = True, motion: str = "reduce"):
    """A page in a context of its own, checked like the module's page when the block ends:
    no console error or uncaught error (page and worker), no request off this machine, no
    dialog. Yields the page; page.lab_log is its log (conftest.PageLog)."""
    from conftest import attach_log, check_log

    # Service workers blocked, as in conftest.new_page (page.route() must see every request).
    # Reduced motion by default, as in conftest.new_page (no auto-play); motion="no-preference" plays.
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900},
                                  service_workers="block", reduced_motion=motion)
    page = context.new_page()
    log = attach_log(context, page)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.lab_log = log
    try:
        if goto:
            page.goto(url)
        yield page
    finally:
        problems = check_log(log) + [f"dialog: {m}" for m in dialogs]
        context.close()
    if problems:
        pytest.fail(f"problems on {url[:120]}:\n  " + "\n  ".join(problems[:20]), pytrace=False)


def shown_weights(page) -> tuple[list, float | None]:
    """(weights, bias) exactly as the page holds them."""
    values = page.get_attribute("#weights", "data-values")
    bias = page.get_attribute("#weights", "data-bias")
    return json.loads(values), json.loads(bias)


def shown_value(page, selector: str):
    return json.loads(page.get_attribute(selector, "data-value"))


def plots_info(page) -> dict:
    """For each plot: visible?, natural size after decoding, alt text and the image source
    (seen in the Plots tab, where all but the boundary plot are; the tab open before is
    opened again after)."""
    with in_tab(page, "plots"):
        return _plots_info(page)


def _plots_info(page) -> dict:
    return page.evaluate(
        """async () => {
          const out = {};
          for (const name of ["boundary", "mistakes", "accuracy", "proof"]) {
            const img = document.getElementById(`plot-${name}`);
            const fig = img.closest("figure");
            const src = img.getAttribute("src") || "";
            if (src) { try { await img.decode(); } catch (e) { /* naturalWidth stays 0 */ } }
            out[name] = { visible: !fig.hidden && fig.offsetParent !== null, src,
                          width: img.naturalWidth, height: img.naturalHeight, alt: img.alt };
          }
          out.proofMissing = !document.getElementById("proof-missing").hidden;
          return out;
        }"""
    )


def assert_png(info: dict) -> None:
    prefix = "data:image/png;base64,"
    assert info["src"].startswith(prefix), info["src"][:40]
    head = base64.b64decode(info["src"][len(prefix):][:64])
    assert head.startswith(PNG_SIGNATURE), head[:8]
    assert info["width"] > 0 and info["height"] > 0, info
    assert info["visible"], info
    assert len(info["alt"].strip()) > 10, info["alt"]


def current_tab(page) -> str:
    return page.evaluate("document.querySelector('#side [role=tab][aria-selected=true]').id.slice(4)")


@contextlib.contextmanager
def in_tab(page, name: str):
    """Open tab `name` for the block, then the tab that was open before it."""
    before = current_tab(page)
    open_tab(page, name)
    try:
        yield
    finally:
        open_tab(page, before)


def open_tab(page, name: str) -> None:
    """Open the side's tab `name` (setup, plots, numbers, steps, share, compare, practice):
    the lab is one screen, and each panel but the current update sits behind a tab."""
    tab = page.locator(f"#tab-{name}")
    if tab.get_attribute("aria-selected") != "true":
        tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")


# What a plot image shows (a JS expression of `img`): the page draws the step-through and the
# show itself over the <img> (js/plot/plot-motion.js), so when its view is up, its canvases are
# the picture (as PNG data URLs); else the image's own src.
PICTURE_OF_IMG_JS = """((img) => {
  const v = img.nextElementSibling;
  if (v && v.classList.contains("motion-view") && !v.hidden) {
    return [...v.querySelectorAll("canvas")].map((c) => c.toDataURL()).join(" ");
  }
  return img.getAttribute("src") || "";
})"""


def status_shown(page) -> str:
    """The run's whole status as the page shows it: the status line and, for a verdict too long
    for its two lines, the qualification under the key numbers (js/run/status-line.js)."""
    return page.evaluate("""() => [document.getElementById("status"), document.getElementById("status-more")]
      .filter((e) => !e.hidden && e.textContent).map((e) => e.innerText).join(" ")""")
