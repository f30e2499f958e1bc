"""Placing points on the decision-boundary plot (clicks in data coordinates through
result.boundary_geometry, a click on a point removes it, the lab retrains), the keyboard
route (the points table: x₁, x₂, class and Remove per row, Add point; the text box for
pasting many points stays in sync), and every download: PNG and SVG of each plot, the model as
JSON, the update trace and the predictions as CSV (formula cells neutralised).

One page for the module (one Pyodide boot)."""
from __future__ import annotations

import json

import xml.etree.ElementTree as ET

import pytest
from playwright.sync_api import expect

from pagekit import PNG_SIGNATURE, RUN_TIMEOUT_MS, arm_run_end, click_train, run_end, settled
from test_a11y import axe_violations, report
from exportkit import (
    PLACING, TABLE_FIT, _number, click_plot, csv_rows, download, engine, focused_label, plot_position,
    points_in_box, separates, shown_w, table_points)


@pytest.fixture(scope="module")
def ready(page, wait_ready):
    # Before Python is ready there is no result: every download is disabled.
    page.wait_for_selector("#export-model", state="attached")
    # 6 plots x PNG/SVG (projection and weights rows only shown for > 2 features) + 4 files
    # (the animation GIF, the model, the trace, the predictions)
    assert page.locator(".export-btn").count() == 16
    # Read at once (Python may become ready meanwhile): a run computed ahead may be on screen and
    # stepping, but downloads are Python's files of Python's run.
    early = page.evaluate("""() => ({ py: document.body.dataset.pyState,
      enabled: [...document.querySelectorAll(".export-btn")].filter((b) => !b.disabled).map((b) => b.id || b.textContent) })""")
    if early["py"] != "ready":
        assert early["enabled"] == [], early
    wait_ready(page)
    assert settled(page) == "done"
    return page


def test_place_points_by_clicking_the_plot(ready):
    page = ready
    # The boundary plot shows AND; with "Place points" the plot takes clicks.
    page.check("#source-points")
    expect(page.locator(".fig-boundary")).to_have_class(PLACING)
    expect(page.locator("#plot-points-hint")).to_be_visible()
    page.check("#point-pos")
    want = [[1.2, 1.0, 1], [0.9, 1.1, 1]]
    for x, y, _ in want:
        click_plot(page, x, y)
    got = points_in_box(page)
    assert len(got) == 2
    for (x, y, c), (gx, gy, gc) in zip(want, got):
        assert gc == c and abs(gx - x) < 0.02 and abs(gy - y) < 0.02, (want, got)
    assert "−1 class" in page.text_content("#plot-points-status")
    # One class only: nothing was trained yet (the plot still shows AND's result).
    assert page.evaluate("document.body.dataset.runState") == "done"

    page.check("#point-neg")
    assert run_end(page, lambda: click_plot(page, -0.2, 0.0)) == "done"  # the third click retrained
    assert len(points_in_box(page)) == 3
    # The fourth click maps through the new plot's axes (they changed with the data).
    assert run_end(page, lambda: click_plot(page, 0.1, -0.1)) == "done"
    pts = points_in_box(page)
    assert len(pts) == 4 and sorted(p[2] for p in pts) == [-1, -1, 1, 1]
    assert abs(pts[3][0] - 0.1) < 0.02 and abs(pts[3][1] + 0.1) < 0.02, pts
    w = shown_w(page)
    assert separates(w, pts), (w, pts)
    assert page.get_attribute("#status", "data-status") == "converged"
    assert w == engine({"kind": "points", "points": pts})["w"]

    # A click on a point removes it (and retrains: both classes are still there).
    assert run_end(page, lambda: click_plot(page, pts[1][0], pts[1][1])) == "done"
    left = points_in_box(page)
    assert left == [pts[0], pts[2], pts[3]], left
    assert "Removed" in page.text_content("#plot-points-status")
    assert separates(shown_w(page), left)

    # With another data source the plot takes no points.
    page.check("#source-preset")
    expect(page.locator(".fig-boundary")).not_to_have_class(PLACING)
    page.locator("#plot-boundary").click(position=plot_position(page, 0.5, 0.5))
    assert points_in_box(page) == left


