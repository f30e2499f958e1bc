"""The picture first, the margin after: a 10,000 × 200 CSV (separable by a planted u) is
uploaded and trained; the new boundary plot is on screen while γ and (R/γ)² still say
"computing…" and no sentence claims a verdict, and then the margin is filled in with the
numbers Python's theory request gives (CPython's bridge on the same text: its margin
verified on the data, its bound above the run's mistakes).

One page for the module (one Pyodide boot)."""
from __future__ import annotations

import json

import numpy as np
from playwright.sync_api import expect

from tools.planted_data import csv_text, planted


N, D, MARGIN = 10_000, 200, 0.1
TIMEOUT_MS = 300_000  # Pyodide trains 10,000 × 200 several times slower than CPython on a shared CPU


def separable_csv(seed=0):
    """N rows of D features, 3 decimals, labelled by a planted unit u with margin MARGIN."""
    X, sign, _ = planted(seed, N, D, MARGIN, decimals=3)
    return csv_text(X, sign, prefix="f", labels=("no", "yes"), number="{:.3f}".format), X, sign


# Every time the boundary picture changes during a run: what the theory cells said at that moment.
# (Before the run, the last run's picture may be redrawn for a box the upload changed: plot/picture-refit.js.)
WATCH_PICTURE = """() => {
  window.__pictures = [];
  const img = document.getElementById("plot-boundary");
  new MutationObserver(() => {
    if (!img.getAttribute("src") || document.body.dataset.runState !== "running") return;
    window.__pictures.push({
      theory: document.getElementById("separable-note").dataset.theory,
      separable: document.getElementById("separable-note").textContent,
      gamma: document.getElementById("gamma").textContent,
      bound: document.getElementById("bound").textContent,
      verdict: document.getElementById("bound-verdict").textContent,
      visible: img.getBoundingClientRect().width > 0 && !img.closest("figure").hidden,
      // the whole status: a verdict too long for its line goes on under the numbers (run/status-line.js)
      status: document.getElementById("status").textContent + " " + document.getElementById("status-more").textContent,
    });
  }).observe(img, { attributes: true, attributeFilter: ["src"] });
}"""


def train_to_pending_picture(page, timeout_ms: int = TIMEOUT_MS) -> dict:
    """Press Train (WATCH_PICTURE armed): the new picture is on screen while the margin is still
    being computed, and nothing on the page claims one. -> the numbers recorded with that picture."""
    page.click("#train")
    page.wait_for_function("() => window.__pictures.length > 0", timeout=timeout_ms)
    first = page.evaluate("window.__pictures[0]")
    assert first["visible"], first
    assert first["theory"] == "pending", first
    assert first["gamma"] == "computing…" and first["bound"] == "computing…", first
    assert first["separable"] == "Computing the margin…" and first["verdict"] == "", first
    expect(page.locator("#gamma")).to_have_text("computing…")  # seen by the test too, not only recorded
    return first


def test_the_boundary_plot_comes_before_the_margin(ready_page):
    page = ready_page
    text, X, y = separable_csv()
    page.check("#source-csv")
    page.set_input_files("#csv-file", files=[{"name": "wide.csv", "mimeType": "text/csv",
                                              "buffer": text.encode()}])
    expect(page.locator("#csv-info")).to_contain_text("wide.csv: ", timeout=TIMEOUT_MS)
    page.evaluate(WATCH_PICTURE)

    first = train_to_pending_picture(page)
    assert "could not be decided" not in first["status"] and "not linearly separable" not in first["status"], first

    # Then the margin is filled in, and the run ends.
    expect(page.locator("#separable-note")).to_have_attribute("data-theory", "done", timeout=TIMEOUT_MS)
    page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=TIMEOUT_MS)
    gamma = json.loads(page.get_attribute("#gamma", "data-value"))
    bound = json.loads(page.get_attribute("#bound", "data-value"))
    mistakes = json.loads(page.get_attribute("#mistakes", "data-value"))
    R = json.loads(page.get_attribute("#R", "data-value"))
    note = page.inner_text("#separable-note")
    assert note.startswith("The training data is linearly separable"), note
    assert isinstance(gamma, float) and 0 < gamma < R
    assert abs(bound / (R / gamma) ** 2 - 1) < 1e-12 and mistakes <= bound  # Novikoff's bound of the γ shown
    Z = np.hstack([X, np.ones((N, 1))])  # the page's defaults: bias on, no standardizing, no test split
    assert abs(R / float(np.max(np.linalg.norm(Z, axis=1))) - 1) < 1e-12
    assert page.inner_text("#gamma") != "computing…" and page.inner_text("#bound") != "computing…"
    assert "computing" not in page.inner_text("#proof-missing").lower()
