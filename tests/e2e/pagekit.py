"""What the e2e modules share about driving the page: run, read results, check plots."""

from __future__ import annotations

import base64
import json

from playwright.sync_api import expect

from perceptron_lab import settings

RUN_TIMEOUT_MS = 90_000
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# The page's defaults, as the page sends them with every Train (state.js settingsRequest reads
# the same params.json: what the request carries in "settings" and the page does not leave out),
# here without plots.
PAGE_SETTINGS = {**{p["key"]: settings.default(p["name"]) for p in settings.SCHEMA["params"]
                    if p.get("request", p["group"]) == "settings" and p.get("page", True)},
                 "plots": False}


def arm_run_end(page, timeout_ms: int = RUN_TIMEOUT_MS, *, require_start: bool = False) -> None:
    """Make window.__runEnd resolve with the run state the page ends in (done / error /
    cancelled). A MutationObserver sees every write of data-run-state, so an earlier "done"
    cannot pass for this run; require_start ignores states until a run has started (for
    runs the page starts by itself, e.g. after a click on the plot)."""
    page.evaluate(
        """([ms, requireStart]) => {
          window.__runEnd = new Promise((resolve) => {
            let started = !requireStart || document.body.dataset.runState === "running";
            const obs = new MutationObserver(() => {
              const s = document.body.dataset.runState;
              if (s === "running") { started = true; return; }
              if (started) { obs.disconnect(); resolve(s); }
            });
            obs.observe(document.body, { attributes: true, attributeFilter: ["data-run-state"] });
            setTimeout(() => { obs.disconnect(); resolve("timeout"); }, ms);
          });
        }""",
        [timeout_ms, require_start],
    )


def click_train(page, timeout_ms: int = RUN_TIMEOUT_MS) -> str:
    """Click Train and return the run state the page ends in."""
    arm_run_end(page, timeout_ms)
    expect(page.locator("#train")).to_be_enabled(timeout=timeout_ms)
    page.click("#train")
    return page.evaluate("window.__runEnd")


def shown_weights(page) -> tuple[list, float | None]:
    """(weights, bias) exactly as the page holds them."""
    values = page.get_attribute("#weights", "data-values")
    bias = page.get_attribute("#weights", "data-bias")
    return json.loads(values), json.loads(bias)


def shown_value(page, selector: str):
    return json.loads(page.get_attribute(selector, "data-value"))


def plots_info(page) -> dict:
    """For each plot: visible?, natural size after decoding, alt text and the image source."""
    return page.evaluate(
        """async () => {
          const out = {};
          for (const name of ["boundary", "mistakes", "accuracy", "proof"]) {
            const img = document.getElementById(`plot-${name}`);
            const fig = img.closest("figure");
            const src = img.getAttribute("src") || "";
            if (src) { try { await img.decode(); } catch (e) { /* naturalWidth stays 0 */ } }
            out[name] = { visible: !fig.hidden && fig.offsetParent !== null, src,
                          width: img.naturalWidth, height: img.naturalHeight, alt: img.alt };
          }
          out.proofMissing = !document.getElementById("proof-missing").hidden;
          return out;
        }"""
    )


def assert_png(info: dict) -> None:
    prefix = "data:image/png;base64,"
    assert info["src"].startswith(prefix), info["src"][:40]
    head = base64.b64decode(info["src"][len(prefix):][:64])
    assert head.startswith(PNG_SIGNATURE), head[:8]
    assert info["width"] > 0 and info["height"] > 0, info
    assert info["visible"], info
    assert len(info["alt"].strip()) > 10, info["alt"]
