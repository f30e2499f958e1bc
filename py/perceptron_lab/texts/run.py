"""Every sentence the lab says about a run, built from the run's numbers alone.

Pure: no numpy-heavy work, no I/O. The bridge (page and CLI) calls these; tests/py/test_texts.py
checks each claim against an oracle, so a text may only say what its arguments prove.

`th` is the bridge's theory dict: R, separable (True / False / None), reason (how that is
known: "margin", "converged", "cycled", "zero vector", "combination", "too many points",
"tiny margin", "rescaled margin" (a separator of the z-scored features, verified on the raw ones); "pending" while the page's theory request runs; "margin lower bound" or "out of
time" when the solver used up its budget, seconds in th["budget"]), gamma, gamma_upper, bound,
bias (is the bias on).
"""

from fractions import Fraction

from ..i18n import _, ngettext, number, count as _count
from .variants import VARIANTS

THEORY_MAX_POINTS = 20000
MIN_TEST_POINTS = 10


def _epochs(k):
    return ngettext("{n} epoch", "{n} epochs", k).format(n=_count(k))


def _g(v):
    return number(f"{v:.4g}")


def _short(v):
    return number(f"{v:g}")


def why_not_separable(th):
    """The certificate behind separable = False, as a clause."""
    reason = th.get("reason")
    if reason == "cycled":
        return _("the weights cycled under a fixed visiting order (one lap's updates add up to exactly 0, "
                 "checked in exact arithmetic), which never happens on separable data")
    if reason == "combination":
        return _("some points' y·x̃, weighted by positive numbers, add up to exactly 0, so no w "
                 "has y·(w·x̃) > 0 on all of them")
    if reason == "zero vector":
        if not th.get("bias", True):
            return _("a point sits at the origin with the bias off: its x̃ = 0 gives y·(w·x̃) = 0, "
                     "a mistake for every w, so no line through the origin separates the data")
        return _("a point has x̃ = 0, so y·(w·x̃) = 0 is a mistake for every w")
    return _("no separating w exists")


def _out_of_time(th):
    return _("the margin solver stopped at its time limit of {seconds} s").format(
        seconds=_short(th.get("budget") or 0))


def undecided_clause(th):
    """Why separability is unknown (separable = None)."""
    if th.get("reason") == "out of time":
        return _("{out_of_time}, and this run neither converged nor cycled").format(out_of_time=_out_of_time(th))
    if th.get("reason") == "too many points":
        return _("the margin solver runs for up to {points} points, and this run neither "
                 "converged nor cycled").format(points=_count(THEORY_MAX_POINTS))
    up = th.get("gamma_upper")
    if up is not None and th.get("R"):
        return _("if a separating w exists, its margin γ is at most {upper} (γ/R ≤ {ratio}), too small to find "
                 "here").format(upper=_g(up), ratio=_g(up / th["R"]))
    return _("the margin solver could not decide")


def _epochs_tail(run):
    """What happened after the mistakes stopped (averaged and voted run on, as Algorithm 2)."""
    if run.n_epochs > (run.converged_epoch or run.n_epochs):
        variant = VARIANTS[run.algorithm]
        moves = variant.settled if variant.settled and average_is_last_w(run.mistakes) else variant.runs_on
        return " " + _("Training went on for all {epochs} (MaxIter), as Algorithm 2 does: {what_moves}.").format(
            epochs=_epochs(run.n_epochs), what_moves=_(moves))
    return ""


def average_is_last_w(mistakes):
    """Does the average of a run that converged already equal its last w (so it stays there)?

    Exactly, not in floats: with updates Δ_k = y·x̃ made at examples s_k (1, 2, …), the mean after T
    examples is w + (w − Σ s_k·Δ_k)/T, so it is w iff Σ (s_k − 1)·Δ_k = 0. The first example is
    always a mistake (w = 0), so s_1 − 1 = 0 and every later update has a positive weight: a zero
    sum would be positive weights on y·x̃ adding up to 0, which separable data (the run converged)
    cannot have. So the average is the last w exactly when the first example made the only update.
    The same holds for the multiclass rule (its updates are Kesler's y·x̃ in one long vector)."""
    return mistakes == 1


