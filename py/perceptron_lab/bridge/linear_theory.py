"""What the convergence theorem says about a primal run's training data (R, separability, γ,
(R/γ)²), and how it is known: computed with the run (CLI, compare) or after the run's first
picture within a time budget (the page's theory request, bridge/theory_request.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .. import settings
from ..core.rule import PERCEPTRON
from ..theory import exact_bound, margin as theory
from ..theory.rescaled import rescaled_separator
from ..i18n import _, number

THEORY_MAX_POINTS = settings.LIMITS["theory_max_points"]  # the max-margin solver stays interactive up to here

# The page's margin budget: past it the lab says what it could prove (out_of_time). A
# 10,000 × 200 max margin takes ~12 s in CPython and several times that in the browser.
MARGIN_SECONDS = 10.0

_EPS = np.finfo(np.float64).eps


@dataclass
class Theory:
    """What the convergence theorem says about the training data, and how it is known.

    separable: True / False / None (undecided); reason: "margin" (the solver's proof) or its
    certificate ("zero vector", "combination"), "converged", "cycled", "too many points",
    "tiny margin"; "pending" before the page's theory request; after a solver stopped by its
    budget, "margin lower bound" (a verified margin, below the maximum) or "out of time".
    gamma, bound and u only where a margin was found."""

    R: float
    separable: bool | None = None
    reason: str | None = None
    gamma: float | None = None
    gamma_upper: float | None = None
    bound: float | None = None
    u: np.ndarray | None = None
    note: str | None = None
    bias: bool = True
    n: int = 0
    budget: float | None = None  # seconds the solver had, where it ran out of them
    bound_exact: object = None  # (R/γ)² as a Fraction, where a run meets its bound (theory.exact_bound)
    bound_error: float | None = None  # how far rounding can have moved the float bound

    def as_dict(self):
        """The dict texts.py and export.model_json read."""
        return {"R": self.R, "separable": self.separable, "reason": self.reason, "gamma": self.gamma,
                "gamma_upper": self.gamma_upper, "bound": self.bound, "u": self.u, "note": self.note,
                "bias": self.bias, "n": self.n, "budget": self.budget, "bound_exact": self.bound_exact,
                "bound_error": self.bound_error}


def max_margin(Z, y, margin_cache=None, key="m", deadline=None):
    """The max-margin solution (None over THEORY_MAX_POINTS); margin_cache: one request's dict
    (a comparison's variants share data and split), so its first answer serves them all, a
    solver stopped at the request's deadline included (a later solve would only have less time)."""
    if len(Z) > THEORY_MAX_POINTS:
        return None
    m = None if margin_cache is None else margin_cache.get(key)
    if m is None:
        m = theory.max_margin(Z, y, deadline=deadline)
        if margin_cache is not None:
            margin_cache[key] = m
    return m


def deadline_in(seconds=None):
    return time.monotonic() + (MARGIN_SECONDS if seconds is None else seconds)


def pending(Z, s) -> Theory:
    """Before the theory request: only R, and no verdict of the solver's."""
    return Theory(R=theory.radius(Z), reason="pending", bias=s["bias"], n=len(Z))


def theory_of(Z, y, run, s, margin_cache=None, deadline=None) -> Theory:
    """R, separability with how it is known (the solver's proof, else the run's), γ and the bound."""
    m = max_margin(Z, y, margin_cache, deadline=deadline)
    th = Theory(R=theory.radius(Z), bias=s["bias"], n=len(Z))
    if m is not None and not m.complete:
        return out_of_time(th, m, Z, y, run)
    if m is not None and m.separable is not None:
        th.separable, th.reason = m.separable, "margin" if m.separable else m.certificate
        th.gamma, th.bound, th.u = m.gamma, run_bound(run, th.R, m.gamma), m.u
        if m.separable:
            exact_where_met(th, Z, y, run, m.support)
    elif m is not None and rescaled(th, Z, y, m, deadline, run):
        pass  # separable: a separator of the z-scored columns, verified on these rows
    elif run.converged_epoch is not None:
        th.separable, th.reason = True, "converged"  # a clean epoch is a separating w
    elif run.cycle is not None and run.cycle_proved:
        th.separable, th.reason = False, "cycled"  # a fixed order's cycle, certified exactly (cycle_proof)
    else:
        th.reason = "too many points" if m is None else "tiny margin"
        th.gamma_upper = None if m is None else m.gamma_upper
    if m is None:
        th.note = _("The margin is computed for up to {limit} points.").format(
            limit=number(f"{THEORY_MAX_POINTS:,}"))
    return th


def run_bound(run, R, gamma):
    """The bound the run's update rule obeys (core/rule.py): (R/γ)², or (R² + 2τ/η)/γ² for the margin
    perceptron. Its rounding error (exact_bound.bound_error) is relative, from γ's, the same for both."""
    own = run.rule.bound(R, gamma, run.eta)
    # A rule without a bound of its own (batch) is shown the online perceptron's, as a reference its
    # texts and plots say it is.
    return PERCEPTRON.bound(R, gamma) if own is None else own


def rescaled(th, Z, y, m, deadline, run):
    """The solver could not decide (a margin below its rounding, as raw features of very different
    scales make): a separator found on the z-scored columns and verified on the raw rows proves
    separability, its margin a lower bound on the maximum (theory.rescaled). Within the same budget."""
    found = rescaled_separator(Z, y, deadline=deadline_in() if deadline is None else deadline)
    if found is None or (m.gamma_upper is not None and found[1] > m.gamma_upper):
        return False  # (a margin above the solver's upper bound would contradict it: not claimed)
    th.separable, th.reason, th.gamma_upper = True, "rescaled margin", m.gamma_upper
    th.u, th.gamma = found
    th.bound = run_bound(run, th.R, th.gamma)
    th.bound_error = exact_bound.bound_error(th.bound, th.R, th.gamma, Z.shape[1])
    return True


def exact_where_met(th, Z, y, run, support):
    """The bound's rounding error, and the exact (R/γ)² where the run's mistakes come near the float
    one (on whole numbers M = (R/γ)² happens, and the float bound rounds to either side of M)."""
    th.bound_error = exact_bound.bound_error(th.bound, th.R, th.gamma, Z.shape[1])
    if not run.rule.margin and exact_bound.near(run.mistakes, th.bound):  # (R/γ)²'s exact form
        th.bound_exact = exact_bound.exact_bound(exact_bound.primal_gram(Z, y), len(Z), support)
        if th.bound_exact is not None:
            th.bound = float(th.bound_exact)  # correctly rounded: on the exact side of every whole M


def out_of_time(th, m, Z, y, run) -> Theory:
    """The solver stopped at its deadline: the best verified margin among its last iterate and
    the run's own weights (any unit u with margin γ > 0 gives Novikoff's bound (R/γ)², only a
    looser one than the maximum's), else the run's verdict, else undecided."""
    th.budget, th.gamma_upper = MARGIN_SECONDS, m.gamma_upper
    u, gamma = (m.u, m.gamma) if m.separable else (None, 0.0)
    # A margin counts only above the rounding of y·(u·x̃) (as theory.max_margin verifies its own).
    floor = 4.0 * (Z.shape[1] + 1) * _EPS * th.R
    for w in (run.model.w_last, run.model.w if run.model.votes is None else None):
        g = None if w is None else theory.margin_of(w, Z, y)
        if g is not None and g > max(gamma, floor):
            u, gamma = np.asarray(w, dtype=np.float64) / float(np.linalg.norm(w)), g
    if u is not None:
        th.separable, th.reason = True, "margin lower bound"
        th.gamma, th.bound, th.u = gamma, run_bound(run, th.R, gamma), u
        th.bound_error = exact_bound.bound_error(th.bound, th.R, gamma, Z.shape[1])
    elif run.converged_epoch is not None:
        th.separable, th.reason = True, "converged"
    elif run.cycle is not None and run.cycle_proved:
        th.separable, th.reason = False, "cycled"
    else:
        th.reason = "out of time"
    return th
