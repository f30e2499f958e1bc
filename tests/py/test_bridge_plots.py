"""The bridge's plots: drawn for the CSS box at the device pixel ratio, exported at slide
width, and the many-feature kinds (projection, weights) exactly when there are > 2 features.
Image sizes are read back from the PNG header by Pillow, not from the plotting code."""

import base64
import io
import re

import numpy as np
import pytest
from PIL import Image
from sklearn.datasets import load_breast_cancer, load_iris

from perceptron_lab import cli
from perceptron_lab.bridge import handle
from perceptron_lab.core import train
from perceptron_lab.core.features import prepare

ALL = ["boundary", "mistakes", "accuracy", "proof", "projection", "weights"]


def png_size(data_url_or_b64):
    b64 = data_url_or_b64.split(",", 1)[1] if data_url_or_b64.startswith("data:") else data_url_or_b64
    return Image.open(io.BytesIO(base64.b64decode(b64))).size


def csv_of(X, y, names):
    rows = [",".join([*names, "label"])]
    rows += [",".join([*(repr(float(v)) for v in x), str(int(t))]) for x, t in zip(X, y)]
    return {"kind": "csv", "text": "\n".join(rows), "label": "label", "name": "data"}


def iris(features):
    """Setosa (label 1) against the rest on the chosen feature columns: separable."""
    X, y = load_iris(return_X_y=True)
    return csv_of(X[:, features], (y == 0).astype(int), [f"f{i}" for i in features])


def train_req(data, **settings):
    # the slice as the main plot: this module checks the many-feature kinds beside it (the score
    # strip, the default, is tests/py/test_score_strip.py's)
    return handle({"cmd": "train", "data": data, "settings": {"plot_kinds": ALL, "main_plot": "slice", **settings}})


@pytest.mark.parametrize("dpr", [1, 2, 3])
def test_every_png_is_the_css_box_times_the_pixel_ratio(dpr):
    r = train_req(iris([0, 1, 2, 3]), plot_px=[420, 300], dpr=dpr)
    assert r["ok"], r.get("error")
    weights_h = max(360, 26 * 4 + 110)  # the chart's own height rule: one row per weight
    for kind in ALL:
        h = weights_h if kind == "weights" else 300
        assert png_size(r["plots"][kind]) == (420 * dpr, h * dpr), kind
    # The boundary's geometry says how many image pixels make one CSS pixel (click mapping).
    assert r["boundary_geometry"]["css_scale"] == pytest.approx(dpr)
    assert r["boundary_geometry"]["scale"] == 1.0


def test_weights_chart_grows_with_the_number_of_features():
    X, y = load_breast_cancer(return_X_y=True)
    r = train_req(csv_of(X, y, [f"c{i}" for i in range(30)]), plot_px=[500, 300], epochs=5, dpr=2)
    assert r["ok"], r.get("error")
    assert png_size(r["plots"]["weights"]) == (1000, 2 * (26 * 30 + 110))


def test_plots_request_draws_each_kind_for_its_own_box():
    assert train_req(iris([0, 1, 2]), plot_px=[400, 400], dpr=2, plot_kinds=["boundary"])["ok"]
    r = handle({"cmd": "plots", "kinds": ["mistakes", "projection"], "sizes": {"mistakes": [300, 200]}})
    assert r["ok"], r.get("error")
    assert png_size(r["plots"]["mistakes"]) == (600, 400)
    assert png_size(r["plots"]["projection"]) == (800, 800)  # no size given: plot_px


@pytest.mark.parametrize("sizes, field", [({"mistakes": [100, 200]}, "plot_px"), ({"proof": [300, 200]}, "plot_px"),
                                          ([300, 200], "plot_px")])
def test_plots_request_refuses_bad_sizes(sizes, field):
    assert train_req(iris([0, 1]), plot_kinds=["boundary"])["ok"]
    r = handle({"cmd": "plots", "kinds": ["mistakes"], "sizes": sizes})
    assert not r["ok"] and r["error"]["kind"] == "settings" and r["error"]["field"] == field


@pytest.mark.parametrize("name, value", [("dpr", 0.5), ("dpr", 5), ("dpr", "2"), ("scale", 0.25), ("scale", 4)])
def test_pixel_ratio_and_scale_out_of_range_are_named(name, value):
    r = train_req(iris([0, 1]), **{name: value})
    assert not r["ok"] and r["error"]["kind"] == "settings" and r["error"]["field"] == name


def test_scale_enlarges_the_text_not_the_image():
    """Presenter scale: the same pixel size, but bigger type covers more of the plot."""
    def ink(scale):
        r = train_req(iris([0, 1]), plot_px=[400, 300], scale=scale, plot_kinds=["mistakes"])
        img = np.asarray(Image.open(io.BytesIO(base64.b64decode(r["plots"]["mistakes"].split(",")[1]))).convert("L"))
        return img.shape, float(np.mean(img < 128))
    (shape1, ink1), (shape2, ink2) = ink(1), ink(2)
    assert shape1 == shape2 == (300, 400)
    assert ink2 > 1.3 * ink1


