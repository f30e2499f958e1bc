"""Every fact a lesson's text uses, computed by the literal algorithms of reference.py from the
step's link keys: the independent side of tests/py/test_lessons.py (never the lesson engine)."""

import numpy as np

from perceptron_lab.core.features import poly2
from perceptron_lab.data.dataset import train_test_split
from perceptron_lab.data.request import load_data
from perceptron_lab.lessons.runs import request_of
from perceptron_lab.settings import default

import reference as ref


def vectors(X, s):
    """x -> x̃ by hand: the feature map, the constant 1 last, unit length."""
    if s["fmap"] == "poly2":
        X = poly2(X)
    if s["bias"]:
        X = np.hstack([X, np.ones((len(X), 1))])
    if s["normalize"]:
        X = X / np.linalg.norm(X, axis=1, keepdims=True)
    return X


def settings_of(links, data=None):
    spec, raw = request_of(links, data)
    s = {"algorithm": raw.get("algorithm", default("algorithm")), "eta": raw.get("eta", default("eta")),
         "epochs": raw.get("epochs", default("epochs")), "bias": raw.get("bias", default("bias")),
         "normalize": raw.get("normalize", default("normalize")),
         "fmap": raw.get("feature_map", default("feature_map")),
         "test": raw.get("test_fraction", default("test_fraction")), "seed": raw.get("seed", default("seed"))}
    return spec, s


def criterion(theta, Z, y):
    loss, wrong = 0.0, 0
    for z, t in zip(Z, y):
        a = t * (z @ theta)
        if a <= 0:
            loss, wrong = loss - a, wrong + 1
    return loss, wrong


# The truth tables, written out: (x1, x2, label) rows in the order of the bits.
AND_ROWS = [(0, 0, -1), (0, 1, -1), (1, 0, -1), (1, 1, 1)]
XOR_ROWS = [(0, 0, -1), (0, 1, 1), (1, 0, 1), (1, 1, -1)]


def data_facts(X, y):
    """How many features x has; whether the examples (in any order) are AND's or XOR's table."""
    m = len(X[0])
    rows = sorted((float(x[0]), float(x[1]), int(t)) for x, t in zip(X, y)) if m == 2 else None
    return {"features": m, "two_features": m == 2, "and_data": rows == AND_ROWS, "xor_data": rows == XOR_ROWS}


def facts(links, data=None):
    """data: a teacher's own data spec in place of the step's (the step must take it)."""
    spec, s = settings_of(links, data)
    ds = load_data(spec)
    train_ds, test_ds = train_test_split(ds, s["test"], s["seed"])
    Z, y = vectors(train_ds.X, s), train_ds.y
    R = max(float(np.sqrt(z @ z)) for z in Z)
    gamma, u = ref.hard_margin(Z, y)
    out = {"examples": len(Z), "R": R, "separable": gamma is not None, "not_separable": gamma is None,
           "gamma": gamma, "eta": s["eta"], "epochs_max": s["epochs"], **data_facts(train_ds.X, train_ds.y)}
    if gamma is not None:
        out.update(bound=(R / gamma) ** 2, g=gamma / R)
    algo = s["algorithm"]
    if algo == "batch":
        out.update(batch(Z, y, s))
    else:
        out.update(online(Z, y, s, u, gamma, R))
    out["bound_holds"] = gamma is not None and out["mistakes"] <= out["bound"]
    if s["bias"] and not s["normalize"]:
        out["threshold"] = -out["w"][-1]  # sign(w·x + w_last·one) = sign(w·x − θ)
    out.update(first_boundary(out.get("first_w"), Z, s))
    if test_ds is not None:
        out["test_examples"], out["one_test_acc"] = len(test_ds.y), 100.0 / len(test_ds.y)
        T = vectors(test_ds.X, s)
        if algo == "online":
            w = out["w"]
        elif algo == "averaged":
            w = ref.plain_averaged(Z, y, s["epochs"])
        elif algo == "pocket":
            w = ref.plain_pocket(Z, y, s["epochs"])
        if algo == "voted":
            pred = ref.voted_predict(ref.plain_voted(Z, y, s["epochs"]), T)
        else:
            pred = np.where(T @ w >= 0, 1, -1)
        out["test_acc"] = 100.0 * float(np.mean(pred == test_ds.y))
    return out


