"""The bridge's frames for watching a run: every visited example (a literal perceptron loop
written here decides update or not, and w, at every visit), the cycle and trajectory plot
kinds, the mistakes plot of the finished epochs, and dpr (PNG width = CSS px × dpr)."""
import base64
import struct

import numpy as np
import pytest

from perceptron_lab.bridge import handle
from perceptron_lab.data import preset
from perceptron_lab.core.features import prepare
import reference


def train(name, **settings):
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": name, **settings.pop("data", {})},
                "settings": {"plots": False, **settings}})
    assert r["ok"], r
    return r


def literal_visits(Z, y, epochs):
    """(update?, w after the visit, y·(w·x̃) before it) for every visit of a fixed-order run."""
    return [(v.mistake, v.w_after, y[v.index] * v.a)
            for v in reference.online_visits(Z, y, epochs=epochs, stop_clean=False)]


@pytest.mark.parametrize("name,data", [("and", {}), ("clouds", {"n": 30, "margin": 0.05})])
def test_every_visit_is_the_literal_loop(name, data):
    r = train(name, data=data)
    ds = preset(name, **data)
    Z = prepare(ds.X, fit_intercept=True)
    expected = literal_visits(Z, ds.y, r["epochs"])
    first = handle({"cmd": "frame", "visit": 0})
    assert first["visits"] == len(expected) == r["epochs"] * len(Z)
    for v, (update, w, ya) in enumerate(expected):
        f = handle({"cmd": "frame", "visit": v})
        assert f["ok"] and f["update"] == update and f["index"] == v % len(Z), (v, f)
        assert np.allclose(f["w"], w)
        if not update:
            assert f["y_activation"] > 0 and np.isclose(f["y_activation"], ya)


def test_shuffled_visits_are_the_runs_own_path():
    """Under shuffle-each the visits replay the run's permutations: the updates among them are
    exactly the trace's (epoch, example, w), and every other visit is a correct prediction."""
    r = train("clouds", data={"n": 20, "margin": 0.05}, order="shuffle-each", seed=3)
    tr = r["trace"]
    n = r["dataset"]["n_train"]
    total = handle({"cmd": "frame", "visit": 0})["visits"]
    assert total == r["epochs"] * n
    seen = []
    for v in range(total):
        f = handle({"cmd": "frame", "visit": v})
        assert f["epoch"] == v // n + 1
        if f["update"]:
            seen.append((f["epoch"], f["index"], f["w"]))
        else:
            assert f["y_activation"] > 0
    assert seen == [(e, i, w) for e, i, w in zip(tr["epoch"], tr["index"], tr["w"])]
    train("and", algorithm="batch")
    f = handle({"cmd": "frame", "visit": 0})
    assert not f["ok"] and f["error"]["field"] == "visit"


def test_cycle_plot_only_for_a_cycle():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "xor"},
                "settings": {"plot_kinds": ["cycle", "trajectory"]}})
    assert r["plots"]["cycle"].startswith("data:image/png") and "w = 0" in r["plot_alt"]["cycle"]
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {"plot_kinds": ["cycle"]}})
    assert r["plots"]["cycle"] is None


def test_mistakes_frame_shows_the_finished_epochs():
    r = train("and")
    em = r["epoch_mistakes"]
    total = len(r["trace"]["w"])
    for k in range(total + 1):
        f = handle({"cmd": "frame", "step": k, "mistakes": True})
        done = len(em) if k == total else (0 if k == 0 else r["trace"]["epoch"][k - 1] - 1)
        assert f["mistakes_epochs"] == done
        if done:
            assert ", ".join(str(m) for m in em[:done]) in f["mistakes_alt"]


def test_mistakes_figure_is_drawn_once_per_finished_epoch(monkeypatch):
    """Auto-play asks for the mistakes plot with many frames (and again on every lap or
    replay); the plot changes only when an epoch finishes, so one figure is made per run and
    one frame drawn for each count of finished epochs; a frame asked again gets the very
    image drawn first."""
    from perceptron_lab.plots import animator
    made, drawn = [], []
    real_init, real_frame = animator.MistakesAnimator.__init__, animator.MistakesAnimator.frame
    monkeypatch.setattr(animator.MistakesAnimator, "__init__",
                        lambda self, em, **kw: made.append(list(em)) or real_init(self, em, **kw))
    monkeypatch.setattr(animator.MistakesAnimator, "frame",
                        lambda self, done: drawn.append(done) or real_frame(self, done))
    r = train("clouds", data={"n": 200, "margin": 0.01})
    em, total, epochs = r["epoch_mistakes"], len(r["trace"]["w"]), r["trace"]["epoch"]
    assert len(em) >= 3                                     # several epochs finish during the run
    first = {}
    for lap in range(2):
        for k in range(total + 1):
            f = handle({"cmd": "frame", "step": k, "proof": True, "mistakes": True})
            done = f["mistakes_epochs"]
            assert done == (len(em) if k == total else 0 if k == 0 else epochs[k - 1] - 1)
            assert first.setdefault(done, f["mistakes"]) == f["mistakes"]
    assert made == [em]
    assert sorted(drawn) == sorted(first) and len(first) >= 3
    handle({"cmd": "train", "data": {"kind": "preset", "name": "clouds", "n": 200, "margin": 0.01},
            "settings": {"plots": False}})
    handle({"cmd": "frame", "step": total, "mistakes": True})
    assert made == [em, em] and len(drawn) == len(first) + 1   # a new run draws its own


def png_width(url):
    b = base64.b64decode(url.split(",", 1)[1])
    return struct.unpack(">II", b[16:24])[0]


def test_dpr_reaches_plots_and_frames():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "and"},
                "settings": {"plot_px": [400, 300], "dpr": 2, "plot_kinds": ["boundary"]}})
    assert png_width(r["plots"]["boundary"]) == 800
    f = handle({"cmd": "frame", "step": 1, "proof": True})
    assert png_width(f["image"]) == 800 and png_width(f["proof"]) == 800


def png_size(url):
    raw = base64.b64decode(url.split(",", 1)[1])
    return struct.unpack(">II", raw[16:24])


def test_frames_of_the_proof_and_mistakes_plots_fit_their_own_boxes():
    # The page shows auto-play's proof and mistakes frames in those plots' boxes: a frame drawn
    # at the boundary's size was stretched there (a DPR-2 test caught it mid-show).
    handle({"cmd": "train", "data": {"kind": "preset", "name": "and"},
            "settings": {"plot_px": [400, 300], "dpr": 2, "plot_kinds": ["boundary"]}})
    f = handle({"cmd": "frame", "step": 1, "proof": True, "mistakes": True})
    assert png_size(f["proof"]) == (800, 600) and png_size(f["mistakes"]) == (800, 600)
    p = handle({"cmd": "plots", "kinds": ["proof", "mistakes"], "sizes": {"proof": [500, 250], "mistakes": [360, 270]}})
    assert png_size(p["plots"]["proof"]) == (1000, 500)
    f = handle({"cmd": "frame", "step": 2, "proof": True, "mistakes": True})
    assert png_width(f["image"]) == 800  # the boundary keeps plot_px
    assert png_size(f["proof"]) == (1000, 500) and png_size(f["mistakes"]) == (720, 540)
