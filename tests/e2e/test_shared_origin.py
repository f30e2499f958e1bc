"""Issue 25 item 13 (the runtime's files): on <user>.github.io every project site shares one
origin, so a neighbour's page can rewrite this lab's Cache Storage. The runtime's files are
named by version only (pyodide/0.27.7/pyodide.asm.js, .asm.wasm); sw.js checks a cached copy
against build-info.json's runtime_sha256 and, on a mismatch, drops it and fetches the file
again. The neighbour is played by the lab's own page (same origin, same caches)."""
from __future__ import annotations

import hashlib
import json

from conftest import READY_TIMEOUT_MS, SUBPATH, check_log, devserver, page_csp
from test_delivery import fresh, wait_first_run, wait_offline_ready

RUNTIME = ("pyodide.asm.js", "pyodide.asm.wasm")

# What a neighbour would leave: a runtime that fails at once, in every cache
# of this origin that holds the file. If it ran, Python would never become ready.
REWRITE = """async (names) => {
  const found = [];
  for (const key of await caches.keys()) {
    const cache = await caches.open(key);
    for (const name of names) {
      const url = new URL("pyodide/0.27.7/" + name, document.baseURI).href;
      if (!(await cache.match(url))) continue;
      const body = name.endsWith(".js")
        ? "throw new Error('rewritten by a neighbour');"
        : new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1]);
      const type = name.endsWith(".js") ? "text/javascript" : "application/wasm";
      await cache.put(url, new Response(body, { headers: { "Content-Type": type } }));
      found.push(key + " " + name);
    }
  }
  return found;
}"""

STATES = """(() => { window.__pyStates = [];
  new MutationObserver(() => { const s = document.body && document.body.dataset.pyState;
    if (s && window.__pyStates.at(-1) !== s) window.__pyStates.push(s); })
  .observe(document, {subtree: true, attributes: true, attributeFilter: ["data-py-state"]}); })();"""

CACHED_DIGESTS = """async (names) => {
  const out = {};
  for (const name of names) {
    const res = await caches.match(new URL("pyodide/0.27.7/" + name, document.baseURI).href);
    const d = res ? await crypto.subtle.digest("SHA-256", await res.arrayBuffer()) : null;
    out[name] = d && Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return out;
}"""


def test_a_rewritten_runtime_in_the_cache_is_fetched_again_not_run(browser, dist_dir):
    # no-cache: the browser's HTTP cache revalidates, so a fetch again reaches the server.
    srv, url = devserver.start_server(dist_dir, prefix=SUBPATH, cache_control="no-cache",
                                      csp=page_csp(dist_dir))
    expected = {n: hashlib.sha256((dist_dir / "pyodide" / "0.27.7" / n).read_bytes()).hexdigest()
                for n in RUNTIME}
    context, page, log = fresh(browser)
    try:
        page.goto(url)
        wait_first_run(page)
        wait_offline_ready(page)
        rewritten = page.evaluate(REWRITE, list(RUNTIME))
        tampered = page.evaluate(CACHED_DIGESTS, list(RUNTIME))
        srv.stats.reset()
        page.reload()
        wait_first_run(page)  # Python ready and training: the untouched runtime ran
        wait_offline_ready(page)  # this build's cache is complete again
        requested = [path for path, _, _ in srv.stats.requests]
        restored = page.evaluate(CACHED_DIGESTS, list(RUNTIME))
        problems = check_log(log)
    finally:
        context.close()
        srv.shutdown()
    assert sorted(r.split(" ")[1] for r in rewritten) == sorted(RUNTIME), rewritten
    assert all(tampered[n] != expected[n] for n in RUNTIME), tampered  # the rewrite took
    for name in RUNTIME:
        assert f"{SUBPATH}pyodide/0.27.7/{name}" in requested, (name, requested)
    assert restored == expected, restored  # the cache holds the site's bytes again
    assert not problems, problems



def test_offline_a_rewritten_runtime_is_refused_with_the_pages_message(browser, base_url):
    # Offline, the damaged copy is dropped and the network fails: the page says the runtime
    # could not be downloaded (the message it gives for any failed runtime download).
    context, page, _log = fresh(browser)
    try:
        page.goto(base_url)
        wait_first_run(page)
        wait_offline_ready(page)
        page.evaluate(REWRITE, ["pyodide.asm.js"])
        # Every state Python's load goes through: the return visit's run computed ahead (kept by the
        # service worker) asks for frames by itself, and each such call started the failed load again.
        context.add_init_script(STATES)
        context.set_offline(True)
        page.reload()
        page.wait_for_selector('body[data-py-state="ready"], body[data-py-state="error"]',
                               state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_selector('body:not([data-run-state="running"])', state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_timeout(3000)  # a window for a load started again (it came within 1 s)
        states = page.evaluate("window.__pyStates")
        state = page.evaluate("document.body.dataset.pyState")
        detail = page.evaluate("document.getElementById('load-detail').textContent")
        left = page.evaluate(CACHED_DIGESTS, ["pyodide.asm.js"])
    finally:
        context.close()
    assert state == "error"
    assert states[states.index("error"):] == ["error"], states  # not loaded again by itself
    assert detail == "Could not download the Python runtime; check your connection and reload.", detail
    assert left == {"pyodide.asm.js": None}  # the rewritten copy is gone, not kept for later


def test_build_info_gives_the_runtime_files_pinned_digests(dist_dir):
    # The independent reference: the digests pinned for the official npm package (tools/runtime.py).
    from tools.runtime import RUNTIME_FILES, RUNTIME_SHA256

    info = json.loads((dist_dir / "build-info.json").read_text())
    assert info["runtime_sha256"] == {f"pyodide/0.27.7/{n}": RUNTIME_SHA256[n] for n in RUNTIME_FILES}
    for rel, digest in info["runtime_sha256"].items():
        assert hashlib.sha256((dist_dir / rel).read_bytes()).hexdigest() == digest, rel
    # Every file right in the version folder (which sw.js checks against this list) is listed.
    assert {f"pyodide/0.27.7/{p.name}" for p in (dist_dir / "pyodide" / "0.27.7").iterdir() if p.is_file()} \
        == set(info["runtime_sha256"])
