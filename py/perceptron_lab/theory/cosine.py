"""Seed 002's convergence argument, computed along a run: the cosine of w_t with the separator u
grows at least as fast as √t·g, and a cosine is at most 1, so t <= 1/g².

Seed 002 takes unit-length examples and a unit w* with w*·x >= g; its update adds x when
w·x <= 0. With labels folded in (z = y·x̃) that is the lab's online perceptron on normalized data
(R = 1). For any radius R the same argument reads g = γ/R: u·w_t >= tγ and ‖w_t‖ <= √t·R give
cos(w_t, u) >= √t·γ/R, so t <= (R/γ)², the bound of seed 000.
"""

import numpy as np


def cosine_series(W, u, gamma, R, *, t=None) -> dict:
    """W: (k, d) w after each of the first k updates from w = 0 (any η: the cosine ignores it);
    u: (d,) unit separator with margin gamma; R: the radius; t: the update numbers (default 1..k).

    Returns arrays (k,): t, cos (of w_t with u), floor (√t·γ/R, where seed 002 says cos is at
    least), and the number t_max = (R/γ)² past which the floor would exceed 1."""
    W = np.asarray(W, dtype=np.float64)
    u = np.asarray(u, dtype=np.float64)
    if W.ndim != 2 or u.shape != (W.shape[1],):
        raise ValueError(f"W must be (k, d) and u (d,), got {W.shape} and {u.shape}")
    gamma, R = float(gamma), float(R)
    if not (gamma > 0 and R > 0):
        raise ValueError("gamma and R must be > 0")
    k = W.shape[0]
    t = np.arange(1, k + 1, dtype=np.float64) if t is None else np.asarray(t, dtype=np.float64)
    norms = np.linalg.norm(W, axis=1)
    cos = np.divide(W @ u, norms * np.linalg.norm(u), out=np.zeros(k), where=norms > 0)
    return {"t": t, "cos": cos, "floor": np.sqrt(t) * gamma / R, "t_max": (R / gamma) ** 2}
