"""An independent judge of what the lab says about a run: every status, separability, bound and
cycle claim, and the training accuracy, checked against oracles that share no code with the lab's
own decisions: an LP (HiGHS) for separability, the maximum margin by brute force in exact rationals
for the bound, the literal loops of reference.py (η = 1, the data's own order or the seed's
permutation) for repeats, convergence and predictions, and Algorithm 2's mean in exact rationals for
whether an averaged answer moved after the last mistake. bench/sentence_sweep.py runs it on ~750
random small runs; tests/py/test_sentence_sweep.py on a seeded sample.

judge(case, answer) -> list of (claim, true?, detail) for the claims it recognises in the texts.
"""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np

import reference
from oracle_truths import (batch_states, exact_bound, exact_means, feature_separable, kernel_states, lp_separable,
                           multiclass_states, online_states, poly_gram, prepared, primal_gram, repeats)

BINARY = ("online", "batch", "averaged", "voted", "pocket")


# ----------------------------------------------------------------------------- random cases

def random_case(rng):
    """A small random run: (data rows, settings). Whole numbers mostly, some one-decimal data."""
    family = rng.choice(["linear"] * 5 + ["kernel"] * 3 + ["multiclass"] * 2)
    n = int(rng.integers(2, 9))  # two or three points meet their bound exactly as often as not
    decimals = rng.random() < 0.25
    span = int(rng.choice([2, 3]))
    X = np.round(rng.uniform(-3, 3, size=(n, 2)), 1) if decimals else rng.integers(-span, span + 1, size=(n, 2)).astype(float)
    if family == "multiclass":
        y = rng.integers(0, 3, n)
        if len(set(y.tolist())) < 2:
            y[:2] = [0, 1]
    else:
        y = rng.choice([-1, 1], n)
        if len(set(y.tolist())) < 2:
            y[:2] = [-1, 1]
    s = {"eta": float(rng.choice([1.0, 1.0, 0.1, 0.7])), "bias": bool(rng.random() < 0.8),
         "early_stop": bool(rng.random() < 0.3), "order": str(rng.choice(["fixed", "fixed", "shuffle-once"])),
         "epochs": int(rng.choice([5, 20, 100])), "seed": int(rng.integers(0, 5)), "plots": False}
    if family == "linear":
        s["algorithm"] = str(rng.choice(BINARY))
        s["normalize"] = bool(rng.random() < 0.15)
    elif family == "kernel":
        s["algorithm"] = "kernel"
        s["kernel"] = str(rng.choice(["linear", "poly", "poly", "rbf"]))
        s["degree"] = int(rng.integers(1, 4))
        s["coef0"] = float(rng.choice([0.0, 1.0]))
        s["normalize"] = bool(rng.random() < 0.15)
        s.pop("early_stop")
    else:
        s["algorithm"] = "multiclass"
        s["average"] = bool(rng.random() < 0.5)
    return X, y, s


def csv_of(X, y):
    return {"kind": "csv", "text": "x1,x2,y\n" + "".join(f"{a:g},{b:g},{int(c)}\n" for (a, b), c in zip(X, y))}


# ----------------------------------------------------------------------------- the judge

NUM = r"([\d,]+(?:\.\d+)?(?:e[+-]?\d+)?)"


