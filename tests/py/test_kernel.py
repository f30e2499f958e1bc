"""The kernel perceptron against the primal online perceptron, a literal dual loop written from
the definition, explicit feature maps, and the max-margin solver on those maps."""

import math

import numpy as np
import pytest
from sklearn.metrics import pairwise

from perceptron_lab import DataError, KernelPerceptron, Perceptron, SettingsError, theory
from perceptron_lab.core import kernel_perceptron as km
from perceptron_lab.theory import kernel_bound
from perceptron_lab.bridge.run_summary import kernel_summary
from perceptron_lab.core import kernels
from perceptron_lab.core import train
from perceptron_lab.data import preset
from perceptron_lab.core.features import prepare
from reference import orders_of
import reference

BOOL_X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
XOR_Y = np.array([-1, 1, 1, -1])
ORDERS = ["fixed", "shuffle-once", "shuffle-each"]



def k_literal(a, b, kind, degree=2, coef0=1.0, gamma=1.0, bias=True):
    """One kernel value from its textbook formula, in plain Python."""
    dot = sum(float(u) * float(v) for u, v in zip(a, b))
    if kind == "linear":
        k = dot
    elif kind == "poly":
        k = (dot + coef0) ** degree
    else:
        k = math.exp(-gamma * sum((float(u) - float(v)) ** 2 for u, v in zip(a, b)))
    return k + 1.0 if bias else k