def _converged_text(run):
    c = run.converged_epoch
    variant = VARIANTS[run.algorithm]
    if variant.converged:
        return _("Converged after {epochs}: {why}, which proves the training data linearly separable.").format(
            epochs=_epochs(c), why=_(variant.converged))
    if run.n_epochs > c:
        return _("Mistakes stopped in epoch {epoch}: that epoch made no mistake, which proves the training data "
                 "linearly separable.").format(epoch=_count(c)) + _epochs_tail(run)
    if run.early_stop and variant.runs_on:
        return _("Converged after {epochs} (early stop): the last epoch made no mistake, which proves the "
                 "training data linearly separable.").format(epochs=_epochs(c))
    return _("Converged after {epochs}: the last epoch made no mistake, which proves the training data "
             "linearly separable.").format(epochs=_epochs(c))


def _cycle_first(run, dataset_name):
    """The cycle's first sentence: what repeated, and (when exact arithmetic proved it) what that proves."""
    cy = run.cycle
    runs_on = VARIANTS[run.algorithm].runs_on  # averaged, voted: their answer is not the repeating w
    at = {"epoch": _count(cy["epoch"]),
          "every": ngettext("every epoch", "every {n} epochs", cy["period"]).format(n=_count(cy["period"]))}
    if getattr(run, "cycle_proved", True):
        if dataset_name == "XOR":
            text = (_("Cycling detected at epoch {epoch}: the online w repeats {every}, so XOR is not "
                      "linearly separable (the perceptron converges on separable data).") if runs_on else
                    _("Cycling detected at epoch {epoch}: the weights repeat {every}, so XOR is not "
                      "linearly separable (the perceptron converges on separable data)."))
        else:
            text = (_("Cycling detected at epoch {epoch}: the online w repeats {every}, so the data is not "
                      "linearly separable (the perceptron converges on separable data).") if runs_on else
                    _("Cycling detected at epoch {epoch}: the weights repeat {every}, so the data is not "
                      "linearly separable (the perceptron converges on separable data)."))
        return text.format(**at)
    first = (_("The weights repeated at epoch {epoch} ({every}) in floating point, so the online w would "
               "only go round again.") if runs_on else
             _("The weights repeated at epoch {epoch} ({every}) in floating point, so the run would only "
               "go round again."))
    out = first.format(**at) + " " + _(
        "This repeat is no proved cycle: checked in exact arithmetic, the lap's updates were not shown to add "
        "up to 0 (rounding can repeat w, e.g. when an update is too small to change w at its scale), so it "
        "says nothing about separability.")
    return out


def _unproved_cycle_tail(th):
    sep = th.get("separable")
    if th.get("reason") == "pending":
        return ""  # the theory request says it
    if sep is True:
        return " " + _("The data is linearly separable; rescaling the features (Standardize) may let it converge.")
    if sep is False:
        return " " + _("The data is not linearly separable all the same ({why}).").format(why=why_not_separable(th))
    return " " + _("Whether the data is separable could not be decided ({why}).").format(why=undecided_clause(th))


def _cycled_text(run, th, dataset_name):
    cy = run.cycle
    out = _cycle_first(run, dataset_name)
    if not getattr(run, "cycle_proved", True):
        out += _unproved_cycle_tail(th)
    if not th.get("bias", True) and (getattr(run, "cycle_proved", True) or th.get("separable") is False):
        # Without the bias "not separable" is about lines through the origin only (any such verdict).
        out += " " + _("With the bias off the line must pass through the origin; turn the bias on.")
    if run.n_epochs > cy["epoch"]:
        out += " " + _("Training went on for all {epochs} (MaxIter), as Algorithm 2 does.").format(
            epochs=_epochs(run.n_epochs))
    elif VARIANTS[run.algorithm].runs_on:
        out += " " + _("Early stop ended the run at the repeat; more epochs would only repeat the online w's lap, "
                       "but {what_moves}.").format(what_moves=_(VARIANTS[run.algorithm].past_cycle))
    return out


def _limit_text(run, th):
    sep = th.get("separable")
    if th.get("reason") == "pending":
        tail = ""  # the theory request says what the data is
    elif sep is True:
        tail = " " + _("The data is linearly separable, so more epochs would converge.")
    elif sep is False:
        tail = " " + _("The data is not linearly separable ({why}), so it can never converge.").format(
            why=why_not_separable(th))
        if not th.get("bias", True):  # data a line off the origin separates is not separable through it
            tail += " " + _("Turn the bias on (x̃ = (x, 1)) so the line need not pass through the origin.")
    else:
        tail = " " + _("Whether the data is linearly separable could not be decided ({why}); only if it is "
                       "would more epochs converge.").format(why=undecided_clause(th))
    return _("Stopped at the epoch limit ({epochs}) without converging.").format(epochs=_epochs(run.n_epochs)) + tail


