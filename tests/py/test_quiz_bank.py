"""The quiz items' answers, checked against the lecture's perceptron written literally (reference.py)
and an independent margin (scipy's SLSQP on the hard-margin problem), from the numbers each item shows."""

import re

import numpy as np
import pytest
from scipy.optimize import minimize

from perceptron_lab.quiz.items import bank
from reference import plain_online

ITEMS = bank(6, seed=11)


def table(item):
    """The examples as the student reads them from the item's table (− is the minus sign)."""
    rows = re.findall(r"<tr><td>\d+</td><td>([^<]+)</td><td>([^<]+)</td><td>([^<]+)</td></tr>", item["stem"])
    f = lambda t: float(t.replace("−", "-"))  # noqa: E731
    X = np.array([[f(a), f(b)] for a, b, _ in rows])
    return X, np.array([f(c) for *_, c in rows])


def tilde(X):
    return np.hstack([X, np.ones((len(X), 1))])


def max_margin(Z, y):
    """γ of the hard-margin problem through the origin: min ‖w‖² with y·w·x̃ ≥ 1 gives γ = 1/‖w‖."""
    res = minimize(lambda w: w @ w, np.ones(Z.shape[1]), jac=lambda w: 2 * w, method="SLSQP",
                   constraints=[{"type": "ineq", "fun": lambda w: y * (Z @ w) - 1, "jac": lambda w: y[:, None] * Z}],
                   options={"ftol": 1e-12, "maxiter": 500})
    return 1 / np.linalg.norm(res.x) if res.success else None


def of_kind(kind):
    return [it for it in ITEMS if it["kind"] == kind]


@pytest.mark.parametrize("item", of_kind("next-update"), ids=lambda it: it["id"])
def test_next_update_is_the_second_mistake_of_the_literal_run(item):
    X, y = table(item)
    _, _, updates = plain_online(tilde(X), y, epochs=1)
    assert updates[0][1] == 0
    second = updates[1][1]
    assert item["answer"]["options"][item["answer"]["correct"]] == f"Example {second + 1}"
    assert f"example {second + 1}, so it is updated next" in item["feedback"].lower()


@pytest.mark.parametrize("item", of_kind("new-w"), ids=lambda it: it["id"])
def test_new_w_is_the_literal_run_s_second_w(item):
    X, y = table(item)
    _, _, updates = plain_online(tilde(X), y, epochs=5)
    k = ["w₁", "w₂", "b"].index(re.search(r"What is (\S+) after", item["stem"]).group(1))
    assert item["answer"]["value"] == pytest.approx(updates[1][2][k], abs=1e-9)
    assert item["answer"]["tolerance"] < 0.05  # one-decimal data: a wrong update is off by 0.1 or more


@pytest.mark.parametrize("item", of_kind("converge"), ids=lambda it: it["id"])
def test_converge_answer_is_whether_a_separating_w_exists(item):
    X, y = table(item)
    Z = tilde(X)
    separable = max_margin(Z, y) is not None
    _, mistakes, _ = plain_online(Z, y, epochs=3000)
    assert (mistakes[-1] == 0) == separable  # the literal run: a clean epoch iff separable
    assert item["answer"]["correct"] == (0 if separable else 1)


@pytest.mark.parametrize("item", of_kind("hand-bias"), ids=lambda it: it["id"])
def test_every_accepted_bias_separates_and_nearly_every_separating_one_is_accepted(item):
    X, y = table(item)
    w1, w2 = (float(t.replace("−", "-")) for t in re.search(r"w₁ = (\S+), w₂ = (\S+?)\.</p>", item["stem"]).groups())
    a = item["answer"]
    accepted = np.linspace(a["value"] - a["tolerance"], a["value"] + a["tolerance"], 201)
    assert all(np.all(y * (X @ [w1, w2] + b) > 0) for b in accepted)
    for b in (a["value"] - 1.02 * a["tolerance"] / 0.99, a["value"] + 1.02 * a["tolerance"] / 0.99):
        assert not np.all(y * (X @ [w1, w2] + b) > 0)  # just outside: the line touches or crosses a point
    assert not np.all(y * (X @ [w1, w2]) > 0)  # the picture's line (b = 0) is not already an answer


@pytest.mark.parametrize("item", of_kind("bound"), ids=lambda it: it["id"])
def test_bound_is_R_over_gamma_squared_of_the_table(item):
    X, y = table(item)
    Z = tilde(X)
    R, g = np.linalg.norm(Z, axis=1).max(), max_margin(Z, y)
    assert item["answer"]["value"] == pytest.approx((R / g) ** 2, rel=1e-4)
    shown = [float(t) for t in re.search(r"R = max‖x̃ᵢ‖ = (\S+) and .* γ = (\S+?)\.</p>", item["stem"]).groups()]
    assert abs((shown[0] / shown[1]) ** 2 - item["answer"]["value"]) <= item["answer"]["tolerance"]
    mistakes, _ = __import__("reference").perceptron_run(Z, y)
    assert f"made {mistakes} mistakes" in item["feedback"]


def test_every_item_carries_a_png_picture_and_the_same_seed_gives_the_same_bank():
    assert all(it["image"]["png"].startswith(b"\x89PNG") and it["image"]["alt"] for it in ITEMS)
    again = bank(6, seed=11)
    assert [(it["answer"], it["image"]["png"]) for it in again] == [(it["answer"], it["image"]["png"]) for it in ITEMS]
    assert bank(1, seed=500, kinds=["bound"])[0]["stem"] != bank(1, seed=11, kinds=["bound"])[0]["stem"]
