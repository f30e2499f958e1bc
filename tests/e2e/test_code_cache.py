"""Issue 24 item 4, compile once: the runtime's WebAssembly goes into Chromium's code cache on
the first visit (worker.js hands the browser's own Response to instantiateStreaming; a Response
rebuilt from a stream, as the byte counter once made, is never cached), so later visits load
compiled code. Checked in the profile's cache folder, in a browser profile of the test's own."""
from __future__ import annotations

import time

from conftest import CHROMIUM_ARGS, READY_TIMEOUT_MS, TEST_SWITCH, CHROMIUM

# Chromium writes a module's code after its functions tier up, a few seconds into the visit
# on an idle machine, much later on a loaded one: the test waits for it, up to SETTLE_S.
SETTLE_S = 120


def cached_wasm(profile) -> dict[str, int]:
    folder = profile / "Default" / "Code Cache" / "wasm"
    if not folder.exists():
        return {}
    return {p.name: p.stat().st_size for p in folder.iterdir() if p.is_file() and not p.name.startswith("index")}


def big_module_written(cached: dict[str, int]) -> bool:
    # pyodide.asm.wasm's compiled code: megabytes (the module is ~10 MB of wasm).
    return bool(cached) and max(cached.values()) > 1_000_000


def visit(browser, profile, url) -> dict:
    context = browser.browser_type.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        context.add_init_script(TEST_SWITCH)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=READY_TIMEOUT_MS)
        until = time.monotonic() + SETTLE_S
        while not big_module_written(cached_wasm(profile)) and time.monotonic() < until:
            time.sleep(1)
        time.sleep(1)  # the cache's index follows the entry
        return page.evaluate("window.__pyclient.bootTimes")
    finally:
        context.close()


def test_the_runtimes_wasm_is_in_the_code_cache_after_a_first_visit(browser, base_url, tmp_path):
    profile = tmp_path / "profile"
    visit(browser, profile, base_url)
    first = cached_wasm(profile)
    assert big_module_written(first), first
    visit(browser, profile, base_url)
    second = cached_wasm(profile)
    assert set(first) <= set(second), (first, second)  # kept, not thrown away as stale
