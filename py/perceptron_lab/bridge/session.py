"""One fitted run as a typed object (Fit), and the page's current one (the session).

The train and compare requests both fit through `fit`, so a variant in a comparison is
exactly the run a train request with that algorithm gives. The last train request's Fit
stays here so the page can step through it and export it without sending the data again;
one worker serves one page, so one session is all there is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import settings
from ..core import Run, train
from ..data import Dataset
from ..errors import DataError, SettingsError
from ..features import prepare

THEORY_MAX_POINTS = settings.LIMITS["theory_max_points"]  # the max-margin solver stays interactive up to here
TRACE_CAP = settings.LIMITS["trace_cap"]  # updates sent to the page; more are subsampled evenly
MAX_VOTES = settings.LIMITS["votes_max"]  # voted: every kept w is polled for every prediction and plot pixel


class NoSession(Exception):
    """A frame, plots or export request before any train request (or after Python restarted)."""

    message = "Train a model first."

    def to_dict(self):
        return {"kind": "no_session", "message": self.message, "field": None}


@dataclass
class Theory:
    """What the convergence theorem says about the training data (None where not computed)."""

    R: float
    separable: bool | None
    gamma: float | None
    bound: float | None
    u: np.ndarray | None
    note: str | None

    def as_dict(self):
        return {"R": self.R, "separable": self.separable, "gamma": self.gamma, "bound": self.bound,
                "u": self.u, "note": self.note}


@dataclass
class Fit:
    """One run: the data, its split, the settings (the request's checked dict), the run and
    what is known about it. `animator` is made on the first step-through frame."""

    ds: Dataset
    train_ds: Dataset
    test_ds: Dataset | None
    s: dict
    Z: np.ndarray  # the prepared training vectors x̃
    run: Run
    theory: Theory
    train_accuracy: float
    test_accuracy: float | None
    animator: Any = None

    @property
    def prep(self):
        return prep_options(self.s)

    def weights(self):
        """(coef, bias) of the answer w: the bias is the last component when it is on."""
        w = self.run.w
        return (w[:-1], float(w[-1])) if self.s["bias"] else (w, None)


def prep_options(s):
    if s["standardize"]:
        # The setting is in the shared schema; the feature preparation does not do it yet.
        raise SettingsError("Standardize is not available in this version of Perceptron Lab.", field="standardize")
    return dict(fit_intercept=s["bias"], normalize=s["normalize"], feature_map=s["feature_map"])


def theory_of(Z, y, run, margin_cache=None):
    """margin_cache: a dict that keeps the max-margin solution of these Z, y between runs."""
    from .. import theory

    R = theory.radius(Z)
    if len(Z) > THEORY_MAX_POINTS:
        # Too many points to solve for the margin interactively; the run itself can still
        # prove separability (it converged) or its absence (it cycled).
        separable = {"converged": True, "cycled": False}.get(run.status)
        return Theory(R=R, separable=separable, gamma=None, bound=None, u=None,
                      note=f"The margin is computed for up to {THEORY_MAX_POINTS} points.")
    m = None if margin_cache is None else margin_cache.get("m")
    if m is None:
        m = theory.max_margin(Z, y)
        if margin_cache is not None:
            margin_cache["m"] = m
    return Theory(R=R, separable=bool(m.separable), gamma=m.gamma, bound=theory.bound(R, m.gamma), u=m.u, note=None)


def fit(ds, s, progress=None, margin_cache=None) -> Fit:
    """Split, prepare, train and measure."""
    from .. import data as datamod

    try:
        train_ds, test_ds = datamod.train_test_split(ds, s["test_fraction"], s["seed"])
    except DataError as e:
        raise SettingsError(e.message, field="test_fraction") from None
    prep = prep_options(s)
    Z = prepare(train_ds.X, **prep)
    run = train(Z, train_ds.y, algorithm=s["algorithm"], eta=s["eta"], max_epochs=s["epochs"],
                order=s["order"], seed=s["seed"], trace_cap=TRACE_CAP, progress=progress, max_votes=MAX_VOTES)
    th = theory_of(Z, train_ds.y, run, margin_cache)
    test_accuracy = None
    if test_ds is not None:
        test_accuracy = float(np.mean(run.predict(prepare(test_ds.X, **prep)) == test_ds.y))
    train_accuracy = float(np.mean(run.predict(Z) == train_ds.y))
    return Fit(ds=ds, train_ds=train_ds, test_ds=test_ds, s=s, Z=Z, run=run, theory=th,
               train_accuracy=train_accuracy, test_accuracy=test_accuracy)


_current: Fit | None = None


def current() -> Fit:
    if _current is None:
        raise NoSession()
    return _current


def replace(f: Fit | None) -> Fit | None:
    """Make f the session; returns the one it replaces (to put back if f's plots fail)."""
    global _current
    previous, _current = _current, f
    return previous
