"""Text of the plots: number formatting, user strings made safe for matplotlib, and the text
alternatives (alt text) of every figure. Pure Python + numpy: no matplotlib here, so the
alt texts are testable (and usable by the CLI) without a plotting library."""

from __future__ import annotations

import math
import re

import numpy as np

from ..i18n import _, ngettext, number, number_separator
from .spoken_numbers import spoken_number

__all__ = [
    "format_number", "spoken_number", "plain", "equation", "expanded_names", "label_text", "describe_boundary",
    "describe_mistakes", "describe_accuracy", "describe_proof", "describe_cycle",
    "describe_trajectory", "describe_projection", "describe_weights",
    "angle_deg",
]

MAX_NAME = 60            # characters of a user string shown on a plot
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def plain(s, max_len=MAX_NAME):
    """A user string (feature name, label, data set name) as matplotlib must get it to draw
    it literally: every '$' escaped (no math text, whatever the dollars), control characters
    (newlines, ESC) as spaces, at most max_len characters. Backslashes stay literal: outside
    math text matplotlib only reads the sequence '\\$', and every '$' here is escaped."""
    s = _CONTROL.sub(" ", str(s))
    if max_len is not None and len(s) > max_len:
        s = s[:max_len - 1].rstrip() + "…"
    return s.replace("$", r"\$")


def format_number(v):
    """A short, plain number: 3 significant digits, at least one decimal (20 -> '20.0'),
    a real minus sign. Very large or small numbers in e-notation."""
    v = float(v)
    if not math.isfinite(v):
        return "∞" if v > 0 else ("−∞" if v < 0 else "nan")
    if v == 0:
        return number("0.0")
    a = abs(v)
    if a >= 1e5 or a < 1e-3:
        s = f"{a:.3g}"
    else:
        decimals = max(1, 2 - math.floor(math.log10(a)))
        s = f"{a:.{decimals}f}"
        if "." in s:
            s = s.rstrip("0")
            if s.endswith("."):
                s += "0"
    return number(("−" if v < 0 else "") + s)


