"""Accessibility: axe-core finds no serious or critical violation on the main page after a
training result, the compare view, the step-through view and embed mode; the keyboard alone
reaches Train and trains with Enter and with Space, and every stop on the way shows its focus.

How axe gets into the page: the page's CSP (script-src 'self') blocks inline scripts, so
page.add_script_tag(content=...) or (path=...) (both inline the file) is refused and logs a
console error. Instead the test serves node_modules/axe-core/axe.min.js with page.route() at
a same-origin URL and adds <script src=that URL>: the page keeps its real CSP (no
bypass_csp), so the test also proves that nothing here needs a weaker policy.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, wait_ready_of
from pagekit import click_train, extra_page, in_tab, settled

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_PATH = "__test__/axe.min.js"  # under the page's own origin and sub-path; never on disk
BAD = ("serious", "critical")
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
RUN_TIMEOUT_MS = 120_000


def _require_axe() -> Path:
    if not AXE_JS.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` (axe-core is a devDependency)",
                    pytrace=False)
    return AXE_JS


def inject_axe(page) -> None:
    if page.evaluate("typeof window.axe") == "object":
        return
    axe = _require_axe()
    base = page.evaluate("document.baseURI")
    url = base.split("#")[0].rsplit("/", 1)[0] + "/" + AXE_PATH
    page.route(url, lambda route: route.fulfill(path=str(axe), content_type="text/javascript; charset=utf-8"))
    page.add_script_tag(url=url)
    assert page.evaluate("typeof window.axe") == "object"


def axe_violations(page, include: str | None = None) -> list[dict]:
    """Serious and critical violations (WCAG 2.0-2.2 A/AA + best practice) in the page or in `include`."""
    inject_axe(page)
    out = page.evaluate(
        """async ([include, tags]) => {
          const ctx = include ? { include: [include] } : document;
          const r = await window.axe.run(ctx, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
          return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })) }));
        }""",
        [include, RULES],
    )
    return [v for v in out if v["impact"] in BAD]


def report(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['impact']}: {v['id']}: {v['help']}")
        for n in v["nodes"][:6]:
            lines.append(f"    {n['target']}: {(n['summary'] or '').splitlines()[-1].strip()}")
    return "\n".join(lines)


def wait_trained(page) -> None:
    assert settled(page) == "done"


def focus_style(page) -> dict:
    """The focused control and whether it (or what draws its focus: its label, its drop zone)
    shows an outline or a box shadow."""
    return page.evaluate(
        """() => {
          const a = document.activeElement;
          const shows = (el) => {
            if (!el) return false;
            const cs = getComputedStyle(el);
            const outline = cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) > 0;
            return outline || (cs.boxShadow && cs.boxShadow !== "none");
          };
          const drawers = [a, ...(a.labels ? Array.from(a.labels) : []), a.closest(".dropzone")];
          return { id: a.id, tag: a.tagName.toLowerCase(), type: a.type || "",
                   name: a.getAttribute("aria-label") || (a.labels && a.labels[0] ? a.labels[0].textContent : "") || a.textContent,
                   visible: drawers.some(shows), body: a === document.body };
        }"""
    )


# ------------------------------------------------------------------ the main page


def test_axe_finds_a_planted_violation(page, wait_ready):
    # The harness itself: a nameless button and an image without alt must be reported,
    # or every "no violations" below would prove nothing.
    wait_ready(page)
    page.evaluate("""() => { const d = document.createElement('div'); d.id = 'planted';
        d.innerHTML = '<button type="button"></button><img src="data:,">'; document.querySelector('main').append(d); }""")
    try:
        ids = {v["id"] for v in axe_violations(page, "#planted")}
    finally:
        page.evaluate("document.getElementById('planted').remove()")
    assert {"button-name", "image-alt"} <= ids, ids


def test_main_page_after_training_has_no_serious_violations(page, wait_ready):
    wait_ready(page)
    wait_trained(page)
    assert page.evaluate("document.getElementById('plot-boundary').alt").startswith("Decision")
    bad = axe_violations(page)
    assert not bad, "axe on the main page after training:\n" + report(bad)


def test_plots_have_their_text_alternative(page, wait_ready, py_call):
    wait_ready(page)
    wait_trained(page)
    with in_tab(page, "plots"):  # mistakes and accuracy sit behind the Plots tab (one-screen lab)
        shown = page.evaluate(
            "() => Array.from(document.querySelectorAll('img[id^=\"plot-\"]')).filter((i) => i.src && !i.closest('[hidden]'))"
            ".map((i) => ({id: i.id, alt: i.alt}))")
    assert {s["id"] for s in shown} >= {"plot-boundary", "plot-mistakes", "plot-accuracy"}
    for s in shown:
        assert len(s["alt"]) > 20, s
    # The alt is the bridge's own text alternative (result.plot_alt), not a fixed caption.
    res = py_call(page, {"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {}})
    alt = page.evaluate("document.getElementById('plot-mistakes').alt")
    assert alt == res["plot_alt"]["mistakes"]


def test_keyboard_alone_reaches_train_and_enter_and_space_train(page, wait_ready):
    wait_ready(page)
    wait_trained(page)
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    page.focus("body")
    # Tab starts from the top of the page, not from the last control a test clicked.
    page.evaluate("() => { document.body.tabIndex = -1; document.body.focus(); document.body.removeAttribute('tabindex'); }")
    stops = []
    for _ in range(80):
        page.keyboard.press("Tab")
        f = focus_style(page)
        if f["body"]:
            continue
        stops.append(f)
        if f["id"] == "train":
            break
    assert stops and stops[-1]["id"] == "train", [s["id"] or s["tag"] for s in stops]
    invisible = [s for s in stops if not s["visible"]]
    assert not invisible, f"focus not visible on: {invisible}"
    unnamed = [s for s in stops if not (s["name"] or "").strip()]
    assert not unnamed, f"controls without a name: {unnamed}"
    assert stops[0]["id"] == "skip-link" or "skip" in stops[0]["name"].lower(), stops[0]

    # Where the focus is the moment each run starts (Train out of use): still on Train, marked
    # aria-disabled, so a screen reader stays there (disabled, the next frame's focus fixup drops it to <body>).
    page.evaluate("""() => { window.__focusAtRun = [];
      new MutationObserver(() => { if (document.body.dataset.runState === 'running') window.__focusAtRun.push(
        [document.activeElement.id, document.activeElement.getAttribute('aria-disabled')]); })
        .observe(document.body, { attributes: true, attributeFilter: ['data-run-state'] }); }""")
    for key in ("Enter", " "):
        assert page.evaluate("document.activeElement.id") == "train"
        assert click_train(page, key=key) == "done"
        assert page.evaluate("document.getElementById('status').textContent").startswith("Converged")
        # Train was disabled while it ran; the focus is back on it, so the next key trains again.
        assert page.evaluate("document.activeElement.id") == "train"
        assert page.evaluate("document.getElementById('train').getAttribute('aria-disabled')") is None
    assert page.evaluate("window.__focusAtRun") == [["train", "true"], ["train", "true"]]


def test_focus_is_visible_on_every_kind_of_control(page, wait_ready):
    wait_ready(page)
    wait_trained(page)
    # Keyboard focus (Tab into the control from the one before) so :focus-visible applies.
    for sel in ["#preset", "#epochs", "#bias", "#source-preset", "#compare-run", "#step-fwd"]:
        if not page.locator(sel).count() or not page.locator(sel).is_visible():
            continue
        page.evaluate("(s) => document.querySelector(s).focus()", sel)
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        f = focus_style(page)
        assert f["visible"], (sel, f)


# ------------------------------------------------------------------ compare variants


def test_compare_view_by_keyboard_has_no_serious_violations(page, wait_ready, py_call):
    wait_ready(page)
    wait_trained(page)
    with in_tab(page, "compare"):
        compare_by_keyboard(page, py_call)


def compare_by_keyboard(page, py_call):
    page.focus("#compare-run")
    page.keyboard.press("Enter")
    page.wait_for_selector('#compare[data-state="done"], #compare[data-state="error"]', state="attached",
                           timeout=RUN_TIMEOUT_MS)
    assert page.evaluate("document.getElementById('compare').dataset.state") == "done", \
        page.evaluate("document.getElementById('compare-message').textContent")
    cards = page.evaluate(
        """() => Array.from(document.querySelectorAll('#compare-cards .cmp-card')).map((c) => ({
             algorithm: c.dataset.algorithm, status: c.dataset.status,
             heading: c.querySelector('h3').textContent,
             alt: c.querySelector('img').alt, src: c.querySelector('img').src.slice(0, 22),
             spark: c.querySelector('svg title').textContent }))""")
    assert [c["algorithm"] for c in cards] == ["online", "averaged", "voted", "pocket", "batch"]
    for c in cards:
        assert c["src"] == "data:image/png;base64,", c
        assert c["alt"].startswith(("Decision boundary", "Decision regions")), c
        assert c["spark"].startswith("Mistakes per epoch: "), c
    # The numbers on the cards are the bridge's (the page's defaults: AND, 100 epochs, seed 0).
    shown = page.evaluate(
        """() => Array.from(document.querySelectorAll('#compare-cards .cmp-card')).map((c) =>
             JSON.parse(c.querySelector('td[data-key="Training accuracy"]').dataset.value))""")
    res = py_call(page, {"cmd": "compare", "data": {"kind": "preset", "name": "and"},
                         "settings": {"plots": False}})
    assert shown == [v["train_accuracy"] for v in res["variants"]]
    bad = axe_violations(page, "#compare")
    assert not bad, "axe on the compare view:\n" + report(bad)


def test_compare_cards_are_one_column_on_a_phone(page, wait_ready):
    wait_ready(page)
    with in_tab(page, "compare"):
        cards_one_column_on_a_phone(page)


def cards_one_column_on_a_phone(page):
    if page.evaluate("document.getElementById('compare').dataset.state") != "done":
        page.click("#compare-run")
        page.wait_for_selector('#compare[data-state="done"]', state="attached", timeout=RUN_TIMEOUT_MS)
    size = page.viewport_size
    try:
        page.set_viewport_size({"width": 360, "height": 740})
        lefts = page.evaluate(
            "() => Array.from(document.querySelectorAll('#compare-cards .cmp-card')).map((c) => Math.round(c.getBoundingClientRect().left))")
        assert len(set(lefts)) == 1, lefts
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px on a phone"
        page.set_viewport_size({"width": 1280, "height": 900})
        lefts = page.evaluate(
            "() => Array.from(document.querySelectorAll('#compare-cards .cmp-card')).map((c) => Math.round(c.getBoundingClientRect().left))")
        assert len(set(lefts)) >= 3, lefts  # side by side on a wide screen
    finally:
        page.set_viewport_size(size)


def test_compare_on_held_out_data_marks_the_best_and_goes_stale(page, wait_ready):
    wait_ready(page)
    with in_tab(page, "compare"):
        if page.evaluate("document.getElementById('compare').dataset.state") != "done":
            page.click("#compare-run")
            page.wait_for_selector('#compare[data-state="done"]', state="attached", timeout=RUN_TIMEOUT_MS)
        assert not page.is_visible("#compare-stale")
    page.select_option("#preset", "overlap")
    page.fill("#test_fraction", "0.3")
    page.dispatch_event("#test_fraction", "change")
    with in_tab(page, "compare"):
        held_out_compare(page)


def held_out_compare(page):
    assert page.is_visible("#compare-stale")  # the old cards are marked out of date
    page.focus("#compare-run")
    page.keyboard.press(" ")
    page.wait_for_selector('#compare[data-state="done"] #compare-stale[hidden]', state="attached",
                           timeout=RUN_TIMEOUT_MS)
    cards = page.evaluate(
        """() => Array.from(document.querySelectorAll('#compare-cards .cmp-card')).map((c) => ({
             best: c.dataset.best, badge: (c.querySelector('.cmp-badge') || {}).textContent || '',
             test: JSON.parse(c.querySelector('td[data-key="Test accuracy"]').dataset.value),
             text: c.querySelector('td[data-key="Test accuracy"]').textContent }))""")
    tests = [c["test"] for c in cards]
    assert all(isinstance(x, float) and 0 <= x <= 1 for x in tests), cards
    assert all(c["text"].endswith("%") for c in cards), cards
    best = [c for c in cards if c["best"] == "true"]
    assert best and all(c["test"] == max(tests) and c["badge"] == "best test accuracy" for c in best), cards
    assert "held out for testing" in page.evaluate("document.getElementById('compare-summary').textContent")
    bad = axe_violations(page, "#compare")
    assert not bad, "axe on the compare view with a test set:\n" + report(bad)


# ------------------------------------------------------------------ step-through


def test_step_through_view_has_no_serious_violations(page, wait_ready):
    wait_ready(page)
    wait_trained(page)
    assert page.locator("#stepper").count() == 1, "the step-through view (#stepper) is missing"
    page.wait_for_selector("#step-fwd:not([disabled])", timeout=RUN_TIMEOUT_MS)
    page.focus("#step-fwd")
    page.keyboard.press("Enter")
    # The page draws the step itself (no PNG from Python): the step is shown once the panel says so.
    page.wait_for_selector('#stepper[data-step="1"]', state="attached", timeout=RUN_TIMEOUT_MS)
    alt = page.evaluate("document.getElementById('step-image').alt")
    assert len(alt) > 20, alt
    bad = axe_violations(page, "#stepper")
    assert not bad, "axe on the step-through view:\n" + report(bad)


# ------------------------------------------------------------------ embed mode


@pytest.fixture(scope="module")
def embed_page(browser, base_url):
    with extra_page(browser, base_url + "#v=1&embed=1") as page:
        yield page


def test_embed_mode_has_no_serious_violations(embed_page):
    page = embed_page
    wait_ready_of(page)
    wait_trained(page)
    assert page.evaluate("document.body.dataset.embed") == "1", "embed mode is not on"
    bad = axe_violations(page)
    assert not bad, "axe in embed mode:\n" + report(bad)
