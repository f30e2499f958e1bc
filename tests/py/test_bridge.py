"""The JSON door: every request answered, user errors named, nothing raw escapes."""

import json

import numpy as np
import pytest

from perceptron_lab.bridge import handle, handle_json
from perceptron_lab.core import train
from perceptron_lab.data import preset
from perceptron_lab.core.features import prepare
import reference

PRESETS = ["and", "or", "nand", "xor", "clouds", "overlap", "circles"]
ALGORITHMS = ["online", "batch", "averaged", "voted", "pocket"]


def train_req(data=None, **settings):
    return {"cmd": "train", "data": data or {"kind": "preset", "name": "and"}, "settings": settings}


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_weights_equal_the_engine(algorithm):
    r = handle(train_req({"kind": "preset", "name": "clouds", "seed": 3}, algorithm=algorithm, plots=False))
    ds = preset("clouds", seed=3)
    run = train(prepare(ds.X), ds.y, algorithm=algorithm)
    assert r["ok"]
    assert r["w"] == run.model.w.tolist()
    assert r["weights"] == run.model.w[:-1].tolist() and r["bias"] == run.model.w[-1]


def test_and_result_carries_the_theory_and_plots():
    r = handle(train_req())
    assert r["ok"] and r["status"] == "converged"
    assert r["status_text"].startswith(f"Converged after {r['epochs']} epochs")
    assert r["separable"] is True
    assert r["R"] == pytest.approx(np.sqrt(3))
    assert r["bound"] == pytest.approx((r["R"] / r["gamma"]) ** 2)
    assert r["mistakes"] <= r["bound"]
    assert r["labels"] == {"-1": "0", "+1": "1"}
    for kind in ("boundary", "mistakes", "accuracy", "proof"):
        assert r["plots"][kind].startswith("data:image/png;base64,")
        assert r["plot_alt"][kind]
    assert len(r["trace"]["w"]) == r["updates"] == r["mistakes"]
    json.dumps(r, allow_nan=False)


def test_xor_says_it_cycles_and_has_no_bound():
    r = handle(train_req({"kind": "preset", "name": "xor"}))
    assert r["status"] == "cycled"
    assert r["status_text"] == ("Cycling detected at epoch 1: the weights repeat every epoch, "
                                "so XOR is not linearly separable (the perceptron converges on separable data).")
    assert r["separable"] is False and r["gamma"] is None and r["bound"] is None
    assert r["plots"]["proof"] is None


def test_xor_with_poly2_converges():
    r = handle(train_req({"kind": "preset", "name": "xor"}, feature_map="poly2"))
    assert r["status"] == "converged" and r["train_accuracy"] == 1.0
    assert r["w_names"] == ["x1", "x2", "x1·x2", "x1²", "x2²", "bias"]


def test_epoch_limit_text_says_whether_more_epochs_would_help():
    r = handle(train_req({"kind": "preset", "name": "clouds", "margin": 0.05}, epochs=1, plots=False))
    assert r["status"] == "max_epochs"
    assert r["status_text"] == ("Stopped at the epoch limit (1 epoch) without converging. "
                                "The data is linearly separable, so more epochs would converge.")
    r = handle(train_req({"kind": "preset", "name": "overlap"}, epochs=5, order="shuffle-each", plots=False))
    assert "The data is not linearly separable (" in r["status_text"]
    assert r["status_text"].endswith("so it can never converge.")


def test_test_split_reports_test_accuracy():
    # Oracle: the same split by data.train_test_split, a literal online perceptron on the
    # training part, and its accuracy counted by hand on the held-out part.
    from perceptron_lab import data

    spec = {"kind": "preset", "name": "overlap", "n": 200}
    r = handle(train_req(spec, test_fraction=0.25, epochs=7, plots=False))
    tr, te = data.train_test_split(data.preset("overlap", n=200), 0.25, 0)
    Z = np.hstack([tr.X, np.ones((len(tr.y), 1))])
    w = reference.plain_online(Z, tr.y, epochs=7)[0]
    Zt = np.hstack([te.X, np.ones((len(te.y), 1))])
    expected = sum(int((1 if w @ z >= 0 else -1) == t) for z, t in zip(Zt, te.y)) / len(te.y)
    assert r["dataset"]["n_test"] == len(te.y) == 50 and r["dataset"]["n_train"] == 150
    assert r["test_accuracy"] == expected
    assert r["split_text"] == ""  # 50 test points, and the split does not change separability


