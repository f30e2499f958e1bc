"""The page in German, Spanish and a right-to-left test locale, in Chromium: ONE page for the
module (a boot per language: lang=de, then the picker's Spanish, then the pseudo-locale).

- lang=de: every word index.html marks and every panel's own words are the German catalog's;
  numbers take the decimal comma; the layout holds at 1280 × 800 and 390 px (no sideways scroll,
  no text cut or overprinted);
- the picker switches to Spanish: the page reloads in it, the address carries lang=es and the
  choice is stored;
- lang=ar-XB (page.pot written right to left): <html dir="rtl">, nothing overflows.
Screenshots: /work/notes/langpage-screens/ (tools of the session, not of this test).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import READY_TIMEOUT_MS, attach_log, wait_ready_of, close_checked
from pagekit import at_rest

LOCALE = Path(__file__).resolve().parents[2] / "site" / "locale"


def catalog(lang: str, po: Path | None = None) -> dict[str, list[str]]:
    """msgid -> msgstr forms of site/locale/<lang>/page.po, or of po (a reader of its own, not the page's)."""
    out, cur, field = {}, {}, None
    unq = lambda s: re.sub(r'\\(["\\n])', lambda m: "\n" if m.group(1) == "n" else m.group(1), s.strip()[1:-1])  # noqa: E731
    for line in (po or LOCALE / lang / "page.po").read_text(encoding="utf-8").splitlines() + [""]:
        m = re.match(r'^(msgid|msgid_plural|msgstr(?:\[\d\])?) (".*")$', line)
        if m:
            field = m.group(1)
            cur[field] = unq(m.group(2))
        elif line.startswith('"') and field:
            cur[field] += unq(line)
        elif not line.strip():
            if cur.get("msgid"):
                out[cur["msgid"]] = [v for k, v in sorted(cur.items()) if k.startswith("msgstr")]
            cur, field = {}, None
    return out


# Every marked word of index.html, and each attribute named by data-i18n-attr, as shown now; not
# #status, which holds Python's sentence once a run is shown (Python's catalogs: docs/LANGUAGES.md),
# nor a marked line the page has emptied since.
MARKED_JS = """() => {
  const out = [];
  for (const n of document.querySelectorAll("[data-i18n]:not(#status)")) out.push(n.textContent.replace(/\\s+/g, " ").trim());
  for (const n of document.querySelectorAll("[data-i18n-attr]"))
    for (const a of n.getAttribute("data-i18n-attr").split(/\\s+/)) if (n.getAttribute(a)) out.push(n.getAttribute(a));
  return out;
}"""

# Layout faults at this width: the page scrolls sideways, a control's text is cut (its content
# wider than its box), or two controls of one row overprint each other.
LAYOUT_JS = """() => {
  const d = document.documentElement, faults = [];
  if (d.scrollWidth > innerWidth + 1) faults.push(`page ${d.scrollWidth} px wide in ${innerWidth}`);
  const seen = (n) => n.offsetParent !== null && n.getBoundingClientRect().width > 2 && !n.closest(".visually-hidden");
  const boxes = [...document.querySelectorAll("button, [role=tab], label, h1, h2, h3, legend, dt, .status-line, select")].filter(seen);
  for (const n of boxes) if (n.scrollWidth > n.clientWidth + 2 && getComputedStyle(n).overflowX !== "visible")
    faults.push(`cut: ${n.id || n.tagName} "${n.textContent.trim().slice(0, 40)}"`);
  // A one-word button broken over two lines ("PN/G" beside a long Spanish name).
  for (const n of boxes) if (n.tagName === "BUTTON" && /^\\S+$/.test(n.innerText.trim())) {
    const range = document.createRange(); range.selectNodeContents(n);
    if (range.getClientRects().length > 1 && new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1)
      faults.push(`broken: ${n.id} "${n.innerText.trim()}"`);
  }
  for (const group of [".view-controls > *", ".tabs [role=tab]", ".runbar .buttons > *", ".now-numbers > div", ".step-controls .buttons > *"]) {
    const items = [...document.querySelectorAll(group)].filter(seen).map((n) => [n, n.getBoundingClientRect()]);
    for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
      const [a, r] = items[i], [b, s] = items[j];
      if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1)
        faults.push(`overprint: ${a.id || a.textContent.trim().slice(0, 20)} / ${b.id || b.textContent.trim().slice(0, 20)}`);
    }
  }
  return faults;
}"""


# Every word a reader sees or hears on the page now: visible text, and the names and alt texts of
# visible elements, outside anything marked lang="en" (English on purpose, said as English).
SEEN_JS = """() => {
  const english = (n) => /^en\\b/.test(n.closest("[lang]")?.getAttribute("lang") || "");
  const seen = (n) => n.checkVisibility({ visibilityProperty: true }) && !n.closest(".visually-hidden, script, style");
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const p = t.parentElement;
    if (p && t.textContent.trim() && !english(p) && (seen(p) || p.closest(".visually-hidden"))) out.push(t.textContent);
  }
  for (const n of document.querySelectorAll("[aria-label], [title], [alt], [placeholder]"))
    if (seen(n) && !english(n)) for (const a of ["aria-label", "title", "alt", "placeholder"]) if (n.getAttribute(a)) out.push(n.getAttribute(a));
  return out;
}"""
PYTHON_PO = Path(__file__).resolve().parents[2] / "py" / "perceptron_lab" / "locale"
TABS = ["setup", "plots", "numbers", "steps", "share", "compare", "practice"]


def english_only(lang: str) -> set[str]:
    """The words of the English messages (the page's and Python's) that no translation into lang
    uses: one of them on the lang page is English left over."""
    words = lambda s: {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]{3,}", re.sub(r"\{\w+\}", " ", s))}  # noqa: E731
    english, there = set(), set()
    for cat in (catalog(lang), catalog(lang, PYTHON_PO / lang / "LC_MESSAGES" / "perceptron_lab.po")):
        for msgid, forms in cat.items():
            english |= words(msgid)
            there |= {w for f in forms for w in words(f)}
    return english - there


def english_left(page, lang: str) -> list[str]:
    """Each tab of the side column in turn (with the header and the results beside it): the
    English words a reader of lang would meet, with where."""
    only, found = english_only(lang), []
    for tab in TABS:
        page.click(f"#tab-{tab}")
        for text in page.evaluate(SEEN_JS):
            found += [f"{tab}: {w} in “{text.strip()[:80]}”" for w in re.findall(r"[A-Za-zÀ-ÿ]{3,}", text) if w.lower() in only]
    page.click("#tab-setup")
    return sorted(set(found))


@pytest.fixture(scope="module")
def lab(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    log = attach_log(context, page)
    page.goto(base_url + "#lang=de")
    wait_ready_of(page)
    page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=READY_TIMEOUT_MS)
    page.set_default_timeout(90_000)
    page.base = base_url
    yield page
    close_checked(context, log)


def shows_only(page, lang):
    """Every marked word on the page is the catalog's translation (none left in English)."""
    words = {s for forms in catalog(lang).values() for s in forms}
    shown = page.evaluate(MARKED_JS)
    assert len(shown) > 100
    assert [s for s in shown if s and s not in words] == []


def test_a_german_link_shows_every_panel_in_german(lab):
    assert lab.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["de", "ltr"]
    shows_only(lab, "de")
    de = {k: v[0] for k, v in catalog("de").items()}
    # Each panel's own words, made by its module (not index.html), after a click on its tab.
    panels = {"setup": ["Learning rate η", "Data source", "Algorithm"], "plots": ["Show as a table"],
              "numbers": ["Mistake bound", "Training accuracy"], "steps": ["Hear it learn", "Single-key shortcuts"],
              "share": ["Share and embed", "Copy link", "Download animation (GIF)"], "compare": ["Compare variants"],
              "practice": ["Predict the update", "Start the exercise", "Find the weights by hand"]}
    for tab, ids in panels.items():
        lab.click(f"#tab-{tab}")
        lines = {part.strip() for part in re.split(r"[\n\t]", lab.inner_text("#side"))}
        for msgid in ids:
            assert de[msgid] in lines, (tab, de[msgid])
            assert msgid not in lines, (tab, msgid)
    lab.click("#tab-setup")
    assert lab.inner_text("#train") == "Trainieren"
    # The numbers with the decimal comma, the link without it.
    assert re.fullmatch(r"\d+,\d+", lab.inner_text("#now-R")), lab.inner_text("#now-R")
    assert "lang=de" in lab.evaluate("location.hash")
    # Every tab walked, the comparison's cards shown too: no English word outside what is marked lang="en".
    lab.click("#tab-compare")
    lab.click("#compare-run")
    lab.wait_for_selector('#compare[data-state="done"]', state="attached", timeout=READY_TIMEOUT_MS)
    assert english_left(lab, "de") == []


def test_the_runs_sentences_come_from_pythons_german_catalog(lab):
    # The page's Python (Pyodide) answers in German what CPython answers for the same request with lang=de.
    from perceptron_lab import i18n
    from perceptron_lab.bridge import handle
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {"plots": False}, "lang": "de"})
    i18n.use_language("en")
    assert r["status_text"].startswith("Konvergiert nach")
    lab.wait_for_function("t => document.querySelector('#status').textContent.includes(t)", arg=r["status_text"])
    assert r["separable_text"] in lab.evaluate("document.body.textContent")  # the Numbers tab: hidden, present