def _count(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def equation(w, names, fit_intercept, max_terms=12):
    """'20·x1 + 20·x2 − 30 = 0' (zero weights left out; numbers as spoken_number writes them)."""
    w = np.asarray(w, dtype=float)
    coef = w[:-1] if fit_intercept else w
    terms = [(c, n) for c, n in zip(coef, names) if c != 0]
    extra = 0
    if len(terms) > max_terms:
        extra = len(terms) - max_terms
        terms = sorted(terms, key=lambda t: -abs(t[0]))[:max_terms]
        order = {n: i for i, n in enumerate(names)}
        terms.sort(key=lambda t: order[t[1]])
    parts = [(c, f"{spoken_number(abs(c))}·{n}") for c, n in terms]
    if fit_intercept and w[-1] != 0:
        parts.append((w[-1], spoken_number(abs(w[-1]))))
    if not parts:
        return "0 = 0"
    out = ("−" if parts[0][0] < 0 else "") + parts[0][1]
    for c, s in parts[1:]:
        out += (" − " if c < 0 else " + ") + s
    if extra:
        out += " + … " + ngettext("({n} smaller term not read out)", "({n} smaller terms not read out)",
                                 extra).format(n=extra)
    return out + " = 0"


def expanded_names(feature_names, n_weights, fit_intercept, feature_map):
    """The names of the components of x̃ (without the bias): the features, their degree-2
    products for poly2, or x1, x2, ... when the names do not fit."""
    d = n_weights - (1 if fit_intercept else 0)
    names = [str(n) for n in feature_names] if feature_names is not None else None
    if names is not None and len(names) == d:
        return names
    if names is not None and feature_map == "poly2":
        from ..core.features import poly2_names
        expanded = poly2_names(names)
        if len(expanded) == d:
            return expanded
    return [f"x{i + 1}" for i in range(d)]


def label_text(label_names, sign):
    """The original label behind internal label sign (+1/-1), or '+1' / '−1'."""
    if label_names:
        for key in (sign, str(sign), f"{sign:+d}"):
            if key in label_names:
                text = str(label_names[key])
                return "−1" if text == "-1" else text
    return "+1" if sign > 0 else "−1"


def class_label(label_names, sign):
    """'malignant (+1)', or '+1' when the labels are the signs themselves."""
    s = label_text(label_names, sign)
    return s if s in ("+1", "−1") else f"{s} ({'+1' if sign > 0 else '−1'})"


def angle_deg(a, b):
    """Angle between vectors a and b in degrees; None if either is 0."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    na, nb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    if na == 0 or nb == 0:
        return None
    # 2·atan2(|â − b̂|, |â + b̂|): exact 0° for parallel vectors (arccos of a rounded cosine is not)
    ua, ub = a / na, b / nb
    return float(np.degrees(2 * math.atan2(float(np.linalg.norm(ua - ub)), float(np.linalg.norm(ua + ub)))))


# --------------------------------------------------------------------------- alt texts


def describe_boundary(w, feature_names, fit_intercept, feature_map, n_wrong, n,
                      *, label_names=None, vote=False):
    """Text alternative of a boundary plot, e.g.
    'Decision boundary 20·x1 + 20·x2 − 30 = 0; 0 of 4 points misclassified.'
    w may be None for a model given only as a decision function. vote=True: the regions
    are a vote of weight vectors (the voted perceptron's) and the line is the last of them (given as w)."""
    wrong = _("{wrong} of {n} points misclassified").format(wrong=int(n_wrong), n=int(n))
    if vote:
        s = _("Decision regions of the voted perceptron; {wrong} by the vote.").format(wrong=wrong)
        if w is not None and np.any(w):
            names = expanded_names(feature_names, len(w), fit_intercept, feature_map)
            s += " " + _("The line drawn is the last weight vector, {equation}, one of the voters, not the voted "
                         "classifier.").format(equation=equation(w, names, fit_intercept))
        return s
    wrong += "."
    if w is None:
        return _("Decision regions of the model shown; {wrong}").format(wrong=wrong)
    w = np.asarray(w, dtype=float)
    if not np.any(w):
        plus = label_text(label_names, 1)
        if plus != "+1":
            plus = _("{label} (the +1 class)").format(label=plus)
        return _("w = 0: no decision boundary, every point is predicted {label}; {wrong} (Training counts "
                 "y·(w·x̃) ≤ 0 as a mistake, so at w = 0 every example is one.)").format(label=plus, wrong=wrong)
    names = expanded_names(feature_names, len(w), fit_intercept, feature_map)
    eq = equation(w, names, fit_intercept)
    coef = w[:-1] if fit_intercept else w
    if not np.any(coef):
        side = "+1" if w[-1] >= 0 else "−1"
        return _("Only the bias is non-zero ({bias}): no boundary, every point is predicted {side}; {wrong}").format(
            bias=spoken_number(w[-1]), side=side, wrong=wrong)
    kind = _("Decision boundary {equation}; {wrong}") if feature_map == "none" else \
        _("Decision boundary (a curve: linear in the degree-2 features) {equation}; {wrong}")
    return kind.format(equation=eq, wrong=wrong)


def _list_numbers(values, limit=12):
    vals = [str(int(v)) if float(v).is_integer() else format_number(v) for v in values]
    sep = number_separator()
    if len(vals) <= limit:
        return sep.join(vals)
    return sep.join(vals[:limit // 2]) + sep + "…" + sep + sep.join(vals[-(limit // 2):])


def describe_mistakes(epoch_mistakes, bound=None, *, online_bound=True, what="mistake", bound_name="(R/γ)²"):
    """Text alternative of the mistakes plot, with the per-epoch counts, the total and the
    bound. online_bound=False (batch): the bound is a theorem about online updates, so the
    total is not compared with it."""
    m = [int(v) for v in epoch_mistakes]
    if not m:
        return _("No epochs were run, so there are no mistakes to show.")
    total = sum(m)
    upd = what == "update"
    s = ((ngettext("Updates per epoch over {n} epoch: {counts};", "Updates per epoch over {n} epochs: {counts};", len(m))
          if upd else ngettext("Mistakes per epoch over {n} epoch: {counts};",
                               "Mistakes per epoch over {n} epochs: {counts};", len(m))).format(
        n=len(m), counts=_list_numbers(m)) + " "
         + (ngettext("{total} update in total, {last} in the last epoch.",
                     "{total} updates in total, {last} in the last epoch.", total) if upd else
            ngettext("{total} mistake in total, {last} in the last epoch.",
                     "{total} mistakes in total, {last} in the last epoch.", total)).format(total=total, last=m[-1]))
    if bound is not None and math.isfinite(bound):
        if online_bound:
            within = total <= bound
            s += " " + ((_("Update bound {formula} = {value}: the total is within it.") if within else
                         _("Update bound {formula} = {value}: the total is above it.")) if upd else
                        (_("Mistake bound {formula} = {value}: the total is within it.") if within else
                         _("Mistake bound {formula} = {value}: the total is above it."))).format(
                formula=bound_name, value=format_number(bound))
        else:
            s += " " + _("The online perceptron's bound (R/γ)² = {value} is shown for reference only: it counts "
                         "online updates, and batch makes other steps.").format(value=format_number(bound))
    return s


def describe_accuracy(train_acc, test_acc=None):
    """Text alternative of the accuracy plot."""
    tr = [v for v in (float(a) for a in train_acc)]
    if not tr:
        return _("No epochs were run, so there is no accuracy to show.")
    known = [v for v in tr if math.isfinite(v)]
    if not known:
        s = ngettext("Training accuracy per epoch over {n} epoch was too costly to compute.",
                     "Training accuracy per epoch over {n} epochs was too costly to compute.", len(tr)).format(n=len(tr))
    else:
        s = ngettext("Training accuracy per epoch over {n} epoch: from {first} to {last}, best {best}.",
                     "Training accuracy per epoch over {n} epochs: from {first} to {last}, best {best}.",
                     len(tr)).format(n=len(tr), first=format_number(known[0]), last=format_number(known[-1]),
                                     best=format_number(max(known)))
    if test_acc is not None:
        te = np.atleast_1d(np.asarray(test_acc, dtype=float))
        if te.size:
            s += " " + _("Test accuracy {value}.").format(value=format_number(te[-1]))
    return s


def describe_proof(t, u_dot_w, w_norm, *, gamma=None, R=None, bound=None, upto=None, eta=1.0, claim2="√t·R",
                   bound_name="(R/γ)²", rescales=True):
    """Text alternative of the proof plot at step upto (default: the last). The series are in
    units of η (w/η) when eta != 1, and the text says so. R: the coefficient of √t in Claim 2's bound
    (claim2 names it); rescales: does η only rescale the run (not for the margin perceptron)."""
    t = np.asarray(t, dtype=float)
    if t.size == 0:
        return _("No updates were made, so the proof has nothing to show.")
    k = len(t) - 1 if upto is None else max(0, int(np.searchsorted(t, upto, side="right")) - 1)
    scaled = float(eta) != 1.0
    w = "w/η" if scaled else "w"
    s = ngettext("After t = {t} update:", "After t = {t} updates:", int(t[k])).format(t=int(t[k])) + " "
    if u_dot_w is not None:
        s += f"u·{w} = {format_number(u_dot_w[k])}"
        if gamma is not None:
            s += " " + _("(lower bound t·γ = {value})").format(value=format_number(t[k] * gamma))
        s += ", "
    s += f"‖{w}‖ = {format_number(w_norm[k])}"
    if R is not None:
        s += " " + _("(upper bound {claim} = {value})").format(claim=claim2, value=format_number(math.sqrt(t[k]) * R))
    s += "."
    if bound is not None:
        s += " " + _("The two bounds meet at t = {formula} = {value}.").format(formula=bound_name,
                                                                             value=format_number(bound))
    if scaled and not rescales:
        s += " " + _("The weights are divided by η = {eta}: the proof follows w/η, which grows by y·x̃ per update "
                     "(η changes which examples update, through τ/η, so it is not a mere rescaling).").format(
            eta=format_number(eta))
    elif scaled:
        s += " " + _("The weights are divided by η = {eta}: from w = 0 a run with η is η times the run with η = 1, "
                     "so w/η is the path the proof is about.").format(eta=format_number(eta))
    return s


def describe_cycle(W_cycle, repeating_w, *, period, epoch, names=None, fit_intercept=True):
    """Text alternative of the cycle figure."""
    k = len(W_cycle)
    sep = number_separator()
    rep = "w = 0" if not np.any(repeating_w) else \
        "w = (" + sep.join(format_number(v) for v in repeating_w) + ")"
    s = (ngettext("Cycling: after epoch {epoch} the weights are back to {w}, as {n} epoch earlier,",
                  "Cycling: after epoch {epoch} the weights are back to {w}, as {n} epochs earlier,",
                  int(period)).format(epoch=int(epoch), w=rep, n=int(period)) + " "
         + ngettext("so the same {k} update repeats forever under this fixed order.",
                    "so the same {k} updates repeat forever under this fixed order.", k).format(k=k))
    if k:
        shown = "; ".join("(" + sep.join(format_number(v) for v in w) + ")" for w in W_cycle[:8])
        more = "; … " + _("({n} more)").format(n=k - 8) if k > 8 else ""
        s += " " + _("The weight vectors of one cycle: {vectors}.").format(vectors=shown + more)
    return s


def describe_trajectory(t, angle_u, angle_final, *, separable_u=True):
    """Text alternative of the w-trajectory figure."""
    t = np.asarray(t, dtype=float)
    if t.size == 0:
        return _("No updates were made, so w never moved from 0.")
    s = ngettext("Direction of w over {n} update", "Direction of w over {n} updates", int(t[-1])).format(n=int(t[-1]))
    parts = []
    if angle_u is not None:
        a = [v for v in angle_u if v is not None and math.isfinite(v)]
        if a:
            parts.append(_("angle to the separator u from {first}° to {last}°").format(
                first=format_number(a[0]), last=format_number(a[-1])))
    af = [v for v in angle_final if v is not None and math.isfinite(v)]
    if af:
        parts.append(_("angle to the final w from {first}° to {last}°").format(
            first=format_number(af[0]), last=format_number(af[-1])))
    s += (": " + "; ".join(parts) + ".") if parts else "."
    return s


def describe_projection(scores, y, *, label_names=None, score_label="w·x̃"):
    """Text alternative of the w·x̃ projection figure (score_label: what the score is)."""
    scores, y = np.asarray(scores, dtype=float), np.asarray(y).reshape(-1)
    pred = np.where(scores >= 0, 1, -1)
    wrong = pred != y
    out = [_("Scores {score} of {n} points, threshold 0 (score ≥ 0 predicts {label}).").format(
        score=score_label, n=len(y), label=label_text(label_names, 1))]
    for sign in (1, -1):
        sel = y == sign
        if sel.any():
            out.append(_("{label}: {n} points, scores {low} to {high}, {wrong} on the wrong side.").format(
                label=label_text(label_names, sign), n=int(sel.sum()), low=format_number(scores[sel].min()),
                high=format_number(scores[sel].max()), wrong=int((wrong & sel).sum())))
    out.append(_("{wrong} of {n} misclassified.").format(wrong=int(wrong.sum()), n=len(y)))
    return " ".join(out)


def describe_weights(w, names, *, fit_intercept=True, standardized=False, limit=12, feature_map="none"):
    """Text alternative of the weights chart (largest |w| first)."""
    w = np.asarray(w, dtype=float)
    coef = w[:-1] if fit_intercept else w
    order = np.argsort(-np.abs(coef), kind="stable")
    items = [f"{names[i]} {format_number(coef[i])}" for i in order[:limit]]
    sep = number_separator()
    more = sep + "… " + _("({n} more)").format(n=len(coef) - limit) if len(coef) > limit else ""
    s = ngettext("Weights of {n} feature, largest magnitude first: {weights}.",
                 "Weights of {n} features, largest magnitude first: {weights}.", len(coef)).format(
        n=len(coef), weights=sep.join(items) + more)
    if fit_intercept:
        s += " " + _("Bias {value}.").format(value=format_number(w[-1]))
    if standardized and feature_map != "none":
        s += " " + _("The inputs are standardized, but the feature map's products and squares of z-scores are "
                     "not z-scores themselves, so a weight's size is not an importance.")
    elif standardized:
        s += " " + _("The features are standardized: each weight is per standard deviation of its feature, in "
                     "standardized units. Correlated features share their effect, so a size alone is no importance.")
    else:
        s += " " + _("The features are not standardized: a weight's size depends on its feature's "
                     "units, so it is not an importance.")
    return s
