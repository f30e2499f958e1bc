"""CSV reading figures: hostile shapes (equal names, wide rows) and a large ordinary file in
CPython; then (unless --no-page) a 19 MB file uploaded through the page in headless Chromium
against dist/ (run `python3 build.py` first): seconds from choosing the file to the preview,
how many progress texts the page showed, and the longest gap between two animation frames of
the page while Python read (the main thread stays free: the reading is in the worker).

Run: .venv/bin/python bench/csv_read.py [--no-page]   (prints figures and the load average)
"""

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from perceptron_lab.data.csv_read import MAX_COLUMNS, parse_csv  # noqa: E402
from perceptron_lab.errors import DataError  # noqa: E402


def timed(label, make):
    text = make()
    t = time.perf_counter()
    try:
        ds = parse_csv(text, max_bytes=10**9)
        what = f"{ds.n} rows x {ds.m} features"
    except DataError as e:
        what = f"refused: {e.message[:70]}"
    print(f"{label:<46} {len(text) / 1e6:7.2f} MB  {time.perf_counter() - t:7.3f} s  {what}")


def equal_names(n):
    return lambda: ",".join(["a"] * (n - 1) + ["y"]) + "\n" + ",".join(["1"] * (n - 1) + ["0"]) + "\n" + \
        ",".join(["2"] * (n - 1) + ["1"]) + "\n"


PAGE_JS = """() => {
  const log = window.__bench = { texts: [], gap: 0, frames: 0, gaps: [], events: [] };
  let last = performance.now();
  const tick = (t) => {
    if (t - last > 250) log.gaps.push([Math.round(last), Math.round(t - last)]);
    log.gap = Math.max(log.gap, t - last); last = t; log.frames++;
    if (!log.done) requestAnimationFrame(tick);
  };
  document.getElementById("csv-file").addEventListener("change", () => log.events.push(["change", Math.round(performance.now())]), true);
  requestAnimationFrame(tick);
  new MutationObserver(() => {
    const t = document.getElementById("csv-reading-text")?.textContent;
    if (t && t !== log.texts[log.texts.length - 1]) { log.texts.push(t); log.events.push([t.slice(19, 40), Math.round(performance.now())]); }
  }).observe(document.getElementById("csv-info"), { subtree: true, childList: true, characterData: true });
}"""


def page_case(rows=190_000):
    """The 19 MB upload through the page (the e2e test's file: tests/e2e/test_upload.py big_csv)."""
    root = Path(__file__).resolve().parents[1]
    sys.path[:0] = [str(root), str(root / "tests" / "e2e")]
    from playwright.sync_api import sync_playwright

    from test_upload import big_csv
    from tools.devserver import start_server

    raw = big_csv(rows)
    srv, url = start_server(root / "dist")
    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync"]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=args)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=180_000)
        page.check("#source-csv")
        page.evaluate(PAGE_JS)
        t = time.perf_counter()
        # A file on disk (as a user chooses one): a buffer would be sent through Playwright's
        # protocol, which blocks the page for seconds and is no part of the lab.
        tmp = Path(tempfile.mkdtemp()) / "big.csv"
        tmp.write_bytes(raw)
        page.set_input_files("#csv-file", str(tmp))
        try:
            page.wait_for_function("() => document.getElementById('csv-info').textContent.startsWith('big.csv: ')",
                                   timeout=300_000, polling=100)
        finally:
            secs = time.perf_counter() - t
        log = page.evaluate("() => { window.__bench.done = true; return window.__bench; }")
        browser.close()
    srv.shutdown()
    print(f"{'page: ' + f'{rows:,} rows x 11 features, uploaded':<46} {len(raw) / 1e6:7.2f} MB  {secs:7.3f} s  "
          f"{len(log['texts'])} progress texts, longest frame gap {log['gap']:.0f} ms ({log['frames']} frames)")
    print(f"  first: {log['texts'][0] if log['texts'] else None}")
    print(f"  last:  {log['texts'][-1] if log['texts'] else None}")
    print(f"  frame gaps > 250 ms [start ms, length ms]: {log['gaps']}")
    change = next(t for what, t in log["events"] if what == "change")
    first = next((t for what, t in log["events"] if what != "change"), None)
    print(f"  ms from the file chosen (change, page time {change}) to the first progress text: "
          f"{first - change if first else None}; reading texts seen over {log['events'][-1][1] - change} ms")


def main():
    print(f"load average: {os.getloadavg()}")
    if "--page-only" in sys.argv:
        return page_case()
    timed("20 000 equal column names", equal_names(20_000))
    timed(f"{MAX_COLUMNS + 1:,} columns (over the limit)", lambda: ",".join(["1"] * (MAX_COLUMNS + 1)) + "\n")
    timed("1 000 000 columns (refused)", lambda: "1,2," * 500_000 + "\n")
    timed("200 000 rows x 10 features, decimal point",
          lambda: "".join(f"{i * 0.5},{i},1.25,2.5,3,4,5,6,7,8,{i % 2}\n" for i in range(200_000)))
    timed("200 000 rows x 10 features, decimal comma (;)",
          lambda: "".join(f"{i},5;{i};1,25;2,5;3;4;5;6;7;8;{i % 2}\n" for i in range(200_000)))
    if "--no-page" not in sys.argv:
        page_case()
    print(f"load average: {os.getloadavg()}")


if __name__ == "__main__":
    main()