def test_a_split_that_leaves_few_test_points_says_so():
    r = handle(train_req({"kind": "preset", "name": "and"}, test_fraction=0.3, plots=False))
    assert r["dataset"]["n_test"] == 1
    assert r["split_text"].startswith("Only 1 test point: each is 100% of the test accuracy")


def test_csv_and_points():
    csv = "height,weight,kind\n1,2,cat\n2,1,dog\n1.5,2.5,cat\n3,1,dog\n"
    r = handle(train_req({"kind": "csv", "text": csv}))
    assert r["ok"] and r["labels"] == {"-1": "cat", "+1": "dog"} and r["feature_names"] == ["height", "weight"]
    r = handle(train_req({"kind": "points", "points": [[0, 0, 1], [1, 1, 1], [3, 3, -1], [4, 3, -1]]}))
    assert r["ok"] and r["train_accuracy"] == 1.0


def test_inspect_csv_previews_and_maps_labels():
    r = handle({"cmd": "inspect", "data": {"kind": "csv", "text": "a;b;c\n1;2;x\n3;4;y\n"}})
    assert r == {"ok": True, "n": 2, "feature_names": ["a", "b"], "labels": {"-1": "x", "+1": "y"},
                 "columns": ["a", "b", "c"], "preview": [["1", "2", "x"], ["3", "4", "y"]], "label_column": "c",
                 "read_as": {"delimiter": ";", "decimal": ".", "encoding": None},
                 "read_as_text": "read as: semicolon-separated, decimal point"}


@pytest.mark.parametrize("settings,field", [
    ({"eta": 0}, "eta"), ({"eta": "1"}, "eta"), ({"eta": 1e300}, "eta"), ({"epochs": 0}, "epochs"),
    ({"epochs": 10**12}, "epochs"), ({"epochs": True}, "epochs"), ({"algorithm": "<script>"}, "algorithm"),
    ({"order": None}, "order"), ({"seed": -5}, "seed"), ({"bias": "yes"}, "bias"),
    ({"feature_map": "rbf"}, "feature_map"), ({"test_fraction": 0.95}, "test_fraction"),
    ({"plot_features": [0, 0]}, "plot_features"), ({"plot_features": [0, 7]}, "plot_features"),
    ({"plot_px": [10, 10]}, "plot_px"), ({"seed": 2**32}, "seed"), ({"eta": 1e6 * (1 + 2**-52)}, "eta"),
    ({"early_stop": "yes"}, "early_stop"), ({"standardize": "yes"}, "standardize"),
    ({"plot_kinds": ["boundary", "boundary"]}, "plot_kinds"),
])
def test_bad_settings_come_back_with_their_field(settings, field):
    r = handle(train_req(**settings))
    assert r["ok"] is False and r["error"]["kind"] == "settings" and r["error"]["field"] == field
    assert r["error"]["message"]


@pytest.mark.parametrize("data,field", [
    ({"kind": "preset", "name": "nope"}, "preset"), ({"kind": "preset", "name": "clouds", "n": 10**9}, "n"),
    ({"kind": "preset", "name": "clouds", "margin": "wide"}, "margin"),
    ({"kind": "preset", "name": "clouds", "seed": -1}, "data_seed"),
])
def test_bad_preset_parameters_name_their_field(data, field):
    r = handle(train_req(data))
    assert r["ok"] is False and r["error"]["field"] == field


def test_bad_csv_names_row_and_column():
    r = handle(train_req({"kind": "csv", "text": "a,b,y\n1,2,0\n1,,1\n"}))
    assert r["error"]["kind"] == "data" and r["error"]["row"] == 3 and r["error"]["column"] == "b"


@pytest.mark.parametrize("text", ["", "not json", "[]", "{\"cmd\": \"rm -rf\"}", "{\"cmd\": \"train\"}",
                                  "{\"cmd\": \"train\", \"data\": {\"kind\": \"csv\", \"text\": 5}}", "null"])
def test_hostile_json_never_raises(text):
    out = json.loads(handle_json(text))
    assert out["ok"] is False and out["error"]["message"]
    assert "Traceback" not in out["error"]["message"]


