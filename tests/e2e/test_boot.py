"""Python boots in the page's worker: only local files, no console errors, no font-cache
rebuild, the app package installed by micropip from the same origin, every file of dist/
used, and the client recovers from a killed worker, a cancel and a stalled boot."""
import fnmatch
import hashlib
import json
import re
import struct
from urllib.parse import urlparse

from conftest import READY_TIMEOUT_MS, ROOT, attach_log, check_log, wait_ready_of

TRAIN_AND = {"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {"plots": True}}


def test_boots_to_ready(page, page_log, wait_ready):
    seconds = wait_ready(page)
    times = page.evaluate("window.__pyclient.bootTimes")
    print(f"\nready after {seconds:.1f} s; worker stages (ms): {json.dumps(times)}")
    assert times and times["ready"] > 0
    assert page.evaluate("window.__pyclient.state") == "ready"
    # All requests so far went to this machine (checked again at teardown, with errors).
    assert not page_log.foreign, page_log.foreign
    assert not page_log.errors, page_log.errors


def test_matplotlib_font_cache_is_not_rebuilt(page, page_log, wait_ready, py_call):
    wait_ready(page)
    res = py_call(page, TRAIN_AND)
    assert res["ok"], res
    assert res["plots"]["boundary"].startswith("data:image/")
    said = "\n".join(page_log.texts())
    assert "building the font cache" not in said.lower()


def test_worker_console_reaches_the_test(page, page_log, wait_ready):
    # The font-cache check above relies on the worker's console reaching page.on("console"):
    # the worker logs one info line when Python is ready.
    wait_ready(page)
    assert any("Perceptron Lab: Python ready" in t for t in page_log.texts()), page_log.messages[-10:]


def test_killed_worker_restarts_on_next_call(ready_page, py_call, py_state):
    # ready_page: the page's own first run (train, then the later plots) is over, so no call
    # of the page's can start a new worker between kill() and the check below.
    page = ready_page
    restarts_before = page.evaluate("window.__pyclient.state")
    assert restarts_before == "ready"
    page.evaluate("window.__pyclient.kill()")
    assert page.evaluate("window.__pyclient.state") == "stopped"
    res = py_call(page, TRAIN_AND)  # boots a fresh worker, queued until it is ready
    assert res["ok"], res
    assert page.evaluate("window.__pyclient.state") == "ready"
    assert py_state(page) == "ready"


def test_cancel_resolves_pending_call_and_recovers(page, wait_ready):
    wait_ready(page)
    out = page.evaluate(
        """async () => {
          const c = window.__pyclient;
          const long = c.call({cmd: "train", data: {kind: "preset", name: "overlap", n: 2000},
                               settings: {epochs: 10000, plots: false, order: "shuffle-each"}});
          await new Promise((r) => setTimeout(r, 300));
          c.cancel();
          const first = await long;
          const second = await c.call({cmd: "train", data: {kind: "preset", name: "and"},
                                       settings: {plots: false}});
          return {first, second};
        }"""
    )
    assert out["first"] == {"ok": False, "error": {"kind": "cancelled", "message": "Training was cancelled."}}
    assert out["second"]["ok"], out["second"]
    wait_ready(page)


def test_boot_watchdog_reports_error_and_answers_calls(page, wait_ready):
    wait_ready(page)
    out = page.evaluate(
        """async () => {
          const hook = window.__pyclient;
          const { createPyClient } = await import(new URL("js/python/pyclient.js", document.baseURI).href);
          const stages = [];
          const c = createPyClient({ bootTimeoutMs: 1, onStage: (s, d) => stages.push([s, d]) });
          window.__pyclient = hook;  // keep the page's client as the test hook
          let readyFailed = false;
          await c.ready.catch(() => { readyFailed = true; });
          const res = await Promise.race([
            c.call({cmd: "inspect", data: {kind: "preset", name: "and"}}),
            new Promise((r) => setTimeout(() => r("no answer"), 5000)),
          ]);
          c.kill();
          return {stages, readyFailed, res, state: c.state};
        }"""
    )
    assert out["readyFailed"]
    assert out["stages"][-1][0] == "error" or any(s == "error" for s, _ in out["stages"])
    assert "stopped loading" in [d for s, d in out["stages"] if s == "error"][0]
    # The call restarted the worker, which the 1 ms watchdog stopped again: an internal error.
    assert out["res"]["ok"] is False and out["res"]["error"]["kind"] == "internal"


def test_app_package_installed_by_micropip_from_same_origin(page, base_url, dist_dir, wait_ready):
    # The worker's own account (test hook, independent of the bridge): importlib.metadata
    # and micropip.list() of the running Python. A wheel unpacked by hand (unpackArchive)
    # has no INSTALLER/PYODIDE_URL in its .dist-info and is not in micropip.list().
    wait_ready(page)
    info = page.evaluate("window.__pyclient.probe()")
    build_info = json.loads((dist_dir / "build-info.json").read_text())
    wheel_url = base_url + build_info["app_wheel"]
    wheel = dist_dir / build_info["app_wheel"]
    assert "error" not in info, info
    assert (info["installer"] or "").strip() == "micropip", info
    assert info["url"] == wheel_url, info  # this site's wheel, not one from an index
    assert urlparse(info["url"]).netloc == urlparse(base_url).netloc
    assert info["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest() == build_info["app_wheel_sha256"]
    assert info["listed"] == {"name": "perceptron-lab", "version": info["version"], "source": wheel_url}, info
    assert info["micropip"] == "0.9.0"
    assert "micropip" in build_info["packages"]


def on_demand_files() -> list[str]:
    """The dist/ files a page load does not request, as listed in docs/PYODIDE.md
    (between <!-- on-demand --> and <!-- /on-demand -->: "- `glob`: why")."""
    text = (ROOT / "docs" / "PYODIDE.md").read_text()
    m = re.search(r"<!-- on-demand -->(.*?)<!-- /on-demand -->", text, re.S)
    assert m, "docs/PYODIDE.md has no <!-- on-demand --> list"
    return re.findall(r"^- `([^`]+)`", m.group(1), re.M)


def test_every_dist_file_is_used(browser, base_url, dist_dir):
    """A fresh page load (empty cache) until the first plot requests every file in dist/,
    except those docs/PYODIDE.md lists as used on demand (or never by a browser)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requested, failed = set(), []
    base_path = urlparse(base_url).path

    def on_response(resp):
        u = urlparse(resp.url)
        if u.scheme not in ("http", "https") or not u.path.startswith(base_path):
            return
        rel = u.path[len(base_path):]
        requested.add(rel + "index.html" if rel == "" or rel.endswith("/") else rel)
        if resp.status >= 400:
            failed.append(f"{resp.status} {resp.url}")

    context.on("response", on_response)  # page and worker requests
    try:
        page = context.new_page()
        log = attach_log(context, page)
        page.goto(base_url)
        wait_ready_of(page)
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=READY_TIMEOUT_MS)
        # js/offline.js registers sw.js once Python is ready: wait until its precache has ended
        # (networkidle alone can come first on a loaded machine, and sw.js looked unused).
        page.wait_for_selector('body[data-offline]:not([data-offline="caching"])', state="attached",
                               timeout=READY_TIMEOUT_MS)
        page.wait_for_load_state("networkidle")
        problems = check_log(log)
    finally:
        context.close()
    assert not problems, problems
    assert not failed, failed
    files = {p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file()}
    documented = on_demand_files()
    # The modules inside the page's bundle (tools/bundle.py): its source map names them.
    documented += json.loads((dist_dir / "build-info.json").read_text())["bundle"]["sources"]
    stale = [g for g in documented if not fnmatch.filter(files, g)]
    assert not stale, f"docs/PYODIDE.md lists on-demand files that dist/ does not have: {stale}"
    unused = sorted(f for f in files - requested if not any(fnmatch.fnmatch(f, g) for g in documented))
    assert not unused, ("dist/ has files a page load never requests (drop them from the build, "
                        f"or list them as on-demand in docs/PYODIDE.md): {unused}")
    # The official stdlib zip is checked by build.py but not shipped (the page loads the
    # derived one with .pyc, py/<hash>/python_stdlib.zip).
    info = json.loads((dist_dir / "build-info.json").read_text())
    assert info["stdlib"] in requested
    assert not (dist_dir / info["pyodide_dir"] / "python_stdlib.zip").exists()


def same_bits(a, b, where="answer"):
    """a and b alike, every number the same float64 bit for bit (JSON read by the page has no
    int/float distinction: 0.0 may come back as 0), else an AssertionError naming the place."""
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None or isinstance(a, str):
        assert a == b and type(a) is type(b), (where, a, b)
    elif isinstance(a, (int, float)):
        assert isinstance(b, (int, float)), (where, a, b)
        assert struct.pack("<d", float(a)) == struct.pack("<d", float(b)), (where, a, b)
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), (where, a, b)
        for i, (x, y) in enumerate(zip(a, b)):
            same_bits(x, y, f"{where}[{i}]")
    else:
        assert isinstance(b, dict) and a.keys() == b.keys(), (where, sorted(a), sorted(b))
        for k in a:
            same_bits(a[k], b[k], f"{where}.{k}")


def ahead_index(dist_dir):
    text = (dist_dir / "js" / "run" / "ahead-runs.js").read_text()
    return json.loads(re.search(r"export default (.*);\n$", text, re.S).group(1))


def test_the_pages_python_answers_the_runs_computed_ahead_bit_for_bit(ready_page, py_call, dist_dir):
    # The page shows these runs from the build's files before Python is ready (js/run/ahead.js);
    # its Python, asked the same once ready, gives the same answers, every number to the bit:
    # one run of each family (the build's CPython would not: its multiclass scores and margins
    # differ in the last bit, its matplotlib's pictures more, so the build asks Pyodide).
    # Each run's scene and frames are drawn for the desktop's boxes and again for a phone's (index
    # "boxes", tools/ahead_answers.py BOXES): Python asked at a phone's boxes gives the phone's files.
    index = ahead_index(dist_dir)
    assert set(index["boxes"]) == {"phone"}
    for rid in ("xor-online", "and-kernel", "clouds-multiclass"):
        run = index["runs"][rid]
        shipped = {n: json.loads((dist_dir / index["dir"] / f"{rid}.{n}.json").read_text()) for n in run["files"]}
        total = shipped["scene"]["total"]
        asked = {"train": run["request"], "theory": {"cmd": "theory"}}
        for box, sizes in [("", index["sizes"])] + [(f"{b}.", v["sizes"]) for b, v in index["boxes"].items()]:
            asked[f"{box}scene"] = {"cmd": "frame", "scene": True, "sizes": sizes}
            for i, first in enumerate(range(0, total + 1, index["batch"])):
                asked[f"{box}frames-{i}"] = {"cmd": "frame", "batch": [first, min(total, first + index["batch"] - 1)]}
        assert set(run["files"]) <= set(asked) and "phone.scene" in run["files"], rid
        for name in run["files"]:  # in order: a box's frames follow its scene
            same_bits(py_call(ready_page, asked[name]), shipped[name], f"{rid}.{name}")


def test_the_pages_python_answers_the_lessons_openings_as_shipped(ready_page, py_call, dist_dir):
    # A lesson link's words, question and the check of a chosen answer come from the build's files
    # while Python loads (js/run/ahead-lessons.js); the page's Python, asked as lesson.js asks (its
    # box and pixel ratio too, which a shipped step does not depend on), gives the same answers.
    index = ahead_index(dist_dir)
    assert {"lesson", "lesson-1", "lesson-1-check-1"} <= set(index["lessons"])
    for key, request in index["lessons"].items():
        asked = {k: v for k, v in request.items() if k != "lang"}  # the page's client adds its language
        if "step" in asked and "answer" not in asked:
            asked.update(plot_px=[700, 420], dpr=2)
        shipped = json.loads((dist_dir / index["dir"] / f"{key}.json").read_text())
        same_bits(py_call(ready_page, asked), shipped, key)
