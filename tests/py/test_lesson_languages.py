"""Every lesson in every shipped language: a German and a Spanish file beside each English one
(NN-name.<lang>.md), with the English directives (runs, plot, changes, question, claims'
conditions) and in each sentence the English placeholders, no literal number, and shown by the
engine on its run with the English run's numbers. The page's language picks the file; a language
without one reads the English."""

import re

import pytest

from perceptron_lab import i18n, lessons
from perceptron_lab.bridge.linear_fit import fit
from perceptron_lab.lessons import engine
from perceptron_lab.lessons.lesson_format import PLACEHOLDER, parse

LANGUAGES = ("de", "es")
NUMBER = re.compile(r"−?\d+(?:[.,]\d+)?")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use_language("en")


def names(text):
    return sorted(PLACEHOLDER.findall(text or ""))


def differences(en, tr):
    """What a translation changes beyond its words: [] when it keeps every directive and placeholder."""
    out = []
    if tr.notes != en.notes:
        out.append(f"notes {tr.notes} != {en.notes}")
    if len(tr.steps) != len(en.steps):
        return out + [f"{len(tr.steps)} steps != {len(en.steps)}"]
    for k, (a, b) in enumerate(zip(en.steps, tr.steps), 1):
        for what in ("runs", "plot", "change"):
            if getattr(a, what) != getattr(b, what):
                out.append(f"step {k}: @{what} {getattr(b, what)} != {getattr(a, what)}")
        if names(a.title) != names(b.title):
            out.append(f"step {k}: title placeholders")
        qa, qb = a.question, b.question
        if (qa is None) != (qb is None):
            out.append(f"step {k}: @ask present in one only")
        elif qa is not None:
            if (qa.kind, qa.args) != (qb.kind, qb.args):
                out.append(f"step {k}: @ask {qb.kind} {qb.args} != {qa.kind} {qa.args}")
            if names(qa.prompt) != names(qb.prompt) or names(qa.explain) != names(qb.explain) or bool(qa.explain) != bool(qb.explain):
                out.append(f"step {k}: the question's placeholders")
        if len(a.sentences) != len(b.sentences):
            out.append(f"step {k}: {len(b.sentences)} sentences != {len(a.sentences)}")
            continue
        for j, (sa, sb) in enumerate(zip(a.sentences, b.sentences), 1):
            if (sa.condition, sa.reveal) != (sb.condition, sb.reveal):
                out.append(f"step {k}, sentence {j}: ? {sb.condition} != ? {sa.condition}")
            if names(sa.text) != names(sb.text):
                out.append(f"step {k}, sentence {j}: {{{names(sb.text)}}} != {{{names(sa.text)}}}")
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_has_a_translation_with_the_english_directives_and_placeholders(lang):
    for number in range(1, len(lessons.names()) + 1):
        en, tr = lessons.lesson(number, "en"), lessons.lesson(number, lang)
        assert differences(en, tr) == [], (lang, number)
        # Translated, not copied: the title and most sentences differ from the English.
        assert tr.title != en.title
        same = [b.text for a, b in zip((s for st in en.steps for s in st.sentences), (s for st in tr.steps for s in st.sentences))
                if a.text == b.text]
        assert len(same) <= 1, same  # a line that is only a formula may read the same


def test_a_translation_that_changes_a_directive_or_a_placeholder_is_caught():
    en = lessons.library.text(1, "en")
    de = lessons.library.text(1, "de")
    base = parse(en)
    assert differences(base, parse(de)) == []
    for old, new in (("@run scaled eta=0.25", "@run scaled eta=0.5"), ("@plot boundary", "@plot mistakes"),
                     ("@change eta", "@change eta dseed"), ("? hit_max:", "? converged:"),
                     ("@ask yesno converged:", "@ask yesno separable:"), ("{first_w}.", "{w}."),
                     ("{scaled.mistakes} Fehler gegenüber {mistakes}.", "{scaled.mistakes} Fehler.")):
        assert old in de, old
        assert differences(base, parse(de.replace(old, new, 1))), old


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_translated_lesson_file_is_free_of_literal_numbers(lang):
    for number in range(1, len(lessons.names()) + 1):
        for line in lessons.library.text(number, lang).splitlines():
            if line.startswith(("@ask", "?")):
                line = line.partition(":")[2]
            if not line.startswith(("@run", "notes:", "@change")):
                assert not any(c.isdecimal() for c in PLACEHOLDER.sub("", line)), (lang, line)


def shown_numbers(view):
    words = [view["title"], *(view["text"] or []), *(view["reveal"] or [])]
    if view["question"]:
        words.append(view["question"]["prompt"])
    # The decimal mark and a vector's separator are the language's; the numbers are the run's.
    return sorted(n.replace(",", ".") for n in NUMBER.findall(" ".join(words).replace("; ", " ")))


def answer_of(q):
    return {"yesno": "yes", "example": "1", "vector": "(0, 0, 0)"}.get(q["kind"]) or q["choices"][0]["value"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_in_every_language_shows_the_english_runs_numbers(lang):
    for number in range(1, len(lessons.names()) + 1):
        for k in range(1, len(lessons.lesson(number, "en").steps) + 1):
            i18n.use_language("en")
            en = engine.view(lessons.lesson(number), k, fit=fit)
            ans = answer_of(en["question"]) if en["question"] else None
            en = engine.view(lessons.lesson(number), k, answer=ans, fit=fit)
            i18n.use_language(lang)
            tr = engine.view(lessons.lesson(number), k, answer=ans, fit=fit)
            assert tr["lesson_title"] == lessons.lesson(number, lang).title != en["lesson_title"]
            assert shown_numbers(tr) == shown_numbers(en), (lang, number, k)
            assert (tr["check"] or {}).get("correct") == (en["check"] or {}).get("correct")
            assert len(tr["text"]) == len(en["text"]) and len(tr["reveal"] or []) == len(en["reveal"] or [])


def test_the_pages_language_picks_the_lesson_file_and_english_is_the_fallback():
    assert all(n.count(".") == 1 for n in lessons.names())  # a translation is not another lesson
    i18n.use_language("de")
    assert lessons.lesson(6).title == "Nicht linear trennbar: XOR"
    assert lessons.catalogue()[0]["title"] == "Die Update-Regel an AND"
    i18n.use_language("es")
    assert lessons.lesson(6).title == "No linealmente separable: XOR"
    i18n.use_language("fr")  # no catalog and no lesson file: English
    assert lessons.lesson(6).title == "Not separable: XOR"
    assert lessons.lesson(6, "pt").title == "Not separable: XOR"
