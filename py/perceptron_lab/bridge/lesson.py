"""The bridge's "lesson" request: one step of a guided lesson (lessons/engine.py) for the page.

{cmd: "lesson"} -> {ok, lessons: [{number, title, steps}]}: the catalogue.
{cmd: "lesson", lesson: N, step: K, changes?: {link key: text}, data?: DATA, answer?: text,
 plot_px?: [w, h]} -> the step's view (title, text, question, check, reveal, run: its link keys)
and, for a step whose plot is not the stage's boundary (proof, mistakes, cycle, seed 002's cosine),
that figure of the step's run as a data URL.
"""

from ..errors import SettingsError
from ..theory.cosine import cosine_series
from .linear_fit import fit
from ..i18n import _

STAGE_PLOT = "boundary"  # the lab's stage shows it, moving; any other kind is drawn here beside the text


def lesson_request(request):
    from .. import lessons  # on the first lesson request: the page's start-up does not load them

    number = request.get("lesson")
    if number is None:
        return {"ok": True, "lessons": lessons.catalogue()}
    count = len(lessons.names())
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
        raise SettingsError(_("lesson must be a whole number from 1 to {count}.").format(count=count), field="lesson")
    lesson = lessons.lesson(number)
    k = request.get("step", 1)
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= len(lesson.steps):
        raise SettingsError(_("step must be a whole number from 1 to {n}.").format(n=len(lesson.steps)), field="step")
    changes = request.get("changes") or {}
    if not isinstance(changes, dict) or not all(isinstance(v, str) for v in changes.values()):
        raise SettingsError(_("changes must map link keys to their values as text."), field="changes")
    answer = request.get("answer")
    if answer is not None and not isinstance(answer, str):
        raise SettingsError(_("answer must be text."), field="answer")
    out = lessons.view(lesson, k, changes, request.get("data"), answer, fit=fit)
    out["lesson"] = number
    out["lesson_steps"] = [s.title for s in lesson.steps]
    if out["plot"] != STAGE_PLOT:
        out["figure"], out["figure_alt"] = step_picture(out["plot"], lesson.steps[k - 1], changes, request)
    return out


def box(request):
    px = request.get("plot_px") or [640, 420]
    if not isinstance(px, list) or len(px) != 2 or not all(isinstance(v, (int, float)) for v in px):
        raise SettingsError(_("plot_px must be [width, height] in CSS pixels."), field="plot_px")
    return [int(min(max(v, 200), 2000)) for v in px]


def dpr_of(request):
    """The screen's pixel ratio, within the plots' range (1 to 4)."""
    d = request.get("dpr", 1)
    return 1.0 if isinstance(d, bool) or not isinstance(d, (int, float)) else float(min(max(d, 1), 4))


def step_picture(kind, step, changes, request):
    """The step's plot as a PNG data URL and its text alternative: the lab's own figure of that
    kind (bridge/figures.py) for the step's run, or seed 002's cosine curve."""
    from ..plots import render, to_data_url
    from ..lessons.engine import step_facts
    from .figures import PLOT_KINDS, figure

    _step, f = step_facts(step, changes, request.get("data"), fit=fit)
    if kind == "cosine":
        return cosine_picture(f, request)
    if kind not in PLOT_KINDS:
        raise SettingsError(_("A lesson cannot show a {kind} plot.").format(kind=repr(kind)), field="plot")
    fig, alt = figure(kind, f, px=box(request))
    if fig is None:
        return None, None
    return to_data_url(render(fig, "png")), alt


def cosine_picture(f, request):
    """Seed 002's curve of the step's run, as a PNG data URL and its text alternative."""
    from ..plots import render, to_data_url
    from ..plots.cosine import cosine_figure

    th, trace = f.known, f.run.trace
    if th.u is None or not len(trace.w):
        return None, "These examples are not separable: there is no cosine bound to draw."
    c = cosine_series(trace.w, th.u, th.gamma, th.R, t=trace.step)
    w, h = box(request)
    fig = cosine_figure(c["t"], c["cos"], c["floor"], c["t_max"], width_px=w, height_px=h,
                        dpr=dpr_of(request))
    return to_data_url(render(fig, "png")), fig.alt_text
