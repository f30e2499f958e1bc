"""What changed in a result link whose claimed score its answers do not give.

A score that does not follow from the answers is not always a forged score: the link's η, a
setting or the data may have been edited after the page wrote it, and then the answers, right
for the run the student saw, are wrong for the run the link now names. This module looks for the
one change that makes the answers score exactly what the link claims, and names it:

1. η: from w = 0 the online path is η times the path at η = 1, so the ratio of an answered w
   to the replayed one is the η the student's run had;
2. one setting or preset (an option of params.json, or a switch turned): each is replayed;
3. one placed point: the update a right answer made, y·x̃, is the example the student saw.

A change counts as found only when the replay under it scores the claim; otherwise the reason
says what is certain (the score or an answer was changed) and names no cause it did not find.
"""

from ..i18n import N_, _, ngettext
from .result_link import BY_NAME, LinkError, data_request, is_active, settings_request

MAX_REPLAYS = 40  # one mismatched link costs at most this many replays of its (small) run
CHANGEABLE = ("preset", "feature_set", "algorithm", "kernel", "average", "early_stop", "bias",
              "normalize", "standardize", "order", "feature_map")


def _close(a, b):
    return a == b or abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def _eta_ratio(answers, visits):
    """The one ratio answered w / replayed w of every mistake answered (None: no single ratio)."""
    ratio = None
    for a, v in zip(answers, visits):
        if not (a["mistake"] and v["mistake"]) or "w_after" not in v or len(a["w"]) != len(v["w_after"]):
            continue
        for got, want in zip(a["w"], v["w_after"]):
            if want == 0 or got == 0:
                if (want == 0) != (got == 0):
                    return None
                continue
            r = got / want
            if r <= 0 or (ratio is not None and not _close(r, ratio)):
                return None
            ratio = r if ratio is None else ratio
    return ratio


def _point_seen(answers, visits, eta, bias):
    """(visit, the point (x1, x2, label) a right-looking answer's update implies) at the first answer
    whose w left the replayed path from the same w before it, or None."""
    w = None
    for a, v in zip(answers, visits):
        before = v.get("w_before")
        if before is None:
            return None
        mine = w if w is not None else [0.0] * len(before)
        if len(mine) != len(before) or not all(_close(p, q) for p, q in zip(mine, before)):
            return None  # the answers left the path earlier: not one example's change
        if a["mistake"] and len(a["w"]) == len(before):
            d = [(p - q) / eta for p, q in zip(a["w"], mine)]
            if not all(_close(p, q) for p, q in zip(a["w"], v["w_after"])):
                if not bias or len(d) != 3 or abs(d[2]) != 1:
                    return None
                y = int(d[2])
                return v, [d[0] * y, d[1] * y, y]
            w = a["w"]
    return None


def _number(v):
    return f"{v:g}"


def find_change(parsed, answers, visits, claimed, score_of):
    """-> (a sentence naming the change that makes the answers score `claimed` or None, the kinds
    of change tried: a list of words).

    parsed: read_link's {"values", "data", "raw"}; score_of(data, settings) -> the replayed score
    under that run (None when such a run cannot be replayed)."""
    values, raw = parsed["values"], parsed["raw"]
    budget = [MAX_REPLAYS]

    def scores(vals, data=None):
        if budget[0] <= 0:
            return False
        budget[0] -= 1
        try:
            d = data if data is not None else data_request(vals, raw)
        except LinkError:
            return False
        return score_of(d, settings_request(vals)) == claimed

    eta, tried = values["eta"], []
    if "w_after" in (visits[0] if visits else {}):
        tried.append("η")  # a symbol, the same in every language
    ratio = _eta_ratio(answers, visits)
    if ratio is not None and not _close(ratio, 1.0):
        other = float(f"{eta * ratio:.12g}")
        if scores({**values, "eta": other}):
            return _("it claims a score of {claimed}, which its answers give with η = {other}, not with the link's "
                     "η = {eta}: η was changed after the page wrote the link").format(
                claimed=claimed, other=_number(other), eta=_number(eta)), tried
    if parsed["data"]["kind"] == "points" and "η" in tried:
        tried.append(N_("point"))
        seen = _point_seen(answers, visits, eta, values["bias"])
        if seen is not None:
            visit, point = seen
            pts = [list(p) for p in parsed["data"]["points"]]
            i = visit["index"]
            if 0 <= i < len(pts) and pts[i] != point:
                was, pts[i] = pts[i], point
                if scores(values, {"kind": "points", "points": pts}):
                    show = lambda p: _("({x1}, {x2}) labelled {label}").format(  # noqa: E731
                        x1=_number(p[0]), x2=_number(p[1]), label=f"{p[2]:+d}")
                    return _("it claims a score of {claimed}, which its answers give when point {n} is {point}, not the "
                             "link's {was}: the data was changed after the page wrote the link").format(
                        claimed=claimed, n=i + 1, point=show(point), was=show(was)), tried
    if parsed["data"]["kind"] == "csv":
        return None, tried  # every replay re-reads the file: too costly to try each setting
    tried += [N_("setting")] if parsed["data"]["kind"] == "points" else [N_("setting"), N_("preset")]
    for name in CHANGEABLE:
        if not is_active(name, values):
            continue
        p = BY_NAME[name]
        options = [True, False] if p["type"] == "bool" else [o["value"] for o in p["options"]]
        for option in options:
            if option != values[name] and scores({**values, name: option}):
                shown = lambda v: (_("on") if v else _("off")) if p["type"] == "bool" else "“" + _(next(  # noqa: E731
                    o["label"] for o in p["options"] if o["value"] == v)) + "”"
                words = (_("it claims a score of {claimed}, which its answers give with {setting} {option}, not the link's "
                           "{was}: the data was changed after the page wrote the link") if p["group"] == "data" else
                         _("it claims a score of {claimed}, which its answers give with {setting} {option}, not the link's "
                           "{was}: {setting} was changed after the page wrote the link"))
                return words.format(claimed=claimed, setting=_(p["label"]), option=shown(option),
                                    was=shown(values[name])), tried
    return None, tried


def mismatch_reason(claimed, score, results, change, tried):
    """The reason for a claimed score its answers do not give: the change found, or what is certain."""
    if change is not None:
        return change
    wrong = [str(i + 1) for i, r in enumerate(results) if not r["right"]]
    if wrong and claimed > score:
        reason = ngettext("it claims a score of {claimed} but its answers score {score}: the score or answer {answers} "
                          "(wrong on replay) was changed after the page wrote the link",
                          "it claims a score of {claimed} but its answers score {score}: the score or answers {answers} "
                          "(wrong on replay) were changed after the page wrote the link", len(wrong))
    else:
        reason = _("it claims a score of {claimed} but its answers score {score}: the score or its answers were changed "
                   "after the page wrote the link")
    reason = reason.format(claimed=claimed, score=score, answers=", ".join(wrong[:10]) + (", …" if len(wrong) > 10 else ""))
    if not tried:
        return reason
    kinds = [_(k) for k in tried]
    kinds = _("{first} or {last}").format(first=", ".join(kinds[:-1]), last=kinds[-1]) if len(kinds) > 1 else kinds[0]
    return _("{reason} (no other {kinds} makes them score {claimed})").format(reason=reason, kinds=kinds, claimed=claimed)


