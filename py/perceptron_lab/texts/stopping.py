"""How a summary run stopped (converged, cycled, epoch limit), in one sentence: the status of the
kernel and multiclass runs (the primal variants' is texts.run's)."""

from .numbers import plural as _plural


def status_text(summ, dataset_name, what):
    e, m = summ["epochs"], summ["mistakes"]
    if summ["status"] == "converged":
        first = summ.get("converged_epoch") or e
        more = "" if first == e else (f"; the averaged answer kept moving, so all {e} epochs ran "
                                      "(Early stop ends it at the clean epoch)")
        return (f"{dataset_name}: the {what} converged: epoch {first} had no mistake "
                f"({_plural(m, 'mistake')} in all){more}.")
    if summ["status"] == "cycled":
        c = summ["cycle"]
        ago = f"{_plural(c['period'], 'epoch')} earlier"
        proved = summ.get("cycle_proved") is not False
        # A repeat of floats only, unless exact arithmetic confirmed it (cycle_proof).
        caveat = "" if proved else (" That is no proved cycle: checked in exact arithmetic, the lap's updates "
                                    "were not shown to add up to 0 (rounding can repeat a state), so it says "
                                    "nothing about separability.")
        if not proved and summ.get("cycle_checked") is False:
            caveat = (" That repeat is observed, not proved: no exact check applies to these kernel values (the RBF "
                      "kernel's exponentials, a normalized kernel's square roots, or a lap too large to check "
                      "exactly), and rounding can repeat a state, so it says nothing about separability.")
        floats = "" if proved else " in floating point"
        if e > c["epoch"]:
            # The averaged answer runs on to MaxIter after the online W repeats (Algorithm 2).
            return (f"{dataset_name}: the {what}: after epoch {c['epoch']} the online weights are back where they were {ago}{floats}; "
                    f"the averaged answer kept moving, so all {e} epochs ran ({_plural(m, 'mistake')} in all)."
                    f"{caveat}")
        if summ.get("average"):
            # Early stop ended the averaged run at the cycle: only the online W repeats; more epochs
            # would average in more laps, moving the mean (the answer) toward the lap's mean W; it
            # stays put only when it already is that mean (a sweep found such a run), so say both.
            return (f"{dataset_name}: the {what} stopped after epoch {c['epoch']} (early stop): the online weights are "
                    f"back where they were {ago}{floats} and would only repeat that lap, but more epochs would "
                    f"move the averaged answer toward the mean W of that lap, unless it already is that mean ({_plural(m, 'mistake')} so far).{caveat}")
        if proved:
            # The lap repeats, not one W: more epochs would end on the lap's other weights (period >= 2).
            return (f"{dataset_name}: the {what} cycles: after epoch {c['epoch']} it is back where it was {ago}, so more "
                    f"epochs would only repeat that lap ({_plural(m, 'mistake')} so far).")
        return (f"{dataset_name}: the {what} stopped after epoch {c['epoch']}: it is back where it was {ago}{floats}, so more "
                f"epochs would only repeat ({_plural(m, 'mistake')} so far).{caveat}")
    return f"{dataset_name}: the {what} stopped at the epoch limit ({e}) with {_plural(m, 'mistake')}."
