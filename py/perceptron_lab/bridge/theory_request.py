"""The theory request: R, γ, the bound (R/γ)² and the separability verdict of the session's
run, after the page has shown its first picture (a train request with theory: "later").

The run is the session's (no data is sent again). The margin solver gets MARGIN_SECONDS
(linear_theory.py); past them the answer says what could be proved. Families that know their
theory with the run (kernel, multiclass) answer what their train answer said."""

from . import session


def theory_request(request, progress=None):
    f = session.current()
    if not hasattr(f, "theory_json"):
        return {"ok": True, "theory_pending": False}
    if not f.theory_done:
        f.complete_theory()
    return {"ok": True, **f.theory_json()}
