"""Real data in the page: a CSV as Excel saves it in a European locale (semicolons, decimal
commas, Windows-1252 bytes with accented headers) is read, described ("read as: ...") and
trained on; the read-as overrides re-read the same bytes; standardize on breast cancer
reaches >= 97 % training accuracy, checked against scikit-learn's copy of the data with a
z-score and a prediction written here; a link with a real preset's classes and features
reproduces the run. One page for the module (one Pyodide boot)."""
from __future__ import annotations

import base64

import numpy as np
import pytest
from playwright.sync_api import expect
from sklearn.datasets import load_breast_cancer, load_iris

import datakit
from pagekit import RUN_TIMEOUT_MS, extra_page, settled, shown_value, shown_weights, train
from conftest import wait_ready_of

HEAD = ["Kelchblattlänge", "Kelchblattbreite", "Blütenblattlänge", "Blütenblattbreite", "Espèce"]


def excel_iris() -> tuple[bytes, np.ndarray, list[str]]:
    """Iris setosa + versicolor as a German Excel saves "CSV (Trennzeichen-getrennt)":
    ';' between cells, ',' as the decimal mark, Windows-1252 bytes, CRLF line ends."""
    iris = load_iris()
    keep = iris.target < 2
    X, y = iris.data[keep], iris.target[keep]
    names = [str(iris.target_names[k]) for k in y]
    lines = [";".join(HEAD)]
    for row, name in zip(X, names):
        lines.append(";".join(f"{v:.1f}".replace(".", ",") for v in row) + ";" + name)
    return ("\r\n".join(lines) + "\r\n").encode("cp1252"), X, names


def upload(page, name: str, content: bytes) -> None:
    page.set_input_files("#csv-file", files=[{"name": name, "mimeType": "text/csv", "buffer": content}])


@pytest.fixture(scope="module")
def excel_loaded(ready_page):
    page = ready_page
    raw, X, names = excel_iris()
    upload(page, "iris-de.csv", raw)
    expect(page.locator("#csv-info")).to_contain_text("iris-de.csv: 100 rows, 4 features", timeout=RUN_TIMEOUT_MS)
    return page, raw, X, names


def test_excel_csv_is_read_as_it_was_saved(excel_loaded):
    page, raw, X, names = excel_loaded
    assert raw.count(b"\xe4") >= 2 and b"\xe8" in raw  # ä and è as single cp1252 bytes (not UTF-8)
    expect(page.locator("#csv-read-as-text")).to_have_text(
        "Read as: semicolon-separated, decimal comma, Windows-1252.")
    head = page.evaluate("() => [...document.querySelectorAll('#csv-preview th')].map((c) => c.textContent)")
    assert head == HEAD
    first = page.evaluate("() => [...document.querySelector('#csv-preview tbody tr').cells].map((c) => c.textContent)")
    assert first[-1] == names[0]
    # Each guess is named in its override select.
    assert page.evaluate("document.getElementById('csv-delimiter').options[0].textContent") == "as guessed: semicolon"
    assert page.evaluate("document.getElementById('csv-decimal').options[0].textContent") == "as guessed: comma (5,1)"
    assert page.evaluate("document.getElementById('csv-encoding').options[0].textContent") == "as guessed: Windows-1252"


def test_excel_csv_trains_on_the_numbers_in_the_file(excel_loaded):
    page, raw, X, names = excel_loaded
    shown = train(page)
    w, b = shown_weights(page)
    # The same bytes through CPython's bridge give the same weights ...
    ref = datakit.engine({"kind": "csv", "base64": base64.b64encode(raw).decode(), "label": None})
    assert (w, b) == (ref["weights"], ref["bias"])
    # ... and those weights separate scikit-learn's own iris numbers (setosa -1, versicolor +1):
    # only true if 5,1 was read as 5.1, not as 51 or a failure.
    score = X @ np.array(w) + b
    assert np.array_equal(np.where(score >= 0, 1, -1), np.where(np.array(names) == "versicolor", 1, -1))
    assert shown["status"]


def test_an_override_that_does_not_fit_is_refused_next_to_it_and_the_file_stays(excel_loaded):
    page, raw, X, names = excel_loaded
    page.select_option("#csv-decimal", "point")
    err = page.locator('.field-error[data-for="csv_decimal"]')
    expect(err).to_be_visible(timeout=RUN_TIMEOUT_MS)
    assert err.inner_text().strip()
    assert "iris-de.csv: 100 rows" in page.inner_text("#csv-info")
    assert page.input_value("#csv-decimal") == "auto"  # the select shows the reading still in use
    # The label column can still be changed: the same bytes are sent again, no new file read.
    page.select_option("#csv-delimiter", "semicolon")
    expect(err).to_be_hidden(timeout=RUN_TIMEOUT_MS)
    expect(page.locator("#csv-read-as-text")).to_have_text(
        "Read as: semicolon-separated, decimal comma, Windows-1252.")


