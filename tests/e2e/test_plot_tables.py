"""The table behind each plot and the erase control (issue 35), on one page (one Pyodide boot):

- Under the decision-boundary, mistakes and accuracy plots of the first AND run, Tab reaches a
  "Show as a table" button; Enter opens a real table (caption, column headers, one row header
  per row) and moves the focus onto it, so a screen reader announces it; its numbers are those
  of the same run in CPython (perceptron_lab.core: seed 001's AND, online, fixed order);
  Escape closes it and gives the focus back. The braille line under the mistakes plot is the
  mistakes per epoch drawn with the Unicode rule.
- axe finds no serious or critical violation in the figures with their tables open, nor in the
  foot with the erase control.
- "Erase what the lab stored in this browser" (last: it empties the origin) leaves the
  origin's caches, origin private file system, localStorage and IndexedDB empty, as the
  browser's storage APIs report them, says what it removed, and a reload reaches Ready."""
from __future__ import annotations

import re

import numpy as np
import pytest
from playwright.sync_api import expect

from conftest import new_page, wait_ready_of, close_checked
from pagekit import in_tab
from perceptron_lab.core import train as core_train
from perceptron_lab.core.features import prepare
from perceptron_lab.data import preset
from test_a11y import axe_violations, inject_axe, report
from test_narration import tab_to

TAB_OF = {"boundary": None, "mistakes": "plots", "accuracy": "plots", "proof": "plots"}


@pytest.fixture(scope="module")
def page_and_log(browser, base_url):
    """The module's page with service workers allowed (the erase test needs the offline cache),
    axe injected before the service worker takes the page over (its fetches pass page.route())."""
    context, page, log = new_page(browser, base_url, service_workers="allow")
    inject_axe(page)
    yield page, log
    close_checked(context, log)


@pytest.fixture(scope="module")
def and_run():
    ds = preset("and")
    run = core_train(prepare(ds.X), ds.y, algorithm="online", order="fixed", max_epochs=100)
    return ds, run


def num(s: str) -> float:
    return float(s.replace("−", "-"))


def cells(page, kind: str) -> tuple[list[str], list[list[str]], str]:
    return page.evaluate(
        """(kind) => { const t = document.getElementById(`table-${kind}-data`);
          return [[...t.querySelectorAll("thead th")].map((th) => th.scope + ":" + th.textContent),
                  [...t.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) =>
                    (c.tagName === "TH" ? "th " + c.scope + ":" : "") + c.textContent)),
                  t.caption.textContent]; }""", kind)


def open_by_keyboard(page, kind: str) -> None:
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.evaluate("window.scrollTo(0, 0)")
    tab_to(page, f"table-{kind}-open")
    page.keyboard.press("Enter")
    expect(page.locator(f"#table-{kind}")).to_be_focused()


