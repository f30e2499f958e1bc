"""Every sentence the lab says about a run, built from the run's numbers alone.

Pure: no numpy-heavy work, no I/O. The bridge (page and CLI) calls these; tests/py/test_texts.py
checks each claim against an oracle, so a text may only say what its arguments prove.

`th` is the bridge's theory dict: R, separable (True / False / None), reason (how that is
known: "margin", "converged", "cycled", "zero vector", "combination", "too many points",
"tiny margin", "rescaled margin" (a separator of the z-scored features, verified on the raw ones); "pending" while the page's theory request runs; "margin lower bound" or "out of
time" when the solver used up its budget, seconds in th["budget"]), gamma, gamma_upper, bound,
bias (is the bias on).
"""

import math
from fractions import Fraction

from .variants import VARIANTS

THEORY_MAX_POINTS = 20000
MIN_TEST_POINTS = 10


def _n(k, word):
    return f"{k:,} {word}{'' if k == 1 else 's'}"


def _g(v):
    return f"{v:.4g}"


def why_not_separable(th):
    """The certificate behind separable = False, as a clause."""
    return {
        "cycled": "the weights cycled under a fixed visiting order (one lap's updates add up to exactly 0, "
                  "checked in exact arithmetic), which never happens on separable data",
        "combination": "some points' y·x̃, weighted by positive numbers, add up to exactly 0, so no w "
                       "has y·(w·x̃) > 0 on all of them",
        "zero vector": ("a point sits at the origin with the bias off: its x̃ = 0 gives y·(w·x̃) = 0, "
                        "a mistake for every w, so no line through the origin separates the data"
                        if not th.get("bias", True) else
                        "a point has x̃ = 0, so y·(w·x̃) = 0 is a mistake for every w"),
    }.get(th.get("reason"), "no separating w exists")


def _out_of_time(th):
    return f"the margin solver stopped at its time limit of {th.get('budget') or 0:g} s"


def undecided_clause(th):
    """Why separability is unknown (separable = None)."""
    if th.get("reason") == "out of time":
        return f"{_out_of_time(th)}, and this run neither converged nor cycled"
    if th.get("reason") == "too many points":
        return (f"the margin solver runs for up to {THEORY_MAX_POINTS:,} points, and this run neither "
                "converged nor cycled")
    up = th.get("gamma_upper")
    if up is not None and th.get("R"):
        return f"if a separating w exists, its margin γ is at most {_g(up)} (γ/R ≤ {_g(up / th['R'])}), too small to find here"
    return "the margin solver could not decide"


def _epochs_tail(run):
    """What happened after the mistakes stopped (averaged and voted run on, as Algorithm 2)."""
    if run.n_epochs > (run.converged_epoch or run.n_epochs):
        return (f" Training went on for all {_n(run.n_epochs, 'epoch')} (MaxIter), as Algorithm 2 does: "
                f"{VARIANTS[run.algorithm].runs_on}.")
    return ""


def status_text(run, *, th, dataset_name):
    """One paragraph: how training ended and what that proves."""
    e = _n(run.n_epochs, "epoch")
    if run.status == "converged":
        c = run.converged_epoch
        proof = "which proves the training data linearly separable"
        variant = VARIANTS[run.algorithm]
        if variant.converged:
            return f"Converged after {_n(c, 'epoch')}: {variant.converged}, {proof}."
        if run.n_epochs > c:
            return f"Mistakes stopped in epoch {c}: that epoch made no mistake, {proof}.{_epochs_tail(run)}"
        early = " (early stop)" if run.early_stop and variant.runs_on else ""
        return f"Converged after {_n(c, 'epoch')}{early}: the last epoch made no mistake, {proof}."
    if run.status == "cycled":
        cy = run.cycle
        what = "XOR is" if dataset_name == "XOR" else "the data is"
        period = f"every {_n(cy['period'], 'epoch')}"
        runs_on = VARIANTS[run.algorithm].runs_on  # averaged, voted: their answer is not the repeating w
        weights = "the online w" if runs_on else "the weights"
        if getattr(run, "cycle_proved", True):
            out = (f"Cycling detected at epoch {cy['epoch']}: {weights} repeat{'s' if runs_on else ''} {period}, "
                   f"so {what} not linearly separable (the perceptron converges on separable data).")
        else:
            out = (f"The weights repeated at epoch {cy['epoch']} ({period}) in floating point, so "
                   f"{'the online w' if runs_on else 'the run'} would only go round again. "
                   "This repeat is no proved cycle: checked in exact arithmetic, "
                   "the lap's updates were not shown to add up to 0 (rounding can repeat w, e.g. when an "
                   "update is too small to change w at its scale), so it says nothing about separability.")
            sep = th.get("separable")
            if th.get("reason") == "pending":
                pass  # the theory request says it
            elif sep is True:
                out += " The data is linearly separable; rescaling the features (Standardize) may let it converge."
            elif sep is False:
                out += f" The data is not linearly separable all the same ({why_not_separable(th)})."
            else:
                out += f" Whether the data is separable could not be decided ({undecided_clause(th)})."
        if not th.get("bias", True) and th.get("reason") == "zero vector":
            out += " With the bias off the line must pass through the origin; turn the bias on."
        if run.n_epochs > cy["epoch"]:
            out += f" Training went on for all {_n(run.n_epochs, 'epoch')} (MaxIter), as Algorithm 2 does."
        elif runs_on:
            out += (f" Early stop ended the run at the repeat; more epochs would only repeat the online w's lap, "
                    f"but {VARIANTS[run.algorithm].past_cycle}.")
        return out
    if run.limit == "votes":
        return (f"Stopped after {e}: the voted perceptron already keeps {len(run.votes[1]):,} weight "
                "vectors, and every one votes on every prediction (the storage cost the notes warn "
                "about). Try the averaged perceptron: one vector.")
    sep = th.get("separable")
    if th.get("reason") == "pending":
        tail = ""  # the theory request says what the data is
    elif sep is True:
        tail = " The data is linearly separable, so more epochs would converge."
    elif sep is False:
        tail = f" The data is not linearly separable ({why_not_separable(th)}), so it can never converge."
        if not th.get("bias", True) and th.get("reason") == "zero vector":
            tail += " Turn the bias on (x̃ = (x, 1)) so the line need not pass through the origin."
    else:
        tail = (f" Whether the data is linearly separable could not be decided ({undecided_clause(th)}); "
                "only if it is would more epochs converge.")
    return f"Stopped at the epoch limit ({e}) without converging.{tail}"


