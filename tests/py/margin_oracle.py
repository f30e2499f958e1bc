"""An independent judge of what the lab says about a margin perceptron run (update whenever
y·(w·x̃) <= τ), as sentence_oracle.py judges the others: the run's updates, convergence, repeats and
predictions against a literal loop (in units of η, w₁ = Σ y·x̃, an update whenever y·(w₁·x̃) <= τ/η with
τ/η of the decimals as written), separability by an LP (HiGHS), and the bound (R² + 2τ/η)/γ² from the exact maximum margin
(oracle_truths.exact_bound, by every support). bench/margin_sentence_sweep.py runs it on random runs.
"""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np

from oracle_truths import exact_bound, lp_separable, orders, prepared, primal_gram
from sentence_oracle import csv_of, sentences  # noqa: F401  (the sweep's helpers)

TAUS = (0.0, 0.5, 1.0, 2.0, 3.5, 0.1)


def random_case(rng):
    """A small random margin run: (data rows, labels, settings); whole numbers mostly."""
    n = int(rng.integers(2, 9))
    decimals = rng.random() < 0.25
    span = int(rng.choice([2, 3]))
    X = np.round(rng.uniform(-3, 3, size=(n, 2)), 1) if decimals else rng.integers(-span, span + 1, size=(n, 2)).astype(float)
    y = rng.choice([-1, 1], n)
    if len(set(y.tolist())) < 2:
        y[:2] = [-1, 1]
    s = {"algorithm": "margin", "tau": float(rng.choice(TAUS)), "eta": float(rng.choice([1.0, 1.0, 0.5, 0.1, 0.7, 2.0])),
         "bias": bool(rng.random() < 0.8), "early_stop": bool(rng.random() < 0.3),
         "order": str(rng.choice(["fixed", "fixed", "shuffle-once"])), "epochs": int(rng.choice([5, 20, 100])),
         "seed": int(rng.integers(0, 5)), "plots": False}
    return X, y, s


def units_threshold(s):
    """τ/η of the decimals as written (the settings' text: 0.5 and 0.1 make 5), as one float."""
    return float(Fraction(repr(s["tau"])) / Fraction(repr(s["eta"])))


def margin_states(Z, y, s, epochs):
    """w₁ = w/η at the end of each epoch of the literal margin loop (floats, one example at a time, as
    the literal online loop of oracle_truths), and its updates: one whenever y·(w₁·x̃) <= τ/η."""
    thr = units_threshold(s)
    w, out, updates = np.zeros(Z.shape[1]), [np.zeros(Z.shape[1])], []
    for order in orders(s, len(Z), epochs):
        m = 0
        for i in order:
            if y[i] * (Z[i] @ w) <= thr:
                w, m = w + y[i] * Z[i], m + 1
        out.append(w.copy())
        updates.append(m)
    return out, updates


def judge(X, y, s, r, rerun=None):  # rerun: the sweep's (sentence_oracle's), unused here
    """Every recognised claim of the answer r about the margin run (X, y, s): (claim, true?, detail)."""
    out = []
    texts = {k: r.get(k) or "" for k in ("status_text", "separable_text", "bound_text", "classifier_text")}
    every = " ".join(texts.values())

    def claim(name, ok, detail=""):
        out.append((name, bool(ok), detail))

    Z = prepared(X, s)
    sep = lp_separable(Z, y)
    if ("proves the training data linearly separable" in every or "The training data is linearly separable" in every
            or "The data is linearly separable" in every):
        claim("separable", sep is True, f"LP says {sep}")
    if re.search(r"(?<!Whether )(data is|XOR is|training data is) not (linearly )?separable|Not linearly separable", every):
        claim("not separable", sep is False, f"LP says {sep}")
    claim("names its τ", f"τ = {s['tau']:g}" in texts["classifier_text"], texts["classifier_text"])
    if "Novikoff" in every or "(R/γ)²" in every:
        claim("no online bound for a margin run", s["tau"] == 0, "the online perceptron's bound named")

    epochs = r["epochs"]
    states, updates = margin_states(Z, y, s, epochs)
    claim("updates", sum(updates) == r["updates"] == r["mistakes"], f"literal {sum(updates)} vs {r['updates']}")
    if r["status"] == "converged":
        c = r["converged_epoch"]
        claim("converged at its epoch", updates[c - 1] == 0 and all(m > 0 for m in updates[:c - 1]),
              f"literal updates {updates[:c]}")
        claim("every example clears τ", bool(np.all(y * (Z @ states[c]) > units_threshold(s))), "at the end")
    if r["status"] == "cycled":
        cy = r["cycle"]
        e, p = cy["epoch"], cy["period"]
        claim("the weights repeat", e - p >= 0 and e < len(states) and np.array_equal(states[e], states[e - p]), str(cy))
    if "Stopped at the epoch limit" in texts["status_text"]:
        claim("no clean epoch", all(m > 0 for m in updates), f"literal {updates}")

    # the bound (R² + 2τ/η)/γ², from the exact maximum margin
    b = r.get("bound")
    if b is not None and r.get("separable") is True and len(X) <= 8:
        B0 = exact_bound(primal_gram(Z, y), len(y)) if not s.get("normalize") else None
        if B0 is not None:
            R2 = max(sum(Fraction(float(v)) ** 2 for v in z) for z in Z)
            inv_gamma2 = B0 / R2
            B = (R2 + 2 * Fraction(repr(s["tau"])) / Fraction(repr(s["eta"]))) * inv_gamma2
            M = r["updates"]
            claim("the bound is the margin perceptron's", abs(Fraction(b) - B) <= B * Fraction(1, 10**9),
                  f"shown {b!r}, exact {float(B)!r}")
            claim("the theorem holds", M <= B, f"{M} vs {B}")
            bt = texts["bound_text"]
            if "≤ bound" in bt:
                claim("updates ≤ bound", M <= B, f"{M} vs {B}")
            if "broke" in bt:
                claim("rounding broke the bound", M > B, f"{M} vs {B}")

    # training accuracy: the literal loop's last w (the margin perceptron answers with it)
    if r["status"] != "cycled" or r["epochs"] == len(updates):
        acc = float(np.mean(np.where(Z @ states[r["epochs"]] >= 0, 1, -1) == y))
        claim("training accuracy", abs(acc - r["train_accuracy"]) < 1e-12, f"literal {acc} vs {r['train_accuracy']}")
    return out