def test_internal_errors_are_one_line(monkeypatch, capsys):
    import perceptron_lab.bridge.linear_fit as linear_fit  # where fit() reads them

    def boom(*a, **k):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(linear_fit, "train", boom)
    r = handle(train_req())
    assert r["ok"] is False and r["error"]["kind"] == "internal"
    assert "secret detail" not in r["error"]["message"] and "\n" not in r["error"]["message"]
    assert "secret detail" in capsys.readouterr().err  # developers still see it


def test_progress_is_reported_every_epoch():
    seen = []
    r = handle(train_req(plots=False), progress=lambda e, m: seen.append((e, m)))
    assert seen == list(zip(range(1, r["epochs"] + 1), r["epoch_mistakes"]))


def test_step_through_frames_follow_the_trace():
    r = handle(train_req())
    trace = r["trace"]
    for k in range(r["updates"] + 1):
        f = handle({"cmd": "frame", "step": k})
        assert f["ok"] and f["image"].startswith("data:image/png;base64,")
        assert f["w"] == ([0.0, 0.0, 0.0] if k == 0 else trace["w"][k - 1])
        if k:
            i = trace["index"][k - 1]
            assert f["index"] == i
            assert f["activation"] == trace["activation"][k - 1]
            assert f["y_activation"] <= 0  # every recorded update was a mistake
            # the update rule with the actual numbers: w_after = w_before + eta·y·x̃
            assert [b + f["eta"] * f["y"] * x for b, x in zip(f["w_before"], f["x"])] == f["w"]
            # seed 004: the update turns w toward a positive example, away from a negative one
            if f["angle_before"] is not None:
                assert (f["angle_after"] < f["angle_before"]) == (f["y"] == 1)
    assert handle({"cmd": "frame", "step": r["updates"] + 1})["error"]["field"] == "step"
    proof = handle({"cmd": "frame", "step": 3, "proof": True})
    assert proof["proof"].startswith("data:image/png") and "t = 3" in proof["proof_alt"]


def test_exports_are_valid_files():
    import base64
    import csv
    import io

    csv_text = "a,b,y\n1,2,=cmd\n2,1,@x\n0,0,=cmd\n3,3,@x\n-1,0,=cmd\n"
    r = handle(train_req({"kind": "csv", "text": csv_text}))
    model = json.loads(handle({"cmd": "export", "what": "model"})["text"])
    assert model["w"] == r["w"] and model["labels"] == {"-1": "=cmd", "+1": "@x"}
    assert model["settings"]["algorithm"] == "online" and model["versions"]["perceptron_lab"]
    trace = list(csv.reader(io.StringIO(handle({"cmd": "export", "what": "trace"})["text"])))
    assert trace[0][:5] == ["t", "epoch", "example", "label", "activation"] and len(trace) == r["updates"] + 1
    text = handle({"cmd": "export", "what": "predictions"})["text"]
    assert text.startswith("\ufeff")  # UTF-8 with a BOM: spreadsheets read the names right
    pred = list(csv.reader(io.StringIO(text[1:])))
    assert pred[0] == ["a", "b", "label", "predicted", "score w·x̃", "split"]
    assert pred[1][2] == "'=cmd" and pred[2][2] == "'@x"  # formula cells neutralised
    assert pred[5][0] == "-1.0"  # numbers are not formulas
    png = handle({"cmd": "export", "what": "plot", "plot": "mistakes", "format": "png"})
    assert base64.b64decode(png["base64"]).startswith(b"\x89PNG") and png["filename"].endswith(".png")
    svg = handle({"cmd": "export", "what": "plot", "plot": "boundary", "format": "svg"})
    assert svg["text"].startswith("<?xml") and "<svg" in svg["text"]
    assert handle({"cmd": "export", "what": "plot", "plot": "boundary", "format": "gif"})["ok"] is False


def test_boundary_geometry_maps_clicks_to_data():
    r = handle(train_req())
    g = r["boundary_geometry"]
    assert 0 < g["left"] < g["image_width"] and 0 < g["top"] < g["image_height"]
    assert g["xlim"][0] < 0 < 1 < g["xlim"][1] and g["ylim"][0] < 0 < 1 < g["ylim"][1]


def test_a_failed_plot_keeps_the_previous_session(monkeypatch):
    import perceptron_lab.bridge.figures as figures

    first = handle(train_req())
    monkeypatch.setattr(figures, "figure", lambda *a, **k: (_ for _ in ()).throw(RuntimeError("plot bug")))
    assert handle(train_req({"kind": "preset", "name": "xor"}))["ok"] is False
    monkeypatch.undo()
    assert handle({"cmd": "frame", "step": 1})["w"] == first["trace"]["w"][0]


