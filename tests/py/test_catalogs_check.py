"""perceptron-lab check in the user's language: the per-link lines speak German or Spanish (the same numbers,
answers and exit status as the English lines, which tests/py/test_check_cli.py holds to answers worked by
hand), while --format tsv and --format json keep English field names and status codes for scripts."""

import json

import pytest

from perceptron_lab import check_cli, cli, i18n

BASE = "https://teacher.example/lab/#v=1&source=preset&preset=and&algorithm=online&epochs=100&eta=1&bias=1"
HAND = "m0~0~-1_n_n_m1~1~0_m1~1~-1_m1~0~-2"  # AND's six answers worked by hand (test_check_cli.py): 6 of 6
GENUINE = f"{BASE}&view=exercise&exn=6&exs=6&exa={HAND}"
FOUR = f"{BASE}&view=exercise&exn=6&exs=4&exa=m0~0~-1_m0~0~-1_n_m1~1~0_m1~1~0_m1~0~-2"  # 2 and 5 wrong: 4 of 6
WRONG_ETA = BASE.replace("eta=1", "eta=2") + "&view=exercise"
NOT_A_LINK = "https://teacher.example/lab/"


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch):
    # A batch slower than PROGRESS_SECONDS (a loaded machine) says how far it is on stderr: not these tests' lines.
    monkeypatch.setattr(check_cli, "PROGRESS_SECONDS", float("inf"))
    yield
    i18n.use_language("en")


def check(capsys, lang, *args):
    code = cli.main(["--lang", lang, "check", *args])
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err.splitlines()


@pytest.mark.parametrize("lang, lines", [
    ("en", ["link 1: genuine: 6 of 6 right (none wrong); AND, online",
            "link 2: genuine: 4 of 6 right (wrong: 2, 5); AND, online"]),
    ("de", ["Link 1: echt: 6 von 6 richtig (keine falsch); AND, online",
            "Link 2: echt: 4 von 6 richtig (falsch: 2, 5); AND, online"]),
    ("es", ["enlace 1: auténtico: 6 de 6 correctas (ninguna incorrecta); AND, online",
            "enlace 2: auténtico: 4 de 6 correctas (incorrectas: 2, 5); AND, online"]),
])
def test_the_lines_of_genuine_links_speak_the_language(capsys, lang, lines):
    code, out, err = check(capsys, lang, GENUINE, FOUR)
    assert (code, out, err) == (0, lines, [])


@pytest.mark.parametrize("lang, altered, setting, malformed, replayed", [
    ("en", "link 1: ALTERED: ", "(Learning rate η differs)", "link 2: MALFORMED: ", ". Replayed: 6 of 6 right"),
    ("de", "Link 1: VERÄNDERT: ", "(Lernrate η unterscheidet sich)", "Link 2: FEHLERHAFT: ", ". Nachgerechnet: 6 von 6 richtig"),
    ("es", "enlace 1: ALTERADO: ", "(Tasa de aprendizaje η difiere)", "enlace 2: MAL FORMADO: ", ". Recalculado: 6 de 6 correctas"),
])
def test_an_altered_and_a_malformed_link_are_named_in_the_language(capsys, lang, altered, setting, malformed, replayed):
    code, out, err = check(capsys, lang, GENUINE, NOT_A_LINK, "--assignment", WRONG_ETA)
    assert code == 2  # a malformed link decides, as in English
    assert out[0].startswith(altered) and setting in out[0] and replayed in out[0], out[0]
    assert out[1].startswith(malformed), out[1]
    assert len(err) == 1 and err[0].startswith("perceptron-lab: " + malformed.split(":")[0] + ": "), err


@pytest.mark.parametrize("lang", ["de", "es"])
def test_tsv_keeps_english_field_names_and_codes_in_every_language(capsys, lang):
    _, english, _ = check(capsys, "en", "--format", "tsv", GENUINE, FOUR, NOT_A_LINK, "--assignment", BASE + "&view=exercise")
    code, rows, err = check(capsys, lang, "--format", "tsv", GENUINE, FOUR, NOT_A_LINK, "--assignment", BASE + "&view=exercise")
    assert code == 2 and len(err) == 1
    table = [r.split("\t") for r in rows]
    assert table[0] == ["link", "status", "score", "answered", "right", "reasons"]
    assert [r[:5] for r in table[1:]] == [["1", "genuine", "6", "6", "111111"], ["2", "genuine", "4", "6", "101101"],
                                          ["3", "malformed", "", "", ""]]
    assert [r[:5] for r in table] == [r.split("\t")[:5] for r in english]
    assert all(len(r) == 6 for r in table)
    assert table[3][5] != english[3].split("\t")[5]  # the reason is a sentence for a person: in the language


def test_json_keeps_english_keys_and_codes_and_json_with_another_format_is_refused(capsys):
    code, out, _ = check(capsys, "de", "--format", "json", GENUINE, FOUR)
    records = [json.loads(line) for line in out]
    assert code == 0 and [(r["link"], r["status"], r["score"], r["answered"]) for r in records] == [
        (1, "genuine", 6, 6), (2, "genuine", 4, 6)]
    assert check(capsys, "de", "--json", GENUINE)[1] == out[:1]  # --json is --format json
    code, out, err = check(capsys, "de", "--json", "--format", "tsv", GENUINE)
    assert code == 2 and out == [] and err == ["perceptron-lab: --json und --format tsv verlangen zwei Formen: gib nur eine an"], err


