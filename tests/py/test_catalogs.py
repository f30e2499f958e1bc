"""The Python catalogs: complete, compiled, placeholders kept, and the run's sentences really translated.

Independent of the code under test: the English answer of the same run is the reference for the
numbers a translated sentence must carry (with the language's decimal mark)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from perceptron_lab import i18n
from perceptron_lab.bridge import handle

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "py" / "perceptron_lab" / "locale"
TEXT_KEYS = ("status_text", "separable_text", "bound_text", "classifier_text", "split_text", "proof_text")
NUMBER = re.compile(r"\d[\d.,]*\d|\d")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use_language("en")


def test_catalogs_hold_every_sentence_of_the_package_translated_and_compiled():
    # tools/catalogs.py --check extracts every _()/ngettext/N_ msgid of py/perceptron_lab with Babel
    # and fails on a missing or empty translation, or a .pot/.po/.mo that differs from a fresh build.
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "catalogs.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_language_code_falls_back_to_a_shipped_one_and_never_raises():
    assert i18n.use_language("de-AT") == "de"
    assert i18n.use_language("es_419") == "es"
    for hostile in ("xx", "", "../../etc", "de\n", 5, None, "d" * 40):
        assert i18n.use_language(hostile) == "en"
    assert i18n.language_from_environment({"LANG": "es_ES.UTF-8"}) == "es"
    assert i18n.language_from_environment({"LANGUAGE": "de:en", "LANG": "es_ES.UTF-8"}) == "de"
    assert i18n.language_from_environment({"LANG": "C.UTF-8"}) == "en"


def _texts(preset, lang, **settings):
    request = {"cmd": "train", "data": {"kind": "preset", "name": preset},
               "settings": {"plots": False, **settings}, "lang": lang}
    r = handle(request)
    assert r["ok"], r
    return [r[k] for k in TEXT_KEYS if r.get(k)]


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("preset,settings", [("and", {}), ("xor", {}), ("and", {"algorithm": "averaged"}),
                                             ("xor", {"algorithm": "voted", "early_stop": True})])
def test_the_runs_sentences_come_in_the_language_with_the_english_numbers(lang, preset, settings):
    english = _texts(preset, "en", **settings)
    translated = _texts(preset, lang, **settings)
    assert len(translated) == len(english) > 0
    for en, tr in zip(english, translated):
        assert tr != en
        # No English sentence left: none of the English text's clauses of four words or more survives.
        words = [w for w in re.split(r"[.:;,()]", en) if len(w.split()) >= 4 and re.search(r"[a-z]{4}", w)]
        assert not any(w.strip() in tr for w in words), (en, tr)
        # The same numbers, with the decimal mark of the language (a comma) and '.' between groups.
        swap = str.maketrans({".": ",", ",": "."})
        assert sorted(n.translate(swap) for n in NUMBER.findall(en)) == sorted(NUMBER.findall(tr)), (en, tr)


def test_a_request_with_a_non_string_language_is_refused_where_it_says_so():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {}, "lang": 7})
    assert not r["ok"] and r["error"]["kind"] == "settings" and r["error"]["field"] == "lang"


def test_the_cli_speaks_the_language_asked_for(tmp_path):
    out = subprocess.run([sys.executable, "-m", "perceptron_lab", "--lang", "de", "train", "--preset", "xor"],
                         capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
    assert out.returncode == 0, out.stderr
    assert "nicht linear trennbar" in out.stdout
    out = subprocess.run([sys.executable, "-m", "perceptron_lab", "train", "--preset", "xor"],
                         capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "LANG": "es_ES.UTF-8"})
    assert "no es linealmente separable" in out.stdout


def test_a_vector_in_a_lesson_keeps_its_numbers_apart_where_the_decimal_mark_is_a_comma():
    from perceptron_lab.lessons.words import number
    assert number("w", [0.5, -1.25]) == "(0.5, −1.25)"
    i18n.use_language("de")
    assert number("w", [0.5, -1.25]) == "(0,5; −1,25)"


def test_the_pages_wheel_carries_neither_the_catalogs_nor_the_command_line(tmp_path):
    import zipfile

    from tools.appwheel import build_app_wheel
    names = set(zipfile.ZipFile(build_app_wheel(tmp_path)).namelist())
    # The worker downloads its language's .mo (test_catalogs_standard.py); English needs none.
    assert not [n for n in names if n.endswith((".mo", ".po", ".pot"))]
    assert not {"perceptron_lab/cli.py", "perceptron_lab/check_cli.py", "perceptron_lab/sklearn.py",
                "perceptron_lab/cli_words.py"} & names
    # The words and classes only a pip install uses: the command lines' catalog, the estimators.
    assert not [n for n in names if n.endswith("perceptron_lab_pip.mo") or n.startswith("perceptron_lab/estimators/")]
    assert "perceptron_lab/bridge/door.py" in names


@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_translation_is_found_through_the_compiled_catalogs(lang):
    # Through i18n (the main catalog, then the pip one as its fallback): every msgstr of both .po files
    # must come back for its msgid, plural forms by n.
    i18n.use_language(lang)
    found = 0
    for domain in ("perceptron_lab", "perceptron_lab_pip"):
        with open(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
            for m in read_po(f):
                if not m.id:
                    continue
                if isinstance(m.id, tuple):
                    assert i18n.ngettext(m.id[0], m.id[1], 1) == m.string[0]
                    assert i18n.ngettext(m.id[0], m.id[1], 5) == m.string[1]
                else:
                    assert i18n._(m.id) == m.string, m.id
                found += 1
    assert found > 700
    assert i18n._("A sentence no catalog has.") == "A sentence no catalog has."
    assert i18n.ngettext("{n} thing", "{n} things", 2) == "{n} things"