@pytest.mark.parametrize("kind", list(TAB_OF))
def test_each_plot_has_its_table_one_key_away(ready_page, and_run, kind):
    page = ready_page
    ds, run = and_run

    def check():
        open_by_keyboard(page, kind)
        button = page.locator(f"#table-{kind}-open")
        expect(button).to_have_attribute("aria-expanded", "true")
        head, rows, caption = cells(page, kind)
        assert all(h.startswith("col:") for h in head), head
        assert all(r[0].startswith("th row:") for r in rows), rows[:2]
        # The table as the accessibility tree names it: its caption.
        expect(page.get_by_role("table", name=caption)).to_be_visible()
        values = [[re.sub(r"^th row:", "", c) for c in r] for r in rows]
        if kind == "mistakes":
            em = [int(v) for v in run.epoch_mistakes]
            assert [int(r[1]) for r in values] == em, (values, em)
            assert [int(r[0]) for r in values] == list(range(1, len(em) + 1))
            assert f"{sum(em)} in total" in caption
            braille = page.locator("#plot-mistakes-braille").inner_text()
            top = max(em)
            dots = [0 if m == 0 else min(4, max(1, -(-4 * m // top))) for m in em]
            left, right = [0x40, 0x04, 0x02, 0x01], [0x80, 0x20, 0x10, 0x08]
            want = "".join(chr(0x2800 + sum(left[:dots[i]]) + (sum(right[:dots[i + 1]]) if i + 1 < len(dots) else 0))
                           for i in range(0, len(dots), 2))
            assert braille.endswith(want), (braille, want)
        elif kind == "accuracy":
            # Accuracy after each epoch, from w at that epoch's end (the trace's last update in it).
            Z, tr = prepare(ds.X), run.trace
            want = []
            for e in range(1, len(run.epoch_mistakes) + 1):
                done = [k for k in range(len(tr.epoch)) if tr.epoch[k] <= e]
                w = np.asarray(tr.w[done[-1]]) if done else np.zeros(Z.shape[1])
                want.append(100 * float(np.mean(np.where(Z @ w >= 0, 1, -1) == ds.y)))
            assert [num(r[1]) for r in values] == pytest.approx(want, abs=1e-3)
        elif kind == "proof":
            # ‖w‖ after each recorded update, from the literal run's trace (u·w's u is the page's theory's).
            assert [int(r[0]) for r in values] == [int(k) for k in run.trace.step]
            assert [num(r[2]) for r in values] == pytest.approx([float(np.linalg.norm(w)) for w in run.trace.w], abs=1e-5)
        else:
            w = np.asarray(run.model.w, dtype=float)
            scores = prepare(ds.X) @ w
            norm = float(np.hypot(w[0], w[1]))
            assert [h.split(":", 1)[1] for h in head][-3:] == ["Score w·x̃", "Margin", "Classified"]
            for r, x, y, s in zip(values, ds.X, ds.y, scores):
                assert (num(r[1]), num(r[2])) == (float(x[0]), float(x[1]))
                assert r[3] == ("+1" if y > 0 else "−1")
                assert num(r[4]) == pytest.approx(float(s), abs=1e-6)
                assert num(r[5]) == pytest.approx(float(y * s) / norm, abs=1e-3)
                assert r[6] == ("correct" if (1 if s >= 0 else -1) == y else "misclassified")
        page.keyboard.press("Escape")
        expect(button).to_be_focused()
        expect(button).to_have_attribute("aria-expanded", "false")
        expect(page.locator(f"#table-{kind}")).to_be_hidden()

    if TAB_OF[kind]:
        with in_tab(page, TAB_OF[kind]):
            check()
    else:
        check()


def test_axe_finds_nothing_in_the_tables_and_the_erase_control(ready_page):
    page = ready_page
    found = []
    for kind, tab in TAB_OF.items():
        def scan(kind=kind):
            page.click(f"#table-{kind}-open")
            found.extend(axe_violations(page, f"#table-{kind}"))
            found.extend(axe_violations(page, f"#table-{kind}-open"))
            page.click(f"#table-{kind}-open")
        if tab:
            with in_tab(page, tab):
                scan()
        else:
            scan()
    found.extend(axe_violations(page, "footer.foot"))
    assert not found, report(found)


STORAGE = """async () => {
  const opfs = [];
  for await (const [name] of (await navigator.storage.getDirectory()).entries()) opfs.push(name);
  return { caches: await caches.keys(), opfs, local: localStorage.length,
           databases: (await indexedDB.databases()).map((d) => d.name) };
}"""

PLANT = """async () => {
  // What a first visit leaves besides the offline cache: a snapshot folder with a file, an
  // IndexedDB database of the lab's, the reader's options and the snapshot maker's note.
  const top = await navigator.storage.getDirectory();
  const dir = await top.getDirectoryHandle("snapshot-of-perceptron-lab-0000", { create: true });
  const w = await (await dir.getFileHandle("heap", { create: true })).createWritable();
  await w.write(new Uint8Array(3000)); await w.close();
  await new Promise((ok, no) => { const r = indexedDB.open("perceptron-lab-test", 1); r.onsuccess = () => { r.result.close(); ok(); }; r.onerror = no; });
  localStorage.setItem("perceptron-lab:snapshot-failed-for", "test");
}"""


def test_erase_leaves_the_origin_empty_and_the_next_visit_works(ready_page):
    page = ready_page
    page.wait_for_selector('body[data-offline="ready"], body[data-offline="failed"], body[data-offline="unavailable"]',
                           state="attached", timeout=180_000)
    assert page.evaluate("document.body.dataset.offline") == "ready"
    page.evaluate(PLANT)
    with in_tab(page, "steps"):
        page.select_option("#say-level", "full")  # the reader's options: stored
    before = page.evaluate(STORAGE)
    assert before["caches"] and before["opfs"] and before["local"] >= 2 and before["databases"], before
    button = page.locator("#erase-stored")
    expect(button).to_be_visible()
    button.click()
    said = page.locator("#erase-stored-said")
    expect(said).to_contain_text("The next visit downloads the page afresh.", timeout=60_000)
    text = said.inner_text()
    assert re.search(r"Erased 1 cache of the page's files \(\d+ files\)", text), text
    assert "the quick-start memory snapshot (1 file, 0.0 MB)" in text, text
    assert "2 stored settings" in text and "1 database (perceptron-lab-test)" in text, text
    after = page.evaluate(STORAGE)
    assert after == {"caches": [], "opfs": [], "local": 0, "databases": []}, after
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    page.reload()
    wait_ready_of(page)
    assert page.evaluate("document.body.dataset.pyState") == "ready"
