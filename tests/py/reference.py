"""The perceptron written literally from the lecture notes, one example at a time: the
independent reference the engine's tests compare against (never the engine itself)."""

from typing import NamedTuple

import numpy as np


class Visit(NamedTuple):
    """One example the online perceptron looked at: its epoch (1-based), row, activation w·x̃
    before, whether y·a <= 0 (a mistake: an update), and w before and after."""
    epoch: int
    index: int
    a: float
    mistake: bool
    w_before: np.ndarray
    w_after: np.ndarray


def online_visits(Z, y, *, eta=1.0, epochs=100, orders=None, stop_clean=True):
    """THE literal online loop (seed 001's Algorithm 1), one example at a time from w = 0: every
    visit, in order. orders: each epoch's visiting order (default: the rows' order); stop_clean:
    stop after the first epoch without a mistake (averaged and voted run every epoch)."""
    w = np.zeros(Z.shape[1])
    out = []
    for e in range(epochs):
        clean = True
        for i in (range(len(Z)) if orders is None else orders[e]):
            a = Z[i] @ w
            before = w
            mistake = bool(y[i] * a <= 0)
            if mistake:
                w, clean = w + eta * y[i] * Z[i], False
            out.append(Visit(e + 1, int(i), a, mistake, before, w))
        if clean and stop_clean:
            break
    return out


def epochs_of(visits):
    """The visits grouped by epoch."""
    out = []
    for v in visits:
        if v.epoch > len(out):
            out.append([])
        out[-1].append(v)
    return out


def plain_online(Z, y, *, eta=1.0, epochs=100, perm_per_epoch=None):
    """Algorithm 1: (w, mistakes per epoch, [(epoch, index, w after)] per update)."""
    visits = online_visits(Z, y, eta=eta, epochs=epochs, orders=perm_per_epoch)
    w = visits[-1].w_after if visits else np.zeros(Z.shape[1])
    mistakes = [sum(v.mistake for v in ep) for ep in epochs_of(visits)]
    return w, mistakes, [(v.epoch, v.index, v.w_after) for v in visits if v.mistake]


def plain_averaged(Z, y, epochs, orders=None, stop_clean=False):
    """Seed 001's Algorithm 2 literally: mu += w after every example; the mean is mu / examples seen."""
    visits = online_visits(Z, y, epochs=epochs, orders=orders, stop_clean=stop_clean)
    mu = np.zeros(Z.shape[1])
    for v in visits:
        mu += v.w_after
    return mu / len(visits)


def perceptron_run(Z, y, eta=1.0, max_epochs=100_000):
    """The lecture's online perceptron from w = 0; returns (mistakes, W after each update)."""
    visits = online_visits(Z, y, eta=eta, epochs=max_epochs)
    if any(v.mistake for v in epochs_of(visits)[-1]):
        raise AssertionError("perceptron did not converge")
    W = [v.w_after for v in visits if v.mistake]
    return len(W), np.array(W).reshape(len(W), Z.shape[1])


def epoch_end_cycle(Z, y, max_epochs):
    """The first epoch whose end w equals an earlier epoch's end w (w = 0 before the first):
    (epoch, period), or None when it stops clean or runs out of epochs first."""
    ends = [np.zeros(Z.shape[1])]
    for ep in epochs_of(online_visits(Z, y, epochs=max_epochs)):
        w = ep[-1].w_after
        hit = [k for k, v in enumerate(ends) if np.array_equal(v, w)]
        if hit:
            return ep[0].epoch, ep[0].epoch - hit[0]
        ends.append(w)
    return None


def orders_of(order, n, seed, epochs):
    """The visiting orders the trainers draw for this seed (their documented permutation stream)."""
    g = np.random.default_rng(seed)
    if order == "fixed":
        return [np.arange(n)] * epochs
    if order == "shuffle-once":
        return [g.permutation(n)] * epochs
    return [g.permutation(n) for _ in range(epochs)]


