"""One lesson step for one student: its runs trained, its facts computed, its text filled and
kept true, its question asked and, given an answer, checked and explained. Pure: the lesson comes
parsed (library.py reads the files)."""

from . import facts as run_facts_module, questions, runs
from .words import fill, shown


def step_facts(step, changes=None, data=None, *, fit):
    """(facts, the step's own fit): every run of the step trained by fit (the bridge's linear_fit.fit);
    named runs' facts as name.x. data (a teacher's own): used where the step allows it
    (runs.takes_own_data), else the step's."""
    if not runs.takes_own_data(step):
        data = None
    fits = {name: runs.train(links, data, fit=fit) for name, links in runs.step_links(step, changes).items()}
    base = run_facts_module.run_facts(fits[""])
    out = dict(base)
    for name, f in fits.items():
        if name:
            out.update(run_facts_module.compared(name, base, run_facts_module.run_facts(f)))
    return out, fits[""]


def view(lesson, k, changes=None, data=None, answer=None, *, fit):
    """Step k (1-based) of the lesson as the page shows it: title, plot, the run's link keys, the
    text before the question, the question, and (with an answer) the check and the reveal."""
    if not 1 <= k <= len(lesson.steps):
        raise IndexError(f"This lesson has steps 1 to {len(lesson.steps)}.")
    step = lesson.steps[k - 1]
    facts, f = step_facts(step, changes, data, fit=fit)
    links = runs.step_links(step, changes)[""]
    out = {
        "ok": True, "lesson_title": lesson.title, "notes": lesson.notes, "step": k, "steps": len(lesson.steps),
        "title": step.title, "plot": step.plot, "change": step.change, "run": links,
        "own_data": data is not None and runs.takes_own_data(step),
        "text": shown([s for s in step.sentences if not s.reveal], facts),
        "question": None, "reveal": None, "check": None,
    }
    reveal = shown([s for s in step.sentences if s.reveal], facts)
    q = step.question
    if q is not None and not answerable(questions.kind_of(q), facts):
        q = None  # a teacher's data the question says nothing about (no u or γ when not separable)
    if q is None:
        out["text"] += reveal
        return out
    kind = questions.kind_of(q)
    ctx = {"Z": f.Z, "y": f.train_ds.y}
    out["question"] = {"kind": q.kind, "answer": kind.answer, "prompt": fill(q.prompt, facts),
                       "choices": kind.choices(facts, ctx)}
    if answer is not None:
        out["check"] = check(kind, q, facts, answer)
        out["reveal"] = reveal
    return out


def answerable(kind, facts):
    """Can this run answer the question? Not when the fact it asks about has no value for it."""
    try:
        truth = kind.truth(facts)
    except (KeyError, TypeError, ValueError):
        return False
    return truth is not None


def check(kind, q, facts, answer):
    """The student's answer against the run: right or wrong, the true answer, the explanation."""
    truth = kind.truth(facts)
    try:
        given = kind.read(answer)
    except ValueError as e:
        return {"valid": False, "message": str(e)}
    right = kind.same(given, truth)
    said = fill(q.explain, facts) if q.explain else ""
    return {"valid": True, "correct": bool(right), "truth": questions.truth_text(kind, truth), "explain": said}
