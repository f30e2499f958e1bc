"""The perceptron written literally from the lecture notes, one example at a time: the
independent reference the engine's tests compare against (never the engine itself)."""

import numpy as np


def plain_online(Z, y, *, eta=1.0, epochs=100, perm_per_epoch=None):
    """Seed 001's Algorithm 1, one example at a time, recording (epoch, index, w after)."""
    w = np.zeros(Z.shape[1])
    updates, mistakes = [], []
    for e in range(epochs):
        order = range(len(Z)) if perm_per_epoch is None else perm_per_epoch[e]
        m = 0
        for i in order:
            a = Z[i] @ w
            if y[i] * a <= 0:
                w = w + eta * y[i] * Z[i]
                updates.append((e + 1, i, w.copy()))
                m += 1
        mistakes.append(m)
        if m == 0:
            break
    return w, mistakes, updates


def plain_averaged(Z, y, epochs):
    """Seed 001's Algorithm 2 literally: mu += w after every example; the mean is mu / examples seen."""
    w = np.zeros(Z.shape[1])
    mu = np.zeros(Z.shape[1])
    seen = 0
    for _ in range(epochs):
        for i in range(len(Z)):
            if y[i] * (Z[i] @ w) <= 0:
                w = w + y[i] * Z[i]
            mu += w
            seen += 1
    return mu / seen


def perceptron_run(Z, y, eta=1.0, max_epochs=100_000):
    """The lecture's online perceptron from w = 0; returns (mistakes, W after each update)."""
    w = np.zeros(Z.shape[1])
    W = []
    for _ in range(max_epochs):
        before = len(W)
        for z, t in zip(Z, y):
            if t * (w @ z) <= 0:
                w = w + eta * t * z
                W.append(w.copy())
        if len(W) == before:
            return len(W), np.array(W).reshape(len(W), Z.shape[1])
    raise AssertionError("perceptron did not converge")


def orders_of(order, n, seed, epochs):
    """The visiting orders the trainers draw for this seed (their documented permutation stream)."""
    g = np.random.default_rng(seed)
    if order == "fixed":
        return [np.arange(n)] * epochs
    if order == "shuffle-once":
        return [g.permutation(n)] * epochs
    return [g.permutation(n) for _ in range(epochs)]


def plain_multiclass(Z, y, n_classes, epochs=100):
    """The multiclass perceptron literally, in units of η: W_y += x̃, W_r −= x̃ when some other class r
    (the highest, ties to the lowest index) scores at least W_y·x̃; stops after a clean epoch. Returns W."""
    W = np.zeros((n_classes, Z.shape[1]))
    for _ in range(epochs):
        m = 0
        for x, c in zip(Z, y):
            s = [float(W[k] @ x) for k in range(n_classes)]
            r = max((k for k in range(n_classes) if k != c), key=lambda k: (s[k], -k))
            if s[r] >= s[c]:
                W[c] += x
                W[r] -= x
                m += 1
        if m == 0:
            break
    return W


def plain_kernel(K, y, epochs=100):
    """The kernel perceptron literally on the Gram matrix K (with the bias's +1 inside), in units of η:
    α_i += 1 when y_i·Σ_j α_j y_j K[j, i] <= 0; stops after a clean epoch. Returns α."""
    alpha = np.zeros(len(y), dtype=np.int64)
    for _ in range(epochs):
        m = 0
        for i in range(len(y)):
            f = sum(float(alpha[j] * y[j] * K[j, i]) for j in range(len(y)) if alpha[j])
            if y[i] * f <= 0:
                alpha[i] += 1
                m += 1
        if m == 0:
            break
    return alpha