@pytest.mark.parametrize("kind", ALL)
def test_png_export_is_slide_width_with_the_same_aspect(kind):
    r = train_req(iris([0, 1, 2, 3]), plot_px=[480, 360], plot_kinds=["boundary"])
    assert r["ok"]
    e = handle({"cmd": "export", "what": "plot", "plot": kind, "format": "png"})
    assert e["ok"], e.get("error")
    w, h = png_size(e["base64"])
    css_h = max(360, 26 * 4 + 110) if kind == "weights" else 360
    assert w >= 1600
    assert h / w == pytest.approx(css_h / 480, abs=2 / w)


def test_cli_plot_png_is_slide_width(tmp_path):
    out = tmp_path / "b.png"
    assert cli.main(["train", "--preset", "and", "--plot", str(out)]) == 0
    w, h = Image.open(out).size
    assert w >= 1600 and h / w == pytest.approx(cli.PLOT_PX[1] / cli.PLOT_PX[0], abs=2 / w)


@pytest.mark.parametrize("features, many", [([0], False), ([0, 1], False), ([0, 1, 2], True), ([0, 1, 2, 3], True)])
def test_many_feature_plots_exactly_when_more_than_two_features(features, many):
    r = train_req(iris(features))
    assert r["ok"], r.get("error")
    for kind in ("projection", "weights"):
        assert (r["plots"][kind] is not None) is many
        assert (r["plot_alt"][kind] is not None) is many
    assert r["plots"]["boundary"] is not None


def test_presets_have_no_many_feature_plots():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "clouds"}, "settings": {"plot_kinds": ALL}})
    assert r["ok"] and r["plots"]["projection"] is None and r["plots"]["weights"] is None


def test_projection_counts_the_mistakes_of_the_answer_w():
    """Wine, class 0 against the rest, raw features and two epochs: not yet separated."""
    from sklearn.datasets import load_wine

    X, y = load_wine(return_X_y=True)
    yy = np.where(y == 0, 1, -1)
    r = train_req(csv_of(X, (y == 0).astype(int), [f"w{i}" for i in range(13)]), epochs=2)
    assert r["ok"]
    run = train(prepare(X), yy, algorithm="online", max_epochs=2)
    wrong = int(np.sum(np.where(prepare(X) @ run.model.w >= 0, 1, -1) != yy))
    assert f"{wrong} of {len(y)} misclassified." in r["plot_alt"]["projection"]
    assert r["plot_alt"]["projection"].startswith("Scores w·x̃ of 178 points")
    # The weights chart names the largest weight first, with the feature's own name.
    big = int(np.argmax(np.abs(run.model.w[:-1])))
    assert re.match(rf"Weights of 13 features, largest magnitude first: w{big} ", r["plot_alt"]["weights"])


def test_voted_draws_the_vote_everywhere():
    r = train_req(iris([0, 1, 2]), algorithm="voted", epochs=3)
    assert r["ok"]
    assert r["plot_alt"]["boundary"].startswith("Decision regions of the voted perceptron")
    assert r["plot_alt"]["projection"].startswith("Scores Σ c·sign(w·x̃) of 150 points")
    assert r["plot_alt"]["weights"].startswith("The last w, one of the voters.")
    online = train_req(iris([0, 1, 2]), algorithm="online")
    assert online["plot_alt"]["boundary"].startswith("Decision boundary ")


def test_batch_mistakes_do_not_claim_the_online_bound():
    data = {"kind": "preset", "name": "clouds", "seed": 1}
    batch = handle({"cmd": "train", "data": data, "settings": {"algorithm": "batch", "plot_kinds": ["mistakes"]}})
    online = handle({"cmd": "train", "data": data, "settings": {"algorithm": "online", "plot_kinds": ["mistakes"]}})
    assert batch["bound"] is not None
    assert "for reference only" in batch["plot_alt"]["mistakes"] and "the total is" not in batch["plot_alt"]["mistakes"]
    assert "the total is within it" in online["plot_alt"]["mistakes"]


def test_proof_is_told_the_learning_rate():
    data = {"kind": "preset", "name": "and"}
    r = handle({"cmd": "train", "data": data, "settings": {"eta": 0.25, "plot_kinds": ["proof"]}})
    one = handle({"cmd": "train", "data": data, "settings": {"eta": 1, "plot_kinds": ["proof"]}})
    assert "divided by η = 0.25" in r["plot_alt"]["proof"] and "u·w/η" in r["plot_alt"]["proof"]
    assert "η" not in one["plot_alt"]["proof"]
    # From w = 0 the run with η is η times the run with 1: the series (in units of η) agree.
    assert r["plot_alt"]["proof"].split(" The weights")[0].replace("w/η", "w") == one["plot_alt"]["proof"]
