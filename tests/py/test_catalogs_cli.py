"""The command line in the language asked for (--lang, else LANGUAGE/LC_ALL/LC_MESSAGES/LANG): its --help
(argparse's own words too) and its error lines, with the English numbers and quoted names intact.
The English output of the same command is the reference: none of its words may survive, except the
command line's own names (options, choices, metavars), which a user types as they are."""

import re
import subprocess
import sys

import pytest

WORD = re.compile(r"[A-Za-zÀ-ÿ]{4,}")
QUOTED = re.compile(r"(?:/[\w.-]+)+|[\w-]+\.\w+|'[^']*'|--?[\w-]+|\{[^}]*\}|[A-Z_]{3,}")
# The command line's own names: the program, its subcommands, the positional argument.
NAMES = {"perceptron", "train", "check", "quiz", "file"}
# Words German or Spanish share with English, and names that are no words (formats, the notes' algorithm).
SAME = {"de": {"Bias", "Index", "Option", "Optionen", "Engine", "Moodle", "GIFT", "Common", "Cartridge", "Notebook",
               "Label", "Labels", "Margin", "Batch", "Pocket", "Algorithmus", "Seed", "Plot", "Python", "Standard",
               "poly2", "stdin", "stdout", "unit", "imscc", "quiz", "help"},
        "es": {"Moodle", "GIFT", "Common", "Cartridge", "pocket", "batch", "poly2", "stdin", "stdout", "unit",
               "imscc", "quiz", "help", "script", "Python", "online", "kernel", "Algoritmo", "error"}}


def run(*args, env_lang="C.UTF-8"):
    return subprocess.run([sys.executable, "-m", "perceptron_lab", *args], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "LANG": env_lang})


def english_left(en, tr, lang):
    names = {w for m in QUOTED.findall(en) for w in WORD.findall(m)} | NAMES
    theirs = set(WORD.findall(tr))
    return sorted({w for w in WORD.findall(QUOTED.sub(" ", en))
                   if w in theirs and w not in names and w not in SAME[lang]})


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("command", [[], ["train"], ["check"], ["quiz"]])
def test_the_help_speaks_the_language(lang, command):
    en = run(*command, "--help")
    tr = run("--lang", lang, *command, "--help")
    assert en.returncode == tr.returncode == 0, tr.stderr
    assert english_left(en.stdout, tr.stdout, lang) == []
    # argparse's own words come through the catalogs too: the first line names the usage.
    assert tr.stdout.split(":")[0] == {"de": "Aufruf", "es": "uso"}[lang]
    # The same options, in the same order.
    assert re.findall(r"--[\w-]+", en.stdout) == re.findall(r"--[\w-]+", tr.stdout)


def test_the_language_comes_from_the_environment_or_from_lang_equals():
    by_env = run("train", "--help", env_lang="de_DE.UTF-8").stdout
    assert by_env == run("--lang=de", "train", "--help").stdout
    assert by_env.startswith("Aufruf:") and "Optionen:" in by_env


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("args,stdin_file", [
    (["train", "BAD"], "a,b,y\n1,2,1\n3,x,0\n"),                   # a cell that is no number
    (["train", "BAD"], "a;b;y\n1;2;1\n3;4;0;9\n"),                 # a row with one cell too many
    (["train", "BAD"], "y\n1\n0\n"),                               # one column only
    (["train", "--preset", "xor", "--eta", "-1"], None),           # a setting out of its range
    (["train", "--preset", "xor", "--plot", "out.txt"], None),     # the CLI's own check
    (["train"], None),                                             # argparse: no data given
    (["train", "--preset", "nope"], None),                         # argparse: not a choice
    (["train", "FOLDER"], None),                                   # a folder named as the data file
])
def test_an_error_line_speaks_the_language_with_the_english_numbers_and_names(lang, args, stdin_file, tmp_path):
    if stdin_file is not None:
        (tmp_path / "bad.csv").write_text(stdin_file)
        args = [str(tmp_path / "bad.csv") if a == "BAD" else a for a in args]
    args = [str(tmp_path) if a == "FOLDER" else str(tmp_path / a) if a.endswith(".txt") else a for a in args]
    en, tr = run(*args), run("--lang", lang, *args)
    assert en.returncode == tr.returncode == 2
    e, t = en.stderr.strip(), tr.stderr.strip()
    assert e.startswith("perceptron-lab: ") and t.startswith("perceptron-lab: ") and "\n" not in t
    assert english_left(e, t, lang) == [], (e, t)
    # Placeholders filled as in English: every number and every quoted name is there.
    assert sorted(re.findall(r"\d+", e)) == sorted(re.findall(r"\d+", t)), (e, t)
    assert sorted(re.findall(r"'[^']*'", e)) == sorted(re.findall(r"'[^']*'", t)), (e, t)
