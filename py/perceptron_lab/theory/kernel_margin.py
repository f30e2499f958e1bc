"""What the margin in a kernel's feature space proves when its solver stopped at a deadline
(theory.kernel_bound.bound_in_feature_space with a deadline: the page's theory request).

Novikoff's theorem needs only some unit w in feature space with margin γ > 0 on the training
points to allow at most (R/γ)² mistakes; the maximum margin gives the tightest such bound. So a
stopped solver still proves what its last iterate and the run's own w = Σ αᵢ yᵢ φ̃(xᵢ) show: the
larger of their verified margins is a lower bound on the maximum, and its bound holds, looser.
"""

from __future__ import annotations

import numpy as np

from .margin import bound, margin_of

_EPS = np.finfo(np.float64).eps


def out_of_time(out, m, F, y, alpha, known):
    """The theory dict when the solver m (a MarginResult with complete=False) ran out of time.

    out: the dict so far ({"R", ...}); F: the training points in feature space (rows, the space
    the solver worked in: x̃ for the linear kernel, an embedding Φ with ΦΦᵀ = K̃ otherwise);
    alpha: the run's update counts; known: the verdict that needs no solver (True: the run
    converged or RBF on distinct inputs; False: a proved cycle; None). Never "not separable"
    from the solver: that needs its end. reason: "margin lower bound" (a verified γ) or "out of
    time"; gamma_upper: no margin is above it (the solver's dual weights)."""
    R = float(np.max(np.linalg.norm(F, axis=1)))
    floor = 4.0 * (F.shape[1] + 1) * _EPS * R  # a margin counts above the rounding of y·(w·φ̃)
    gamma = m.gamma if m.separable else None  # the solver verified it above the floor
    g = margin_of(F.T @ (np.asarray(alpha, dtype=np.float64) * y), F, y)  # the run's own w
    if g is not None and g > max(gamma or 0.0, floor):
        gamma = g
    stopped = {**out, "gamma_upper": m.gamma_upper, "complete": False}
    if gamma is not None:
        return {**stopped, "separable": True, "gamma": gamma, "bound": bound(out["R"], gamma),
                "reason": "margin lower bound"}
    return {**stopped, "separable": known, "reason": "out of time"}
