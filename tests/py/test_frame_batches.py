"""The frames the page draws itself (bridge/frame_batches.py, plots/scene.py): the static
scene and every step's model geometry, checked against a literal perceptron, the kernel
perceptron's own decision function and the figure matplotlib draws for the export."""
from __future__ import annotations

import base64

import numpy as np
import pytest

from perceptron_lab.bridge import handle
from perceptron_lab.data import preset
import reference


def train(data, **settings):
    r = handle({"cmd": "train", "data": data, "settings": {"order": "fixed", **settings}})
    assert r["ok"], r
    return r


def literal_online(X, y, epochs=100):
    """w after each update of the online perceptron from its definition (x̃ = (x, 1), w = 0)."""
    Z = np.hstack([X, np.ones((len(X), 1))])
    return Z, [w for _, _, w in reference.plain_online(Z, y, epochs=epochs)[2]]


def test_and_scene_and_every_frame_are_the_literal_updates():
    train({"kind": "preset", "name": "and"})
    sc = handle({"cmd": "frame", "scene": True, "sizes": {"boundary": [366, 366], "proof": [341, 213]}})
    assert sc["ok"] and sc["total"] == 18
    s = sc["scene"]
    assert (s["width"], s["height"]) == (366, 366)
    # The static scene holds the points (by id) and none of the model's artists.
    assert 'id="points-pos"' in s["svg"] and 'id="points-neg"' in s["svg"]
    assert 'id="boundary"' not in s["svg"] and 'id="weight-arrow"' not in s["svg"]
    ds = preset("and")
    Z, ws = literal_online(ds.X, ds.y)
    b = handle({"cmd": "frame", "batch": [0, 18]})
    assert [f["step"] for f in b["frames"]] == list(range(19))
    for k, f in enumerate(b["frames"]):
        w = np.zeros(3) if k == 0 else ws[k - 1]
        assert np.allclose(f["plane"], w), (k, f["plane"], w)       # two features: the plane line is w
        predicted = np.where(Z @ w >= 0, 1, -1)
        assert f["wrong"] == np.flatnonzero(predicted != ds.y).tolist()
    # The points in px are where matplotlib's transform puts the data.
    ax0, (x0, x1), (y0, y1) = s["axes"], s["xlim"], s["ylim"]
    for (x, y), (px, py) in zip(ds.X, s["points"]):
        assert px == pytest.approx(ax0["left"] + (x - x0) / (x1 - x0) * ax0["width"], abs=0.02)
        assert py == pytest.approx(ax0["top"] + ax0["height"] - (y - y0) / (y1 - y0) * ax0["height"], abs=0.02)
    assert sc["proof_scene"]["width"] == 341 and len(sc["proof_scene"]["series"]) == 2


def test_w_zero_note_sits_in_a_strip_free_of_points():
    train({"kind": "preset", "name": "xor"})
    s = handle({"cmd": "frame", "scene": True})["scene"]
    f0 = handle({"cmd": "frame", "batch": [0, 0]})["frames"][0]
    assert f0["note"].startswith("w = 0") and s["note"]["top"]
    lines = f0["note"].count("\n") + 1
    bottom = s["axes"]["top"] + 0.03 * s["axes"]["height"] + lines * 1.2 * s["note"]["font"] + 0.6 * s["note"]["font"]
    assert min(py for _, py in s["points"]) - s["wrong"]["r"] > bottom


