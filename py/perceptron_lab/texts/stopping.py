"""How a summary run stopped (converged, cycled, epoch limit), in one sentence: the status of the
kernel and multiclass runs (the primal variants' is texts.run's)."""

from ..i18n import _, ngettext, count as _count


def _mistakes(m):
    return ngettext("{n} mistake", "{n} mistakes", m).format(n=_count(m))


def _ago(period):
    return ngettext("{n} epoch earlier", "{n} epochs earlier", period).format(n=_count(period))


def _caveat(summ, proved):
    """Why a repeat of floats says nothing, unless exact arithmetic confirmed it (cycle_proof)."""
    if proved:
        return ""
    if summ.get("cycle_checked") is False:
        return " " + _("That repeat is observed, not proved: no exact check applies to these kernel values (the RBF "
                       "kernel's exponentials, a normalized kernel's square roots, or a lap too large to check "
                       "exactly), and rounding can repeat a state, so it says nothing about separability.")
    return " " + _("That is no proved cycle: checked in exact arithmetic, the lap's updates were not shown to add "
                   "up to 0 (rounding can repeat a state), so it says nothing about separability.")


def _epochs(k):
    return ngettext("{n} epoch", "{n} epochs", k).format(n=_count(k))


def status_text(summ, dataset_name, what):
    """Shaped as the primal variants' status (texts.run): the event first ("Converged after…",
    "Cycling detected at epoch…", "Stopped at the epoch limit…"), then the model it names."""
    e, m = summ["epochs"], summ["mistakes"]
    at = {"model": what, "epochs": _epochs(e), "mistakes": _mistakes(m)}
    if summ["status"] == "converged":
        first = summ.get("converged_epoch") or e
        if first == e:
            return _("Converged after {first}: the last epoch made no mistake ({mistakes} in all), so the {model} "
                     "classifies every training example correctly.").format(first=_epochs(first), **at)
        if m == 1:  # the first example's update was the only one: the mean is that W (run.average_is_last_w)
            return _("Mistakes stopped in epoch {first}: that epoch made no mistake ({mistakes} in all); all {epochs} "
                     "of the {model} ran, as Algorithm 2 does, but the averaged answer already equalled the last W, so "
                     "they left it where it was (Early stop ends it at the clean epoch).").format(first=_count(first), **at)
        return _("Mistakes stopped in epoch {first}: that epoch made no mistake ({mistakes} in all), but the averaged "
                 "answer kept moving, so all {epochs} of the {model} ran (Early stop ends it at the clean "
                 "epoch).").format(first=_count(first), **at)
    if summ["status"] == "cycled":
        c = summ["cycle"]
        proved = summ.get("cycle_proved") is not False
        caveat = _caveat(summ, proved)
        at.update(epoch=_count(c["epoch"]), ago=_ago(c["period"]))
        if e > c["epoch"]:
            # The averaged answer runs on to MaxIter after the online W repeats (Algorithm 2); whether
            # it moved depends on whether it already was the lap's mean W, which the run does not keep.
            text = (_("Cycling detected at epoch {epoch}: the online weights of the {model} are back where they "
                      "were {ago}; all {epochs} ran all the same, as Algorithm 2 does ({mistakes} in all).")
                    if proved else
                    _("The online weights of the {model} repeated at epoch {epoch}, back where they were {ago} in "
                      "floating point; all {epochs} ran all the same, as Algorithm 2 does ({mistakes} in all)."))
            return text.format(**at) + caveat
        if summ.get("average"):
            # Early stop ended the averaged run at the cycle: only the online W repeats; more epochs
            # would average in more laps, moving the mean (the answer) toward the lap's mean W; it
            # stays put only when it already is that mean (a sweep found such a run), so say both.
            text = (_("Cycling detected at epoch {epoch} (early stop): the online weights of the {model} are back "
                      "where they were {ago} and would only repeat that lap, but more epochs would move the averaged "
                      "answer toward the mean W of that lap, unless it already is that mean ({mistakes} so far).")
                    if proved else
                    _("The online weights of the {model} repeated at epoch {epoch} (early stop), back where they "
                      "were {ago} in floating point, and would only repeat that lap, but more epochs would move the "
                      "averaged answer toward the mean W of that lap, unless it already is that mean ({mistakes} so "
                      "far)."))
            return text.format(**at) + caveat
        if proved:
            # The lap repeats, not one W: more epochs would end on the lap's other weights (period >= 2).
            return _("Cycling detected at epoch {epoch}: the {model} is back where it was {ago}, so more epochs "
                     "would only repeat that lap ({mistakes} so far).").format(**at)
        return _("The {model} repeated at epoch {epoch}: it is back where it was {ago} in floating point, so more "
                 "epochs would only repeat ({mistakes} so far).").format(**at) + caveat
    return _("Stopped at the epoch limit ({epochs}) without converging: the {model} made {mistakes}.").format(**at)