def test_standardized_breast_cancer_reaches_97_percent(ready_page):
    page = ready_page
    page.check("#source-preset")
    page.select_option("#preset", "breast-cancer")
    expect(page.locator("#classes-a")).to_have_value("benign", timeout=RUN_TIMEOUT_MS)
    expect(page.locator("#classes-b")).to_have_value("malignant")
    page.select_option("#algorithm", "averaged")
    page.fill("#epochs", "100")
    page.dispatch_event("#epochs", "change")
    page.select_option("#order", "shuffle-each")
    page.check("#standardize")
    train(page)
    acc = shown_value(page, "#train-accuracy")
    w, b = shown_weights(page)
    # Independent check: scikit-learn's copy of the data, z-scored here (population std),
    # predicted with the shown weights (sign, 0 -> +1); +1 = malignant (sorts after benign).
    d = load_breast_cancer()
    Z = (d.data - d.data.mean(axis=0)) / d.data.std(axis=0)
    pred = np.where(Z @ np.array(w) + b >= 0, 1, -1)
    truth = np.where(d.target == 0, 1, -1)  # sklearn: 0 = malignant
    mine = float(np.mean(pred == truth))
    assert mine >= 0.97, mine
    assert abs(acc - mine) < 1e-12
    note = page.inner_text("#standardize-note")
    assert "standardized all 30 features" in note
    page.screenshot(path="/tmp/datawire-breast-1280.png", full_page=False)


def test_a_preset_link_with_classes_and_features_reproduces_the_run(ready_page, browser):
    page = ready_page
    page.check("#source-preset")
    page.select_option("#preset", "iris")
    expect(page.locator("#classes-a option")).to_have_count(3, timeout=RUN_TIMEOUT_MS)
    page.select_option("#classes-a", "versicolor")
    page.select_option("#classes-b", "virginica")
    page.select_option("#plot-x", "2")
    page.select_option("#plot-y", "3")
    page.select_option("#feature-set", "plotted")
    page.uncheck("#standardize")
    page.select_option("#algorithm", "pocket")
    # This test's own settings (not whatever an earlier test left in the page).
    page.fill("#epochs", "100")
    page.dispatch_event("#epochs", "change")
    page.select_option("#order", "shuffle-each")
    shown = train(page)
    link = page.evaluate("location.href")
    assert "cls=versicolor%2Cvirginica" in link or "cls=versicolor,virginica" in link
    assert "feats=plotted" in link
    # CPython: iris versicolor vs virginica on petal length and width only.
    ref = datakit.engine({"kind": "preset", "name": "iris", "classes": ["versicolor", "virginica"],
                          "features": [2, 3]}, algorithm="pocket", epochs=100, order="shuffle-each")
    w, b = shown_weights(page)
    assert (w, b) == (ref["weights"], ref["bias"]) and len(w) == 2
    with extra_page(browser, link) as fresh:
        wait_ready_of(fresh)
        assert settled(fresh) == "done"
        assert shown_weights(fresh) == (w, b)
        assert fresh.input_value("#classes-a") == "versicolor"
        assert fresh.input_value("#feature-set") == "plotted"
        assert [fresh.input_value("#plot-x"), fresh.input_value("#plot-y")] == ["2", "3"]
    assert shown["status"]


def test_a_decimal_comma_in_eta_is_read_as_the_number_meant(ready_page):
    page = ready_page
    page.check("#source-preset")
    page.select_option("#preset", "and")
    page.fill("#eta", "0,1")
    page.dispatch_event("#eta", "change")
    train(page)
    ref = datakit.engine(datakit.preset_data("and"), eta=0.1, algorithm="pocket", epochs=100, order="shuffle-each")
    assert shown_weights(page) == (ref["weights"], ref["bias"])
    page.fill("#eta", "1,000")
    page.dispatch_event("#eta", "change")
    err = page.locator('.field-error[data-for="eta"]')
    expect(err).to_contain_text("could mean 1000 or 1.000")