FORGED = f"{BASE}&view=exercise&exn=6&exs=6&exa={HAND.replace('m1~0~-2', 'm1~0~-3')}"  # answer 6 changed, score kept
HALF_ETA = BASE.replace("eta=1", "eta=0.5") + f"&view=exercise&exn=6&exs=6&exa={HAND}"  # the answers of η = 1
BAD_ANSWERS = f"{BASE}&view=exercise&exn=2&exs=1&exa=m0~0~-1_x"


@pytest.mark.parametrize("lang, lines, err", [
    ("en", ["link 1: ALTERED: it claims a score of 6 but its answers score 5: the score or answer 6 (wrong on replay) was "
            "changed after the page wrote the link (no other η, setting or preset makes them score 6). Replayed: 5 of 6 "
            "right (wrong: 6); AND, online",
            "link 2: ALTERED: it claims a score of 6, which its answers give with η = 1, not with the link's η = 0.5: η was "
            "changed after the page wrote the link. Replayed: 2 of 6 right (wrong: 1, 4, 5, 6); AND, online"],
     "link 3: This link cannot be checked: the answers in the link cannot be read (bad answer); the page starts such a "
     "link afresh."),
    ("de", ["Link 1: VERÄNDERT: er beansprucht eine Punktzahl von 6, aber seine Antworten erzielen 5: die Punktzahl oder "
            "Antwort 6 (beim Nachrechnen falsch) wurde geändert, nachdem die Seite den Link geschrieben hatte (keine andere "
            "Wahl von η, Einstellung oder Vorgabe ergibt für sie die Punktzahl 6). Nachgerechnet: 5 von 6 richtig "
            "(falsch: 6); AND, online",
            "Link 2: VERÄNDERT: er beansprucht eine Punktzahl von 6, die seine Antworten mit η = 1 ergeben, nicht mit dem "
            "η = 0.5 des Links: η wurde geändert, nachdem die Seite den Link geschrieben hatte. Nachgerechnet: 2 von 6 "
            "richtig (falsch: 1, 4, 5, 6); AND, online"],
     "Link 3: Dieser Link kann nicht geprüft werden: die Antworten im Link können nicht gelesen werden (ungültige "
     "Antwort); die Seite beginnt einen solchen Link von vorn."),
    ("es", ["enlace 1: ALTERADO: declara una puntuación de 6, pero sus respuestas puntúan 5: la puntuación o la respuesta 6 "
            "(incorrecta al recalcular) se cambió después de que la página escribiera el enlace (ningún otro valor de η, "
            "ajuste o predefinido les da la puntuación 6). Recalculado: 5 de 6 correctas (incorrectas: 6); AND, online",
            "enlace 2: ALTERADO: declara una puntuación de 6, que sus respuestas dan con η = 1, no con el η = 0.5 del "
            "enlace: η se cambió después de que la página escribiera el enlace. Recalculado: 2 de 6 correctas "
            "(incorrectas: 1, 4, 5, 6); AND, online"],
     "enlace 3: Este enlace no se puede comprobar: las respuestas del enlace no se pueden leer (respuesta no válida); la "
     "página empieza un enlace así desde cero."),
])
def test_the_reasons_of_an_altered_or_malformed_link_speak_the_language(capsys, lang, lines, err):
    # The English lines are the grading's (the score 5 of a changed answer 6, η found by replay; test_check_cli.py).
    code, out, errors = check(capsys, lang, FORGED, HALF_ETA, BAD_ANSWERS)
    assert code == 2
    assert out[:2] == lines
    assert errors == ["perceptron-lab: " + err]


@pytest.mark.parametrize("lang, lines", [
    ("en", ["link 1: This link cannot be checked: Epochs (MaxIter) must be a whole number.",
            "link 2: This link cannot be checked: the link was made by another version of Perceptron Lab (v=2), which "
            "this one does not read.",
            "link 3: This link cannot be checked: the link's points are not in it (too many for a link, or cut off): they "
            "cannot be checked."]),
    ("de", ["Link 1: Dieser Link kann nicht geprüft werden: Epochen (MaxIter) muss eine ganze Zahl sein.",
            "Link 2: Dieser Link kann nicht geprüft werden: der Link stammt von einer anderen Version von Perceptron Lab "
            "(v=2), die diese nicht liest.",
            "Link 3: Dieser Link kann nicht geprüft werden: die Punkte des Links fehlen darin (zu viele für einen Link "
            "oder abgeschnitten): sie können nicht geprüft werden."]),
    ("es", ["enlace 1: Este enlace no se puede comprobar: Épocas (MaxIter) debe ser un número entero.",
            "enlace 2: Este enlace no se puede comprobar: el enlace se hizo con otra versión de Perceptron Lab (v=2), que "
            "esta no lee.",
            "enlace 3: Este enlace no se puede comprobar: los puntos del enlace no están en él (demasiados para un "
            "enlace, o cortados): no se pueden comprobar."]),
])
def test_why_a_link_cannot_be_read_speaks_the_language(capsys, lang, lines):
    code, out, err = check(capsys, lang, BASE.replace("epochs=100", "epochs=abc") + "&view=exercise",
                           "https://t.example/#v=2&view=exercise", "https://t.example/#v=1&source=points&view=exercise&exn=0&exs=0")
    assert code == 2 and len(out) == 3
    assert err == ["perceptron-lab: " + line for line in lines]
