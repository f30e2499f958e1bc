"""Standardization: each feature as a z-score, with the training split's mean and std.

Raw features can span 0.05 to 2 500 (breast cancer): the perceptron's update adds x̃
itself, so the largest feature decides every step and the run crawls. z = (x - mean) / std
puts every feature on one scale. The statistics come from the training split only (the
test split must not leak into the model) and are part of the model: predicting,
exporting and sharing a run reproduce them exactly (to_json / from_json round-trips
every float bit for bit).

Order of preparation (features.prepare): standardize -> feature map -> bias -> unit length.
Standardizing first makes poly2's products and squares products of z-scores; the bias
column stays exactly 1; unit length comes last as before.

A constant column (std 0, or so small against its mean that it is rounding noise) has no
scale: it is left at 0 (z = x - mean = 0) and `notice` says so.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .dataset import test_mask

__all__ = ["Standardization", "options", "for_plot", "run_options"]


@dataclass(frozen=True, eq=False)
class Standardization:
    mean: np.ndarray  # (m,) of the training split
    std: np.ndarray  # (m,) population std (ddof=0, as scikit-learn's StandardScaler); 1 where constant
    constant: np.ndarray  # (m,) bool: the column was constant in the training split

    @classmethod
    def fit(cls, X) -> "Standardization":
        X = np.asarray(X, dtype=np.float64)
        if X.ndim != 2 or len(X) == 0:
            raise ValueError("Standardization.fit needs a 2-D array with at least one row")
        mean = X.mean(axis=0)
        var = X.var(axis=0)
        # scikit-learn's test for a constant feature: the variance is within rounding of 0
        eps = np.finfo(np.float64).eps
        n = len(X)
        constant = var <= n * eps * var + (n * mean * eps) ** 2
        std = np.where(constant, 1.0, np.sqrt(var))
        return cls(mean, std, constant)

    def transform(self, X) -> np.ndarray:
        X = np.asarray(X, dtype=np.float64)
        if X.ndim != 2 or X.shape[1] != len(self.mean):
            raise ValueError(f"expected {len(self.mean)} features, got shape {X.shape}")
        Z = (X - self.mean) / self.std
        Z[:, self.constant] = 0.0  # exactly 0, whatever a test row holds in that column
        return Z

    def raw_weights(self, w, fit_intercept=True, feature_map="none") -> np.ndarray:
        """The weights of the same boundary on the raw features x̃ = (map(x), 1): z = inv·(x - mean)
        with inv = 1/std (0 for a constant column) is affine, so w·(z, 1) and w·(poly2(z), 1) are
        linear in (x, 1) and (poly2(x), 1). The result always has the offset last (a boundary
        through the standardized origin is not one through the raw origin)."""
        w = np.asarray(w, dtype=np.float64)
        m = len(self.mean)
        inv = np.where(self.constant, 0.0, 1.0 / self.std)
        mu = self.mean
        offset = float(w[-1]) if fit_intercept else 0.0
        lin = w[:m] * inv
        offset -= float(np.sum(lin * mu))
        if feature_map == "none":
            return np.append(lin, offset)
        pairs = [(i, j) for i in range(m) for j in range(i + 1, m)]
        cross = np.array([w[m + k] * inv[i] * inv[j] for k, (i, j) in enumerate(pairs)])
        sq = w[m + len(pairs): 2 * m + len(pairs)] * inv ** 2
        lin = lin.copy()
        for c, (i, j) in zip(cross, pairs):  # (x_i - m_i)(x_j - m_j)
            lin[i] -= c * mu[j]
            lin[j] -= c * mu[i]
            offset += c * mu[i] * mu[j]
        lin -= 2 * sq * mu  # (x_i - m_i)²
        offset += float(np.sum(sq * mu ** 2))
        return np.concatenate([lin, cross, sq, [offset]])

    def notice(self, feature_names) -> str | None:
        """A sentence for the page when some column had no spread, else None."""
        names = [str(n) for n, c in zip(feature_names, self.constant) if c]
        if not names:
            return None
        shown = ", ".join(f"'{n}'" for n in names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        what = "is constant" if len(names) == 1 else "are constant"
        return (f"{shown} {what} in the training data, so standardizing leaves "
                f"{'it' if len(names) == 1 else 'them'} at 0 (no effect on the model).")

    def to_json(self) -> dict:
        """Plain floats (repr round-trips every float64 exactly through JSON)."""
        return {"mean": [float(v) for v in self.mean], "std": [float(v) for v in self.std],
                "constant": [bool(c) for c in self.constant]}

    @classmethod
    def from_json(cls, d) -> "Standardization":
        mean = np.array(d["mean"], dtype=np.float64)
        std = np.array(d["std"], dtype=np.float64)
        constant = np.array(d.get("constant", [False] * len(mean)), dtype=bool)
        if not (mean.ndim == std.ndim == constant.ndim == 1 and len(mean) == len(std) == len(constant)):
            raise ValueError("standardization: mean, std and constant must be lists of one length")
        if not (np.all(np.isfinite(mean)) and np.all(np.isfinite(std)) and np.all(std > 0)):
            raise ValueError("standardization: mean must be finite and std finite and positive")
        return cls(mean, std, constant)

    def __eq__(self, other):
        return (isinstance(other, Standardization) and np.array_equal(self.mean, other.mean)
                and np.array_equal(self.std, other.std) and np.array_equal(self.constant, other.constant))


def options(s, train_X) -> dict:
    """features.prepare's keyword arguments for a run with the bridge's settings `s`
    ("bias", "normalize", "feature_map", "standardize"), the statistics fitted on the
    training split's features `train_X`. Recomputing them from the same split gives the
    same bits, so exports can rebuild a run's preparation without storing it."""
    st = Standardization.fit(train_X) if s.get("standardize") else None
    return dict(fit_intercept=s["bias"], normalize=s["normalize"], feature_map=s["feature_map"],
                standardization=st)


def for_plot(w, prep):
    """How the plots (which prepare raw X themselves) draw a model in the original units:
    (weights, prepare arguments without the statistics). Without standardization nothing
    changes; with it, raw_weights (None for w None): the same boundary, drawn exactly, offset last (unit length
    never moves a boundary, so it stays as it was)."""
    st = prep.get("standardization")
    base = {k: v for k, v in prep.items() if k != "standardization"}
    if st is None:
        return w, base
    raw = None if w is None else st.raw_weights(w, base["fit_intercept"], base["feature_map"])
    return raw, {**base, "fit_intercept": True}


def run_options(ds, s):
    """(prepare's arguments, test mask or None) for a run on the whole dataset ds with the
    bridge's settings s: the split is recomputed (it is seeded) and the statistics come from
    its training rows, exactly as the run had them."""
    mask = test_mask(ds, s["test_fraction"], s["seed"])
    return options(s, ds.X if mask is None else ds.X[~mask]), mask
