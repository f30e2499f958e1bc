"""Longer words in a plot: in German (the longest language the lab ships) at the page's widths, and
in Spanish on a phone, every text of every plot kind stays clear of every other text, point and
line, uncut (test_text_overlaps.py's checks, run in the other languages), the kernel's regions too."""

import pytest

from perceptron_lab import i18n
from perceptron_lab.bridge import figures, handle, session
from test_text_overlaps import ASPECT, RUNS, SIZES, problems

LANG_RUNS = {**RUNS,
             "iris-multiclass": ({"kind": "preset", "name": "iris"}, {"algorithm": "multiclass"}, ["boundary"]),
             "circles-rbf": ({"kind": "preset", "name": "circles"}, {"algorithm": "kernel", "kernel": "rbf"},
                             ["boundary", "mistakes"])}
CASES = [(lang, run, kind, size) for run, (_, _, kinds) in LANG_RUNS.items() for kind in kinds
         for lang, size in [("de", s) for s in SIZES] + [("es", "phone")]]


@pytest.fixture(scope="module")
def fits():
    out = {}
    for lang in ("de", "es"):
        for name, (data, settings, _) in LANG_RUNS.items():
            r = handle({"cmd": "train", "data": data, "settings": {"order": "fixed", "plots": False, **settings},
                        "lang": lang})
            assert r["ok"], r
            out[lang, name] = session.current()
    yield out
    i18n.use_language("en")


@pytest.mark.parametrize("lang,run,kind,size", CASES, ids=[f"{la}-{r}-{k}-{s}" for la, r, k, s in CASES])
def test_no_text_of_a_translated_plot_overlaps(fits, lang, run, kind, size):
    i18n.use_language(lang)
    f = fits[lang, run]
    width, scale = SIZES[size]
    height = round(width * ASPECT.get(kind, 0.625))
    old = dict(f.s)
    f.s.update(scale=scale, plot_px=[width, height])
    try:
        # The primal runs draw into the box asked for; the kernel and multiclass runs into plot_px.
        fig = figures.figure(kind, f, px=(width, height))[0] if hasattr(f, "boxes") else f.figure(kind)[0]
    finally:
        f.s.clear()
        f.s.update(old)
    assert fig is not None, (lang, run, kind)
    assert problems(fig) == []