def test_points_by_keyboard_in_the_table(ready):
    page = ready
    page.check("#source-points")
    page.click("#points-clear")
    assert table_points(page) == [] and page.is_visible("#points-empty")
    pts = [[0, 0, -1], [0.2, 0.5, -1], [1, 1, 1], [1.5, 0.8, 1], [0.9, 1.4, 1]]
    for n, (x, y, c) in enumerate(pts, 1):
        page.focus("#points-add")
        page.keyboard.press("Enter")
        assert focused_label(page) == f"x₁ of point {n}"  # focus lands in the new row
        page.get_by_label(f"x₁ of point {n}", exact=True).fill(str(x))
        page.keyboard.press("Tab")
        assert focused_label(page) == f"x₂ of point {n}"
        page.get_by_label(f"x₂ of point {n}", exact=True).fill(str(y))
        page.keyboard.press("Tab")
        assert focused_label(page) == f"Class of point {n}"
        page.get_by_label(f"Class of point {n}", exact=True).select_option(str(c))
    assert points_in_box(page) == pts  # the text box follows the table
    # Every control of a row is labelled with its point; the class shows the plot's colours.
    for n in range(1, len(pts) + 1):
        for name in (f"x₁ of point {n}", f"x₂ of point {n}", f"Class of point {n}", f"Remove point {n}"):
            expect(page.get_by_label(name, exact=True)).to_have_count(1)
    dots = page.evaluate("[...document.querySelectorAll('#points-rows .pt-class .dot')].map((d) => d.className)")
    assert dots == ["dot dot-neg", "dot dot-neg", "dot dot-pos", "dot dot-pos", "dot dot-pos"], dots
    bad = axe_violations(page, "#points-box")
    assert not bad, "axe on the points table:\n" + report(bad)
    assert click_train(page) == "done"
    w = shown_w(page)
    assert separates(w, pts), w
    ref = engine({"kind": "points", "points": pts})
    assert w == ref["w"]
    assert json.loads(page.get_attribute("#updates", "data-value")) == ref["updates"]

    # Remove by keyboard: focus stays in the table, on the row that moved up.
    page.get_by_label("Remove point 2", exact=True).focus()
    page.keyboard.press("Enter")
    assert points_in_box(page) == [pts[0]] + pts[2:]
    assert focused_label(page) == "Remove point 2"
    expect(page.locator("#points-table-status")).to_contain_text("Removed point 2")

    # The table follows clicks on the plot (which retrain), and the other way round.
    expect(page.locator(".fig-boundary")).to_have_class(PLACING)
    page.check("#point-neg")
    assert run_end(page, lambda: click_plot(page, 0.1, 1.3)) == "done"
    got = points_in_box(page)
    assert len(got) == 5 and got[-1][2] == -1 and abs(got[-1][0] - 0.1) < 0.02 and abs(got[-1][1] - 1.3) < 0.02
    assert shown_w(page) == engine({"kind": "points", "points": got})["w"]
    page.get_by_label("Class of point 5", exact=True).select_option("1")
    assert points_in_box(page)[-1][2] == 1

    # A cell that holds no number is named next to the table and nothing is trained.
    page.get_by_label("x₂ of point 1", exact=True).fill("")
    page.keyboard.press("Tab")
    expect(page.locator("#points-error")).to_contain_text("Point 1: x₂ must be a number")
    expect(page.get_by_label("x₂ of point 1", exact=True)).to_have_attribute("aria-invalid", "true")
    assert click_train(page) == "error"
    assert focused_label(page) == "x₂ of point 1"
    page.get_by_label("x₂ of point 1", exact=True).fill("0.25")
    page.keyboard.press("Tab")
    expect(page.locator("#points-error")).to_be_hidden()
    assert points_in_box(page)[0] == [0, 0.25, -1]
    assert click_train(page) == "done"


def test_points_pasted_as_text_fill_the_table(ready):
    page = ready
    page.check("#source-points")
    page.click("#points-text-details summary")
    pts = [[0, 0, -1], [0.2, 0.5, -1], [1, 1, 1], [1.5, 0.8, 1], [0.9, 1.4, 1], [-1, 0.5, -1]]
    page.fill("#points-text", "\n".join(f"{x}, {y}, {c}" for x, y, c in pts))
    page.focus("#points-text")
    page.keyboard.press("Tab")
    assert table_points(page) == pts
    assert click_train(page) == "done"
    assert shown_w(page) == engine({"kind": "points", "points": pts})["w"]
    # A bad line is named and nothing is trained; the table keeps the last good points.
    page.fill("#points-text", "0, 0, -1\n1, one, 1")
    page.focus("#points-text")
    page.keyboard.press("Tab")
    expect(page.locator("#points-error")).to_contain_text("Line 2")
    assert table_points(page) == pts
    assert click_train(page) == "error"
    # Editing the table puts the text box back in step with it.
    page.get_by_label("x₁ of point 6", exact=True).fill("-1.5")
    page.keyboard.press("Tab")
    expect(page.locator("#points-error")).to_be_hidden()
    assert points_in_box(page) == pts[:5] + [[-1.5, 0.5, -1]]