def literal_dual(X, y, kind, perms, eta=1.0, **kw):
    """The dual perceptron from its definition: f(x_j) = η Σ_i α_i y_i k̃(x_i, x_j), recomputed at every step."""
    n = len(X)
    K = [[k_literal(X[i], X[j], kind, **kw) for j in range(n)] for i in range(n)]
    alphas, updates, epoch_mistakes = reference.kernel_visits(K, y, eta=eta, epochs=len(perms), orders=perms)
    return (alphas[-1] if alphas else np.zeros(n, dtype=int)), updates, epoch_mistakes


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("bias", [True, False])
def test_linear_kernel_is_the_online_perceptron_bit_for_bit_on_integer_data(order, bias):
    # Small integers keep every sum exact in float64, so both forms must agree to the last bit.
    rng = np.random.default_rng(11)
    X = rng.integers(-6, 7, size=(400, 3)).astype(float)
    y = np.where(X[:, 0] - 2 * X[:, 1] + X[:, 2] + rng.normal(scale=3, size=400) > 0.5, 1, -1)
    run = km.train_kernel(X, y, kernel="linear", fit_intercept=bias, order=order, seed=4, max_epochs=40)
    Z = prepare(X, fit_intercept=bias)
    primal = train(Z, y, order=order, seed=4, max_epochs=40)
    assert np.array_equal((run.model.alpha * y) @ Z, primal.model.w_last)  # w = Σ α_i y_i x̃_i
    assert run.trace.index.tolist() == primal.trace.index.tolist()
    assert np.array_equal(run.trace.score, primal.trace.activation)
    assert run.epoch_mistakes == primal.epoch_mistakes
    assert (run.status, run.cycle) == (primal.status, primal.cycle)
    np.testing.assert_allclose(run.epoch_w_norm, primal.epoch_w_norm, rtol=1e-12)


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("normalize", [False, True])
def test_linear_kernel_makes_the_online_perceptrons_mistakes_on_real_valued_data(order, normalize):
    rng = np.random.default_rng(5)
    for _ in range(5):
        n, d = int(rng.integers(20, 600)), int(rng.integers(1, 6))
        X = rng.normal(size=(n, d))
        y = np.where(X @ rng.normal(size=d) + rng.normal(scale=0.5, size=n) > 0, 1, -1)
        run = km.train_kernel(X, y, kernel="linear", normalize=normalize, order=order, seed=9, max_epochs=15)
        Z = prepare(X, normalize=normalize)
        primal = train(Z, y, order=order, seed=9, max_epochs=15)
        assert run.trace.index.tolist() == primal.trace.index.tolist()
        assert run.epoch_mistakes == primal.epoch_mistakes
        np.testing.assert_allclose((run.model.alpha * y) @ Z, primal.model.w_last, rtol=1e-9, atol=1e-9)
        np.testing.assert_allclose(run.bias, primal.model.w_last[-1], rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("kind,kw", [("rbf", {"gamma": 0.7}), ("poly", {"degree": 3, "coef0": 0.5}),
                                     ("poly", {"degree": 2, "coef0": 0.0, "bias": False}), ("linear", {})])
@pytest.mark.parametrize("order", ORDERS)
def test_alpha_equals_a_literal_dual_loop(kind, kw, order):
    rng = np.random.default_rng(3)
    X = rng.normal(size=(40, 2))
    y = np.where(X[:, 0] * X[:, 1] + 0.3 * rng.normal(size=40) > 0, 1, -1)
    epochs = 12
    bias = kw.pop("bias", True)
    run = km.train_kernel(X, y, kernel=kind, fit_intercept=bias, order=order, seed=21, max_epochs=epochs, **kw)
    alpha, updates, epoch_mistakes = literal_dual(X, y, kind, orders_of(order, len(X), 21, run.n_epochs),
                                                  bias=bias, **kw)
    assert np.array_equal(run.model.alpha, alpha)
    assert run.trace.index.tolist() == [j for j, _ in updates]
    np.testing.assert_allclose(run.trace.score, [f for _, f in updates], rtol=1e-9, atol=1e-9)
    assert run.epoch_mistakes == epoch_mistakes
    assert run.trace.alpha_at(run.trace.total, len(X)).tolist() == alpha.tolist()
    # α_i after each update counts that example's updates so far.
    idx = run.trace.index
    assert run.trace.alpha.tolist() == [int(np.sum(idx[:t + 1] == i)) for t, i in enumerate(idx)]


def test_eta_only_rescales():
    ds = preset("circles", n=120)
    base = km.train_kernel(ds.X, ds.y, kernel="rbf", gamma=2.0)
    for eta in (0.25, 3.0):
        run = km.train_kernel(ds.X, ds.y, kernel="rbf", gamma=2.0, eta=eta)
        assert np.array_equal(run.model.alpha, base.model.alpha)
        assert run.trace.index.tolist() == base.trace.index.tolist()
        assert np.array_equal(run.scores, eta * base.scores)
        assert np.array_equal(run.dual_coef, eta * base.dual_coef)
        assert run.epoch_mistakes == base.epoch_mistakes and run.status == base.status


@pytest.mark.parametrize("kind,kw", [("rbf", {"gamma": 1.0}), ("poly", {"degree": 2, "coef0": 1.0})])
@pytest.mark.parametrize("data", ["xor", "circles"])
def test_rbf_and_poly2_take_xor_and_circles_past_the_line(kind, kw, data):
    X, y = (BOOL_X, XOR_Y) if data == "xor" else (preset("circles").X, preset("circles").y)
    linear = km.train_kernel(X, y, kernel="linear", max_epochs=300)
    assert linear.status != "converged"
    assert np.mean(linear.predict(X) == y) < 1.0
    run = km.train_kernel(X, y, kernel=kind, max_epochs=300, **kw)
    assert run.status == "converged"
    assert np.array_equal(run.predict(X), y)
    np.testing.assert_allclose(run.decision_function(X), run.scores, rtol=1e-9, atol=1e-9)
    b = kernel_bound.bound_in_feature_space(run)
    assert b["separable"] is True and run.mistakes <= b["bound"]


def test_linear_xor_cycles_like_the_primal():
    run = km.train_kernel(BOOL_X, XOR_Y, kernel="linear", max_epochs=50)
    assert run.status == "cycled" and run.cycle == {"epoch": 1, "period": 1}
    assert run.model.alpha.tolist() == [1, 1, 1, 1]


def test_bound_in_feature_space_equals_the_margin_of_the_explicit_feature_map():
    # (x·x' + 1)² + 1 = φ(x)·φ(x') with φ = (x1², x2², √2·x1x2, √2·x1, √2·x2, 1, 1).
    ds = preset("circles", n=150)
    x1, x2 = ds.X[:, 0], ds.X[:, 1]
    r2 = math.sqrt(2)
    Phi = np.column_stack([x1 ** 2, x2 ** 2, r2 * x1 * x2, r2 * x1, r2 * x2, np.ones(len(x1)), np.ones(len(x1))])
    ref = theory.max_margin(Phi, ds.y)
    run = km.train_kernel(ds.X, ds.y, kernel="poly", degree=2, coef0=1.0)
    b = kernel_bound.bound_in_feature_space(run)
    assert ref.separable and b["separable"]
    assert b["gamma"] == pytest.approx(ref.gamma, rel=1e-6)
    assert b["R"] == pytest.approx(theory.radius(Phi), rel=1e-12)
    assert run.mistakes <= b["bound"]
    # Linear: the feature space is x̃ itself.
    clouds = preset("clouds", n=80)
    lin = kernel_bound.bound_in_feature_space(km.train_kernel(clouds.X, clouds.y, kernel="linear"))
    primal = theory.max_margin(prepare(clouds.X), clouds.y)
    assert lin["gamma"] == pytest.approx(primal.gamma, rel=1e-6)


def test_rbf_separability_by_the_rule_of_distinct_points():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 0.0]])
    b = kernel_bound.bound_in_feature_space(km.train_kernel(X, np.array([1, -1, -1]), kernel="rbf", max_epochs=20))
    assert b["separable"] is False and "both labels" in b["note"]
    # Many close points: the Gram matrix is singular to rounding, the data still separable.
    ds = preset("overlap", n=300)
    b = kernel_bound.bound_in_feature_space(km.train_kernel(ds.X, ds.y, kernel="rbf", gamma=0.05, max_epochs=5))
    assert b["separable"] is True and b["gamma"] is None and "rounding" in b["note"]


