"""The plots speak the page's language: every word matplotlib draws (titles, axis labels, legends,
notes, annotations) comes through the catalogs, and numbers in them carry the language's decimal mark.

The reference is the English rendering of the same run: no English word of it may survive in the
German or Spanish one, except the data's own names (features, classes, the data set's name), which
are the reader's and are drawn as they are."""

import re

import pytest
from matplotlib.text import Text

from perceptron_lab import i18n
from perceptron_lab.bridge import handle, session

# Every plot kind the page can show, over the families that draw them.
RUNS = {
    "and": ({"kind": "preset", "name": "and"}, {},
            ["boundary", "mistakes", "accuracy", "proof", "trajectory"]),
    "xor": ({"kind": "preset", "name": "xor"}, {}, ["boundary", "mistakes", "accuracy", "cycle", "trajectory"]),
    "and-eta": ({"kind": "preset", "name": "and"}, {"eta": 0.5}, ["proof"]),
    "circles-rbf": ({"kind": "preset", "name": "circles"}, {"algorithm": "kernel", "kernel": "rbf"},
                    ["boundary", "mistakes", "accuracy"]),
    "circles-poly2": ({"kind": "preset", "name": "circles"}, {"feature_map": "poly2"}, ["boundary"]),
    "iris-multiclass": ({"kind": "preset", "name": "iris"}, {"algorithm": "multiclass"},
                        ["boundary", "mistakes", "accuracy", "confusion"]),
    "digits-multiclass": ({"kind": "preset", "name": "digits"}, {"algorithm": "multiclass", "epochs": 2},
                          ["class_weights", "gallery"]),
    "iris-all": ({"kind": "preset", "name": "iris", "features": [0, 1, 2, 3]}, {"epochs": 30},
                 ["boundary", "projection", "weights"]),
    "iris-slice": ({"kind": "preset", "name": "iris", "features": [0, 1, 2, 3]}, {"epochs": 30, "main_plot": "slice"},
                   ["boundary"]),
    "clouds-voted": ({"kind": "preset", "name": "clouds", "n": 60}, {"algorithm": "voted", "epochs": 5},
                     ["boundary", "mistakes"]),
    "iris-voted": ({"kind": "preset", "name": "iris", "features": [0, 1, 2, 3]}, {"algorithm": "voted", "epochs": 5},
                   ["boundary", "projection", "weights"]),
    "clouds-batch": ({"kind": "preset", "name": "clouds", "n": 60}, {"algorithm": "batch", "epochs": 5},
                     ["mistakes"]),
}
WORD = re.compile(r"[A-Za-z][A-Za-z']{2,}")
# Symbols the same in every language (cos, sign, the kernel's name), and words a language shares with English.
SAME = {"de": {"cos", "sign", "rbf", "RBF", "Training", "Bias", "Scores", "linear"},
        "es": {"cos", "sign", "rbf", "RBF", "final", "visible", "kernel", "vector", "total", "diagonal"}}
POINT_NUMBER = re.compile(r"\d\.\d")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use_language("en")


def _texts(fig):
    """Every drawn, non-empty text of the figure; tick labels apart (matplotlib writes their numbers)."""
    ticks = {id(label) for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)
             for tick in axis.get_major_ticks() + axis.get_minor_ticks() for label in (tick.label1, tick.label2)}
    tick_texts, others = [], []
    for t in fig.findobj(Text):
        s = t.get_text().strip()
        if s:
            (tick_texts if id(t) in ticks else others).append(s)
    return tick_texts + others, others


def rendering(run, lang):
    """(all texts, texts other than tick labels, the data's own words) of every plot of the run in lang."""
    data, settings, kinds = RUNS[run]
    r = handle({"cmd": "train", "data": data, "settings": {"order": "fixed", "plots": False, **settings},
                "lang": lang})
    assert r["ok"], r
    f = session.current()
    everything, not_ticks = [], []
    for kind in kinds:
        fig, alt = f.figure(kind)
        assert fig is not None, (run, kind)
        fig.canvas.draw()
        a, b = _texts(fig)
        everything += a + [alt]     # its text alternative: what a screen reader says instead
        not_ticks += b + [alt]
    ds = f.train_ds
    own = [ds.name, *(ds.feature_names or [])]
    own += [str(c) for c in getattr(ds, "classes", None) or []]
    own += [str(v) for v in (getattr(ds, "label_names", None) or {}).values()]
    return everything, not_ticks, {w.lower() for s in own for w in WORD.findall(str(s))}


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("run", list(RUNS))
def test_no_english_word_of_a_plot_survives_in_another_language(run, lang):
    english, _, own = rendering(run, "en")
    translated, not_ticks, _ = rendering(run, lang)
    # As written: a German noun may be an English word capitalised (Test, Score); the data's names in any case.
    theirs = {w for s in translated for w in WORD.findall(s)}
    left = sorted({w for s in english for w in WORD.findall(s)
                   if w in theirs and w.lower() not in own and w not in SAME[lang]})
    assert not left, (left, translated)
    # A number written in a plot's words takes the language's decimal mark (tick labels are matplotlib's).
    assert not [s for s in not_ticks if POINT_NUMBER.search(s)], not_ticks