def status_text(run, *, th, dataset_name, feature_map="none", feature_names=()):
    """One paragraph: how training ended and what that proves. feature_map, feature_names: the
    features the run trained on, where a map made them (XOR with poly2 is separable there, not in
    its own plane)."""
    if run.status == "converged":
        if feature_map != "none":
            return _converged_text(run) + " " + _(
                "Separable in the {fmap} features ({names}), the ones the perceptron trained on; in the plane of "
                "the data itself the boundary is a curve.").format(fmap=feature_map, names=", ".join(feature_names))
        return _converged_text(run)
    if run.status == "cycled":
        return _cycled_text(run, th, dataset_name)
    if run.limit == "votes":
        return _("Stopped after {epochs}: the voted perceptron already keeps {vectors} weight vectors, and every "
                 "one votes on every prediction (the storage cost the notes warn about). Try the averaged "
                 "perceptron: one vector.").format(epochs=_epochs(run.n_epochs), vectors=_count(len(run.model.votes[1])))
    return _limit_text(run, th)


def _promise(rule):
    """What the margin promises this run's rule, as a clause (core/rule.py's bound)."""
    if rule is not None and rule.margin:
        return _("the margin perceptron with τ = {tau} makes at most {formula} updates").format(
            tau=_short(rule.threshold), formula=rule.bound_formula)
    return _("the online perceptron makes at most (R/γ)² mistakes")


def _between(th, up):
    return " " + _("(the maximum is between {low} and {high})").format(low=_g(th["gamma"]), high=_g(up))


def separability_text(th, rule=None):
    """The note under the theory numbers: is the training data separable, and how do we know
    (rule: the run's update rule, whose bound it names; None: the online perceptron's)."""
    sep, reason = th.get("separable"), th.get("reason")
    promise = _promise(rule)
    if reason == "pending":
        return _("Computing the margin…")
    if sep is True and reason == "margin":
        return _("The training data is linearly separable (the max-margin u has margin γ > 0): {promise}.").format(
            promise=promise)
    if sep is True and reason == "rescaled margin":
        up = th.get("gamma_upper")
        return _("The training data is linearly separable: a unit u found with the features z-scored has margin "
                 "γ = {gamma} > 0 on the raw training data (checked on every point), so {promise}. The margin "
                 "solver could not resolve the maximum margin of the raw features (γ/R = {ratio}), so this γ is "
                 "a lower bound on it{between}, and the bound may be looser than the maximum's.").format(
            gamma=_g(th["gamma"]), promise=promise, ratio=_g(th["gamma"] / th["R"]),
            between=_between(th, up) if up else "")
    if sep is True and reason == "margin lower bound":
        up = th.get("gamma_upper")
        return _("The training data is linearly separable: a unit u has margin γ > 0 on it, so {promise}. But "
                 "{out_of_time}, so this γ is a lower bound on the maximum margin{between}, and the bound may be "
                 "looser than the maximum's.").format(
            promise=promise, out_of_time=_out_of_time(th),
            between=_between(th, up) if up and th.get("gamma") else "")
    if sep is True:
        why = (_("the margin solver runs for up to {points} points").format(points=_count(THEORY_MAX_POINTS))
               if th.get("n", 0) > THEORY_MAX_POINTS else
               _out_of_time(th) if th.get("budget") else _("its margin is too small to compute here"))
        formula = "(R/γ)²" if rule is None else rule.bound_formula
        return _("The training data is linearly separable: this run converged, which proves it. But {why}, "
                 "so no bound {formula} is shown.").format(why=why, formula=formula)
    if sep is False:
        out = _("Not linearly separable: {why}. No margin, no bound.").format(why=why_not_separable(th))
        if not th.get("bias", True):  # the verdict is about lines through the origin only
            out += " " + _("Turning the bias on (x̃ = (x, 1)) lets the line move off the origin.")
        return out
    return _("Separability could not be decided: {why}. No bound is shown.").format(why=undecided_clause(th))