def test_kernel_frames_are_its_decision_function_on_the_grid():
    from perceptron_lab.core import kernel_perceptron as kernel

    train({"kind": "preset", "name": "circles"}, algorithm="kernel", kernel="rbf")
    sc = handle({"cmd": "frame", "scene": True})
    s, total = sc["scene"], sc["total"]
    assert s["kernel"] and s["grid"] and sc["proof_scene"] is None
    ds = preset("circles")
    ref = kernel.train_kernel(ds.X, ds.y, kernel="rbf", order="fixed")
    n = s["grid"]
    (x0, x1), (y0, y1) = s["xlim"], s["ylim"]
    GX, GY = np.meshgrid(np.linspace(x0, x1, n), np.linspace(y0, y1, n))
    for k in (1, total // 2, total):
        f = handle({"cmd": "frame", "batch": [k, k]})["frames"][0]
        S = np.frombuffer(base64.b64decode(f["scores"]), dtype="<f4").reshape(n, n)
        want = ref.decision_function(np.column_stack([GX.ravel(), GY.ravel()]), step=k).reshape(n, n)
        np.testing.assert_allclose(S, want, rtol=1e-5, atol=1e-5)
        assert f["index"] == int(ref.trace.index[k - 1])
        alpha = ref.trace.alpha_at(k, len(ds.y))
        assert [i for i, _ in f["support"]] == np.flatnonzero(alpha).tolist()


def test_bad_batches_are_refused_with_the_field():
    train({"kind": "preset", "name": "and"})
    for bad in ([0], [5, 2], [0, 19], [True, 3], "0-3", [0, 10_000]):
        r = handle({"cmd": "frame", "batch": bad})
        assert not r["ok"] and r["error"]["field"] == "batch", (bad, r)
    r = handle({"cmd": "frame", "scene": True, "sizes": {"boundary": [300.5, 2]}})
    assert not r["ok"] and r["error"]["field"] == "sizes"


def test_mistakes_alone_grow_with_the_epochs():
    r = train({"kind": "preset", "name": "and"})
    a = handle({"cmd": "frame", "mistakes_epochs": 3})
    assert a["ok"] and a["mistakes_epochs"] == 3 and a["mistakes"].startswith("data:image/png;base64,")
    bad = handle({"cmd": "frame", "mistakes_epochs": len(r["epoch_mistakes"]) + 1})
    assert not bad["ok"] and bad["error"]["field"] == "mistakes_epochs"


def literal_multiclass(Z, y, k, epochs=100):
    """W after each update of the multiclass perceptron from its definition (core/multiclass.py:
    a mistake when the best other class scores at least as much, max_{k≠y} W_k·x̃ >= W_y·x̃; it
    adds x̃ to the true row and subtracts it from that rival's, the lowest on ties)."""
    return reference.multiclass_updates(Z, y, k, epochs)


def test_multiclass_frames_are_the_literal_updates_and_the_exported_regions():
    from perceptron_lab.bridge import session
    from perceptron_lab.plots.figure import find_artist

    r = train({"kind": "preset", "name": "iris"}, algorithm="multiclass", test_fraction=0)
    sc = handle({"cmd": "frame", "scene": True, "sizes": {"boundary": [400, 300]}})
    s, total = sc["scene"], sc["total"]
    assert sc["ok"] and total == len(r["trace"]["index"]) > 10 and sc["proof_scene"] is None
    assert 'id="regions"' not in s["svg"] and 'id="points-0"' in s["svg"]
    f = session.current()
    ws = literal_multiclass(f.Z, f.train_ds.y, len(f.train_ds.classes))
    assert len(ws) == total
    reg = s["regions"]
    n, rank = reg["n"], reg["rank"]
    B = np.frombuffer(base64.b64decode(reg["basis"]), dtype="<f4").reshape(n * n, rank)
    frames = handle({"cmd": "frame", "batch": [0, total]})["frames"]
    for k in (0, 1, 2, total // 2, total):
        fr = frames[k]
        W = np.zeros_like(ws[0]) if k == 0 else ws[k - 1]
        np.testing.assert_array_equal(fr["W"], W)
        assert fr["wrong"] == np.flatnonzero(np.argmax(f.Z @ W.T, axis=1) != f.train_ds.y).tolist()
        # The page's argmax of B·C per cell is the class the exported figure paints there.
        page = np.argmax(B.astype(np.float64) @ np.asarray(fr["coef"]).reshape(rank, -1), axis=1).reshape(n, n)
        fig = f.boundary(step=k, size=dict(width_px=400, height_px=300))
        painted = np.asarray(find_artist(fig, "regions").get_array())
        assert (page != painted).mean() < 0.002, (k, (page != painted).sum())
        assert fr["index"] == (None if k == 0 else int(f.run.trace.index[k - 1]))


def test_multiclass_run_downloads_as_an_animation():
    # 3 epochs: a GIF of every frame of iris's 100 epochs took 10 s of CPU (72 s in a loaded suite).
    train({"kind": "preset", "name": "iris"}, algorithm="multiclass", epochs=3)
    a = handle({"cmd": "export", "what": "animation"})
    assert a["ok"] and a["filename"].endswith("-run.gif")
    assert base64.b64decode(a["base64"])[:6] == b"GIF89a"


def test_visit_frames_are_every_example_the_literal_run_looked_at():
    """AND, fixed order: visit v is example v mod 4 of epoch v // 4 + 1; its w is the literal
    perceptron's w before that example, ringed are the points that w misclassifies."""
    train({"kind": "preset", "name": "and"})
    ds = preset("and")
    Z = np.hstack([ds.X, np.ones((4, 1))])
    want = [(v.w_before, v.mistake) for v in reference.online_visits(Z, ds.y)]
    b = handle({"cmd": "frame", "batch": [0, len(want) - 1], "visits": True})
    assert b["ok"] and b["total"] == len(want) - 1
    for v, (f, (w_before, mistake)) in enumerate(zip(b["frames"], want)):
        assert f["visit"] == v and f["index"] == v % 4 and f["update"] == mistake
        w_shown = w_before + ds.y[v % 4] * Z[v % 4] if mistake else w_before   # an update shows w after it
        assert np.allclose(f["plane"], w_shown), (v, f["plane"], w_shown)
        assert f["wrong"] == np.flatnonzero(np.where(Z @ w_shown >= 0, 1, -1) != ds.y).tolist()
    train({"kind": "preset", "name": "and"}, algorithm="batch")
    r = handle({"cmd": "frame", "batch": [0, 3], "visits": True})
    assert not r["ok"] and r["error"]["field"] == "visits"


def test_subsampled_kernel_and_multiclass_frames_are_the_literal_weights_at_their_update(monkeypatch):
    """Past the page's trace cap, frame k is update t = trace.step[k-1] of the run (evenly spread,
    the answer says subsampled), and its α or W is the literal loop's after t updates."""
    from perceptron_lab.bridge import session
    from perceptron_lab.core import kernel_perceptron as kernel

    monkeypatch.setattr(session, "TRACE_CAP", 9)
    r = train({"kind": "preset", "name": "iris"}, algorithm="multiclass", test_fraction=0, epochs=30)
    tr, f = r["trace"], session.current()
    ws = literal_multiclass(f.Z, f.train_ds.y, len(f.train_ds.classes), epochs=30)
    assert tr["subsampled"] and tr["total"] == len(ws) > 9 and len(tr["step"]) == len(tr["index"]) <= 10
    assert len(set(np.diff(tr["step"][:-1]).tolist())) == 1 and tr["step"][-1] == tr["total"]  # evenly, then the last
    frames = handle({"cmd": "frame", "batch": [0, len(tr["step"])]})["frames"]
    for k, fr in enumerate(frames[1:], 1):
        assert fr["t"] == tr["step"][k - 1] and fr["step"] == k
        np.testing.assert_array_equal(fr["W"], ws[fr["t"] - 1])
    assert "subsampled" in r["trace"] and handle({"cmd": "frame", "step": 3})["t"] == tr["step"][2]

    r = train({"kind": "preset", "name": "overlap", "n": 60}, algorithm="kernel", kernel="rbf", epochs=20,
              test_fraction=0)
    tr, ds = r["trace"], preset("overlap", n=60)
    assert tr["subsampled"] and len(tr["step"]) <= 10 < tr["total"]
    K = kernel.Kernel(kernel="rbf")(ds.X, ds.X)
    alphas = reference.kernel_visits(K, ds.y, epochs=20)[0]  # the literal dual loop
    assert len(alphas) == tr["total"]
    frames = handle({"cmd": "frame", "batch": [1, len(tr["step"])]})["frames"]
    for k, fr in enumerate(frames, 1):
        alpha = alphas[tr["step"][k - 1] - 1]
        assert fr["t"] == tr["step"][k - 1]
        assert [i for i, _ in fr["support"]] == np.flatnonzero(alpha).tolist()


@pytest.mark.parametrize("data, settings, literal", [
    ({"kind": "preset", "name": "and"}, {}, 18),
    ({"kind": "preset", "name": "circles"}, {"algorithm": "kernel"}, None),
    ({"kind": "preset", "name": "iris"}, {"algorithm": "multiclass"}, None),
])
def test_every_family_answers_its_step_count(data, settings, literal):
    """The page counts a run's steps from the answer's "steps", one way for every family (a
    kernel or multiclass trace keeps no w to count): the updates recorded, the last frame."""
    r = train(data, **settings)
    steps = r["steps"]
    assert steps == len(r["trace"]["index"]) and steps > 0
    if literal is not None:
        assert steps == literal == len(literal_online(preset("and").X, preset("and").y)[1])
    assert handle({"cmd": "frame", "scene": True})["total"] == steps
    assert handle({"cmd": "frame", "step": steps})["step"] == steps
    assert not handle({"cmd": "frame", "step": steps + 1})["ok"]
