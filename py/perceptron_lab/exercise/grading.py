"""Grading an exercise result link: the page's own check (site/js/exercise/exercise-check.js), in Python.

The page's "Predict the update" exercise writes a result link: the run's link plus view=exercise,
exn (answers given), exs (how many were right) and exa (the answers: "n" for "no mistake",
"m<w1>~<w2>~..." for "a mistake, and the new w is ..."). Reopening it, the page asks Python for
the visits of that run (bridge "visits", 200 at most) and replays the answers against them.
This module does the same with the same definitions (decode, check, tally, verdict: each
function mirrors the one of the same name in exercise-check.js, and tests/py/test_check_agrees.py
runs both on generated links; the bridge's check request is bridge/check.py) and adds what a teacher needs: whether the link is one the page
could have written, and if not, what was altered.

A link is "genuine" when its claims (exn, exs) are what replaying its answers gives and its
answers have the form the page writes; else "altered", with the reasons. Without a server no
link can prove who typed the answers: the check proves the score follows from the answers, on
the run the link names.
"""

import math
import re

from .. import settings
from ..i18n import N_, _, ngettext
from ..lessons import answers as lesson_answers
from .claim_change import find_change, mismatch_reason
from .result_link import LinkError, read_link, settings_request

MAX_ANSWERS = 200  # exercise-check.js MAX_ANSWERS; also the page's visits LIMIT
MAX_ANSWERS_CHARS = 8000
# ASCII digits only, as JavaScript's \d (Python's \d also takes ٦ or ６, which the page refuses).
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")
_WHOLE = re.compile(r"[0-9]{1,4}")
ALGORITHMS = settings.param("algorithm")["options"]  # params.json: weights "counts" is the dual form


def same_number(v, u):
    """exercise-check.js sameNumber: exact, or within 1e-9 relative (the digits a person types)."""
    return v == u or abs(v - u) <= 1e-9 * max(1.0, abs(u))


def is_kernel(visit):
    return "alpha_after" in visit


def expected(visit):
    return [visit["alpha_after"]] if is_kernel(visit) else visit["w_after"]


def answer_width(res):
    if any(o["value"] == res.get("algorithm") and o["weights"] == "counts" for o in ALGORITHMS):
        return 1  # the dual form: one count αᵢ per answer (exercise-check.js answerWidth)
    vs = res.get("visits") or []
    return len(vs[0]["w_before"]) if vs else 0


def check_answer(visit, answer):
    """-> {right, mistake_right, w_right (None when not asked)} (exercise-check.js checkAnswer)."""
    mistake_right = answer["mistake"] == visit["mistake"]
    w_right = None
    if visit["mistake"] and answer["mistake"]:
        w = answer["w"] if isinstance(answer["w"], list) else []
        want = expected(visit)
        w_right = len(w) == len(want) and all(same_number(a, b) for a, b in zip(w, want))
    return {"right": mistake_right and w_right is not False, "mistake_right": mistake_right, "w_right": w_right}


def tally(results):
    score = streak = best = 0
    for r in results:
        if r["right"]:
            score += 1
            streak += 1
            best = max(best, streak)
        else:
            streak = 0
    return {"score": score, "answered": len(results), "streak": streak, "best": best}


def replay(visits, answers):
    return [check_answer(v, a) for v, a in zip(visits, answers)]


def _js_number(t):
    """Number(t) for a decimal literal, as JavaScript reads it (a float64; too large -> inf)."""
    try:
        return float(t)
    except OverflowError:  # pragma: no cover - float() returns inf rather than raising
        return math.inf


