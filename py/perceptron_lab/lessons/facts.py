"""The numbers and conditions a lesson's text may use, computed from one run (a LinearFit).

Every value a placeholder shows and every condition a claim waits on is a fact here, named in
the notes' words (docs/LESSONS.md lists them). A fact the run cannot give (the bound of data that
is not separable) is None: a sentence using it must wait on a condition that excludes that case.
"""

import numpy as np

from ..theory import margin as theory
from ..theory.cosine import cosine_series

ON_PATH = ("online", "averaged", "voted", "pocket")  # their trace is the online path w_t
# The Boolean functions a lesson may name: its words about AND or XOR are true only of their four
# corners with these labels (a teacher's own data may be anything).
TRUTH_TABLES = {"and_data": {(0, 0): -1, (0, 1): -1, (1, 0): -1, (1, 1): 1},
                "xor_data": {(0, 0): -1, (0, 1): 1, (1, 0): 1, (1, 1): -1}}


def angle(a, b):
    """The angle between two vectors in degrees; None when either is zero."""
    na, nb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    if na == 0.0 or nb == 0.0:
        return None
    return float(np.degrees(np.arccos(np.clip(a @ b / (na * nb), -1.0, 1.0))))


def criterion(theta, Z, y):
    """Seed 003's perceptron criterion Σ over mistakes of −y·θᵀx̃, and the zero-one loss (a
    mistake is y·θᵀx̃ <= 0, as the run counts it)."""
    a = y * (Z @ theta)
    wrong = a <= 0
    return float(-a[wrong].sum()), int(wrong.sum())


def run_facts(f):
    """Every fact of a LinearFit."""
    run, th, Z, y = f.run, f.known, f.Z, f.train_ds.y
    trace = run.trace
    out = {
        "examples": len(Z), "mistakes": run.mistakes, "updates": run.n_updates, "epochs": run.n_epochs,
        "converged": run.status == "converged", "cycled": run.status == "cycled",
        "hit_max": run.status == "max_epochs",
        "period": run.cycle["period"] if run.cycle else None,
        "R": th.R, "separable": th.separable is True, "not_separable": th.separable is False,
        "gamma": th.gamma if th.separable else None, "bound": th.bound if th.separable else None,
        "w": run.model.w, "train_acc": 100.0 * f.train_accuracy,
        "test_acc": None if f.test_accuracy is None else 100.0 * f.test_accuracy,
        # how much one test example weighs: accuracies closer than this differ by one example
        "test_examples": None if f.test_ds is None else len(f.test_ds.y),
        "one_test_acc": None if f.test_ds is None else 100.0 / len(f.test_ds.y),
        "eta": run.eta, "epochs_max": f.s["epochs"],
        # sign(w·x − θ) as sign(w·x̃) with x̃ = (x, one): the constant's weight is −θ (unit-length x̃
        # has no one constant, so no single θ)
        "threshold": -float(run.model.w[-1]) if f.s["bias"] and not f.s["normalize"] else None,
    }
    out["bound_holds"] = out["bound"] is not None and run.mistakes <= out["bound"]
    out.update(data_facts(f.train_ds.X, y))
    out["g"] = None if out["gamma"] is None else out["gamma"] / th.R
    out.update(first_update(trace, Z, y, f.s["bias"]))
    out.update(angle_facts(trace, Z, y))
    if run.algorithm in ON_PATH and trace is not None and not trace.subsampled and len(trace.w):
        out.update(proof_facts(trace, th, run.eta, out["separable"]))
    if run.algorithm == "batch":
        out.update(batch_facts(trace, Z, y))
    return out


def data_facts(X, y):
    """What the examples are: how many features x has, and whether they are AND's or XOR's table."""
    X = np.asarray(X, dtype=np.float64)
    m = X.shape[1] if X.ndim == 2 else 1
    out = {"features": m, "two_features": m == 2}
    rows = {(float(a), float(b)): int(label) for (a, b), label in zip(X, y)} if m == 2 else {}
    for name, table in TRUTH_TABLES.items():
        out[name] = len(X) == len(table) and rows == {k: v for k, v in table.items()}
    return out


