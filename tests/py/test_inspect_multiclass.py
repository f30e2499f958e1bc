"""The page's inspect of a CSV reads every class for the multiclass perceptron (the request's
multiclass flag) and refuses a third class otherwise, naming the way out."""
import base64
import io
import json

from sklearn.datasets import load_wine

from perceptron_lab import bridge


def wine_csv_b64() -> str:
    d = load_wine()
    out = io.StringIO()
    out.write(",".join(list(d.feature_names) + ["cultivar"]) + "\n")
    for x, t in zip(d.data, d.target):
        out.write(",".join([*(repr(float(v)) for v in x), d.target_names[t]]) + "\n")
    return base64.b64encode(out.getvalue().encode()).decode()


def inspect(multiclass=None):
    req = {"cmd": "inspect", "data": {"kind": "csv", "base64": wine_csv_b64(), "name": "wine.csv"}}
    if multiclass is not None:
        req["multiclass"] = multiclass
    return json.loads(bridge.handle_json(json.dumps(req)))


def test_multiclass_inspect_keeps_every_class():
    d = load_wine()
    res = inspect(True)
    assert res["ok"], res
    assert res["labels"] == {"classes": sorted(d.target_names.tolist())}
    assert res["n"] == len(d.data) and res["feature_names"] == list(d.feature_names)


def test_binary_inspect_refuses_a_third_class_and_names_the_multiclass_perceptron():
    for flag in (None, False, "yes"):  # only a JSON true asks for every class
        res = inspect(flag)
        assert not res["ok"]
        assert "3 different classes" in res["error"]["message"]
        assert "multiclass" in res["error"]["message"]
