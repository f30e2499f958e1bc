"""The compare request: every variant on the same data, split and seed, each entry the
very run a train request with that algorithm gives; errors come back as train's do."""

import base64
import json

import numpy as np
import pytest

from perceptron_lab.bridge import COMPARE_ALGORITHMS, handle, handle_json
import reference

FIELDS = ["weights", "bias", "w", "status", "status_text", "cycle", "mistakes", "updates", "epochs",
          "epoch_mistakes", "train_accuracy", "test_accuracy", "votes"]

CASES = [
    # separable with a margin, a held-out test set, shuffled order and a seed
    ({"kind": "preset", "name": "clouds", "n": 120, "seed": 4},
     {"test_fraction": 0.25, "seed": 7, "order": "shuffle-each", "epochs": 50}),
    # not separable: the case where averaging and voting are meant to help
    ({"kind": "preset", "name": "overlap", "n": 80, "seed": 2},
     {"test_fraction": 0.3, "seed": 3, "epochs": 20, "eta": 0.5}),
    # XOR cycles; with poly2 and unit length, bias off
    ({"kind": "preset", "name": "xor"}, {"epochs": 10}),
    ({"kind": "preset", "name": "circles", "n": 60}, {"feature_map": "poly2", "normalize": True, "bias": False}),
]


def compare(data, **settings):
    return handle({"cmd": "compare", "data": data, "settings": settings})


def train(data, **settings):
    return handle({"cmd": "train", "data": data, "settings": settings})


