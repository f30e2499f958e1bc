"""A student's lesson predictions in an exercise result link, and their grade.

The page keeps each lesson question's first valid answer (the prediction, before the reveal) and
writes them into the exercise's result link as `exl` (base64url of JSON
[[lesson, step, answer, {change key: value}], ...]) with `exls`, the number it found right. The
check replays each answer through the lesson engine (the same `view` the page asks) on the step's
own run with the student's changes, so the grade needs no trust in the link's claim.
Answers given on a teacher's own data are not kept (the link carries the exercise's run only).
"""

import base64
import binascii
import json
import re

from . import engine, library

MAX_ANSWERS = 100          # more lesson questions than the eight lessons hold
MAX_TEXT = 16 * 1024       # the exl value's length
_B64 = re.compile(r"[A-Za-z0-9_-]*")


class AnswersError(ValueError):
    """exl that the page could not have written: one line why."""


def decode(text):
    """exl -> [(lesson, step, answer, changes)]; AnswersError when it is not the page's."""
    if len(text) > MAX_TEXT or not _B64.fullmatch(text):
        raise AnswersError("its lesson answers (exl) are not base64url text the page writes")
    try:
        raw = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8"))
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise AnswersError("its lesson answers (exl) cannot be read") from None
    if not isinstance(raw, list) or len(raw) > MAX_ANSWERS:
        raise AnswersError("its lesson answers (exl) are not a list of at most %d answers" % MAX_ANSWERS)
    out = []
    for e in raw:
        ok = (isinstance(e, list) and len(e) == 4 and all(type(v) is int for v in e[:2])
              and isinstance(e[2], str) and len(e[2]) <= 200 and isinstance(e[3], dict)
              and all(isinstance(k, str) and isinstance(v, str) and len(v) <= 64 for k, v in e[3].items()))
        if not ok:
            raise AnswersError("a lesson answer in exl is not [lesson, step, answer, changes]")
        out.append((e[0], e[1], e[2], dict(e[3])))
    return out


def encode(entries):
    """The page's writing of exl (lesson-answers.js), for tests and tools."""
    raw = json.dumps([[n, k, a, c] for n, k, a, c in entries], ensure_ascii=False, separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode("utf-8")).decode("ascii").rstrip("=")


def grade(entries, *, fit):
    """Each answer checked by the lesson engine, its runs trained by fit (the bridge's linear_fit.fit)
    -> [{lesson, step, answer, correct, truth}];
    AnswersError for a step that does not exist, asks nothing, or refuses the changes."""
    names = library.names()
    out, seen = [], set()
    for n, k, answer, changes in entries:
        if (n, k) in seen:
            raise AnswersError(f"lesson {n} step {k} is answered twice (the page keeps the first prediction)")
        seen.add((n, k))
        if not 1 <= n <= len(names):
            raise AnswersError(f"there is no lesson {n}")
        lesson = library.lesson(n)
        try:
            v = engine.view(lesson, k, changes or None, None, answer, fit=fit)
        except (IndexError, ValueError) as e:
            raise AnswersError(f"lesson {n} step {k}: {e}") from None
        c, q = v.get("check"), v.get("question")
        if c is None:
            raise AnswersError(f"lesson {n} step {k} asks no question")
        offered = [ch["value"] for ch in q["choices"] or []]
        if q["answer"] != "vector" and answer not in offered:  # the page offers only its choices
            raise AnswersError(f"lesson {n} step {k}: the answer “{answer}” is not one the page takes "
                               f"(its choices: {', '.join(offered)})")
        if not c.get("valid"):
            raise AnswersError(f"lesson {n} step {k}: the answer “{answer}” is not one the page takes ({c.get('message')})")
        out.append({"lesson": n, "step": k, "answer": answer, "correct": bool(c["correct"]), "truth": c["truth"]})
    return out
