"""WCAG 3.1.2 (language of parts): in a page of another language, the bridge names the sentences of its answer
that are English (answer["english"], exactly as they stand in the answer) so that the page can mark them
lang="en": a message its language's catalog lacks (a teacher's catalog in progress), or every sentence when the
language's catalog is not there at all (the page's download of it failed). Nothing is named in English, nor
when every sentence is translated. The reference is the English answer to the same request."""

import io

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from perceptron_lab import i18n
from perceptron_lab.bridge import handle

from test_catalogs_standard import LOCALE

AND = {"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {"plots": False}}
TEXTS = ("status_text", "separable_text", "bound_text", "classifier_text")
STATUS = "Converged after {epochs}: the last epoch made no mistake, which proves the training data linearly separable."


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use_language("en")


@pytest.fixture
def locale_dir(tmp_path, monkeypatch):
    """The page's Python: a locale folder of its own (the wheel brings none), no catalog read yet."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path / "locale"))
    monkeypatch.setattr(i18n, "_cache", {})
    return tmp_path / "locale"


def german_without(*msgids):
    """The German catalog compiled without these messages: a catalog in progress."""
    with open(LOCALE / "de" / "LC_MESSAGES" / "perceptron_lab.po", "rb") as f:
        cat = read_po(f, locale="de")
    for m in msgids:
        assert m in cat, m
        del cat[m]
    out = io.BytesIO()
    write_mo(out, cat)
    return out.getvalue()


def english_answer():
    i18n.use_language("en")
    return handle(dict(AND))


def test_nothing_is_named_in_english_nor_in_a_complete_catalog():
    assert "english" not in english_answer()
    assert "english" not in handle({**AND, "lang": "de"})
    assert "english" not in handle({**AND, "lang": "es-419"})


def test_a_message_the_catalog_lacks_is_named_with_its_sentence_as_the_answer_has_it(locale_dir):
    en = english_answer()
    i18n.install_catalog("de", german_without(STATUS))
    de = handle({**AND, "lang": "de"})
    # Said in English (its count "9 Epochen" is a German message inside it): the sentence as the answer has it.
    assert de["status_text"].startswith("Converged after 9 ") and de["status_text"].endswith(en["status_text"][-60:])
    assert de["english"] == [de["status_text"]]
    assert [k for k in TEXTS[1:] if de[k] == en[k]] == []  # the others are German, and not named


def test_every_sentence_is_named_when_the_language_has_no_catalog_here(locale_dir):
    en = english_answer()
    de = handle({**AND, "lang": "de"})  # the worker could not download the German catalog
    assert i18n.current_language() == "en"
    named = set(de["english"])
    assert {en[k] for k in TEXTS} <= named
    assert all(isinstance(s, str) and " " in s for s in named)
    # Only sentences: no number, code or picture; every one is in the answer as it stands.
    assert not [s for s in named if s.startswith("data:")]
    strings = set()
    todo = [de]
    while todo:
        node = todo.pop()
        if isinstance(node, str):
            strings.add(node)
        elif isinstance(node, dict):
            todo += list(node.values())
        elif isinstance(node, list):
            todo += node
    assert named <= strings


def test_an_error_said_in_english_is_named(locale_dir):
    msg = "Unknown request."
    i18n.install_catalog("de", german_without(msg))
    out = handle({"cmd": "no such command", "lang": "de"})
    assert out["error"]["message"] == msg and out["english"] == [msg]