def png_size(data_url):
    raw = base64.b64decode(data_url.split(",", 1)[1])
    assert raw[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(raw[16:20], "big"), int.from_bytes(raw[20:24], "big")


def literal(algorithm, Z, y, epochs):
    """Each variant written from the notes, one example at a time (the independent reference).

    Returns (answer: callable z -> score, mistakes per epoch). Online, pocket and batch stop
    after a clean epoch or a repeated end-of-epoch w (a cycle); averaged and voted run all epochs.
    """
    n, d = Z.shape
    w, path, per_epoch, seen = np.zeros(d), [], [], {np.zeros(d).tobytes()}
    run_on = algorithm in ("averaged", "voted")
    cycled = False
    # the literal loops' passes (reference.py), cut below where each variant stops
    passes = ([(len(bad), [], theta) for bad, theta in reference.batch_passes(Z, y, epochs=epochs)]
              if algorithm == "batch" else
              [(sum(v.mistake for v in ep), [v.w_after for v in ep], ep[-1].w_after)
               for ep in reference.epochs_of(reference.online_visits(Z, y, epochs=epochs, stop_clean=False))])
    for m, visited, w in passes:
        path += visited
        per_epoch.append(m)
        if m == 0:
            if not run_on:
                break
            continue
        if not cycled and w.tobytes() in seen:
            cycled = True
            if not run_on:
                break
        seen.add(w.tobytes())
    if algorithm == "averaged":
        mean = sum(path) / len(path)
        return (lambda z: z @ mean), per_epoch
    if algorithm == "voted":  # c_k: the examples after which w_k was the current w
        runs = []
        for v in path:
            if runs and np.array_equal(runs[-1][0], v):
                runs[-1][1] += 1
            else:
                runs.append([v, 1])
        return (lambda z: sum(c * (1 if v @ z >= 0 else -1) for v, c in runs)), per_epoch
    if algorithm == "pocket":
        acc = lambda v: np.mean([(1 if v @ Z[i] >= 0 else -1) == y[i] for i in range(n)])  # noqa: E731
        best, best_acc = np.zeros(d), acc(np.zeros(d))
        for v in path:
            if acc(v) > best_acc:
                best, best_acc = v, acc(v)
        if per_epoch[-1] == 0:  # converged: the clean epoch's w, with no training point on its line
            best = w
        return (lambda z: z @ best), per_epoch
    return (lambda z: z @ w), per_epoch


@pytest.mark.parametrize("data,settings", [
    ({"kind": "preset", "name": "overlap", "n": 40, "seed": 2}, {"epochs": 12}),
    ({"kind": "preset", "name": "and"}, {"epochs": 30}),
    ({"kind": "preset", "name": "xor"}, {"epochs": 10}),
])
def test_each_variant_equals_a_literal_implementation(data, settings):
    from perceptron_lab.bridge import load_data

    c = compare(data, **settings, plots=False)
    assert c["ok"], c
    assert [v["algorithm"] for v in c["variants"]] == c["algorithms"] == list(COMPARE_ALGORITHMS)
    ds = load_data(data)
    Z = np.hstack([ds.X, np.ones((len(ds.y), 1))])
    for v in c["variants"]:
        score, per_epoch = literal(v["algorithm"], Z, ds.y, settings["epochs"])
        assert v["epoch_mistakes"] == per_epoch, v["algorithm"]
        predicted = np.array([1 if score(z) >= 0 else -1 for z in Z])
        assert v["train_accuracy"] == np.mean(predicted == ds.y), v["algorithm"]
        if v["algorithm"] != "voted":  # the voted classifier has no single w
            np.testing.assert_allclose([score(np.eye(3)[k]) for k in range(3)], v["w"], rtol=1e-12, atol=1e-12)
        else:
            assert v["votes_distinct"] == len({np.array(w).tobytes() for w in _path_ws(Z, ds.y, v)})
    json.dumps(c, allow_nan=False)


def _path_ws(Z, y, v):
    """Every w the voted run held after some example (its online path over its epochs)."""
    return [u.w_after for u in reference.online_visits(Z, y, epochs=v["epochs"], stop_clean=False)]


def test_the_variants_really_differ_on_data_that_is_not_separable():
    # Guards against a compare that trains one algorithm five times.
    c = compare({"kind": "preset", "name": "overlap", "n": 100}, epochs=30)
    ws = {v["algorithm"]: tuple(v["w"]) for v in c["variants"]}
    by = {v["algorithm"]: v for v in c["variants"]}
    # voted reports the last w of the online path (its answer is the vote of every w)
    assert ws.pop("voted") == ws["online"] and by["voted"]["votes"] > 1
    assert len(set(ws.values())) == 4, ws
    assert by["voted"]["plot"] != by["online"]["plot"]
    assert all(v["status"] != "converged" for v in c["variants"])
    assert c["separable"] is False


def test_small_png_plots_by_default_and_plot_px_is_honoured():
    c = compare({"kind": "preset", "name": "and"})
    for v in c["variants"]:
        assert v["plot"].startswith("data:image/png;base64,")
        assert png_size(v["plot"]) == (320, 260)
        assert v["status"] == "converged"
        # the last w is right on every point; the vote of all w need not be (AND: 3 of 4)
        assert v["train_accuracy"] == 1.0 or v["algorithm"] == "voted"
        assert v["test_accuracy"] is None
        assert v["epoch_mistakes"][-1] == 0 and sum(v["epoch_mistakes"]) == v["mistakes"]
    c = compare({"kind": "preset", "name": "and"}, plot_px=[400, 300])
    assert png_size(c["variants"][0]["plot"]) == (400, 300)


def test_plots_false_sends_no_images():
    c = compare({"kind": "preset", "name": "and"}, plots=False)
    assert c["ok"] and all(v["plot"] is None and v["plot_alt"] is None for v in c["variants"])


def test_algorithm_setting_is_checked_but_every_variant_runs():
    c = compare({"kind": "preset", "name": "or"}, algorithm="pocket", plots=False)
    assert [v["algorithm"] for v in c["variants"]] == list(COMPARE_ALGORITHMS)
    assert "algorithm" not in c["settings"]


def test_progress_counts_on_across_the_variants():
    seen = []
    data = {"kind": "preset", "name": "xor"}
    r = handle({"cmd": "compare", "data": data, "settings": {"epochs": 4, "plots": False}},
               progress=lambda e, m: seen.append(e))
    assert r["ok"]
    epochs = [v["epochs"] for v in r["variants"]]
    expected = [i * 4 + e for i, n in enumerate(epochs) for e in range(1, n + 1)]
    assert seen == expected


def test_compare_leaves_the_step_through_session_alone():
    data = {"kind": "preset", "name": "and"}
    t = train(data, algorithm="online", plots=False)
    compare({"kind": "preset", "name": "xor"}, plots=False)
    f = handle({"cmd": "frame", "step": t["updates"]})
    assert f["ok"] and f["w"] == t["w"]


@pytest.mark.parametrize("data,settings", [
    ({"kind": "preset", "name": "and"}, {"eta": 0}),
    ({"kind": "preset", "name": "and"}, {"algorithm": "<script>"}),
    ({"kind": "preset", "name": "and"}, {"test_fraction": 0.95}),
    ({"kind": "preset", "name": "and"}, {"plot_features": [0, 7]}),
    ({"kind": "preset", "name": "nope"}, {}),
    ({"kind": "preset", "name": "clouds", "n": 10**9}, {}),
    ({"kind": "csv", "text": "a,b,y\n1,2,0\n1,,1\n"}, {}),
    ({"kind": "csv", "text": 5}, {}),
    ({"kind": "points", "points": [[0, 0, 1]]}, {"test_fraction": 0.5}),
    (None, {}),
])
def test_errors_come_back_like_trains(data, settings):
    c = handle({"cmd": "compare", "data": data, "settings": settings})
    t = handle({"cmd": "train", "data": data, "settings": settings})
    assert c["ok"] is False and t["ok"] is False
    assert c == t


def test_settings_must_be_an_object_and_json_door_works():
    out = json.loads(handle_json(json.dumps({"cmd": "compare", "data": {"kind": "preset", "name": "and"},
                                             "settings": [1, 2]})))
    assert out["ok"] is False and out["error"]["field"] == "settings"
    out = json.loads(handle_json(json.dumps({"cmd": "compare", "data": {"kind": "preset", "name": "nand"},
                                             "settings": {"plots": False}})))
    assert out["ok"] and len(out["variants"]) == 5


def test_internal_errors_are_one_line(monkeypatch, capsys):
    import perceptron_lab.bridge.linear_fit as session  # where fit() reads them

    def boom(*a, **k):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(session, "train", boom)
    c = compare({"kind": "preset", "name": "and"})
    t = train({"kind": "preset", "name": "and"})
    assert c == t and c["error"]["kind"] == "internal"
    assert "secret detail" not in c["error"]["message"]


def test_titles_fit_the_small_card_plots():
    import numpy as np

    from perceptron_lab import plots

    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    y = np.array([-1, 1, -1])
    for title in ["overlap (train): averaged perceptron", "a very long data set name " * 4]:
        fig = plots.boundary_figure(X, y, w=np.array([1.0, 1.0, -1.0]), title=title, width_px=320, height_px=260)
        t = plots.find_artist(fig, "title")
        box = t.get_window_extent(fig.canvas.get_renderer())
        assert 0 <= box.x0 and box.x1 <= 320, (title, box)
    assert t.get_text().endswith("…")