def decode_answers(text, width):
    """"n_m0~0~-1" -> (answers, None) or (None, error) (exercise-check.js decodeAnswers)."""
    s = text or ""
    if s == "":
        return [], None
    if len(s) > MAX_ANSWERS_CHARS:
        return None, N_("too long")
    parts = s.split("_")
    if len(parts) > MAX_ANSWERS:
        return None, N_("too many")
    answers = []
    for p in parts:
        if p == "n":
            answers.append({"mistake": False, "w": None})
            continue
        if not p.startswith("m"):
            return None, N_("bad answer")
        nums = [] if p[1:] == "" else p[1:].split("~")
        if len(nums) > width:
            return None, N_("bad answer")
        w = []
        for t in nums:
            if not _NUMBER.fullmatch(t):
                return None, N_("bad number")
            v = _js_number(t)
            if not math.isfinite(v):
                return None, N_("bad number")
            w.append(v)
        answers.append({"mistake": True, "w": w})
    return answers, None


def read_exercise_keys(raw):
    """exercise-check.js readExerciseLink on the decoded pairs -> None (not an exercise) or
    {answers_text, count, score, valid, goal (only with exq)}: valid is False when exn, exs or exq
    is there but not a number the page takes (the page then shows a notice)."""
    if raw.get("view") != "exercise":
        return None
    whole = lambda t: int(t) if t is not None and _WHOLE.fullmatch(t) else None  # noqa: E731
    out = {"answers_text": raw.get("exa", ""), "count": whole(raw.get("exn")), "score": whole(raw.get("exs"))}
    out["valid"] = not (("exn" in raw and out["count"] is None) or ("exs" in raw and out["score"] is None))
    # exq: the answers the exercise asks for (1..MAX_ANSWERS), as readExerciseLink reads it.
    if "exq" in raw:
        g = whole(raw["exq"])
        out["goal"] = g if g is not None and 1 <= g <= MAX_ANSWERS else None
        out["valid"] = out["valid"] and out["goal"] is not None
    return out


def verdict(link, results):
    """The page's sentence on reopening a result link (exercise-check.js verdict)."""
    t = tally(results)
    claimed = link["count"] is not None and link["score"] is not None
    base = f"Replayed {t['answered']} answer{'' if t['answered'] == 1 else 's'}: {t['score']} right."
    if not claimed:
        return base
    if link["count"] == t["answered"] and link["score"] == t["score"]:
        return f"{base} This matches the link ({link['score']} of {link['count']})."
    return f"{base} The link claims {link['score']} right of {link['count']}, which does not match its answers."


# ------------------------------------------------------------------ the check a teacher runs

def _visits(handle, data, settings_):
    """The page's visits request (data as the page sends it: a CSV's label is its column index)."""
    if data["kind"] == "csv":
        info = handle({"cmd": "inspect", "data": data})
        if not info["ok"]:
            raise LinkError(_("the link's CSV data was not accepted: {reason}").format(reason=info["error"]["message"]))
        lc, cols = info["label_column"], info["columns"]
        if data.get("label") is not None:  # else the same default column, and the same reading (read once, not twice)
            data = {**data, "label": lc if isinstance(lc, int) else (cols.index(lc) if lc in cols else len(cols) - 1)}
    res = handle({"cmd": "visits", "data": data, "settings": settings_, "limit": MAX_ANSWERS})
    if not res["ok"]:
        raise LinkError(_("the link's exercise cannot be run: {reason}").format(reason=res["error"]["message"]))
    return res


def _shape_problems(answers, width, visits):
    """Answers the page could not have written: it asks for every number of w on a mistake."""
    out = []
    short = [i + 1 for i, a in enumerate(answers) if a["mistake"] and len(a["w"]) != width]
    if short:
        out.append(ngettext("answer {answers} gives fewer than the {width} numbers the page asks for",
                            "answers {answers} give fewer than the {width} numbers the page asks for",
                            len(short)).format(answers=_list(short), width=width))
    if len(answers) > len(visits):
        out.append(_("it holds {n} answers but the exercise has only {visits} examples to answer").format(
            n=len(answers), visits=len(visits)))
    return out


def _list(nums):
    return ", ".join(map(str, nums[:10])) + (", …" if len(nums) > 10 else "")


