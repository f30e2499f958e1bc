"""What the web worker (site/js/worker.js) runs in Python once the app's wheel is installed:
matplotlib's font list put where it is read, the imports timed, and the test hook's account
of how the app was installed. Standard library only at import time (the worker imports this
module before matplotlib, so that the font list is in place first)."""
from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import time


def matplotlib_dir() -> str:
    """matplotlib's package folder, without importing matplotlib."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("matplotlib is not installed")
    return spec.submodule_search_locations[0]


def write_fontlist(text: str, package_dir: str, config_dir: str) -> int:
    """Put the build-time fontlist.json where matplotlib reads it; returns its _version.

    Why: matplotlib 3.8.4 in Pyodide 0.27.7 reads matplotlib/fontlist.json from its package
    folder, and the one in the wheel has _version 390 while FontManager wants 330, so it
    would rebuild the font cache (~1-2 s) on every load. Stock matplotlib looks in
    MPLCONFIGDIR as fontlist-v<version>.json: that copy is written too."""
    version = json.loads(text)["_version"]
    with open(os.path.join(package_dir, "fontlist.json"), "w") as fh:
        fh.write(text)
    os.makedirs(config_dir, exist_ok=True)
    with open(os.path.join(config_dir, f"fontlist-v{version}.json"), "w") as fh:
        fh.write(text)
    return version


def import_app() -> dict:
    """Import matplotlib (Agg, never pyplot) and the app; milliseconds per step."""
    t0 = time.perf_counter()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.backends.backend_agg  # noqa: F401
    import matplotlib.figure  # noqa: F401

    t1 = time.perf_counter()
    import perceptron_lab  # noqa: F401
    import perceptron_lab.bridge  # noqa: F401
    import perceptron_lab.plots  # noqa: F401  (the first plot does not pay for the imports)
    t2 = time.perf_counter()
    return {"import_matplotlib": (t1 - t0) * 1000, "import_app": (t2 - t1) * 1000}


def handle_json(text: str, progress=None, alive=None) -> str:
    """The bridge's door, as the worker calls it; alive() is the heartbeat's listener."""
    from . import bridge, heartbeat

    if alive is None:
        return bridge.handle_json(text, progress)
    with heartbeat.listening(alive):
        return bridge.handle_json(text, progress)


# The run the page makes by itself on a plain visit, with every default plot (the snapshot
# maker draws it once so that the snapshot has matplotlib's one-time costs paid).
WARM_UP_REQUEST = {"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {}, "theory": "later"}
# The page's first calls after a run (js/main.js train(), run/theory.js, plot/frame-store.js): a
# restored worker answered them 2-3 s slower than a later one (bench/warm_visit.py, Chromium),
# their modules imported and their one-time costs paid only then. The sizes: a 1280 x 800 screen's.
WARM_UP_SIZES = {"boundary": [855, 511], "mistakes": [342, 214], "accuracy": [342, 214], "proof": [342, 214],
                 "projection": [342, 214], "weights": [342, 214], "cycle": [342, 214], "trajectory": [342, 214]}


def warm_up_requests() -> list[dict]:
    """The default run as the page asks for it: train, theory, the show's scene (then its first
    frames), the later plots."""
    later = [k for k in WARM_UP_SIZES if k != "boundary"]
    return [WARM_UP_REQUEST, {"cmd": "theory"},
            {"cmd": "frame", "scene": True, "sizes": {k: WARM_UP_SIZES[k] for k in ("boundary", "proof")}},
            {"cmd": "plots", "kinds": later, "sizes": {k: WARM_UP_SIZES[k] for k in later}}]


def warm_up() -> None:
    """Draw the default run once, then forget it: a memory snapshot taken next starts with
    fonts, text layout and the mathtext parser ready, and with no session (a restored worker
    must not answer step-through requests for a run its page never made)."""
    import gc

    from . import bridge
    from .bridge import session
    from .data import request as inputs

    for request in warm_up_requests():
        answer = json.loads(bridge.handle_json(json.dumps(request)))
        if not answer.get("ok"):
            raise RuntimeError(f"the warm-up run failed ({request['cmd']}): {answer.get('error')}")
        if answer.get("total") is not None and request.get("scene"):
            request = {"cmd": "frame", "batch": [0, min(answer["total"], 8)]}
            if not json.loads(bridge.handle_json(json.dumps(request))).get("ok"):
                raise RuntimeError("the warm-up run's frames failed")
    session.replace(None)
    inputs.forget_csv()
    gc.collect()


def self_check() -> str:
    """A fingerprint of a little arithmetic and a little text drawn with Agg: the snapshot
    maker stores it, and a worker restored from the snapshot must give the same one (numpy's
    and matplotlib's compiled modules, and the font files matplotlib holds open, back in place)."""
    import hashlib

    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(1.6, 0.6), dpi=50)
    canvas = FigureCanvasAgg(fig)
    fig.text(0.05, 0.25, "w·x ≥ γ é", fontsize=12, fontweight="bold")
    fig.text(0.05, 0.65, "w_t 0.5", fontsize=10)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())
    solved = np.linalg.solve(np.array([[3.0, 1.0], [1.0, 2.0]]), np.array([9.0, 8.0]))
    return hashlib.sha256(pixels.tobytes() + solved.tobytes()).hexdigest()[:16]


def install_report(dist_name: str = "perceptron-lab") -> str:
    """Test hook (e2e, behind the page's test switch): how the app package was installed,
    from importlib.metadata and micropip.list(), as JSON."""
    d = importlib.metadata.distribution(dist_name)
    try:
        import micropip
    except ImportError:  # CPython: installed by pip
        micropip = None
    listed = micropip.list().get(dist_name) if micropip else None
    return json.dumps({
        "version": d.version,
        "installer": d.read_text("INSTALLER"),
        "url": d.read_text("PYODIDE_URL"),
        "sha256": d.read_text("PYODIDE_SHA256"),
        "micropip": micropip.__version__ if micropip else None,
        "listed": None if listed is None else {"name": listed.name, "version": listed.version,
                                               "source": listed.source},
    })