def first_update(trace, Z, y, bias):
    """The first update; first_line: its w weighs a feature (a w on the constant alone draws no
    boundary: every example gets the same score, first_score)."""
    if trace is None or not len(trace.w):
        return {"first_example": None}
    i = int(trace.index[0])
    w = np.asarray(trace.w[0])
    on_features = w[:-1] if bias else w
    out = {"first_w": w, "first_line": bool(np.any(on_features != 0))}
    if not out["first_line"] and bias and np.all(Z[:, -1] == Z[0, -1]):
        out["first_score"] = float(w[-1] * Z[0, -1])
    if i >= 0:
        out.update(first_example=i + 1, first_x=Z[i], first_label=int(y[i]))
    return out


def angle_facts(trace, Z, y):
    """Seed 004's angle between w and x̃ before and after the first update that starts from w ≠ 0."""
    if trace is None or len(trace.w) < 2 or trace.index[0] < 0:
        return {"angle_step": None}
    k = 1 + next((j for j in range(1, len(trace.w)) if trace.index[j] >= 0), len(trace.w) - 1)
    i = int(trace.index[k - 1])
    before, after = angle(trace.w[k - 2], Z[i]), angle(trace.w[k - 1], Z[i])
    if before is None or after is None:
        return {"angle_step": None}
    positive = bool(y[i] > 0)
    return {"angle_step": k, "angle_example": i + 1, "angle_x": Z[i], "angle_label": int(y[i]),
            "angle_before": before, "angle_after": after, "angle_positive": positive,
            "angle_negative": not positive,
            "angle_change": "smaller" if after < before else "larger" if after > before else "the same",
            "turned_toward": (after < before) if positive else (after > before)}


def proof_facts(trace, th, eta, separable):
    """The two claims of the proof (seeds 000, 001) and the cosine of seed 002 at every update."""
    t = np.asarray(trace.step, dtype=np.float64)
    W = np.asarray(trace.w) / eta
    norm2 = np.einsum("ij,ij->i", W, W)
    out = {"t_last": int(t[-1]), "wnorm2_last": float(norm2[-1]), "tR2_last": float(t[-1] * th.R ** 2),
           "claim2_holds": bool(np.all(norm2 <= t * th.R ** 2 * (1 + 1e-12)))}
    if separable and th.u is not None:
        proof = theory.proof_series(W, th.u, th.gamma, th.R, t=t)
        cos = cosine_series(W, th.u, th.gamma, th.R, t=t)
        out.update(wu_last=float(proof["u_dot_w"][-1]), tgamma_last=float(proof["t_gamma"][-1]),
                   claim1_holds=bool(np.all(proof["u_dot_w"] >= proof["t_gamma"] * (1 - 1e-9))),
                   cos_last=float(cos["cos"][-1]), cos_floor_last=float(cos["floor"][-1]),
                   cosine_holds=bool(np.all(cos["cos"] >= cos["floor"] - 1e-9)))
    return out


def batch_facts(trace, Z, y):
    """Seed 003's batch steps: the first θ, and the criterion and zero-one loss before and after."""
    out = {"criterion_start": criterion(np.zeros(Z.shape[1]), Z, y)[0], "zero_one_start": len(Z)}
    if trace is None or not len(trace.w):
        return out
    c1, z1 = criterion(trace.w[0], Z, y)
    c2, z2 = criterion(trace.w[-1], Z, y)
    out.update(first_theta=trace.w[0], criterion_first=c1, zero_one_first=z1,
               criterion_last=c2, zero_one_last=z2, batch_steps=len(trace.w))
    return out


RELATIONS = ("mistakes", "bound", "test_acc", "epochs", "gamma", "eta")


def compared(name, base, other):
    """other's facts under name., and how each of RELATIONS compares with the step's own run."""
    out = {f"{name}.{k}": v for k, v in other.items()}
    for k in RELATIONS:
        a, b = base.get(k), other.get(k)
        if a is None or b is None:
            continue
        out[f"{name}.more_{k}"], out[f"{name}.fewer_{k}"] = b > a, b < a
        out[f"{name}.same_{k}"] = b == a
    return out
