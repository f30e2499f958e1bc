"""How an update turned w relative to x̃, in words: from the angle before and after it (the step
texts of the page and the CLI; texts/run.py has the run's other sentences)."""

import math

from ..i18n import N_, _, number


def _degrees(a):
    return number(f"{a:.1f}")


def angle_text(y, before, after, *, collinear=None, x_zero=False):
    """How the update turned w relative to x̃, from the two angles in degrees (None: w = 0).

    collinear: w before the update and x̃ are exactly parallel (checked exactly by the caller; None:
    judge from the angles). x_zero: x̃ = 0 (a point at the origin with the bias off)."""
    if x_zero:
        return _("x̃ = 0 (this point sits at the origin with the bias off): it has no direction, so w has no "
                 "angle to it, and the update adds η·y·x̃ = 0, leaving w as it was; y·(w·x̃) = 0 stays a mistake")
    if before is None and after is None:
        return _("w is 0 before and after, so it has no angle to x̃")
    if before is None:
        return _("w was 0 before the update, so the angle is defined only after it: {after}°").format(
            after=_degrees(after))
    if after is None:
        return _("the update made w = 0, so w has no angle to x̃ after it")
    same = math.isclose(before, after, abs_tol=1e-9) if collinear is None else collinear and round(before) == round(after)
    if same:
        return _("the angle stayed at {after}°: w and x̃ are collinear, so the update only changed "
                 "the length of w").format(after=_degrees(after))
    at = {"before": _degrees(before), "after": _degrees(after)}
    # A turn too small for the shown digits is said so; each case a whole sentence for translators.
    table = _SLIGHT_TURN if f"{before:.1f}" == f"{after:.1f}" else _TURN
    return _(table[after < before, y > 0]).format(**at)


# (the angle shrank, the example is positive) -> the sentence.
_SLIGHT_TURN = {
    (True, True): N_("the angle to this positive example shrank by less than 0.1° (about {after}° before and after): "
                     "w turned toward it only slightly"),
    (True, False): N_("the angle to this negative example shrank by less than 0.1° (about {after}° before and after): "
                      "w turned toward it only slightly"),
    (False, True): N_("the angle to this positive example grew by less than 0.1° (about {after}° before and after): "
                      "w turned away from it only slightly"),
    (False, False): N_("the angle to this negative example grew by less than 0.1° (about {after}° before and after): "
                       "w turned away from it only slightly"),
}
_TURN = {
    (True, True): N_("the angle to this positive example shrank from {before}° to {after}°: w turned toward it"),
    (True, False): N_("the angle to this negative example shrank from {before}° to {after}°: w turned toward it"),
    (False, True): N_("the angle to this positive example grew from {before}° to {after}°: w turned away from it"),
    (False, False): N_("the angle to this negative example grew from {before}° to {after}°: w turned away from it"),
}