def plain_multiclass(Z, y, n_classes, epochs=100):
    """multiclass_updates' last W (W = 0 without an update)."""
    ws = multiclass_updates(Z, y, n_classes, epochs)
    return ws[-1] if ws else np.zeros((n_classes, Z.shape[1]))


def kernel_visits(K, y, *, eta=1.0, epochs=100, orders=None, stop_clean=True):
    """THE literal kernel perceptron on the Gram matrix K (k̃: the bias's +1 inside, a list of rows or an
    array): at example i, f = η·Σ_j α_j y_j K[j][i] recomputed from the counts; α_i += 1 when y_i·f <= 0;
    stops after a clean epoch. Returns (α after each update, [(i, f)] per update, mistakes per epoch)."""
    n = len(y)
    alpha, alphas, updates, per_epoch = [0] * n, [], [], []
    for e in range(epochs):
        m = 0
        for i in (range(n) if orders is None else orders[e]):
            f = eta * sum(alpha[j] * y[j] * K[j][i] for j in range(n) if alpha[j])
            if y[i] * f <= 0:
                alpha[i] += 1
                alphas.append(np.array(alpha))
                updates.append((int(i), f))
                m += 1
        per_epoch.append(m)
        if m == 0 and stop_clean:
            break
    return alphas, updates, per_epoch


def plain_kernel(K, y, epochs=100, orders=None):
    """kernel_visits' last α, in units of η (zeros without an update)."""
    alphas = kernel_visits(K, y, epochs=epochs, orders=orders)[0]
    return alphas[-1] if alphas else np.zeros(len(y), dtype=np.int64)


def plain_batch(Z, y, *, eta=1.0, epochs=100):
    """Seed 003's batch perceptron literally: theta += eta·Σ y·x̃ over the examples with y·θᵀx̃ <= 0,
    once a pass, until a pass finds none; returns the θ after each step."""
    thetas = []
    for wrong, theta in batch_passes(Z, y, eta=eta, epochs=epochs):
        if not wrong:
            break
        thetas.append(theta)
    return thetas


def batch_passes(Z, y, *, eta=1.0, epochs=100):
    """THE literal batch loop: every pass's (examples with y·θᵀx̃ <= 0, θ after it), clean passes too."""
    theta, out = np.zeros(Z.shape[1]), []
    for _ in range(epochs):
        wrong = [i for i in range(len(Z)) if y[i] * (Z[i] @ theta) <= 0]
        if wrong:
            theta = theta + eta * sum(y[i] * Z[i] for i in wrong)
        out.append((wrong, theta))
    return out


def plain_voted(Z, y, epochs):
    """The voted perceptron of seed 001: every w with the number of examples it survived."""
    visits = online_visits(Z, y, epochs=epochs, stop_clean=False)
    kept, c = [], 0
    for v in visits:
        if v.mistake:
            if c:
                kept.append((v.w_before, c))
            c = 1
        else:
            c += 1
    return kept + [(visits[-1].w_after if visits else np.zeros(Z.shape[1]), c)]


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
    visits = online_visits(Z, y, epochs=epochs)
    if visits and not any(v.mistake for v in epochs_of(visits)[-1]):
        return visits[-1].w_after
    best, best_acc = np.zeros(Z.shape[1]), acc(np.zeros(Z.shape[1]))
    for v in visits:
        if v.mistake and acc(v.w_after) > best_acc:
            best, best_acc = v.w_after, acc(v.w_after)
    return best


def pocket_ratchet(Z, y, epochs):
    """Gallant's ratchet literally: a w is weighed when its run of correct predictions is the
    longest so far (at its replacement, and at the end of every epoch), kept if strictly more accurate."""
    def acc(w):
        return float(np.mean(np.where(Z @ w >= 0, 1, -1) == y))
    best, best_acc, best_run, run_len = np.zeros(Z.shape[1]), acc(np.zeros(Z.shape[1])), 0, 0

    def weigh(w):
        nonlocal best, best_acc, best_run
        if run_len > best_run:
            best_run = run_len
            if acc(w) > best_acc:
                best, best_acc = w, acc(w)

    for ep in epochs_of(online_visits(Z, y, epochs=epochs, stop_clean=False)):
        for v in ep:
            if v.mistake:
                weigh(v.w_before)
                run_len = 0
            else:
                run_len += 1
        weigh(ep[-1].w_after)
    return best


