"""The browser build ships only the fonts tools/mpl_trim.py keeps. Every plot kind, drawn by
the app with only those fonts installed, must find every font and glyph it asks for: a
"findfont" or "Glyph ... missing" message here means a box or a substitute font on the page.
(The build checks the same in Pyodide's matplotlib 3.8.4: tools/first_picture_pyodide.py.)"""
import fnmatch
import logging
import sys
import warnings
from pathlib import Path

import matplotlib
import pytest
from matplotlib import font_manager
from matplotlib.mathtext import MathTextParser

from perceptron_lab.bridge import handle

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tools.mpl_trim import KEEP_FONTS  # noqa: E402

ALL = ["boundary", "mistakes", "accuracy", "proof", "projection", "weights", "cycle", "trajectory"]


def shipped(entry) -> bool:
    return any(fnmatch.fnmatch("ttf/" + Path(entry.fname).name, k) for k in KEEP_FONTS)


def clear_font_caches():
    font_manager.FontManager._findfont_cached.cache_clear()
    font_manager._get_font.cache_clear()
    MathTextParser._parse_cached.cache_clear()


@pytest.fixture
def only_shipped_fonts(monkeypatch):
    """matplotlib's font list cut to the shipped files (a copy: the real one is restored)."""
    fm = font_manager.fontManager
    kept = [e for e in fm.ttflist if shipped(e)]
    assert {Path(e.fname).name for e in kept} == {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "cmex10.ttf"}
    monkeypatch.setattr(fm, "ttflist", kept)
    monkeypatch.setattr(fm, "afmlist", [])
    clear_font_caches()
    messages = []

    class Catch(logging.Handler):
        def emit(self, record):
            messages.append(record.getMessage())

    handler = Catch(level=logging.WARNING)
    logging.getLogger("matplotlib").addHandler(handler)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield messages
        messages += [str(w.message) for w in caught]
    logging.getLogger("matplotlib").removeHandler(handler)
    clear_font_caches()


def font_problems(messages):
    return [m for m in messages if "font" in m.lower() or "glyph" in m.lower()]


@pytest.mark.parametrize("data,settings", [
    ({"kind": "preset", "name": "iris"}, {"plot_kinds": ALL, "eta": 0.5}),
    ({"kind": "preset", "name": "and"}, {"plot_kinds": ALL}),
    ({"kind": "preset", "name": "xor"}, {"plot_kinds": ALL}),
    ({"kind": "preset", "name": "circles"}, {"algorithm": "kernel", "plot_kinds": ALL[:3]}),
    ({"kind": "preset", "name": "digits"}, {"algorithm": "multiclass", "plot_kinds": ALL[:3]}),
])
def test_every_plot_finds_its_fonts_in_the_shipped_set(only_shipped_fonts, data, settings):
    r = handle({"cmd": "train", "data": data, "settings": {**settings, "dpr": 2}})
    assert r["ok"], r
    kinds = [k for k, v in r["plots"].items() if v]
    assert kinds
    for kind in kinds:
        e = handle({"cmd": "export", "what": "plot", "plot": kind, "format": "svg"})
        assert e["ok"] and "<svg" in e["text"]
    assert font_problems(only_shipped_fonts) == []


def test_the_check_sees_a_missing_glyph(only_shipped_fonts):
    """The fixture is not blind: a glyph no shipped font has (CJK) is reported."""
    from perceptron_lab.plots.style import rc
    from matplotlib.figure import Figure
    import io
    with rc():
        fig = Figure()
        fig.text(0.5, 0.5, "感知机 $\\mathcal{P}$")
        fig.savefig(io.BytesIO(), format="png")
    assert font_problems(only_shipped_fonts)


def test_math_text_uses_dejavu_sans_with_no_fallback():
    """The rc the plots use: math in the text's own faces, nothing else looked up."""
    from perceptron_lab.plots.style import RC
    assert RC["mathtext.fontset"] == "custom" and RC["mathtext.fallback"] is None
    with matplotlib.rc_context(RC):
        for key in ["rm", "it", "bf", "sf", "tt", "cal", "bfit"]:
            path = font_manager.findfont(matplotlib.rcParams["mathtext." + key])
            assert shipped(font_manager.FontEntry(fname=path)), (key, path)