def grade(link, handle, fit):
    """Check one result link -> a report dict; LinkError when it is malformed (one line why).

    handle: the bridge's handle (the visits come from the engine, as in the page); fit: the bridge's
    linear_fit.fit, which trains the lesson predictions' runs."""
    parsed = read_link(link)
    ex = read_exercise_keys(parsed["raw"])
    if ex is None:
        raise LinkError(_("this is not an exercise result link (it has no view=exercise)"))
    res = _visits(handle, parsed["data"], settings_request(parsed["values"]))
    width = answer_width(res)
    answers, error = decode_answers(ex["answers_text"], width)
    if error is not None:
        raise LinkError(_("the answers in the link cannot be read ({error}); the page starts such a link afresh").format(
            error=_(error)))
    visits = res["visits"]
    results = replay(visits, answers)  # the page drops answers beyond the visits, as replay's zip does
    t = tally(results)
    reasons = _shape_problems(answers, width, visits)
    if not ex["valid"]:
        reasons.append(_("its exn, exs or exq is not a number the page writes"))
    goal = ex.get("goal")
    if goal and len(answers) > goal:
        reasons.append(_("it holds {n} answers but the exercise asks for {goal}").format(n=len(answers), goal=goal))
    if (ex["count"] is None or ex["score"] is None) and ex["valid"]:  # else: the reason above
        reasons.append(_("it claims no score (no exn and exs), which every result link of the page has"))
    elif ex["count"] is not None and ex["score"] is not None:
        if ex["count"] != len(answers):
            reasons.append(_("it claims {count} answers but holds {n} (the answer list was altered)").format(
                count=ex["count"], n=len(answers)))
        if ex["score"] != t["score"]:
            def score_of(data, settings_):
                try:
                    other = _visits(handle, data, settings_)
                except LinkError:
                    return None
                return tally(replay(other["visits"], answers))["score"]

            change, tried = find_change(parsed, answers, visits, ex["score"], score_of)
            reasons.append(mismatch_reason(ex["score"], t["score"], results, change, tried))
    lessons = _lesson_part(parsed["raw"], reasons, fit)
    return {
        "status": "altered" if reasons else "genuine", "reasons": reasons, "lessons": lessons,
        "score": t["score"], "answered": t["answered"], "best_streak": t["best"],
        "claimed": {"score": ex["score"], "count": ex["count"]}, "asked": goal,
        # One score, as the page's score line: the exercise's answers plus the lesson predictions.
        "total": {"score": t["score"] + (lessons or {}).get("score", 0),
                  "answered": t["answered"] + (lessons or {}).get("answered", 0)},
        "right": [r["right"] for r in results],
        "verdict": verdict(ex, results),
        "exercise": {"dataset": res["dataset"]["name"], "algorithm": res["algorithm"], "visits": len(visits),
                     "run_ends": res["run_ends"]},
    }


def _lesson_part(raw, reasons, fit):
    """The lesson predictions the link carries (exl, exls: lessons/answers.py), each replayed
    through the lesson engine -> {score, answered, right: [...]} or None when it carries none."""
    if "exl" not in raw and "exls" not in raw:
        return None
    try:
        graded = lesson_answers.grade(lesson_answers.decode(raw.get("exl", "")), fit=fit)
    except lesson_answers.AnswersError as e:
        reasons.append(str(e))
        return None
    score = sum(g["correct"] for g in graded)
    claimed = raw.get("exls")
    if claimed is None or not _WHOLE.fullmatch(claimed):
        reasons.append(_("it carries lesson answers but no lesson score (exls) the page writes"))
    elif int(claimed) != score:
        reasons.append(_("it claims {claimed} right lesson predictions, but its lesson answers give {score}").format(
            claimed=int(claimed), score=score))
    return {"score": score, "answered": len(graded), "claimed": int(claimed) if claimed and _WHOLE.fullmatch(claimed) else None,
            "answers": graded}