@pytest.mark.parametrize("width", [1280, 360])
def test_the_points_table_fits_its_column(ready, width):
    # Headers and "Remove" on one line, the class select wide enough for its text, several
    # rows visible at once, nothing hidden to the side.
    page = ready
    page.set_viewport_size({"width": width, "height": 900})
    try:
        page.check("#source-points")
        page.click("#points-clear")
        for _ in range(6):
            page.click("#points-add")
        fit = page.evaluate(TABLE_FIT)
        assert all(n <= 1 for n in fit["headLines"]), fit
        assert fit["removeLines"] == [1] * 6, fit
        assert fit["selectText"] == ["+1"] * 6 or fit["selectText"] == ["−1"] * 6, fit
        assert all(w >= 3 * fit["fontPx"] for w in fit["selectWidths"]), fit  # text and arrow
        assert fit["rowsShown"] >= 4, fit
        assert fit["sideways"] <= 1, fit
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_downloads(ready, tmp_path):
    page = ready
    page.check("#source-preset")
    page.select_option("#preset", "and")
    page.select_option("#algorithm", "online")
    page.fill("#epochs", "100")
    assert click_train(page) == "done"
    for kind in ("boundary", "mistakes", "accuracy", "proof"):
        name, data = download(page, f"#export-{kind}-png", tmp_path)
        assert name.endswith(f"{kind}.png") and data.startswith(PNG_SIGNATURE), (name, data[:8])
        assert int.from_bytes(data[16:20], "big") >= 1600  # IHDR width: slide resolution
        name, data = download(page, f"#export-{kind}-svg", tmp_path)
        assert name.endswith(f"{kind}.svg")
        root = ET.fromstring(data)
        assert root.tag in ("svg", "{http://www.w3.org/2000/svg}svg"), root.tag

    name, data = download(page, "#export-model", tmp_path)
    model = json.loads(data)
    assert name.endswith(".json")
    assert model["weights"] == json.loads(page.get_attribute("#weights", "data-values"))
    assert model["bias"] == json.loads(page.get_attribute("#weights", "data-bias"))
    assert model["w"] == shown_w(page)

    updates = json.loads(page.get_attribute("#updates", "data-value"))
    name, data = download(page, "#export-trace", tmp_path)
    rows = csv_rows(data)
    assert name.endswith(".csv")
    assert rows[0] == ["t", "epoch", "example", "label", "activation", "w[x1]", "w[x2]", "w[bias]"]
    assert len(rows) - 1 == updates == 18
    assert [float(v) for v in rows[-1][5:]] == shown_w(page)  # the last update is the answer

    name, data = download(page, "#export-predictions", tmp_path)
    rows = csv_rows(data)
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM
    assert rows[0] == ["x1", "x2", "label", "predicted", "score w·x̃", "split"]
    assert len(rows) - 1 == 4
    assert [r[2] for r in rows[1:]] == [r[3] for r in rows[1:]] == ["0", "0", "0", "1"]
    assert "Downloaded" in page.text_content("#export-status")


def test_formula_cells_are_neutralised(ready, tmp_path):
    page = ready
    text = "x1,@x2,label\n0,0,=cmd\n0,1,=cmd\n1,0,ok\n1,1,ok\n2,2,ok\n"
    page.set_input_files("#csv-file", files=[{"name": "formula.csv", "mimeType": "text/csv",
                                              "buffer": text.encode()}])
    expect(page.locator("#csv-info")).to_contain_text("formula.csv: 5 rows", timeout=RUN_TIMEOUT_MS)
    assert click_train(page) == "done"
    _, data = download(page, "#export-predictions", tmp_path)
    rows = csv_rows(data)
    assert rows[0] == ["x1", "'@x2", "label", "predicted", "score w·x̃", "split"]
    assert len(rows) - 1 == 5
    assert [r[2] for r in rows[1:]] == ["'=cmd", "'=cmd", "ok", "ok", "ok"]
    for r in rows:
        for cell in r:
            assert cell[:1] not in ("=", "+", "@") and not (cell[:1] == "-" and not _number(cell)), cell
    _, data = download(page, "#export-trace", tmp_path)
    labels = {r[3] for r in csv_rows(data)[1:]}
    assert labels <= {"'=cmd", "ok"} and "'=cmd" in labels


def test_no_proof_no_proof_download(ready):
    page = ready
    page.check("#source-preset")
    page.select_option("#preset", "xor")
    assert click_train(page) == "done"
    expect(page.locator("#export-proof-png")).to_be_disabled()
    expect(page.locator("#export-proof-svg")).to_be_disabled()
    expect(page.locator("#export-boundary-png")).to_be_enabled()


def test_a_restarted_python_has_no_run_to_export(ready):
    page = ready
    page.check("#source-preset")
    page.select_option("#preset", "and")
    assert click_train(page) == "done"
    expect(page.locator("#export-model")).to_be_enabled()
    # A long run, cancelled: the worker is replaced and forgets the last run.
    page.select_option("#preset", "overlap")
    page.fill("#n", "5000")
    page.fill("#epochs", "1000")
    page.select_option("#order", "shuffle-each")
    arm_run_end(page, require_start=True)
    page.click("#train")
    expect(page.locator("#cancel")).to_be_visible()
    expect(page.locator("#export-model")).to_be_disabled()  # nothing exports while a run trains
    page.click("#cancel")
    assert page.evaluate("window.__runEnd") == "cancelled"
    page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=RUN_TIMEOUT_MS)
    expect(page.locator("#export-model")).to_be_disabled()
    expect(page.locator("#step-play")).to_be_disabled()
    expect(page.locator("#step-error")).to_contain_text("press Train")
    expect(page.locator("#export-status")).to_contain_text("press Train")
    page.select_option("#preset", "and")
    page.fill("#epochs", "100")
    page.select_option("#order", "fixed")
    assert click_train(page) == "done"
    expect(page.locator("#export-model")).to_be_enabled()
    expect(page.locator("#step-play")).to_be_enabled()
    expect(page.locator("#step-error")).to_be_hidden()
