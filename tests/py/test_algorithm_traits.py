"""The algorithm options of params.json say what the page and the bridge need to know of each
variant (family, weights, last_w, per_example, bound, answer, step_note, start, update, votes, classes,
estimator, cost, exercise_note, no_exercise); these tests hold each trait to
what the variant's runs actually do, so the table cannot claim what the engine does not."""

import numpy as np
import pytest

import perceptron_lab
from perceptron_lab import settings
from perceptron_lab.bridge import COMPARE_ALGORITHMS, handle
from perceptron_lab.bridge.train import FAMILIES, FAMILY_OF

ALGORITHMS = settings.param("algorithm")["options"]
XOR = {"kind": "preset", "name": "xor"}


def train(algorithm, data=XOR, **s):
    r = handle({"cmd": "train", "data": data, "settings": {"algorithm": algorithm, "epochs": 10, "plots": False, **s}})
    assert r["ok"], r
    return r


@pytest.mark.parametrize("o", ALGORITHMS, ids=lambda o: o["value"])
def test_every_algorithm_has_every_trait(o):
    traits = {"value", "label", "hint", "family", "weights", "last_w", "per_example", "bound", "answer", "step_note",
              "update", "votes", "classes", "estimator", "cost", "exercise_note", "no_exercise"}
    # start: the model before any update in words, for the runs without one weight vector
    assert set(o) == traits | ({"start"} if o["weights"] != "vector" else set())
    assert o["family"] in FAMILIES and FAMILY_OF[o["value"]] is FAMILIES[o["family"]]
    assert o["weights"] in ("vector", "counts", "rows")
    assert isinstance(o["answer"], str) and o["answer"].endswith(".")
    assert o["update"] in ("example", "epoch") and o["classes"] in ("two", "every")
    # The budget's cost model follows what the model holds: a Gram matrix for counts, a row per class.
    model = o["cost"]["model"]
    assert model == {"vector": "weights", "counts": "gram", "rows": "classes"}[o["weights"]]
    # (below 1 only with a cost per epoch besides: batch, one numpy product over all rows an epoch)
    assert (o["cost"]["factor"] >= (0.1 if "epoch_us" in o["cost"] else 1)) if model == "weights" else o["cost"]["who"].startswith("the ")
    # The exercise's note on the answer: only where the answer is built from the online updates.
    assert bool(o["exercise_note"]) is (o["per_example"] and not o["last_w"])
    # Why the exercise cannot follow it: said exactly for the variants it refuses.
    assert bool(o["no_exercise"]) is not o["per_example"]


@pytest.mark.parametrize("o", ALGORITHMS, ids=lambda o: o["value"])
def test_update_says_what_one_update_is_made_of(o):
    r = train(o["value"])
    if o["update"] == "epoch":  # one summed update per epoch with mistakes
        assert r["updates"] <= r["epochs"] and r["updates"] < r["mistakes"]
    else:
        assert r["updates"] == r["mistakes"]


@pytest.mark.parametrize("o", ALGORITHMS, ids=lambda o: o["value"])
def test_votes_says_whether_every_w_votes(o):
    assert (train(o["value"]).get("votes") is not None) is o["votes"]


@pytest.mark.parametrize("o", ALGORITHMS, ids=lambda o: o["value"])
def test_classes_says_which_classes_are_read(o):
    r = train(o["value"], data={"kind": "preset", "name": "iris"}, epochs=2)
    if o["classes"] == "every":
        assert np.shape(r["weights"])[0] == 3  # iris: setosa, versicolor, virginica
    else:
        assert set(r["labels"]) == {"-1", "+1"}


@pytest.mark.parametrize("o", ALGORITHMS, ids=lambda o: o["value"])
def test_estimator_is_the_packages_class(o):
    # The run as code fits this class (tests/py/test_script_export.py: the same weights bit for bit).
    assert isinstance(getattr(perceptron_lab, o["estimator"]), type)


@pytest.mark.parametrize("o", ALGORITHMS, ids=lambda o: o["value"])
def test_weights_say_what_the_answer_holds(o):
    r = train(o["value"])
    if o["weights"] == "vector":
        assert len(r["w"]) == 3 and all(isinstance(v, float) for v in r["weights"])
    elif o["weights"] == "counts":
        assert r["w"] is None and len(r["alpha"]) == 4 and all(isinstance(a, int) for a in r["alpha"])
    else:
        assert np.shape(r["weights"]) == (2, 3)


@pytest.mark.parametrize("o", ALGORITHMS, ids=lambda o: o["value"])
def test_per_example_is_what_the_exercise_follows(o):
    r = handle({"cmd": "visits", "data": XOR, "settings": {"algorithm": o["value"]}, "limit": 8})
    assert r["ok"] is o["per_example"], r
    if not o["per_example"]:
        assert r["error"]["field"] == "algorithm"


@pytest.mark.parametrize("o", ALGORITHMS, ids=lambda o: o["value"])
def test_bound_says_whether_the_answer_has_novikoffs_numbers(o):
    r = train(o["value"], data={"kind": "preset", "name": "and"})
    assert (r["R"] is not None) is o["bound"]


@pytest.mark.parametrize("o", [o for o in ALGORITHMS if o["family"] == "linear"], ids=lambda o: o["value"])
def test_last_w_says_whether_the_classifier_is_the_paths_end(o):
    # Overlapping clouds never converge: averaged, voted and pocket classify with other than the last w.
    from perceptron_lab.bridge.linear_fit import fit
    from perceptron_lab.data import preset

    s = settings.read({"algorithm": o["value"], "epochs": 5, "plots": False}, "settings")
    f = fit(preset("overlap", n=200, seed=3), s)
    same = np.array_equal(f.run.decision_function(f.Z), f.Z @ f.run.model.w_last)
    assert same is o["last_w"]


def test_the_comparison_lists_primal_variants_in_params_order():
    assert COMPARE_ALGORITHMS == tuple(settings.param("algorithm")["compare"])
    assert {FAMILY_OF[a] for a in COMPARE_ALGORITHMS} == {FAMILIES["linear"]}