def test_not_separable_only_with_a_proof():
    # Linear: the solver's exact certificate on x̃ (XOR).
    b = kernel_bound.bound_in_feature_space(km.train_kernel(BOOL_X, XOR_Y, kernel="linear"))
    assert b["separable"] is False and b["gamma"] is None
    assert b["separable"] == theory.max_margin(prepare(BOOL_X), XOR_Y).separable
    # φ̃(0) = 0 for (x·x')² without bias: f(0) = 0 is always a mistake.
    X = np.array([[0.0, 0.0], [1.0, 2.0], [2.0, -1.0]])
    run = km.train_kernel(X, np.array([1, -1, 1]), kernel="poly", coef0=0.0, fit_intercept=False, max_epochs=30)
    b = kernel_bound.bound_in_feature_space(run)
    assert b["separable"] is False and "φ̃(x) = 0" in b["note"]
    # The same input with both labels, under poly.
    X = np.array([[0.5, 1.0], [1.0, 0.0], [0.5, 1.0]])
    b = kernel_bound.bound_in_feature_space(km.train_kernel(X, np.array([1, -1, -1]), kernel="poly", max_epochs=30))
    assert b["separable"] is False and "both labels" in b["note"]


def test_theory_beyond_its_size_says_why(monkeypatch):
    monkeypatch.setattr(kernel_bound, "THEORY_MAX_POINTS", 10)
    ds = preset("circles", n=40)
    b = kernel_bound.bound_in_feature_space(km.train_kernel(ds.X, ds.y, kernel="poly"))
    assert b["separable"] is True and b["bound"] is None and "up to 10 training examples" in b["note"]


def test_size_limit_is_a_clear_error():
    X = np.zeros((km.MAX_POINTS + 1, 2))
    with pytest.raises(DataError, match="at most 5,000 examples; this data has 5,001"):
        km.train_kernel(X, np.ones(len(X)))


@pytest.mark.parametrize("kw,field", [({"gamma": 0}, "gamma"), ({"gamma": float("nan")}, "gamma"),
                                      ({"degree": 0}, "degree"), ({"degree": 2.0}, "degree"),
                                      ({"coef0": -1}, "coef0"), ({"kernel": "sigmoid"}, "kernel"),
                                      ({"eta": 0}, "eta"), ({"order": "random"}, "order")])
def test_bad_settings_name_their_field(kw, field):
    with pytest.raises(SettingsError) as e:
        km.train_kernel(BOOL_X, XOR_Y, **kw)
    assert e.value.field == field


