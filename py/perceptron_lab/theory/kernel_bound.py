"""The kernel perceptron's theory: Novikoff's bound in the kernel's feature space, from a finished
run (core/kernel_perceptron.py trains it; the bridge asks this for its theory, the core computes none).
"""

import numpy as np

from .. import settings
from ..core import features
from . import exact_bound, kernel_margin
from . import margin as theory
from ..i18n import _, number

THEORY_MAX_POINTS = settings.LIMITS["kernel_theory_max_points"]  # the solve in feature space has up to n dimensions


def feature_embedding(K, rtol=None):
    """Rows Φ with Φ Φᵀ = K (to rounding): the training points as vectors of their feature space.

    From K = V diag(λ) Vᵀ, Φ = V_r diag(√λ_r) over the eigenvalues above rounding; every
    inner product, margin and radius of the training points is the same in Φ's space.
    """
    lam, V = np.linalg.eigh(K)
    if rtol is None:
        rtol = len(K) * np.finfo(np.float64).eps
    keep = lam > rtol * max(float(lam[-1]), 0.0)
    return V[:, keep] * np.sqrt(lam[keep])


def _label_conflict(X, y):
    """True when some input appears with both labels (then no feature space can separate them)."""
    _, group = np.unique(X, axis=0, return_inverse=True)
    group = group.ravel()
    lo = np.full(group.max() + 1, 2)
    hi = np.full(group.max() + 1, -2)
    np.minimum.at(lo, group, y)
    np.maximum.at(hi, group, y)
    return bool(np.any(lo != hi))


def bound_in_feature_space(run, deadline=None):
    """Novikoff's bound in the kernel's feature space: {"R", "separable", "gamma", "bound", "note"}.

    R² = max_i k̃(x_i, x_i); γ is the maximum margin of a unit w through the origin of the
    feature space (w ranges over the span of the φ̃(x_i), where the optimum lies).
    separable is True, False or None (undecided), each only with a reason:
    - False: an input carries both labels, or some φ̃(x_i) = 0 (f(x_i) = 0 is always a mistake),
      or the run cycled (a separable run converges, Novikoff), or, for the linear kernel, the
      solver's exact certificate on x̃ itself (theory.max_margin).
    - True: the solver's u, verified on the data (linear: on x̃; poly/rbf: on an embedding Φ with
      ΦΦᵀ = K̃ to rounding, so γ holds to about 1e-12·R²/γ); or the run converged; or RBF on
      distinct inputs (its Gram matrix is positive definite), even when the margin is below
      rounding (smooth kernels make K̃ numerically singular) and γ cannot be given.
    - None: none of these. The embedding is not exact, so the solver's "not separable" on it is no
      proof for poly/rbf. Beyond THEORY_MAX_POINTS the solve has too many dimensions to stay
      interactive, and only the reasons that need no solver remain.
    deadline (time.monotonic()): past it the solver stops and theory.kernel_margin.out_of_time says
    what it still proves (reason "margin lower bound" or "out of time").
    """
    K, y, kern = run.K, run.y, run.kernel
    R = float(np.sqrt(np.max(np.diag(K))))
    out = {"R": R, "separable": None, "gamma": None, "bound": None, "note": None}
    if _label_conflict(run.X, y):
        return {**out, "separable": False, "note": _("The same input appears with both labels: no feature "
                                                      "space can separate them.")}
    if np.any(np.diag(K) == 0):
        return {**out, "separable": False, "note": _("Some input has φ̃(x) = 0 (f(x) = 0 for every α): "
                                                      "it is a mistake whatever the training does.")}
    # What needs no solver: the run's own proof, and RBF's positive definite Gram matrix.
    known = {"converged": True, "cycled": False if run.cycle_proved else None}.get(run.status)
    if known is None and kern.kernel == "rbf":
        known = True  # distinct inputs (no label conflict above): K̃ is positive definite
    if kern.kernel != "linear" and len(K) > THEORY_MAX_POINTS:
        return {**out, "separable": known,
                "note": _("The margin in feature space is computed for up to {limit} training examples (its "
                          "dimension grows with n); this run has {n}.").format(
                    limit=THEORY_MAX_POINTS, n=number(f"{len(K):,}"))}
    if kern.kernel == "linear":
        F = features.prepare(run.X, fit_intercept=kern.fit_intercept, normalize=kern.normalize)
    else:
        F = feature_embedding(K)
    m = theory.max_margin(F, y, deadline=deadline)  # deadline: a time.monotonic() value, or None
    if not m.complete:  # what the stopped solver and the run's own α still prove
        return kernel_margin.out_of_time(out, m, F, y, run.model.alpha, known)
    if kern.kernel != "linear" and m.separable is False:
        m = theory.MarginResult(separable=None)  # a certificate on Φ is no proof for φ̃
    if m.separable:  # + the exact bound where the run meets it (theory.exact_bound)
        th = {**out, "separable": True, "gamma": m.gamma, "bound": theory.bound(R, m.gamma)}
        return exact_bound.kernel_where_met(th, run, m.support, F.shape[1])
    if m.separable is False:
        return {**out, "separable": False}
    if known:
        return {**out, "separable": True, "note": _("Separable, but with a margin below rounding error, so "
                                                     "no bound can be computed.")}
    if known is False:
        return {**out, "separable": False, "note": _("The run cycled: over one lap its updates add up to "
                                                      "exactly 0 in feature space (checked in exact arithmetic), "
                                                      "which never happens on separable data.")}
    return {**out, "note": _("No margin could be verified and no proof of the contrary found: the margin, "
                             "if any, is below rounding error.")}