def ambiguous_csv() -> tuple[bytes, str]:
    """Semicolons and numbers like 1,250 only: 1.250 or 1250? Nothing in the file says, so
    the guess refuses it and asks for the decimal separator. The same table with points."""
    rows = [(1 + i % 9, (i * 37) % 1000, 2 + i % 7, (i * 91) % 1000, "ja" if (i * 5) % 3 else "nein")
            for i in range(30)]
    de = "a;b;y\r\n" + "".join(f"{a},{f:03d};{c},{g:03d};{y}\r\n" for a, f, c, g, y in rows)
    plain = "a,b,y\n" + "".join(f"{a}.{f:03d},{c}.{g:03d},{y}\n" for a, f, c, g, y in rows)
    return de.encode("cp1252"), plain


def default_run_settings(page) -> None:
    """The page's default training settings (the tests above leave others, and an invalid η)."""
    page.select_option("#algorithm", "online")
    page.select_option("#order", "fixed")
    page.uncheck("#standardize")
    for field, value in (("#epochs", "100"), ("#eta", "1")):
        page.fill(field, value)
        page.dispatch_event(field, "change")


def test_a_link_keeps_the_read_as_choices_and_refuses_hostile_ones(ready_page, browser):
    page = ready_page
    default_run_settings(page)
    raw, plain = ambiguous_csv()
    page.check("#source-csv")  # where a file is chosen (a refused one does not switch the source)
    upload(page, "mehrdeutig.csv", raw)
    err = page.locator('.field-error[data-for="csv-file"]')
    expect(err).to_contain_text("Choose the decimal separator", timeout=RUN_TIMEOUT_MS)
    # The message asks for a choice: the selects are there for the refused file.
    expect(page.locator("#csv-read-as-text")).to_have_text(
        "“mehrdeutig.csv” was not read (see the message above): choose how to read it.")
    page.select_option("#csv-decimal", "comma")
    expect(page.locator("#csv-info")).to_contain_text("mehrdeutig.csv: 30 rows, 2 features", timeout=RUN_TIMEOUT_MS)
    expect(err).to_be_hidden()
    expect(page.locator("#csv-read-as-text")).to_have_text("Read as: semicolon-separated, decimal comma, UTF-8.")
    train(page)
    w, b = shown_weights(page)
    # Independent of the override: the same table written with decimal points, read by CPython.
    ref = datakit.engine({"kind": "csv", "text": plain, "label": None})
    assert (w, b) == (ref["weights"], ref["bias"])
    link = page.evaluate("location.href")
    assert "decimal=comma" in link and "delim=auto" in link and "enc=auto" in link
    with extra_page(browser, link) as fresh:
        wait_ready_of(fresh)
        assert settled(fresh) == "done"
        assert shown_weights(fresh) == (w, b)
        assert fresh.input_value("#csv-decimal") == "comma"
        assert fresh.locator("#link-notice").is_hidden()
    # A hostile value: its default ("as guessed") is used and said; the guess then refuses
    # this file, which is said too, and the default data is used.
    with extra_page(browser, link.replace("decimal=comma", "decimal=%3Cscript%3E")) as fresh:
        wait_ready_of(fresh)
        notice = fresh.locator("#link-notice")
        expect(notice).to_contain_text("not valid, so their defaults are used: Decimal separator",
                                       timeout=RUN_TIMEOUT_MS)
        expect(notice).to_contain_text("Choose the decimal separator", timeout=RUN_TIMEOUT_MS)
        assert "<script>" not in notice.inner_text()


def test_a_link_whose_reading_does_not_fit_its_file_reads_it_as_guessed(excel_loaded, browser):
    page, raw, X, names = excel_loaded
    default_run_settings(page)
    upload(page, "iris-de.csv", raw)
    expect(page.locator("#csv-info")).to_contain_text("iris-de.csv: 100 rows", timeout=RUN_TIMEOUT_MS)
    page.check("#source-csv")
    train(page)
    w, b = shown_weights(page)
    link = page.evaluate("location.href")
    assert "decimal=auto" in link
    with extra_page(browser, link.replace("decimal=auto", "decimal=point")) as fresh:
        wait_ready_of(fresh)
        assert settled(fresh) == "done"
        expect(fresh.locator("#link-notice")).to_contain_text(
            "This link's way of reading its CSV data did not work (", timeout=RUN_TIMEOUT_MS)
        assert "so the file is read as guessed" in fresh.inner_text("#link-notice")
        assert shown_weights(fresh) == (w, b)
        assert fresh.input_value("#csv-decimal") == "auto"