def test_overflowing_polynomial_is_an_error_not_nan():
    with pytest.raises(SettingsError, match="overflow") as e:
        km.train_kernel(np.array([[1e40], [-1e40]]), np.array([1, -1]), kernel="poly", degree=10)
    assert e.value.field == "degree"


def test_trace_cap_subsamples_evenly_and_says_so():
    """Past the cap the kept updates spread evenly over the whole run (as the primal trace), and
    α after any kept update is still exact: it is the α of the full trace at that update."""
    ds = preset("overlap", n=100)
    full = km.train_kernel(ds.X, ds.y, kernel="rbf", max_epochs=5)
    cut = km.train_kernel(ds.X, ds.y, kernel="rbf", max_epochs=5, trace_cap=7)
    assert cut.trace.subsampled and not full.trace.subsampled and cut.trace.total == full.trace.total
    assert 4 <= len(cut.trace.step) <= 8 and len(set(np.diff(cut.trace.step[:-1]).tolist())) == 1  # evenly spaced
    assert cut.trace.step[-1] == cut.trace.total  # and the run's last update, its answer
    assert cut.trace.step[-1] > full.trace.total // 2  # spread over the whole run, not its start
    at = cut.trace.step - 1
    for name in ("epoch", "index", "score", "alpha"):
        assert np.array_equal(getattr(cut.trace, name), getattr(full.trace, name)[at]), name
    for t in cut.trace.step.tolist():
        # α after update t from the trace alone equals the counts up to t of the full record
        assert np.array_equal(cut.trace.alpha_at(t, len(ds.y)),
                              np.bincount(full.trace.index[:t], minlength=len(ds.y)))
        assert np.array_equal(cut.decision_function(ds.X, step=t), full.decision_function(ds.X, step=t))
    assert np.array_equal(cut.model.alpha, full.model.alpha)


def test_estimator_with_linear_kernel_is_the_perceptron_estimator():
    rng = np.random.default_rng(8)
    X = rng.integers(-4, 5, size=(150, 2)).astype(float)
    labels = np.where(X[:, 0] + X[:, 1] > 0, "yes", "no")
    kp = KernelPerceptron(kernel="linear", order="shuffle-each", random_state=3).fit(X, labels)
    p = Perceptron(order="shuffle-each", random_state=3).fit(X, labels)
    assert np.array_equal(kp.dual_coef_ @ kp.support_vectors_, p.coef_)
    assert np.array_equal(kp.intercept_, p.intercept_)
    assert kp.dual_coef_.shape == (1, len(kp.support_))
    assert np.array_equal(kp.support_, np.flatnonzero(kp.alpha_))
    assert np.array_equal(kp.predict(X), p.predict(X))
    assert kp.status_ == p.status_ and kp.n_iter_ == p.n_iter_
    # sklearn's SVC form: f(x) = dual_coef_ · k(support_vectors_, x) + intercept_.
    Xt = rng.normal(size=(20, 2))
    np.testing.assert_allclose(kp.decision_function(Xt),
                               (kp.dual_coef_ @ (kp.support_vectors_ @ Xt.T))[0] + kp.intercept_[0])


def test_estimator_errors():
    with pytest.raises(DataError, match="use MulticlassPerceptron"):
        KernelPerceptron().fit(np.arange(6.0).reshape(3, 2), [0, 1, 2])
    with pytest.raises(SettingsError, match=r"parameter gamma=-1"):
        KernelPerceptron(gamma=-1).fit(BOOL_X, [0, 1, 1, 0])
    with pytest.raises(DataError, match="3 features"):
        KernelPerceptron().fit(BOOL_X, [0, 1, 1, 0]).predict(np.zeros((2, 3)))
    assert repr(KernelPerceptron(kernel="poly", degree=3)) == "KernelPerceptron(kernel='poly', degree=3)"