def judge(X, y, s, r, rerun=None):
    """Every recognised claim of the answer r about the run (X, y, s): (claim, true?, detail).
    rerun(settings) -> answer: the same data trained with other settings (for "would keep moving")."""
    out = []
    alg = s["algorithm"]
    texts = {k: r.get(k) or "" for k in ("status_text", "separable_text", "bound_text", "classifier_text")}
    every = " ".join(texts.values())

    def claim(name, ok, detail=""):
        out.append((name, bool(ok), detail))

    if alg in BINARY:
        Z = prepared(X, s)
        sep = lp_separable(Z, y)
    elif alg == "kernel":
        Z = prepared(X, s) if s["kernel"] == "linear" else None
        sep = feature_separable(X, y, s)
    else:
        Z, sep = prepared(X, s), None

    # separability
    positive = ("proves the training data linearly separable" in every or "The training data is linearly separable"
                in every or "The data is linearly separable" in every
                or re.search(r"The training data is separable in the kernel's feature space", every))
    negative = re.search(r"(?<!Whether )(data is|XOR is|training data is) not (linearly )?separable|Not linearly separable"
                         r"|not linearly separable \(|not linearly separable all the same", every)
    if positive and sep is not None:
        claim("separable", sep is True, f"LP says {sep}")
    if negative and sep is not None:
        claim("not separable", sep is False, f"LP says {sep}")

    # convergence and repeats, against the literal loops
    if alg in BINARY and s["order"] != "shuffle-each":
        epochs = r["epochs"]
        states, mistakes = (batch_states(Z, y, epochs) if alg == "batch" else online_states(Z, y, s, epochs))
        if r["status"] == "converged":
            c = r["converged_epoch"]
            claim("converged at its epoch", mistakes[c - 1] == 0 and all(m > 0 for m in mistakes[:c - 1]),
                  f"literal mistakes {mistakes[:c]}")
        if r["status"] == "cycled":
            cy = r["cycle"]
            claim("the weights repeat", repeats(states, cy["epoch"], cy["period"]), str(cy))
        claim("mistakes", sum(mistakes[:r["epochs"]]) == r["mistakes"], f"literal {sum(mistakes)} vs {r['mistakes']}")
        if "Stopped at the epoch limit" in texts["status_text"]:
            claim("no clean epoch", all(m > 0 for m in mistakes), f"literal {mistakes}")
    exact_inputs = bool(np.all(X == np.round(X)))
    if alg in ("kernel", "multiclass") and s["order"] != "shuffle-each" and exact_inputs and not s.get("normalize") \
            and s.get("kernel") != "rbf":
        epochs = r["epochs"]
        if alg == "kernel":
            G = poly_gram(X, np.ones(len(y), dtype=int), s)
            K = np.array([[float(G(i, j)) for j in range(len(y))] for i in range(len(y))])
            states, mistakes = kernel_states(K, y, s, epochs)
        else:
            k = np.unique(y, return_inverse=True)[1].ravel()
            states, mistakes = multiclass_states(Z, k, len(r["classes"]), s, epochs)
        claim("mistakes", sum(mistakes) == r["mistakes"], f"literal {sum(mistakes)} vs {r['mistakes']}")
        if r["status"] == "cycled":
            cy = r["cycle"]
            claim("back where it was", repeats(states, cy["epoch"], cy["period"]), str(cy))
        if r["status"] == "converged":
            c = r.get("converged_epoch") or r["epochs"]
            claim("converged at its epoch", mistakes[c - 1] == 0, f"literal {mistakes}")
    if "cannot help" in every and r["status"] == "cycled":
        better = more_epochs_help(X, y, s, r, Z, rerun)
        if better is not None:
            claim("more epochs cannot help", not better, "a later epoch's answer is more accurate")
    if "would keep moving" in every:  # (the vote's "gaining votes" moves no weights shown)
        if rerun is not None:  # some later epoch's answer differs (over two laps)
            period = max(1, (r.get("cycle") or {}).get("period", 1))
            moved = any(rerun({**s, "early_stop": False, "epochs": r["epochs"] + j})["weights"] != r["weights"]
                        for j in range(1, 2 * period + 1))
            claim("the answer would keep moving", moved, "more epochs")
    ran_on = ("keeps moving toward the last w" in every or "averaged answer kept moving" in every,
              "left it where it was" in every)
    if any(ran_on) and r.get("converged_epoch") and s["order"] != "shuffle-each":  # mean at the clean epoch, at MaxIter
        k = None if alg in BINARY else np.unique(y, return_inverse=True)[1].ravel()
        means = exact_means(Z, y if k is None else k, s, r["epochs"], None if k is None else len(r["classes"]))
        moved = means[r["converged_epoch"] - 1] != means[-1]
        if ran_on[0]:
            claim("the average kept moving", moved, "exact means at the clean epoch and at MaxIter")
        if ran_on[1]:
            claim("the average stayed", not moved, "exact means at the clean epoch and at MaxIter")
    if "checked in exact arithmetic" in every and alg == "kernel":
        claim("an exact check ran", s["kernel"] in ("linear", "poly") and not s.get("normalize"), s["kernel"])

    # the bound
    b = r.get("bound")
    if b is not None and r.get("separable") is True and n_small(X):
        if alg in BINARY:
            B = exact_bound(primal_gram(Z, y), len(y)) if not s.get("normalize") else None
        elif alg == "kernel" and s["kernel"] in ("linear", "poly") and not s.get("normalize"):
            B = exact_bound(poly_gram(X, y, s), len(y))
        else:
            B = None
        if B is not None:
            M = r["mistakes"]
            claim("the bound is a bound", b >= float(B) * (1 - 1e-9), f"shown {b!r}, exact {float(B)!r}")
            bt = texts["bound_text"]
            if re.search(r"≤ bound|within the bound", bt):
                claim("mistakes ≤ bound", M <= B, f"{M} vs {B}")
            if "equality" in bt:
                claim("mistakes = bound", M == B, f"{M} vs {B}")
            if "broke" in bt or "beyond" in bt:
                claim("rounding broke the bound", M > B, f"{M} vs {B}")
            if "floating point can tell" in bt or "to within its rounding" in bt:
                claim("at the bound to rounding", abs(M - B) <= B * Fraction(1, 10**9), f"{M} vs {B}")

    # training accuracy at every η: the literal loop's predictions (η = 1, ties as training decides)
    acc = literal_accuracy(X, y, s, r, Z)
    if acc is not None:
        claim("training accuracy", abs(acc - r["train_accuracy"]) < 1e-12, f"literal {acc} vs {r['train_accuracy']}")
    return out