def first_boundary(w, Z, s):
    """Does the first update's w draw a boundary? Not when its weights on the features are all
    zero: then every example scores the same, the constant's weight times the constant."""
    if w is None:
        return {}
    features = list(w[:-1]) if s["bias"] else list(w)
    line = any(v != 0 for v in features)
    out = {"first_line": line}
    if not line and s["bias"] and len({z[-1] for z in Z}) == 1:
        out["first_score"] = w[-1] * Z[0][-1]
    return out


def batch(Z, y, s):
    thetas = ref.plain_batch(Z, y, eta=s["eta"], epochs=s["epochs"])
    out = {"mistakes": sum(criterion(t, Z, y)[1] for t in [np.zeros(Z.shape[1])] + thetas[:-1]),
           "converged": len(thetas) < s["epochs"], "batch_steps": len(thetas), "epochs": len(thetas) + 1,
           "w": thetas[-1], "first_theta": thetas[0], "criterion_start": criterion(np.zeros(Z.shape[1]), Z, y)[0],
           "zero_one_start": len(Z)}
    out["criterion_first"], out["zero_one_first"] = criterion(thetas[0], Z, y)
    out["criterion_last"], out["zero_one_last"] = criterion(thetas[-1], Z, y)
    out["hit_max"] = not out["converged"]
    return out


def online(Z, y, s, u, gamma, R):
    w, per_epoch, updates = ref.plain_online(Z, y, eta=s["eta"], epochs=s["epochs"])
    converged = per_epoch[-1] == 0
    ends, cycle = [np.zeros(Z.shape[1])], None
    for e in range(1, len(per_epoch) + 1):  # w at each pass's end; a repeat is a cycle
        done = [u_ for u_ in updates if u_[0] <= e]
        ends.append(done[-1][2] if done else ends[0])
        seen = [j for j in range(e) if np.array_equal(ends[j], ends[e])]
        if not converged and seen:
            cycle = {"epoch": e, "period": e - seen[-1]}
            break
    epochs = cycle["epoch"] if cycle else len(per_epoch)
    used = [u_ for u_ in updates if u_[0] <= epochs]
    W = np.array([u_[2] for u_ in used]) / s["eta"]
    idx = [u_[1] for u_ in used]
    out = {"mistakes": len(used), "updates": len(used), "epochs": epochs, "converged": converged,
           "cycled": cycle is not None, "period": cycle and cycle["period"],
           "hit_max": not converged and cycle is None, "w": used[-1][2] if used else w,
           "first_example": idx[0] + 1, "first_x": Z[idx[0]], "first_label": int(y[idx[0]]),
           "first_w": used[0][2]}
    t = np.arange(1, len(W) + 1)
    norm2 = np.array([v @ v for v in W])
    out.update(t_last=len(W), wnorm2_last=norm2[-1], tR2_last=len(W) * R * R,
               claim2_holds=all(norm2[k] <= t[k] * R * R + 1e-9 for k in range(len(W))))
    if gamma is not None:
        cos = [(v @ u) / np.sqrt(v @ v) for v in W]
        out.update(wu_last=W[-1] @ u, tgamma_last=len(W) * gamma, cos_last=cos[-1],
                   cos_floor_last=np.sqrt(len(W)) * gamma / R,
                   claim1_holds=all(W[k] @ u >= t[k] * gamma - 1e-6 for k in range(len(W))),
                   cosine_holds=all(cos[k] >= np.sqrt(t[k]) * gamma / R - 1e-6 for k in range(len(W))))
    if len(W) >= 2 and np.any(W[0]):
        i = idx[1]
        before, after = ref.angle_degrees(W[0], Z[i]), ref.angle_degrees(W[1], Z[i])
        out.update(angle_step=2, angle_example=i + 1, angle_x=Z[i], angle_label=int(y[i]), angle_before=before,
                   angle_after=after, angle_positive=y[i] > 0, angle_negative=y[i] < 0,
                   angle_change="smaller" if after < before else "larger",
                   turned_toward=(after < before) if y[i] > 0 else (after > before))
    return out
