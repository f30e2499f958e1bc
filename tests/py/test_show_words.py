"""Words of the show checked against the run on screen: XOR's last picture at w = 0 under the
≤ 0 update rule, one γ per meaning (the RBF kernel's γₖ is not the margin γ), the kernel and
multiclass status shaped as the linear one, and the kernel named as the settings name it."""

import numpy as np

from perceptron_lab import plots
from perceptron_lab.bridge import handle

XOR_X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
XOR_Y = np.array([-1, 1, 1, -1])


def train(data, **settings):
    r = handle({"cmd": "train", "data": {"kind": "preset", **data}, "settings": settings})
    assert r["ok"], r
    return r


def test_xor_at_w_zero_says_every_point_counts_as_a_mistake_as_the_rule_does():
    r = train({"name": "xor"}, algorithm="online")
    assert r["status"] == "cycled" and not any(r["w"])
    # The literal loop: at w = 0 every example has y·(w·x̃) = 0 ≤ 0, so the next epoch updates on each.
    Z = np.hstack([XOR_X, np.ones((4, 1))])
    assert all(y * (Z[i] @ np.zeros(3)) <= 0 for i, y in enumerate(XOR_Y))
    fig = plots.boundary_figure(XOR_X, XOR_Y, w=r["w"], label_names={-1: "0", 1: "1"})
    note = " ".join(plots.find_artist(fig, "note").get_text().split())
    assert "all are mistakes (y·a ≤ 0)" in note
    # No side of a boundary is named: at w = 0 there is none; the tie's prediction is named as the
    # rings' reason (tests/py/test_w_zero_picture.py).
    assert "side" not in note and "ringed if wrong" in note


def test_the_rbf_kernel_parameter_is_never_written_as_the_margin_gamma():
    r = train({"name": "circles"}, algorithm="kernel", kernel="rbf")
    words = " ".join(str(r.get(k) or "") for k in ("status_text", "separable_text", "bound_text"))
    assert "RBF kernel (γₖ = 1)" in words
    # γ alone (without the subscript) is the margin only: "γ = " never names the kernel's width.
    assert "RBF kernel (γ =" not in words
    from perceptron_lab import settings as schema
    p = schema.param("gamma")
    assert "γₖ" in p["label"] and "γₖ" in p["hint"] and "γ‖" not in p["hint"]
    rbf = next(o for o in schema.param("kernel")["options"] if o["value"] == "rbf")
    assert "γₖ" in rbf["label"] and "γ‖" not in rbf["label"] + rbf["hint"]


def test_kernel_and_multiclass_status_begin_as_the_linear_status_does():
    lin = train({"name": "and"}, algorithm="online")
    assert lin["status_text"].startswith("Converged after ")
    ker = train({"name": "circles"}, algorithm="kernel", kernel="rbf")
    assert ker["status"] == "converged"
    n = ker["epochs"]
    assert ker["status_text"].startswith(f"Converged after {n} epochs: the last epoch made no mistake (")
    assert "kernel perceptron with the RBF kernel" in ker["status_text"]
    mc = train({"name": "iris"}, algorithm="multiclass")
    assert mc["status"] == "max_epochs"
    assert mc["status_text"].startswith("Stopped at the epoch limit (100 epochs) without converging: the "
                                        f"multiclass perceptron (3 classes) made {mc['mistakes']} mistakes.")
    lin_limit = train({"name": "xor"}, algorithm="pocket")
    if lin_limit["status"] == "max_epochs":
        assert lin_limit["status_text"].startswith("Stopped at the epoch limit (")


def test_the_converged_kernel_status_is_true_every_training_point_is_classified_right():
    ker = train({"name": "circles"}, algorithm="kernel", kernel="rbf")
    assert "classifies every training example correctly" in ker["status_text"]
    assert ker["train_accuracy"] == 1.0


def test_the_kernel_plot_title_says_rbf_as_the_settings_do():
    train({"name": "circles", "n": 40, "seed": 5}, algorithm="kernel", kernel="rbf", plot_kinds=["boundary"])
    from perceptron_lab.bridge import session
    fig = session.current().boundary(size={"width_px": 480, "height_px": 360})
    titles = [t.get_text() for t in fig.texts] + [ax.get_title() for ax in fig.axes]
    assert any("kernel perceptron (RBF)" in t for t in titles), titles
    assert not any("(rbf)" in t for t in titles)


def test_xor_final_alt_text_never_says_yet_of_a_run_that_ended_at_w_zero():
    r = train({"name": "xor"}, algorithm="online")
    fig = plots.boundary_figure(XOR_X, XOR_Y, w=r["w"], label_names={-1: "0", 1: "1"})
    assert fig.alt_text.startswith("w = 0: no decision boundary,") and "yet" not in fig.alt_text
    assert "at w = 0 every example is one" in fig.alt_text
