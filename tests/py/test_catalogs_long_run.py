"""The sentence said before a long run (CLI, estimators) and the terminal's progress line, in German
and Spanish: whole sentences from the catalog, counts with the language's digit grouping, the
singular where a count is 1. They were English in every language."""

import io

import pytest

from perceptron_lab import i18n, run_cost


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use_language("en")


@pytest.mark.parametrize("lang, want", [
    ("de", "Ein langer Lauf: 200.000 Zeilen × 1 Merkmal × 100 Epochen. Die Seite schätzt dafür bis zu etwa "),
    ("es", "Una ejecución larga: 200.000 filas × 1 característica × 100 épocas. La página estima hasta unos "),
])
def test_a_long_run_is_announced_in_the_language(lang, want):
    i18n.use_language(lang)
    assert run_cost.long_run_text(200000, 1, 100, "online").startswith(want)


def test_the_multiclass_and_kernel_sentences_name_their_model():
    i18n.use_language("de")
    text = run_cost.long_run_text(1797, 64, 1000, "multiclass", classes=10)
    assert text.startswith("Ein langer Lauf: das Mehrklassen-Perzeptron (10 Klassen) auf 1.797 Zeilen × 64 Merkmale")
    i18n.use_language("es")
    assert run_cost.long_run_text(3000, 2, 200, "kernel").startswith(
        "Una ejecución larga: el perceptrón kernel sobre 3.000 filas × 2 características × 200 épocas. ")


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_progress_line_speaks_the_language():
    i18n.use_language("de")
    out = Terminal()
    progress = run_cost.Progress(1000, stream=out, clock=iter([0.0, 65.0]).__next__)
    progress(1, 1)
    # 65 s for the first of 1,000 epochs: 999 × 65 s = 18 h 2 min 15 s more
    assert out.getvalue() == "\rEpoche 1 von höchstens 1.000: 1 Fehler darin; bisher 1:05, in diesem Tempo noch etwa 18:02:15"
