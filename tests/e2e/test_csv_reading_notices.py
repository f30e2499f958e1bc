"""The page says how a CSV file's numbers were read when that could be 1000 times off, the read-as
line never names an older file after a newer one is refused for its size, a link's features to
plot that a preset does not have are said, not dropped, and the kernel perceptron's radius is
labelled as its feature space's. One page (one Pyodide boot)."""
from __future__ import annotations

from playwright.sync_api import expect

from conftest import wait_ready_of
from pagekit import RUN_TIMEOUT_MS, extra_page, settled

CSV_ERROR = '.field-error[data-for="csv-file"]'


def upload(page, name: str, content: bytes) -> None:
    page.set_input_files("#csv-file", files=[{"name": name, "mimeType": "text/csv", "buffer": content}])


def open_hash(page, hash_: str) -> None:
    seq = page.evaluate("Number(document.body.dataset.linkSeq || 0)")
    page.evaluate("h => { location.hash = h; }", hash_)
    page.wait_for_function("s => Number(document.body.dataset.linkSeq || 0) > s", arg=seq, timeout=RUN_TIMEOUT_MS)


def test_reading_notices(browser, base_url):
    with extra_page(browser, base_url) as page:
        wait_ready_of(page)
        settled(page)
        page.check("#source-csv")
        # Decimal commas (5,1) guessed: 1.234 is read as 1234, and the page says so next to "Read as".
        upload(page, "amb.csv", b"a;b;y\n1.234;5,1;1\n2.345;6,2;-1\n3.456;7,3;1\n")
        expect(page.locator("#csv-info")).to_contain_text("amb.csv: ", timeout=RUN_TIMEOUT_MS)
        warning = page.locator("#csv-read-as-warning")
        expect(warning).to_be_visible()
        expect(warning).to_contain_text("'1.234' was read as 1234")
        expect(warning).to_contain_text("1000 times smaller")
        # A file Python refuses (1,234 could be either): the read-as line names it and no warning stays.
        upload(page, "either.csv", b"a;b;y\n1,234;5;1\n2,345;6;-1\n")
        expect(page.locator("#csv-read-as-text")).to_contain_text("“either.csv” was not read", timeout=RUN_TIMEOUT_MS)
        expect(warning).to_be_hidden()
        # A newer file refused for its size before Python sees it: the read-as line no longer names
        # either.csv (it was: "“either.csv” was not read …" beside big.csv's size message).
        upload(page, "big.csv", b"a,y\n" + b"1,1\n" * 5_000_001)
        expect(page.locator(CSV_ERROR)).to_contain_text("“big.csv” is")
        text = page.inner_text("#csv-read-as-text")
        assert "either.csv" not in text and text.startswith("Read as: semicolon-separated, decimal comma"), text
        expect(warning).to_be_visible()  # amb.csv is still the data, read as before
        # A preset link with features to plot it does not have: said, and features 1 and 2 plotted.
        open_hash(page, "#v=1&source=preset&preset=iris&plot=0,999&eta=0.5")
        notice = page.inner_text("#link-notice")
        assert "features to plot (1 and 1000) are not two different features of this data set's 4" in notice, notice
        expect(page.locator("#plot-y")).to_have_value("1", timeout=RUN_TIMEOUT_MS)
        # The kernel perceptron's R is its feature space's radius, and the table says so.
        label = page.locator("#R").locator("xpath=..").locator("th")
        open_hash(page, "#v=1&source=preset&preset=xor&algorithm=kernel&kernel=poly")
        settled(page)
        expect(label).to_have_text("Radius R (max ‖φ̃(x)‖, feature space)", timeout=RUN_TIMEOUT_MS)
        open_hash(page, "#v=1&source=preset&preset=and&algorithm=online")
        settled(page)
        expect(label).to_have_text("Radius R (max ‖x̃‖)", timeout=RUN_TIMEOUT_MS)