def plain_batch(Z, y, *, eta=1.0, epochs=100):
    """Seed 003's batch perceptron literally: theta += eta·Σ y·x̃ over the examples with y·θᵀx̃ <= 0,
    once a pass, until a pass finds none; returns the θ after each step."""
    theta = np.zeros(Z.shape[1])
    thetas = []
    for _ in range(epochs):
        wrong = [i for i in range(len(Z)) if y[i] * (Z[i] @ theta) <= 0]
        if not wrong:
            break
        theta = theta + eta * sum(y[i] * Z[i] for i in wrong)
        thetas.append(theta.copy())
    return thetas


def plain_voted(Z, y, epochs):
    """The voted perceptron of seed 001: every w with the number of examples it survived."""
    w, c, kept = np.zeros(Z.shape[1]), 0, []
    for _ in range(epochs):
        for i in range(len(Z)):
            if y[i] * (Z[i] @ w) <= 0:
                if c:
                    kept.append((w.copy(), c))
                w, c = w + y[i] * Z[i], 1
            else:
                c += 1
    kept.append((w.copy(), c))
    return kept


def voted_predict(kept, Z):
    s = sum(c * np.where(Z @ w >= 0, 1, -1) for w, c in kept)
    return np.where(s >= 0, 1, -1)


def angle_degrees(a, b):
    """The angle between two non-zero vectors, from the cosine's definition."""
    return float(np.degrees(np.arccos(np.clip(a @ b / np.sqrt((a @ a) * (b @ b)), -1.0, 1.0))))


def hard_margin(Z, y):
    """The largest margin of a unit u through the origin (min ‖w‖ s.t. y·(w·x̃) >= 1, γ = 1/‖w‖),
    by scipy's SLSQP, and separability by scipy's linear program; (gamma or None, u or None)."""
    from scipy.optimize import linprog, minimize

    A = -(y[:, None] * Z)
    lp = linprog(np.zeros(Z.shape[1]), A_ub=A, b_ub=-np.ones(len(Z)), bounds=[(None, None)] * Z.shape[1])
    if lp.status != 0:
        return None, None
    res = minimize(lambda w: w @ w, lp.x, jac=lambda w: 2 * w, method="SLSQP",
                   constraints=[{"type": "ineq", "fun": lambda w: y * (Z @ w) - 1, "jac": lambda w: y[:, None] * Z}],
                   options={"ftol": 1e-12, "maxiter": 500})
    w = res.x
    return float(np.min(y * (Z @ w)) / np.linalg.norm(w)), w / np.linalg.norm(w)


def plain_pocket(Z, y, epochs):
    """Gallant's pocket, every w weighed: the w on the online path (from 0) with the strictly best
    training accuracy (prediction at 0 is +1); a clean pass returns its w."""
    def acc(w):
        return float(np.mean(np.where(Z @ w >= 0, 1, -1) == y))
    w = np.zeros(Z.shape[1])
    best, best_acc = w.copy(), acc(w)
    for _ in range(epochs):
        clean = True
        for i in range(len(Z)):
            if y[i] * (Z[i] @ w) <= 0:
                w, clean = w + y[i] * Z[i], False
                if acc(w) > best_acc:
                    best, best_acc = w.copy(), acc(w)
        if clean:
            return w
    return best


def angle_cos(a, b):
    """The cosine of two vectors: their dot product over their lengths."""
    return float(sum(p * q for p, q in zip(a, b)) / np.sqrt(sum(p * p for p in a) * sum(q * q for q in b)))


def plain_margin(Z, y, *, tau, eta=1.0, epochs=100):
    """The margin perceptron literally: from w = 0, w += eta·y·x̃ whenever y·(w·x̃) <= tau, one example
    at a time in the data's order, until an epoch without an update. Returns (w, updates per epoch)."""
    w = np.zeros(Z.shape[1])
    per_epoch = []
    for _ in range(epochs):
        m = 0
        for i in range(len(Z)):
            if y[i] * (Z[i] @ w) <= tau:
                w = w + eta * y[i] * Z[i]
                m += 1
        per_epoch.append(m)
        if m == 0:
            break
    return w, per_epoch