def _promise(rule):
    """What the margin promises this run's rule, as a clause (core/rule.py's bound)."""
    if rule is not None and rule.margin:
        return (f"the margin perceptron with τ = {rule.threshold:g} makes at most {rule.bound_formula} updates")
    return "the online perceptron makes at most (R/γ)² mistakes"


def separability_text(th, rule=None):
    """The note under the theory numbers: is the training data separable, and how do we know
    (rule: the run's update rule, whose bound it names; None: the online perceptron's)."""
    sep, reason = th.get("separable"), th.get("reason")
    promise = _promise(rule)
    if reason == "pending":
        return "Computing the margin…"
    if sep is True and reason == "margin":
        return ("The training data is linearly separable (the max-margin u has margin γ > 0): "
                f"{promise}.")
    if sep is True and reason == "rescaled margin":
        up = th.get("gamma_upper")
        at_most = f" (the maximum is between {_g(th['gamma'])} and {_g(up)})" if up else ""
        return (f"The training data is linearly separable: a unit u found with the features z-scored has margin "
                f"γ = {_g(th['gamma'])} > 0 on the raw training data (checked on every point), so "
                f"{promise}. The margin solver could not resolve the maximum margin "
                f"of the raw features (γ/R = {_g(th['gamma'] / th['R'])}), so this γ is a lower bound on it{at_most}, "
                "and the bound may be looser than the maximum's.")
    if sep is True and reason == "margin lower bound":
        up = th.get("gamma_upper")
        between = f" (the maximum is between {_g(th['gamma'])} and {_g(up)})" if up and th.get("gamma") else ""
        return (f"The training data is linearly separable: a unit u has margin γ > 0 on it, so "
                f"{promise}. But {_out_of_time(th)}, so this γ is a lower bound "
                f"on the maximum margin{between}, and the bound may be looser than the maximum's.")
    if sep is True:
        why = ("the margin solver runs for up to "
               f"{THEORY_MAX_POINTS:,} points" if th.get("n", 0) > THEORY_MAX_POINTS else
               _out_of_time(th) if th.get("budget") else "its margin is too small to compute here")
        formula = "(R/γ)²" if rule is None else rule.bound_formula
        return (f"The training data is linearly separable: this run converged, which proves it. But {why}, "
                f"so no bound {formula} is shown.")
    if sep is False:
        out = f"Not linearly separable: {why_not_separable(th)}. No margin, no bound."
        if not th.get("bias", True) and reason == "zero vector":
            out += " Turning the bias on (x̃ = (x, 1)) lets the line move off the origin."
        return out
    return f"Separability could not be decided: {undecided_clause(th)}. No bound is shown."


def bound_text(run, th):
    """The bound (R/γ)² against this run's mistakes, saying what the theorem covers; '' without a bound."""
    b = th.get("bound")
    if th.get("separable") is not True or b is None:
        return ""
    off_path = VARIANTS[run.algorithm].off_path
    if off_path:
        return (f"The bound (R/γ)² = {_g(b)} counts the updates of the online perceptron, one example at a "
                f"time. {off_path}, so the theorem says nothing about its "
                f"{run.mistakes:,} misclassifications (shown for reference).")
    verdict = bound_verdict(run.mistakes, th)
    rule = run.rule
    if rule.margin:  # its own bound, counting updates (a correct example within τ updates too)
        sign = {"≤": "≤", "=": "=", "≈": "≈"}.get(verdict, ">")
        held = ("the margin perceptron's bound holds on this run" if sign != ">" else
                "rounding broke the bound's exact arithmetic")
        return (f"updates {run.n_updates:,} {sign} bound {rule.bound_formula} = {_g(b)} (τ = {rule.threshold:g}, "
                f"η = {run.eta:g}): {held}.")
    if verdict == "≤":
        return f"mistakes {run.mistakes:,} ≤ bound {_g(b)}: Novikoff's theorem holds on this run."
    if verdict == "=":
        return (f"mistakes {run.mistakes:,} = bound (R/γ)² = {_g(b)} exactly (checked in exact arithmetic): "
                "Novikoff's theorem holds on this run, with equality.")
    if verdict == "≈":
        return (f"mistakes {run.mistakes:,} meet the bound: the computed (R/γ)² = {b!r} is below {run.mistakes:,} "
                f"by less than its rounding error, so this run is at Novikoff's bound as far as floating point "
                "can tell.")
    return f"mistakes {run.mistakes:,} > bound {_g(b)}: rounding broke the theorem's exact arithmetic."


