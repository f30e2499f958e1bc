"""The bridge's "lesson" request: one step of a guided lesson (lessons/engine.py) for the page.

{cmd: "lesson"} -> {ok, lessons: [{number, title, steps}]}: the catalogue.
{cmd: "lesson", lesson: N, step: K, changes?: {link key: text}, data?: DATA, answer?: text,
 plot_px?: [w, h]} -> the step's view (title, text, question, check, reveal, run: its link keys)
and, for a plot the lab's main plots do not draw (the cosine of seed 002), its figure as a data URL.
"""

from ..errors import SettingsError
from ..theory.cosine import cosine_series

OWN_PLOTS = ("cosine",)  # drawn here; the others are the lab's own plots of the same run


def lesson_request(request):
    from .. import lessons  # lessons train through this package's fit: imported once it is loaded

    number = request.get("lesson")
    if number is None:
        return {"ok": True, "lessons": lessons.catalogue()}
    count = len(lessons.names())
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
        raise SettingsError(f"lesson must be a whole number from 1 to {count}.", field="lesson")
    lesson = lessons.lesson(number)
    k = request.get("step", 1)
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= len(lesson.steps):
        raise SettingsError(f"step must be a whole number from 1 to {len(lesson.steps)}.", field="step")
    changes = request.get("changes") or {}
    if not isinstance(changes, dict) or not all(isinstance(v, str) for v in changes.values()):
        raise SettingsError("changes must map link keys to their values as text.", field="changes")
    answer = request.get("answer")
    if answer is not None and not isinstance(answer, str):
        raise SettingsError("answer must be text.", field="answer")
    out = lessons.view(lesson, k, changes, request.get("data"), answer)
    out["lesson"] = number
    out["lesson_steps"] = [s.title for s in lesson.steps]
    if out["plot"] in OWN_PLOTS:
        out["figure"], out["figure_alt"] = cosine_picture(lesson.steps[k - 1], changes, request)
    return out


def cosine_picture(step, changes, request):
    """Seed 002's curve of the step's run, as a PNG data URL and its text alternative."""
    from ..plots import render, to_data_url
    from ..plots.cosine import cosine_figure
    from ..lessons.engine import step_facts

    _, f = step_facts(step, changes, request.get("data"))
    th, trace = f.known, f.run.trace
    if th.u is None or not len(trace.w):
        return None, "These examples are not separable: there is no cosine bound to draw."
    c = cosine_series(trace.w, th.u, th.gamma, th.R, t=trace.step)
    px = request.get("plot_px") or [640, 420]
    w, h = (int(min(max(v, 200), 2000)) for v in px)
    fig = cosine_figure(c["t"], c["cos"], c["floor"], c["t_max"], width_px=w, height_px=h,
                        dpr=float(request.get("dpr", 1) or 1))
    return to_data_url(render(fig, "png")), fig.alt_text