def test_step_info_undoes_the_update_even_when_the_trace_is_subsampled(monkeypatch):
    import perceptron_lab.bridge.linear_fit as linear_fit  # where fit() reads them

    monkeypatch.setattr(linear_fit, "TRACE_CAP", 8)
    r = handle(train_req({"kind": "preset", "name": "overlap"}, epochs=20, plots=False))
    assert r["trace"]["subsampled"]
    f = handle({"cmd": "frame", "step": 5})
    assert f["exact"] is False
    assert np.allclose(np.add(f["w_before"], np.multiply(f["eta"] * f["y"], f["x"])), f["w"], rtol=0, atol=1e-12)
    assert f["y_activation"] <= 0


def test_huge_csv_values_are_a_data_error_not_a_false_convergence():
    r = handle(train_req({"kind": "csv", "text": "a,b,y\n1e308,1e308,1\n-1e308,2,0\n"}))
    assert r["ok"] is False and r["error"]["kind"] == "data"
    assert (r["error"]["row"], r["error"]["column"]) == (2, "a")


def test_voted_with_too_many_vectors_says_so(monkeypatch):
    import perceptron_lab.bridge.linear_fit as linear_fit  # where fit() reads them

    monkeypatch.setattr(linear_fit, "MAX_VOTES", 300)
    r = handle(train_req({"kind": "preset", "name": "overlap", "n": 400}, algorithm="voted", epochs=1000))
    assert r["ok"] and r["votes"] > 300 and r["epochs"] < 1000
    assert r["status_text"].startswith(f"Stopped after {r['epochs']} epochs: the voted perceptron already keeps")
    assert "averaged" in r["status_text"]


def test_plots_can_come_in_two_requests():
    whole = handle(train_req())
    first = handle(train_req(plot_kinds=["boundary"]))
    assert list(first["plots"]) == ["boundary"] and first["plots"]["boundary"] == whole["plots"]["boundary"]
    assert first["boundary_geometry"] == whole["boundary_geometry"]
    rest = handle({"cmd": "plots", "kinds": ["mistakes", "accuracy", "proof"]})
    for kind in ("mistakes", "accuracy", "proof"):
        assert rest["plots"][kind] == whole["plots"][kind] and rest["plot_alt"][kind] == whole["plot_alt"][kind]
    assert handle({"cmd": "plots", "kinds": ["pie"]})["error"]["field"] == "plot_kinds"
    assert handle(train_req(plot_kinds="boundary"))["error"]["field"] == "plot_kinds"


def test_settings_take_json_numbers_at_their_limits():
    r = handle(train_req(seed=2**32 - 1, epochs=5.0, eta=1e6, order="shuffle-each", plots=False))
    assert r["ok"], r
    assert r["settings"]["seed"] == 2**32 - 1 and r["settings"]["epochs"] == 5 and type(r["settings"]["epochs"]) is int
    assert r["settings"]["early_stop"] is False and r["settings"]["standardize"] is False


def test_core_takes_numpy_numbers_and_refuses_what_the_table_refuses():
    from perceptron_lab.core import check_settings
    from perceptron_lab.errors import SettingsError

    check_settings("online", np.float32(0.5), np.int64(3), "fixed", np.uint32(2**32 - 1))
    for args, field in [(("online", 0.5, 3, "fixed", 2**32), "seed"), (("online", 2e6, 3, "fixed", 0), "eta"),
                        (("online", 1.0, np.bool_(True), "fixed", 0), "epochs"), (("online", 1.0, 3, "fixed", True), "seed")]:
        with pytest.raises(SettingsError) as err:
            check_settings(*args)
        assert err.value.field == field


@pytest.mark.parametrize("request_", [{"cmd": "frame", "step": 0}, {"cmd": "plots", "kinds": ["mistakes"]},
                                      {"cmd": "export", "what": "model"}])
def test_before_any_train_the_answer_is_no_session(monkeypatch, request_):
    import perceptron_lab.bridge.session as session

    monkeypatch.setattr(session, "_current", None)
    r = handle(request_)
    assert r == {"ok": False, "error": {"kind": "no_session", "message": "Train a model first.", "field": None,
                                        "row": None, "column": None}}
    handle(train_req(plots=False))
    assert handle(request_)["ok"] is True