def more_epochs_help(X, y, s, r, Z, rerun):
    """Would some later epoch's answer be more accurate? The averaged multiclass: the lab's own run
    on to 50 more epochs (without early stop); else the literal states over two more laps (exact
    inputs); None where neither applies."""
    E, P = r["cycle"]["epoch"], r["cycle"]["period"]
    if s["algorithm"] == "multiclass" and s.get("average"):
        more = rerun({**s, "early_stop": False, "epochs": E + 50})
        return more["train_accuracy"] > r["train_accuracy"]
    if not np.all(X == np.round(X)) or s.get("normalize") or s.get("kernel") == "rbf":
        return None
    if s["algorithm"] == "multiclass":
        k = np.unique(y, return_inverse=True)[1].ravel()
        states = multiclass_states(Z, k, len(r["classes"]), s, E + 2 * P)[0]
        return any(np.mean(np.argmax(Z @ W.T, axis=1) == k) > r["train_accuracy"] for W in states[E:])
    if s["algorithm"] == "kernel":
        G = poly_gram(X, np.ones(len(y), dtype=int), s)
        K = np.array([[float(G(i, j)) for j in range(len(y))] for i in range(len(y))])
        states = kernel_states(K, y, s, E + 2 * P)[0]
        return any(np.mean(np.where(sc >= 0, 1, -1) == y) > r["train_accuracy"] for sc in states[E:])
    return None


def n_small(X):
    return len(X) <= 8


def literal_accuracy(X, y, s, r, Z):
    """The training accuracy of the literal η = 1 run of as many epochs (online, multiclass, the
    exact kernels), or None where no literal twin is kept here."""
    alg, epochs = s["algorithm"], r["epochs"]
    if s["order"] != "fixed":
        return None
    if alg == "online":
        w = online_states(Z, y, s, epochs)[0][-1]
        return float(np.mean(np.where(Z @ w >= 0, 1, -1) == y))
    if alg == "multiclass" and not s["average"]:
        k = np.unique(y, return_inverse=True)[1].ravel()  # the classes in label order
        W = reference.plain_multiclass(Z, k, len(r["classes"]), epochs=epochs)
        return float(np.mean(np.argmax(Z @ W.T, axis=1) == k))
    if alg == "kernel" and s["kernel"] in ("linear", "poly") and not s.get("normalize") and np.all(X == np.round(X)):
        G = poly_gram(X, np.ones(len(y), dtype=int), s)
        K = np.array([[float(G(i, j)) for j in range(len(y))] for i in range(len(y))])
        alpha = reference.plain_kernel(K, y, epochs=epochs)
        return float(np.mean(np.where((alpha * y) @ K >= 0, 1, -1) == y))
    return None


def sentences(r):
    """The sentences of an answer's texts (split after a full stop)."""
    return [t for k in ("status_text", "separable_text", "bound_text", "classifier_text")
            for t in re.split(r"(?<=[.!?])\s+(?=[A-Z(])", r.get(k) or "") if t.strip()]
