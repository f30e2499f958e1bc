"""The theory request: R, γ, the bound (R/γ)² and the separability verdict of the session's
run, after the page has shown its first picture (a train request with theory: "later").

The run is the session's (no data is sent again). Every Fit answers it through the same methods
(fit.py): theory_done, complete_theory (the margin solver gets MARGIN_SECONDS, linear_theory.py;
past them the answer says what could be proved) and theory_json."""

from . import session


def theory_request(request, progress=None):
    f = session.current()
    if not f.theory_done:
        f.complete_theory()
    return {"ok": True, **f.theory_json()}