def test_a_screen_reader_hears_the_run_in_german_and_axe_finds_nothing(lab):
    from test_a11y import axe_violations, report
    # The mistakes plot's description and braille line, and the boundary list's first point:
    # the narration's German sentences, with the decimal comma; the AND run's numbers (CPython's).
    from perceptron_lab.bridge import handle
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {"plots": False}})
    em = r["epoch_mistakes"]
    assert lab.text_content("#plot-mistakes-desc") == (
        f"Fehler pro Epoche, Epochen 1 bis {len(em)}: {', '.join(map(str, em))}; insgesamt {sum(em)}.")
    assert lab.text_content("#plot-mistakes-braille").startswith("Fehler pro Epoche in Braille, zwei Epochen pro Zelle: ")
    assert lab.text_content("#plot-accuracy-desc").startswith("Trainingsgenauigkeit pro Epoche: ")
    found = axe_violations(lab)
    assert not found, report(found)


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_the_german_layout_holds(lab, width, height):
    assert layout_faults(lab, width, height) == []


def layout_faults(page, width, height):
    """LAYOUT_JS on every tab at this size."""
    page.set_viewport_size({"width": width, "height": height})
    at_rest(page)
    faults = []
    for tab in TABS:
        page.click(f"#tab-{tab}")
        at_rest(page)
        faults += [f"{tab}: {f}" for f in page.evaluate(LAYOUT_JS)]
    page.click("#tab-setup")
    page.set_viewport_size({"width": 1280, "height": 800})
    return faults