def bound_verdict(mistakes, th):
    """The mistakes against the bound: "≤", "=" (exactly, th["bound_exact"]), "≈" (above the float
    bound by no more than its rounding error, th["bound_error"], where no exact bound is known), ">"."""
    b, exact = th.get("bound"), th.get("bound_exact")
    if exact is not None:
        exact = Fraction(exact)  # a Fraction, or its text (a kernel's theory is JSON)
        return "=" if mistakes == exact else "≤" if mistakes < exact else ">"
    if mistakes <= b:
        return "≤"
    return "≈" if mistakes <= b + (th.get("bound_error") or 0.0) else ">"


def classifier_text(run, *, train_accuracy, last_accuracy, standardized=False):
    """Which classifier the weights, the accuracies and the boundary plot belong to (standardized:
    the weights are in z-score units, which the sentence then says)."""
    units = (" The weights are in standardized units (per standard deviation of each feature, with the "
             "training split's mean and deviation); the boundary plot draws the same boundary in the raw "
             "units." if standardized else "")
    return VARIANTS[run.algorithm].classifier(run, train_accuracy, last_accuracy) + units


def split_text(*, n_test, separable_all, separable_train):
    """A warning about the train/test split, or ''."""
    out = []
    if n_test and n_test < MIN_TEST_POINTS:
        out.append(f"Only {_n(n_test, 'test point')}: each is {100 / n_test:.0f}% of the test accuracy, "
                   "so it says little about unseen data.")
    if separable_all is not None and separable_train is not None and separable_all != separable_train:
        out.append("Holding out the test points changed separability: the training part is "
                   f"{'' if separable_train else 'not '}linearly separable, the whole data is "
                   f"{'' if separable_all else 'not '}linearly separable.")
    return " ".join(out)


def angle_text(y, before, after, *, collinear=None, x_zero=False):
    """How the update turned w relative to x̃, from the two angles in degrees (None: w = 0).

    collinear: w before the update and x̃ are exactly parallel (checked exactly by the caller; None:
    judge from the angles). x_zero: x̃ = 0 (a point at the origin with the bias off)."""
    kind = "positive" if y > 0 else "negative"
    if x_zero:
        return ("x̃ = 0 (this point sits at the origin with the bias off): it has no direction, so w has no "
                "angle to it, and the update adds η·y·x̃ = 0, leaving w as it was; y·(w·x̃) = 0 stays a mistake")
    if before is None and after is None:
        return "w is 0 before and after, so it has no angle to x̃"
    if before is None:
        return f"w was 0 before the update, so the angle is defined only after it: {after:.1f}°"
    if after is None:
        return "the update made w = 0, so w has no angle to x̃ after it"
    same = math.isclose(before, after, abs_tol=1e-9) if collinear is None else collinear and round(before) == round(after)
    if same:
        return (f"the angle stayed at {after:.1f}°: w and x̃ are collinear, so the update only changed "
                "the length of w")
    moved = "shrank" if after < before else "grew"
    toward = "toward" if after < before else "away from"
    if f"{before:.1f}" == f"{after:.1f}":  # a turn too small for the shown digits
        return (f"the angle to this {kind} example {moved} by less than 0.1° (about {after:.1f}° before and "
                f"after): w turned {toward} it only slightly")
    return f"the angle to this {kind} example {moved} from {before:.1f}° to {after:.1f}°: w turned {toward} it"


def proof_missing_text(run, th):
    """Why the proof plot (u·w_t ≥ tγ, ‖w_t‖ ≤ √t·R along the online path) is not shown; '' if it is."""
    sep = th.get("separable")
    if sep is True and th.get("gamma") is not None:
        if VARIANTS[run.algorithm].no_proof:
            return VARIANTS[run.algorithm].no_proof
        if not run.n_updates:
            return "No proof plot: this run made no update."
        return ""
    if th.get("reason") == "pending":
        return "The proof plot waits for the margin γ (computing the margin…)."
    if sep is True:
        why = _out_of_time(th) if th.get("budget") else "its margin γ is too small to compute here"
        return (f"No proof plot: the data is linearly separable (this run converged), but {why}, "
                "so there is no u to plot against.")
    if sep is False:
        return f"No proof plot: the data is not linearly separable ({why_not_separable(th)}), so there is no margin γ and no bound."
    return f"No proof plot: separability could not be decided ({undecided_clause(th)})."
