"""A student's mistakes answered in the student's language: the settings' range messages (with the
setting's label as the page names it), the data's errors (one class only, an unknown data set,
feature or class) and the door's own. The English answer to the same request is the reference:
none of its words may survive, except the names the message quotes (options, data, features)."""

import re

import pytest

from perceptron_lab import i18n, settings
from perceptron_lab.bridge import handle

PRESET = {"kind": "preset", "name": "and"}
BAD = {
    "eta below its range": {"cmd": "train", "data": PRESET, "settings": {"eta": -1}},
    "epochs not whole": {"cmd": "train", "data": PRESET, "settings": {"epochs": 2.5}},
    "unknown algorithm": {"cmd": "train", "data": PRESET, "settings": {"algorithm": "quantum"}},
    "bias not on or off": {"cmd": "train", "data": PRESET, "settings": {"bias": "yes"}},
    "plot size": {"cmd": "train", "data": PRESET, "settings": {"plot_px": [5, 5]}},
    "settings not an object": {"cmd": "train", "data": PRESET, "settings": [1]},
    "unknown data set": {"cmd": "train", "data": {"kind": "preset", "name": "nope"}, "settings": {}},
    "unknown feature": {"cmd": "train", "data": {"kind": "preset", "name": "iris", "features": ["petal colour"]},
                        "settings": {}},
    "unknown class": {"cmd": "train", "data": {"kind": "preset", "name": "iris", "classes": ["rose", "setosa"]},
                      "settings": {}},
    "one class only": {"cmd": "train", "data": {"kind": "csv", "text": "x1,x2,y\n0,0,1\n1,1,1\n"}, "settings": {}},
    "a placed point without its label": {"cmd": "train", "settings": {},
                                         "data": {"kind": "points", "points": [[0, 0, 1], [1, 1, None], [2, 2, -1]]}},
    "no data": {"cmd": "train", "settings": {}},
    "unknown kind of data": {"cmd": "train", "data": {"kind": "photo"}, "settings": {}},
    "unknown request": {"cmd": "dance"},
}
WORD = re.compile(r"[A-Za-z]{4,}")
# Words the language shares with English; gamma is the symbol γ spelled for a terminal.
SAME = {"de": {"Bias", "gamma"}, "es": {"separable", "gamma"}}
# What a message quotes is the same in every language: the options' and presets' names, the iris's features.
QUOTED = {w.lower() for name in ("algorithm", "preset") for o in settings.options(name) for w in WORD.findall(o)}
QUOTED |= {"sepal", "petal", "length", "width", "setosa", "versicolor", "virginica", "iris", "petal colour",
           "colour", "rose", "quantum", "nope", "maxiter", "label",
           "breast", "cancer", "wine", "digits", "circles", "clouds", "overlap"}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use_language("en")


def answer(request, lang):
    r = handle({**request, "lang": lang})
    assert not r["ok"], r
    return r["error"]


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("case", list(BAD))
def test_an_error_comes_in_the_students_language_at_the_same_field(case, lang):
    en, tr = answer(BAD[case], "en"), answer(BAD[case], lang)
    assert (tr["kind"], tr["field"], tr["row"], tr["column"]) == (en["kind"], en["field"], en["row"], en["column"])
    theirs = set(WORD.findall(tr["message"]))
    left = [w for w in WORD.findall(en["message"]) if w in theirs and w.lower() not in QUOTED and w not in SAME[lang]]
    assert not left, (en["message"], tr["message"])
    # Every number the English message names is there too (the ranges, the limits).
    assert sorted(re.findall(r"\d+", en["message"])) == sorted(re.findall(r"\d+", tr["message"])), (en, tr)


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_command_lines_summary_speaks_the_language_asked_for(lang):
    import subprocess
    import sys

    def summary(code):
        out = subprocess.run([sys.executable, "-m", "perceptron_lab", "--lang", code, "train", "--preset", "iris"],
                             capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
        assert out.returncode == 0, out.stderr
        return out.stdout.splitlines()

    english, translated = summary("en"), summary(lang)
    assert len(english) == len(translated)
    # The labelled lines (weights:, bias:, labels:, mistakes:, separable:) and the heading: no English word left.
    for en, tr in zip(english[:1] + english[2:7], translated[:1] + translated[2:7]):
        theirs = set(WORD.findall(tr))
        left = [w for w in WORD.findall(en) if w in theirs and w.lower() not in QUOTED and w not in SAME[lang]]
        assert not left, (en, tr)
        assert re.findall(r"\d+", en) == re.findall(r"\d+", tr), (en, tr)
