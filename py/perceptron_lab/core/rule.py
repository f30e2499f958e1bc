"""The update rule of a primal perceptron as a value: when it updates, what one update is made of,
whether η only rescales, and the theory it supports (the mistake bound it obeys and the proof
behind it, or none and why).

Everything that needs the rule (the strategies, the scan, the cycle proof, the texts, the exercise,
the proof plot) asks a Rule; none restates "y·(w·x̃) ≤ 0".

The mistake-bound proof of seed 000, for a rule that updates when y·(w·x̃) ≤ τ (τ ≥ 0), from w₀ = 0
with w ← w + η·y·x̃, on data with ‖x̃‖ ≤ R and a unit u with y·(u·x̃) ≥ γ > 0 on every example:
- u·w grows by η·y·(u·x̃) ≥ ηγ per update, so after M updates u·w ≥ Mηγ;
- ‖w‖² grows by 2η·y·(w·x̃) + η²‖x̃‖² ≤ 2ητ + η²R² per update (y·(w·x̃) ≤ τ is why it updated),
  so ‖w‖² ≤ M(η²R² + 2ητ);
- Mηγ ≤ u·w ≤ ‖w‖ ≤ √(M(η²R² + 2ητ)), so M ≤ (R² + 2τ/η)/γ².
τ = 0 is Novikoff's (R/γ)² (and η drops out); τ > 0 buys a margin at the price of more updates.
"""

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Rule:
    """update when y·(w·x̃) <= threshold (w in the run's own units, η·(units of η)); step: "example"
    (one example per update) or "epoch" (the epoch's summed update); bound: the proof's name
    ("novikoff", "margin") or None, with no_bound saying why there is none."""

    name: str
    threshold: float = 0.0
    step: str = "example"
    no_bound: str = ""

    @property
    def margin(self):
        """True when an update can be made on a correctly classified example (threshold above 0)."""
        return self.threshold > 0

    def eta_rescales(self):
        """From w = 0, does η only rescale the path (the same updates for every η)? Only when the
        threshold is 0: y·(η·w·x̃) <= 0 is y·(w·x̃) <= 0, but y·(η·w·x̃) <= τ is y·(w·x̃) <= τ/η."""
        return self.threshold == 0

    def threshold_in_units(self, eta):
        """The threshold the loop compares with, training in units of η (w₁ = w/η): τ/η, of the
        decimals as written (τ = 0.5, η = 0.1: exactly 5, where the binary floats' quotient of 0.5 by
        0.1000000000000000055… is just below 5), rounded once; so a tie y·(w₁·x̃) = τ/η is one."""
        if not self.threshold:
            return 0.0
        return float(Fraction(repr(float(self.threshold))) / Fraction(repr(float(eta))))

    def updates_on(self, ya):
        """Does an example with y·(w·x̃) = ya (the run's units) make an update?"""
        return ya <= self.threshold

    @property
    def bound_formula(self):
        """The bound in the notes' symbols, or None."""
        if self.no_bound:
            return None
        return "(R/γ)²" if not self.margin else "(R² + 2τ/η)/γ²"

    @property
    def bound_formula_ascii(self):
        """The same in ASCII (the command line's words), or None."""
        if self.no_bound:
            return None
        return "(R/gamma)^2" if not self.margin else "(R^2 + 2*tau/eta)/gamma^2"

    def bound(self, R, gamma, eta=1.0):
        """The most updates the proof allows from w = 0 (None: no proof for this rule)."""
        if self.no_bound or gamma is None or R is None or gamma <= 0:
            return None
        if not self.margin:
            return (R / gamma) ** 2
        return (R * R + 2 * self.threshold_in_units(eta)) / (gamma * gamma)

    def norm_slope(self, R, eta=1.0):
        """How much ‖w‖² may grow per update in the proof (units of η²): R² + 2τ/η."""
        return R * R + 2 * self.threshold_in_units(eta)


PERCEPTRON = Rule("perceptron")
BATCH = Rule("perceptron", step="epoch",
             no_bound="the theorem counts the online perceptron's updates, one example at a time")


def margin_rule(tau):
    """The margin perceptron's rule: an update whenever y·(w·x̃) <= τ (τ >= 0)."""
    return Rule("margin", threshold=float(tau))
