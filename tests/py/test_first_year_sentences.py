"""Sentences a first-year student reads beside a run, each checked against that run's numbers:
the circles preset's name beside a kernel run that separates them, XOR's last picture (w back
at 0 after its cycle), a multiclass run that never had a clean epoch."""

import re

import numpy as np

from perceptron_lab import plots, settings as schema
from perceptron_lab.bridge import handle

XOR_X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
XOR_Y = np.array([-1, 1, 1, -1])


def preset_option(value):
    return next(o for o in schema.param("preset")["options"] if o["value"] == value)


def train(data, **settings):
    r = handle({"cmd": "train", "data": {"kind": "preset", **data}, "settings": settings})
    assert r["ok"], r
    return r


def test_circles_name_and_hint_hold_for_a_straight_line_and_for_rbf():
    o = preset_option("circles")
    words = f"{o['label']} {o['hint']}"
    # The label says no straight line separates them: the online perceptron never converges on them...
    assert "not linearly separable" in o["label"]
    assert train({"name": "circles"}, algorithm="online")["status"] != "converged"
    # ... and it may not say poly2 alone separates them: the RBF kernel perceptron converges.
    rbf = train({"name": "circles"}, algorithm="kernel", kernel="rbf")
    assert rbf["status"] == "converged"
    assert "only" not in words and "RBF" in o["hint"]
    assert train({"name": "circles"}, algorithm="online", feature_map="poly2")["status"] == "converged"


def test_xor_last_picture_never_says_yet_of_a_run_that_cycled_back_to_zero():
    r = train({"name": "xor"}, algorithm="online")
    assert r["status"] == "cycled" and r["updates"] > 0 and not any(r["w"])
    fig = plots.boundary_figure(XOR_X, XOR_Y, w=r["w"], label_names={-1: "0", 1: "1"})
    note = " ".join(plots.find_artist(fig, "note").get_text().split())
    assert note.startswith("w = 0: no boundary;") and "yet" not in note


def test_multiclass_epoch_limit_says_its_accuracy_and_what_to_try():
    r = train({"name": "iris"}, algorithm="multiclass")
    assert r["status"] == "max_epochs" and r["epoch_mistakes"][-1] > 0
    pct = float(re.search(r"puts ([\d.]+) % of the 150 training examples", r["status_text"]).group(1))
    assert pct == round(100 * r["train_accuracy"], 1)
    assert "Try Average" in r["status_text"] and "perhaps no W separates the classes" in r["status_text"]
    avg = train({"name": "iris"}, algorithm="multiclass", average=True)
    assert "Try Average" not in avg["status_text"] and f"{100 * avg['train_accuracy']:.1f} %" in avg["status_text"]


def test_a_converged_multiclass_run_adds_no_advice():
    r = train({"name": "and"}, algorithm="multiclass")
    assert r["status"] == "converged", r["status_text"]
    assert "Mistakes never stopped" not in r["status_text"]


def _title_size(fig):
    return max(t.get_fontsize() for ax in fig.axes for t in (ax.title,) if t.get_text()) if any(
        ax.title.get_text() for ax in fig.axes) else max(t.get_fontsize() for t in fig.texts)


def test_presenter_scale_reaches_the_kernel_and_multiclass_plots():
    """Presenter mode asks for scale 1.5–3 (js/share/presenter.js): every plot kind's text grows
    with it, the class regions and the kernel's regions as the linear plots do (10 px before)."""
    from perceptron_lab.bridge import session
    for data, st in (({"name": "iris"}, {"algorithm": "multiclass"}),
                     ({"name": "circles"}, {"algorithm": "kernel", "kernel": "rbf"})):
        sizes = {}
        for scale in (1.0, 2.0):
            train(data, **st, scale=scale, plot_px=[640, 480])
            fig, _ = session.current().figure("boundary")
            sizes[scale] = (_title_size(fig), fig.dpi)
        assert sizes[2.0][0] == 2 * sizes[1.0][0], (st, sizes)


def test_kernel_run_says_what_a_support_vector_and_k_tilde_are_for_its_settings():
    r = train({"name": "circles"}, algorithm="kernel", kernel="rbf")
    alpha = r["alpha"]
    n_sv = sum(a > 0 for a in alpha)
    assert n_sv == len(r["support"]) and sum(alpha) == r["updates"]
    t = r["classifier_text"]
    assert f"over {n_sv} support vectors" in t
    assert "a training example that caused at least one update (its count αᵢ > 0)" in t
    assert "k̃ is the kernel k plus 1 (the bias as a constant feature)." in t
    t = train({"name": "circles"}, algorithm="kernel", kernel="rbf", bias=False, normalize=True)["classifier_text"]
    assert "k̃ is the kernel k itself (no bias), scaled so every example has length 1" in t