def multiclass_updates(Z, y, n_classes, epochs=100):
    """The multiclass perceptron literally, in units of η: W_y += x̃, W_r −= x̃ when some other class r
    (the highest, ties to the lowest index) scores at least W_y·x̃; stops after a clean epoch.
    Returns W after each update."""
    W, out = np.zeros((n_classes, Z.shape[1])), []
    for _ in range(epochs):
        m = 0
        for x, c in zip(Z, y):
            s = [float(W[k] @ x) for k in range(n_classes)]
            r = max((k for k in range(n_classes) if k != c), key=lambda k: (s[k], -k))
            if s[r] >= s[c]:
                W[c] += x
                W[r] -= x
                out.append(W.copy())
                m += 1
        if m == 0:
            break
    return out


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


def multiclass_run(Z, y, K, perms, eta=1.0, stop_when_clean=True, epoch_ends=None):
    """The multiclass perceptron from the stated rule, one example at a time: the rival is the best other class (lowest
    index on ties); a mistake when it scores at least the true class; W_y += ηx̃, W_rival -= ηx̃.
    Returns the last W, the mean of W after every example, and the updates (i, y, rival); epoch_ends, a
    list, gets (W, mistakes) at the end of every epoch."""
    W = np.zeros((K, Z.shape[1]))
    total = np.zeros_like(W)
    seen = 0
    updates = []
    for order in perms:
        m = 0
        for i in order:
            s = [float(W[k] @ Z[i]) for k in range(K)]
            rival = None
            for k in range(K):
                if k != y[i] and (rival is None or s[k] > s[rival]):
                    rival = k
            if s[rival] >= s[y[i]]:
                W[y[i]] = W[y[i]] + eta * Z[i]
                W[rival] = W[rival] - eta * Z[i]
                updates.append((int(i), int(y[i]), rival))
                m += 1
            total += W
            seen += 1
        if epoch_ends is not None:
            epoch_ends.append((W.copy(), m))
        if m == 0 and stop_when_clean:
            break
    return W, total / seen, updates


def kernel_visit_log(K, y, *, order, seed, eta, epochs, limit):
    """Every visit of the dual perceptron from its definition, f(x_i) = η·Σ_j α_j y_j k̃(x_j, x_i), a
    mistake adding 1 to α_i (the exercise's account: the terms of f, α_i before and after, the rows
    wrong after it), until `limit` visits or a clean epoch."""
    n = len(y)
    rng = np.random.default_rng(seed)
    once = rng.permutation(n) if order == "shuffle-once" else np.arange(n)
    alpha, out = [0] * n, []
    for epoch in range(1, epochs + 1):
        perm = rng.permutation(n) if order == "shuffle-each" else once
        wrong = 0
        for i in perm.tolist():
            f = eta * sum(alpha[j] * y[j] * K[j, i] for j in range(n))
            terms = [[j, alpha[j], int(y[j]), K[j, i]] for j in range(n) if alpha[j]]
            before = alpha[i]
            mistake = y[i] * f <= 0
            if mistake:
                alpha[i] += 1
                wrong += 1
            scores = [sum(alpha[j] * y[j] * K[j, q] for j in range(n)) for q in range(n)]
            out.append({"epoch": epoch, "index": i, "a": f, "mistake": bool(mistake), "alpha_before": before,
                        "alpha_after": alpha[i], "terms": terms,
                        "wrong_after": [q for q in range(n) if y[q] * scores[q] <= 0]})
            if len(out) == limit:
                return out
        if wrong == 0:
            return out
    return out
