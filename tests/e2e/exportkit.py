"""What the placed-points and downloads tests share."""
from __future__ import annotations

import csv
import io
import json
import re

from pathlib import Path

from playwright.sync_api import expect

import datakit
from pagekit import in_tab


PLACING = re.compile(r"(^|\s)is-placing(\s|$)")  # the figure also carries other classes (has-table-over)


def shown_w(page) -> list[float]:
    return json.loads(page.get_attribute("#weights", "data-values")) + [
        json.loads(page.get_attribute("#weights", "data-bias"))]


def table_points(page) -> list[list[float]]:
    """The points as the table shows them: one row per point (x₁, x₂, class)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#points-rows tr')].map((tr) => [
              Number(tr.querySelector('.pt-x1').value), Number(tr.querySelector('.pt-x2').value),
              Number(tr.querySelector('.pt-label').value)])""")


def points_in_box(page) -> list[list[float]]:
    """The placed points: the table, checked against the text box (both show the same)."""
    text = page.input_value("#points-text")
    from_text = [[float(v) for v in line.split(",")] for line in text.splitlines() if line.strip()]
    rows = table_points(page)
    assert rows == from_text, (rows, from_text)
    return rows


def focused_label(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.getAttribute('aria-label')")


def plot_position(page, x: float, y: float) -> dict:
    """Where data point (x, y) is on the shown boundary image, in CSS pixels from its corner."""
    g = json.loads(page.get_attribute("#plot-boundary", "data-geometry"))
    box = page.locator("#plot-boundary").bounding_box()
    sx, sy = box["width"] / g["image_width"], box["height"] / g["image_height"]
    px = g["left"] + (x - g["xlim"][0]) / (g["xlim"][1] - g["xlim"][0]) * g["width"]
    py = g["top"] + (g["ylim"][1] - y) / (g["ylim"][1] - g["ylim"][0]) * g["height"]
    return {"x": px * sx, "y": py * sy}


def click_plot(page, x: float, y: float) -> None:
    page.locator("#plot-boundary").click(position=plot_position(page, x, y))


def engine(data: dict) -> dict:
    return datakit.engine(data)


def separates(w: list[float], points: list[list[float]]) -> bool:
    return all(p[2] * (w[0] * p[0] + w[1] * p[1] + w[2]) > 0 for p in points)


TABLE_FIT = """() => {
    // Lines of visible text (the text of a visually hidden label is left out).
    const lines = (el) => {
      const tops = new Set();
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let t = walk.nextNode(); t; t = walk.nextNode()) {
        if (!t.textContent.trim() || t.parentElement.closest('.visually-hidden')) continue;
        const r = document.createRange(); r.selectNodeContents(t);
        for (const q of r.getClientRects()) if (q.width > 0) tops.add(Math.round(q.top));
      }
      return tops.size; };
    const wrap = document.querySelector('.points-table-wrap');
    const rows = [...document.querySelectorAll('#points-rows tr')];
    const head = document.querySelector('#points-table thead tr');
    return {
      headLines: [...document.querySelectorAll('#points-table thead th')].map(lines),
      removeLines: [...document.querySelectorAll('#points-rows button[data-remove]')].map(lines),
      selectWidths: [...document.querySelectorAll('#points-rows select')].map((s) => s.getBoundingClientRect().width),
      selectText: [...document.querySelectorAll('#points-rows select')].map((s) => s.selectedOptions[0].text),
      fontPx: parseFloat(getComputedStyle(document.querySelector('#points-rows select')).fontSize),
      rowsShown: (wrap.clientHeight - head.getBoundingClientRect().height) / rows[0].getBoundingClientRect().height,
      sideways: wrap.scrollWidth - wrap.clientWidth,
    };
}"""


def download(page, button: str, tmp_path: Path) -> tuple[str, bytes]:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(2):
        expect(page.locator(button)).to_be_enabled()
        try:
            with page.expect_download(timeout=45_000) as info, in_tab(page, "share"):
                page.click(button)
            break
        except PlaywrightTimeout:
            # The page must have made the file ("Downloaded <name>."); a headless Chromium that
            # has seen many downloads in one session can still drop one: press once more.
            status = page.inner_text("#export-status")
            assert status.startswith("Downloaded "), status
            if attempt:
                raise
    d = info.value
    target = tmp_path / d.suggested_filename
    d.save_as(target)
    return d.suggested_filename, target.read_bytes()


def csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def _number(s: str) -> bool:
    try:
        float(s)
        return True
    except ValueError:
        return False
