"""CSV in the page: upload (file picker and drag-and-drop), preview, label chooser, training
that equals CPython's engine on the same text; every bad file shows its message next to
the upload control while the earlier data and results stay and Train still works; more
than two features give the two feature choosers, and choosing others re-plots.

One page for the whole module (one Pyodide boot)."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

import datakit
from datakit import csv_data

from conftest import wait_ready_of
from pagekit import RUN_TIMEOUT_MS, assert_png, click_train, plots_info, shown_weights, status_shown
from uploadkit import (
    BAD, CSV_ERROR, DROPPED, GOOD, WIDE, assert_trains_to, big_csv, drawn_as, engine, inspect, iris_csv,
    label_options, preview_table, upload, wait_loaded, watch_reading)


@pytest.fixture(scope="module")
def good_loaded(ready_page):
    """GOOD uploaded through the file input and trained once (the earlier data and result
    that every bad file below must leave alone)."""
    page = ready_page
    page.check("#source-csv")
    upload(page, "flowers.csv", GOOD)
    wait_loaded(page, "flowers.csv")
    exp = assert_trains_to(page, GOOD)
    return page, exp


# ------------------------------------------------------------------ good files

def test_upload_preview_labels_and_training(good_loaded):
    page, exp = good_loaded
    info = inspect(GOOD)
    table = preview_table(page)
    assert table is not None
    assert table["head"] == ["petal length", "petal width", "species"] == info["columns"]
    assert table["rows"] == info["preview"]
    assert len(table["rows"]) == 10
    assert table["rows"][0] == GOOD.splitlines()[1].split(",")
    assert "40" in table["caption"]
    assert page.inner_text("#csv-info").startswith("flowers.csv: 40 rows, 2 features")

    opts, selected = label_options(page)
    assert opts == ["petal length", "petal width", "species"]
    assert selected == "species"
    assert page.is_checked("#source-csv")
    assert page.is_hidden("#plot-features-box")  # two features: nothing to choose

    assert page.inner_text("#labels") == "−1 = setosa, +1 = versicolor"
    assert json.loads(page.get_attribute("#weights", "data-names")) == ["petal length", "petal width"]
    plots = plots_info(page)
    for name in ("boundary", "mistakes", "accuracy"):
        assert_png(plots[name])


def test_label_column_chooser_retrains_on_another_column(good_loaded):
    page, exp = good_loaded
    text = "first,second,third\n1.5,2,0\n-2.25,5,1\n0.75,5,1\n-1.0,2,0\n0.5,2,1\n"
    upload(page, "three.csv", text)
    wait_loaded(page, "three.csv")
    opts, selected = label_options(page)
    assert opts == ["first", "second", "third"] and selected == "third"
    expect(page.locator("#csv-info")).to_contain_text("labels −1 = 0, +1 = 1")
    watch_reading(page)
    page.select_option("#label-column", "1")
    expect(page.locator("#csv-info")).to_contain_text("labels −1 = 2, +1 = 5")
    # One request to Python for the change, and one reading of the file in it (each reading
    # ends by reporting all of the file's lines read).
    log = page.evaluate("window.__reading")
    # The step-through fetches its frames in the background ("frame"): not a request of the change.
    assert [c for c in log["calls"] if c != "frame"] == ["inspect"]
    assert [t for t in log["texts"] if "100 % of its lines" in t] == [
        "Reading “three.csv” (1 kB): 100 % of its lines (6 of 6)."]
    assert page.eval_on_selector_all("#csv-preview th.is-label", "e => e.map(x => x.textContent)") == ["second"]
    assert click_train(page) == "done"
    res = datakit.engine(csv_data(text, 1))
    assert shown_weights(page) == (res["weights"], res["bias"])
    assert json.loads(page.get_attribute("#weights", "data-names")) == ["first", "third"]
    # Back to the earlier file for the tests below.
    upload(page, "flowers.csv", GOOD)
    wait_loaded(page, "flowers.csv")
    assert_trains_to(page, GOOD)


def test_a_large_file_shows_its_reading_and_can_be_cancelled(good_loaded):
    page, exp = good_loaded
    raw = big_csv(190_000)
    assert 19_000_000 < len(raw) <= 20_000_000
    watch_reading(page)
    upload(page, "big.csv", raw)
    text = page.locator("#csv-reading-text")
    expect(text).to_contain_text("% of its lines", timeout=RUN_TIMEOUT_MS)
    # Cancel while Python reads: the earlier file stays the data, Python restarts, Train works.
    page.click("#csv-cancel-read")
    expect(page.locator("#csv-info")).to_have_text(
        "Reading “big.csv” was cancelled. “flowers.csv” is still the data.")
    wait_ready_of(page)
    assert_trains_to(page, GOOD)
    # Read to the end: the progress goes through every line, then every feature column.
    watch_reading(page)
    upload(page, "big.csv", raw)
    expect(page.locator("#csv-info")).to_contain_text("big.csv: 190000 rows, 11 features", timeout=RUN_TIMEOUT_MS)
    log = page.evaluate("window.__reading")
    # The step-through fetches its frames in the background ("frame"): not a request of the change.
    assert [c for c in log["calls"] if c != "frame"] == ["inspect"]
    head = f"Reading “big.csv” ({len(raw) / 1e6:.1f} MB)"
    rows = [t for t in log["texts"] if "of its lines" in t]
    cols = [t for t in log["texts"] if "converted to numbers" in t]
    assert rows and cols and log["texts"].index(cols[0]) > log["texts"].index(rows[-1])
    assert all(t.startswith(head) for t in rows + cols), (head, rows[:2])
    pcts = [int(t.split(": ")[1].split(" %")[0]) for t in rows]
    assert pcts == sorted(pcts) and pcts[-1] == 100 and any(0 < p < 100 for p in pcts), pcts
    assert rows[-1].endswith("100 % of its lines (190,001 of 190,001).")
    assert cols[-1] == f"{head}: all 190,001 lines read; 11 of 11 columns converted to numbers."
    # Back to the earlier file for the tests below.
    upload(page, "flowers.csv", GOOD)
    wait_loaded(page, "flowers.csv")
    assert_trains_to(page, GOOD)


def test_drag_and_drop(good_loaded):
    page, _ = good_loaded
    page.evaluate(
        """([name, text]) => {
          const dt = new DataTransfer();
          dt.items.add(new File([text], name, { type: "text/csv" }));
          const zone = document.getElementById("dropzone");
          for (const type of ["dragenter", "dragover", "drop"]) {
            zone.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
          }
        }""",
        ["digits.csv", DROPPED],
    )
    wait_loaded(page, "digits.csv")
    assert preview_table(page)["rows"] == inspect(DROPPED)["preview"]
    assert label_options(page) == (["u", "v", "digit"], "digit")
    assert not page.evaluate("document.getElementById('dropzone').classList.contains('dragging')")
    exp = assert_trains_to(page, DROPPED)
    assert exp["labels"] == {"-1": "3", "+1": "7"}
    assert page.inner_text("#labels") == "−1 = 3, +1 = 7"
    # Back to the earlier file.
    upload(page, "flowers.csv", GOOD)
    wait_loaded(page, "flowers.csv")
    assert_trains_to(page, GOOD)


@pytest.mark.parametrize("case, content, words", BAD, ids=[c for c, _, _ in BAD])
def test_bad_csv_keeps_earlier_data(good_loaded, case, content, words):
    page, exp = good_loaded
    before = shown_weights(page)
    preview_before = preview_table(page)
    info_before = page.inner_text("#csv-info")

    upload(page, f"{case}.csv", content)
    err = page.locator(CSV_ERROR)
    expect(err).to_be_visible()
    text = err.inner_text()
    for w in words:
        assert w.lower() in text.lower(), (w, text)
    # Next to the upload control, and the only error on the page.
    assert page.evaluate(
        "() => document.getElementById('csv-box').contains(document.querySelector('.field-error[data-for=\"csv-file\"]'))")
    assert page.locator(".field-error:not([hidden])").count() == 1
    assert page.get_attribute("#csv-file", "aria-invalid") == "true"

    # The earlier data and results are all still there.
    assert page.inner_text("#csv-info") == info_before
    assert preview_table(page) == preview_before
    assert label_options(page) == (["petal length", "petal width", "species"], "species")
    assert shown_weights(page) == before == (exp["weights"], exp["bias"])
    assert page.is_checked("#source-csv")

    # Train still works, on the earlier data.
    assert_trains_to(page, GOOD)
    expect(err).to_be_hidden()


def test_file_over_20_mb_is_refused_before_reading(good_loaded, tmp_path):
    page, exp = good_loaded
    before = shown_weights(page)
    # Count reads of the file and calls into Python while the big file is chosen.
    page.evaluate(
        """() => {
          window.__reads = 0; window.__calls = 0;
          const c = window.__pyclient;
          window.__saved = { text: Blob.prototype.text, ab: Blob.prototype.arrayBuffer,
                             stream: Blob.prototype.stream, call: c.call };
          for (const m of ["text", "arrayBuffer", "stream"]) {
            const orig = Blob.prototype[m];
            Blob.prototype[m] = function (...a) { window.__reads++; return orig.apply(this, a); };
          }
          const FR = FileReader.prototype;
          window.__saved.fr = FR.readAsText; window.__saved.frab = FR.readAsArrayBuffer;
          FR.readAsText = function (...a) { window.__reads++; return window.__saved.fr.apply(this, a); };
          FR.readAsArrayBuffer = function (...a) { window.__reads++; return window.__saved.frab.apply(this, a); };
          c.call = function (...a) { if (a[0]?.cmd !== "frame") window.__calls++; return window.__saved.call.apply(this, a); };  // the step-through's background frames are not the file's
        }"""
    )
    try:
        big = tmp_path / "huge.csv"
        big.write_bytes(b"x1,x2,y\n" + b"1,2,a\n" * ((21 * 1024 * 1024) // 6))
        assert big.stat().st_size > 21 * 1024 * 1024 - 10
        # A file on disk rather than an in-memory buffer: the same 21 MB File in the page,
        # but Playwright sends a buffer through its protocol (about 20 s for 21 MB here).
        page.set_input_files("#csv-file", str(big))
        err = page.locator(CSV_ERROR)
        expect(err).to_be_visible()
        assert "20 MB" in err.inner_text() and "huge.csv" in err.inner_text(), err.inner_text()
        page.wait_for_timeout(300)  # a read or a call, were there one, would have started by now
        assert page.evaluate("[window.__reads, window.__calls]") == [0, 0]
    finally:
        page.evaluate(
            """() => {
              const s = window.__saved;
              Blob.prototype.text = s.text; Blob.prototype.arrayBuffer = s.ab; Blob.prototype.stream = s.stream;
              FileReader.prototype.readAsText = s.fr; FileReader.prototype.readAsArrayBuffer = s.frab;
              window.__pyclient.call = s.call;
            }"""
        )
    assert page.inner_text("#csv-info").startswith("flowers.csv: ")
    assert shown_weights(page) == before
    assert_trains_to(page, GOOD)


# ------------------------------------------------------------------ more than two features

def test_more_features_show_choosers_and_replot(good_loaded):
    page, _ = good_loaded
    upload(page, "wide.csv", WIDE)
    wait_loaded(page, "wide.csv")
    box = page.locator("#plot-features-box")
    expect(box).to_be_visible()
    names = ["a", "b", "c", "d"]
    for sel, chosen in (("#plot-x", "a"), ("#plot-y", "b")):
        assert page.eval_on_selector_all(f"{sel} option", "os => os.map(o => o.textContent)") == names
        assert page.eval_on_selector(sel, "s => s.options[s.selectedIndex].textContent") == chosen
    # The slice of the chosen two (the default main plot of four features is the score strip).
    page.select_option("#main-plot", "slice")

    exp = assert_trains_to(page, WIDE)
    assert json.loads(page.get_attribute("#weights", "data-names")) == names
    first_src = page.get_attribute("#plot-boundary", "src")
    geom = json.loads(page.get_attribute("#plot-boundary", "data-geometry"))
    exp_plot = engine(WIDE, plots=True, plot_features=[0, 1], main_plot="slice", **drawn_as(geom))
    assert geom["xlim"] == pytest.approx(exp_plot["boundary_geometry"]["xlim"], rel=1e-12)

    page.select_option("#plot-x", "3")  # d against b
    expect(page.locator("#stale-note")).to_be_visible()
    exp2 = assert_trains_to(page, WIDE, plot_features=[3, 1])
    # Training uses every feature: same weights; only the picture changed.
    assert (exp2["weights"], exp2["bias"]) == (exp["weights"], exp["bias"])
    src = page.get_attribute("#plot-boundary", "src")
    assert src != first_src
    assert_png(plots_info(page)["boundary"])
    geom2 = json.loads(page.get_attribute("#plot-boundary", "data-geometry"))
    exp_plot2 = engine(WIDE, plots=True, plot_features=[3, 1], main_plot="slice", **drawn_as(geom2))
    assert geom2["xlim"] == pytest.approx(exp_plot2["boundary_geometry"]["xlim"], rel=1e-12)
    assert geom2["ylim"] == pytest.approx(exp_plot2["boundary_geometry"]["ylim"], rel=1e-12)
    assert geom2["xlim"] != pytest.approx(geom["xlim"], rel=1e-6)

    # The same feature twice is refused next to the choosers.
    page.select_option("#plot-y", "3")
    err = page.locator('.field-error[data-for="plot_features"]')
    expect(err).to_be_visible()
    assert "different" in err.inner_text()
    page.select_option("#plot-y", "2")
    expect(err).to_be_hidden()
    assert_trains_to(page, WIDE, plot_features=[3, 2])


def test_three_class_csv_is_refused_for_two_classes_and_read_for_the_multiclass_perceptron(browser, base_url):
    from pagekit import extra_page

    text = iris_csv()
    with extra_page(browser, base_url) as page:
        wait_ready_of(page)
        page.check("#source-csv")
        upload(page, "iris.csv", text)
        error = page.locator(CSV_ERROR)
        expect(error).to_contain_text("3 different classes", timeout=RUN_TIMEOUT_MS)
        # Train with only the refused file: its reason stays (not "choose a CSV file first").
        click_train(page)
        expect(error).to_contain_text("“iris.csv” was not read")
        expect(error).to_contain_text("3 different classes")
        # The multiclass perceptron: the file is read again, with every class.
        page.select_option("#algorithm", "multiclass")
        wait_loaded(page, "iris.csv")
        expect(page.locator("#csv-info")).to_contain_text("150 rows, 4 features; 3 classes: setosa, versicolor, virginica")
        assert click_train(page) == "done", page.inner_text("#message")
        exp = engine(text, algorithm="multiclass")
        assert status_shown(page) == exp["status_text"]
        assert "3 classes" in exp["status_text"]
