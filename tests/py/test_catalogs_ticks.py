"""The plots' tick labels carry the language's decimal mark: 0,25 in German and Spanish, 0.25 in English.
The English figure of the same run is the reference: the same ticks, only the mark differs."""

import pytest

from perceptron_lab import i18n
from perceptron_lab.bridge import handle, session


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use_language("en")


def ticks(lang, preset, kind):
    """The drawn tick labels of every axis of one plot of a run, in the language."""
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": preset}, "lang": lang,
                "settings": {"plots": False, "order": "fixed"}})
    assert r["ok"], r
    i18n.use_language(lang)
    fig, _alt = session.current().figure(kind)
    fig.canvas.draw()
    return [t.get_text() for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)
            for t in axis.get_ticklabels() if t.get_text()]


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("preset,kind", [("and", "boundary"), ("clouds", "boundary"), ("xor", "accuracy")])
def test_tick_labels_take_the_languages_decimal_mark(lang, preset, kind):
    english, translated = ticks("en", preset, kind), ticks(lang, preset, kind)
    assert english and any("." in t for t in english), english   # the case is one with decimals
    assert translated == [t.replace(".", ",") for t in english]


def test_the_formatter_writes_english_numbers_unchanged():
    from perceptron_lab.plots.figure import MarkedScalarFormatter

    f = MarkedScalarFormatter()
    f.create_dummy_axis()
    f.set_locs([0.0, 0.25, 0.5])
    assert [f(v) for v in (0.0, 0.25, 0.5)] == ["0.00", "0.25", "0.50"]
    i18n.use_language("de")
    assert [f(v) for v in (0.0, 0.25, 0.5)] == ["0,00", "0,25", "0,50"]
