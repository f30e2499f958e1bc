"""The two claims of the convergence proof (seed 000) along a run: u·w grows by at least γ per update,
and ‖w‖² by at most the rule's slope (R² for the perceptron, R² + 2τ/η for the margin perceptron)."""

import numpy as np


def proof_series(W, u, gamma, R, eta=1.0, *, t=None, norm_slope=None) -> dict:
    """The two claims of the convergence proof along a run, one value per update.

    W: (k, d) weights after each of the first k updates of the online perceptron that
    started from w0 = 0 (update w += eta·y_i x̃_i on a mistake). u: (d,) unit separator.
    gamma: its margin. R: the radius. eta: the learning rate of the run (> 0).
    t: optional (k,) update numbers of the rows of W when the trace is subsampled;
    default 1..k. norm_slope: how much ‖w/η‖² may grow per update (the rule's, core/rule.py:
    R² for the perceptron, R² + 2τ/η for the margin perceptron); default R².

    Returns numpy arrays, all (k,):
      t          the update number 1..k
      u_dot_w    (W @ u)/eta         Claim 1 guarantees u_dot_w >= t_gamma
      t_gamma    t·gamma
      w_norm     ‖W_t‖/eta           Claim 2 guarantees w_norm <= sqrt_t_R
      sqrt_t_R   √t·R
    Dividing by eta is exact: from w0 = 0 the run with eta is eta times the run with 1.
    When u or gamma is None (not separable) u_dot_w and t_gamma are None; Claim 2 needs
    no separator, so w_norm and sqrt_t_R are still given.
    """
    eta = float(eta)
    if not eta > 0.0:
        raise ValueError("eta must be > 0")
    W = np.asarray(W, dtype=np.float64)
    if W.ndim != 2:
        raise ValueError(f"W must be 2-D (k, d), got shape {W.shape}")
    k = W.shape[0]
    if t is None:
        t = np.arange(1, k + 1, dtype=np.float64)
    else:
        t = np.asarray(t, dtype=np.float64)
        if t.shape != (k,):
            raise ValueError(f"t must have shape ({k},), got {t.shape}")
    R = float(R)
    out = {
        "t": t,
        "u_dot_w": None,
        "t_gamma": None,
        "w_norm": np.linalg.norm(W, axis=1) / eta,
        "sqrt_t_R": np.sqrt(t) * R if norm_slope is None else np.sqrt(t * float(norm_slope)),
    }
    if u is not None and gamma is not None:
        u = np.asarray(u, dtype=np.float64)
        if u.shape != (W.shape[1],):
            raise ValueError(f"u must have shape ({W.shape[1]},), got {u.shape}")
        out["u_dot_w"] = (W @ u) / eta
        out["t_gamma"] = t * float(gamma)
    return out