def bound_text(run, th):
    """The bound (R/γ)² against this run's mistakes, saying what the theorem covers; '' without a bound."""
    b = th.get("bound")
    if th.get("separable") is not True or b is None:
        return ""
    off_path = VARIANTS[run.algorithm].off_path
    if off_path:
        return _("The bound (R/γ)² = {bound} counts the updates of the online perceptron, one example at a "
                 "time. {off_path}, so the theorem says nothing about its {mistakes} misclassifications (shown "
                 "for reference).").format(bound=_g(b), off_path=_(off_path), mistakes=_count(run.mistakes))
    verdict = bound_verdict(run.mistakes, th)
    rule = run.rule
    if rule.margin:  # its own bound, counting updates (a correct example within τ updates too)
        sign = {"≤": "≤", "=": "=", "≈": "≈"}.get(verdict, ">")
        held = (_("the margin perceptron's bound holds on this run") if sign != ">" else
                _("rounding broke the bound's exact arithmetic"))
        return _("updates {updates} {sign} bound {formula} = {bound} (τ = {tau}, η = {eta}): {verdict}.").format(
            updates=_count(run.n_updates), sign=sign, formula=rule.bound_formula, bound=_g(b),
            tau=_short(rule.threshold), eta=_short(run.eta), verdict=held)
    m = _count(run.mistakes)
    if verdict == "≤":
        return _("mistakes {mistakes} ≤ bound {bound}: Novikoff's theorem holds on this run.").format(
            mistakes=m, bound=_g(b))
    if verdict == "=":
        return _("mistakes {mistakes} = bound (R/γ)² = {bound} exactly (checked in exact arithmetic): "
                 "Novikoff's theorem holds on this run, with equality.").format(mistakes=m, bound=_g(b))
    if verdict == "≈":
        return _("mistakes {mistakes} meet the bound: the computed (R/γ)² = {bound} is below {mistakes} by less "
                 "than its rounding error, so this run is at Novikoff's bound as far as floating point can "
                 "tell.").format(mistakes=m, bound=number(repr(b)))
    return _("mistakes {mistakes} > bound {bound}: rounding broke the theorem's exact arithmetic.").format(
        mistakes=m, bound=_g(b))


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
    units = (" " + _("The weights are in standardized units (per standard deviation of each feature, with the "
                     "training split's mean and deviation); the boundary plot draws the same boundary in the raw "
                     "units.") if standardized else "")
    return VARIANTS[run.algorithm].classifier(run, train_accuracy, last_accuracy) + units


def split_text(*, n_test, separable_all, separable_train):
    """A warning about the train/test split, or ''."""
    out = []
    if n_test and n_test < MIN_TEST_POINTS:
        out.append(ngettext("Only {n} test point: each is {share}% of the test accuracy, so it says little about "
                            "unseen data.",
                            "Only {n} test points: each is {share}% of the test accuracy, so it says little about "
                            "unseen data.", n_test).format(n=_count(n_test), share=number(f"{100 / n_test:.0f}")))
    if separable_all is not None and separable_train is not None and separable_all != separable_train:
        out.append(_("Holding out the test points changed separability: the training part is linearly separable, "
                     "the whole data is not linearly separable.") if separable_train else
                   _("Holding out the test points changed separability: the training part is not linearly "
                     "separable, the whole data is linearly separable."))
    return " ".join(out)


def proof_missing_text(run, th):
    """Why the proof plot (u·w_t ≥ tγ, ‖w_t‖ ≤ √t·R along the online path) is not shown; '' if it is."""
    sep = th.get("separable")
    if sep is True and th.get("gamma") is not None:
        if VARIANTS[run.algorithm].no_proof:
            return _(VARIANTS[run.algorithm].no_proof)
        if not run.n_updates:
            return _("No proof plot: this run made no update.")
        return ""
    if th.get("reason") == "pending":
        return _("The proof plot waits for the margin γ (computing the margin…).")
    if sep is True:
        why = _out_of_time(th) if th.get("budget") else _("its margin γ is too small to compute here")
        return _("No proof plot: the data is linearly separable (this run converged), but {why}, "
                 "so there is no u to plot against.").format(why=why)
    if sep is False:
        return _("No proof plot: the data is not linearly separable ({why}), so there is no margin γ and no "
                 "bound.").format(why=why_not_separable(th))
    return _("No proof plot: separability could not be decided ({why}).").format(why=undecided_clause(th))