def test_step_through_decision_and_summary():
    import json

    ds = preset("circles", n=60)
    run = km.train_kernel(ds.X, ds.y, kernel="rbf", gamma=2.0, eta=0.5)
    # At every recorded step the score the trace shows is f(x_i) under α before that update.
    for t in range(run.trace.total):
        i = run.trace.index[t]
        f = run.decision_function(ds.X[i:i + 1], step=t)[0]
        assert f == pytest.approx(run.trace.score[t], abs=1e-9)
    assert np.allclose(run.decision_function(ds.X, step=run.trace.total), run.scores)
    s = json.loads(json.dumps(kernel_summary(run, kernel_bound.bound_in_feature_space(run))))
    assert s["alpha"] == run.model.alpha.tolist() and s["support"] == np.flatnonzero(run.model.alpha).tolist()
    assert s["kernel"] == {"kernel": "rbf", "degree": 2, "coef0": 1.0, "gamma": 2.0}
    assert s["status"] == "converged" and s["train_accuracy"] == 1.0
    assert s["theory"]["separable"] is True and s["mistakes"] <= s["theory"]["bound"]
    assert len(s["trace"]["index"]) == s["updates"] == sum(s["alpha"])



@pytest.mark.parametrize("kind, kw, ref", [
    ("rbf", {"gamma": 0.7}, lambda A, B: pairwise.rbf_kernel(A, B, gamma=0.7)),
    ("poly", {"degree": 3, "coef0": 2.0}, lambda A, B: pairwise.polynomial_kernel(A, B, degree=3, gamma=1, coef0=2.0)),
])
def test_kernel_matrix_in_row_blocks_is_scikit_learns(monkeypatch, kind, kw, ref):
    # The product runs in blocks of rows so that Python gets a word in between (the page's
    # watchdog hears from the worker only while Python runs): blocks of 1 row, then of 5.
    rng = np.random.default_rng(5)
    A, B = rng.normal(size=(23, 4)), rng.normal(size=(9, 4))
    k = kernels.Kernel(kind, fit_intercept=False, **kw)
    for block_rows in (1, 5):
        monkeypatch.setattr(kernels, "PRODUCT_MAX", 9 * 4 * block_rows)
        np.testing.assert_allclose(k(A, B), ref(A, B), rtol=1e-12, atol=1e-12)


def test_linear_kernel_hint_is_true_with_normalize():
    """The hint said "exactly the online perceptron, mistake for mistake": with Normalize on, the two
    forms round differently, so a score at exactly 0 (this data, bias off, reaches one) may go either
    way. Which way depends on the BLAS's summation order, so the test pins what holds everywhere: the
    two forms decide every visit alike until a score within rounding of 0, and do reach such a score."""
    from perceptron_lab import settings

    X = np.array([[2, -3], [2, 0], [0, 1], [-1, 3], [-3, -2], [-1, 0], [-1, -3], [-3, -3], [-3, -2]], float)
    y = np.array([1, -1, 1, 1, -1, -1, -1, -1, 1])
    primal_visits, dual_visits = [], []
    train(prepare(X, normalize=True, fit_intercept=False), y, max_epochs=30,
          visitor=lambda e, i, a, mistake, w: primal_visits.append((i, a, mistake)))
    km.train_kernel(X, y, kernel="linear", normalize=True, fit_intercept=False, max_epochs=30,
                    visitor=lambda e, i, a, mistake, s: dual_visits.append((i, a, mistake)))
    assert any(abs(a) < 1e-12 for _, a, _ in primal_visits)  # a tie the two forms may round apart
    for (i, a, m), (j, b, n) in zip(primal_visits, dual_visits):
        assert i == j
        if m != n:  # the first decision that differs is at a score within rounding of 0
            assert abs(a) < 1e-12 and abs(b) < 1e-12
            break
        assert abs(a - b) < 1e-9
    # Without normalize, on whole numbers, the same mistakes in the same order.
    same = km.train_kernel(X, y, kernel="linear", fit_intercept=False, max_epochs=30)
    assert train(prepare(X, fit_intercept=False), y, max_epochs=30).trace.index.tolist() == same.trace.index.tolist()
    hint = next(o["hint"] for o in settings.param("kernel")["options"] if o["value"] == "linear")
    assert "exactly" not in hint and "within rounding of 0" in hint and "Normalize" in hint