# Presenter mode: the controls floating over the side column cover neither the verdict nor the
# step-through (the German way out, "Präsentationsmodus verlassen", covered the verdict).
PRESENT_OVERLAP_JS = """() => {
  const box = (n) => n.getBoundingClientRect();
  const hit = (r, s) => r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1;
  const controls = [...document.querySelectorAll(".top .view-controls > *")].filter((n) => n.checkVisibility());
  const others = [...document.querySelectorAll(".stage-head .status-line, #stepper .buttons > *, #present-count, .fig-boundary img")].filter((n) => n.checkVisibility());
  return controls.flatMap((c) => others.filter((o) => hit(box(c), box(o))).map((o) => `${c.id || c.textContent.trim().slice(0, 20)} / ${o.id || o.className}`));
}"""


@pytest.mark.parametrize("width, height", [(1280, 800), (1920, 1080)])
def test_the_german_presenter_view_holds(lab, width, height):
    from pagekit import run_end
    lab.set_viewport_size({"width": width, "height": height})
    run_end(lab, lambda: lab.click("#present"))  # presenting redraws the run larger
    lab.wait_for_selector("body[data-present]", state="attached")
    at_rest(lab)
    try:
        assert lab.evaluate(PRESENT_OVERLAP_JS) == []
    finally:
        run_end(lab, lambda: lab.click("#present"))
        lab.set_viewport_size({"width": 1280, "height": 800})


def test_the_picker_switches_language_and_the_link_carries_it(lab):
    assert lab.eval_on_selector("#lang-pick", "s => [s.value, s.labels[0].firstElementChild.textContent.trim()]") == ["de", "Sprache"]
    with lab.expect_navigation():
        lab.select_option("#lang-pick", "es")
    wait_ready_of(lab)
    lab.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=READY_TIMEOUT_MS)
    assert lab.evaluate("document.documentElement.lang") == "es"
    assert re.search(r"(^|&)lang=es(&|$)", lab.evaluate("location.hash").lstrip("#"))
    assert lab.evaluate("localStorage.getItem('perceptron-lab:lang')") == "es"
    assert lab.eval_on_selector("#lang-pick", "s => s.labels[0].firstElementChild.textContent.trim()") == "Idioma"
    shows_only(lab, "es")
    assert lab.inner_text("#train") == "Entrenar"


def test_the_spanish_page_shows_every_panel_in_spanish_and_axe_finds_nothing(lab):
    from test_a11y import axe_violations, report
    assert lab.evaluate("document.documentElement.lang") == "es"
    assert english_left(lab, "es") == []
    assert layout_faults(lab, 1280, 800) + layout_faults(lab, 390, 844) == []
    found = axe_violations(lab)
    assert not found, report(found)


def test_the_right_to_left_test_locale_lays_out_right_to_left(lab):
    lab.evaluate("(u) => { history.replaceState(null, '', u); }", lab.base + "#lang=ar-XB")
    lab.reload()
    lab.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=READY_TIMEOUT_MS)
    assert lab.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["ar-XB", "rtl"]
    assert lab.inner_text("#train").startswith("\u202b")
    # Mirrored: the side column is left of the plot, the brand at the right of the header.
    side, stage = (lab.eval_on_selector(s, "n => n.getBoundingClientRect().left") for s in ("#side", "#results"))
    assert side < stage
    for width, height in [(1280, 800), (390, 844)]:
        lab.set_viewport_size({"width": width, "height": height})
        at_rest(lab)
        faults = lab.evaluate(LAYOUT_JS)
        assert faults == [], "\n".join(faults)
