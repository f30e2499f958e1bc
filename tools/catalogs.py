"""The Python catalogs (py/perceptron_lab/locale): extract the lab's sentences, update each language's
.po, compile the .mo files the package ships. Babel does each step; every run gives the same bytes.

    .venv/bin/python tools/catalogs.py            # extract + update + compile
    .venv/bin/python tools/catalogs.py --check    # exit 1 when a catalog is stale or incomplete

docs/LANGUAGES.md says how a teacher adds a language.
"""

import argparse
import datetime
import gettext
import io
import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from perceptron_lab.exercise.claim_change import CHANGEABLE

PACKAGE = Path(__file__).resolve().parents[1] / "py" / "perceptron_lab"
LOCALE = PACKAGE / "locale"
DOMAIN = "perceptron_lab"
# The words only a pip install shows (the command lines, their --help, the estimators): a catalog of their
# own, which the page's app wheel leaves out (tools/appwheel.py), so a first visit does not download them.
PIP_DOMAIN = "perceptron_lab_pip"
PIP_SOURCES = ("perceptron_lab/cli.py", "perceptron_lab/cli_input.py", "perceptron_lab/cli_words.py",
               "perceptron_lab/check_cli.py", "perceptron_lab/quiz_cli.py", "perceptron_lab/sklearn.py",
               "perceptron_lab/estimators/", "perceptron_lab/params.json#cli",
               # the check of result links (bridge/check.py answers it, but only check_cli asks: the page never does)
               "perceptron_lab/exercise/grading.py", "perceptron_lab/exercise/claim_change.py",
               "perceptron_lab/exercise/result_link.py")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
# A fixed date keeps the files byte-identical from run to run (Babel writes it into the headers).
EPOCH = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def template():
    """The catalog of every msgid in the package, in file order, with where each is used."""
    cat = Catalog(project="perceptron-lab", version="", creation_date=EPOCH, revision_date=EPOCH,
                  msgid_bugs_address="", copyright_holder="", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            PACKAGE, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
        cat.add(message, None, [(f"perceptron_lab/{filename}", lineno)], auto_comments=comments, context=context)
    # The settings' labels live in params.json (shared with the page); settings.message puts them in its errors.
    for p in json.loads((PACKAGE / "params.json").read_text(encoding="utf-8"))["params"]:
        cat.add(p["label"], None, [("perceptron_lab/params.json", 0)],
                auto_comments=["TRANSLATORS: a setting's label, as the page's catalog has it (site/locale)"])
        for key in ("hint", "cli_help"):  # the command line's --help says them (cli.py)
            if p.get(key) and ("cli" in p or p["name"].startswith("csv_")):
                cat.add(p[key], None, [("perceptron_lab/params.json#cli", 0)],
                        auto_comments=["TRANSLATORS: a setting's help in the command line's --help"])
        for o in p.get("options", []):
            if isinstance(o, dict) and o.get("label") and p["name"] in CHANGEABLE:  # check's reasons name them
                cat.add(o["label"], None, [("perceptron_lab/params.json#cli", 0)],
                        auto_comments=["TRANSLATORS: a setting's choice, as the page's catalog has it (site/locale)"])
            if isinstance(o, dict) and o.get("no_exercise"):
                cat.add(o["no_exercise"], None, [("perceptron_lab/params.json", 0)],
                        auto_comments=["TRANSLATORS: why the exercise cannot follow this algorithm (bridge/visits.py)"])
    return cat


def split(tmpl):
    """{domain: template}: a message used only where a pip install shows it goes to PIP_DOMAIN."""
    out = {d: Catalog(project="perceptron-lab", version="", creation_date=EPOCH, revision_date=EPOCH,
                      msgid_bugs_address="", copyright_holder="", fuzzy=False) for d in (DOMAIN, PIP_DOMAIN)}
    for m in tmpl:
        if not m.id:
            continue
        pip = all(f.startswith(PIP_SOURCES) for f, _ in m.locations)
        out[PIP_DOMAIN if pip else DOMAIN].add(m.id, None, m.locations, auto_comments=m.auto_comments,
                                               context=m.context, flags=m.flags)
    return out


def po_bytes(cat):
    out = io.BytesIO()
    # Files, not line numbers: an edit above a message does not make every catalog stale.
    write_po(out, cat, width=100, sort_output=False, include_previous=False, include_lineno=False)
    return out.getvalue()


def mo_bytes(cat):
    """The compiled catalog in gettext's standard form (msgid -> msgstr, as msgfmt writes it), so that the
    standard library's gettext, msgunfmt and any .po tool read it as it is."""
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


def same(path, data):
    """A file holds what this run would write: the same bytes, or, for a .mo, the same messages and plural
    rule (a teacher's msgfmt or Poedit writes another header and a hash table, and is as good)."""
    old = path.read_bytes()
    if old == data or path.suffix != ".mo":
        return old == data
    try:
        a, b = (gettext.GNUTranslations(io.BytesIO(d)) for d in (old, data))
    except Exception:  # not a catalog at all: stale
        return False
    body = lambda t: {k: v for k, v in t._catalog.items() if k != ""}  # noqa: E731
    return body(a) == body(b) and [a.plural(n) for n in range(200)] == [b.plural(n) for n in range(200)]


def languages():
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())


def read(lang, domain=DOMAIN):
    path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    with open(path if path.is_file() else path.with_name(f"{DOMAIN}.po"), "rb") as f:
        return read_po(f, locale=lang, domain=domain)


def updated(lang, tmpl, domain=DOMAIN):
    """The language's .po after the template's msgids: new ones empty, gone ones dropped, no guessing.
    A message that moved between the two domains keeps its translation (it is looked up in both)."""
    cat = read(lang, domain)
    other = read(lang, PIP_DOMAIN if domain == DOMAIN else DOMAIN)
    for m in tmpl:
        if m.id and m.id not in cat and m.id in other:
            cat.add(m.id, other[m.id].string)
    cat.update(tmpl, no_fuzzy_matching=True, update_header_comment=False)
    cat.obsolete.clear()
    cat.revision_date = EPOCH
    return cat


def missing(cat):
    """The msgids with no translation (or a partial plural)."""
    out = []
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if m.fuzzy or not all(strings):
            out.append(m.id if isinstance(m.id, str) else m.id[0])
    return out


def main(argv=None):
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_known_args(argv)[1]
    check = "--check" in args
    files, problems, cats = {}, [], {}
    for domain, tmpl in split(template()).items():
        files[LOCALE / f"{domain}.pot"] = po_bytes(tmpl)
        for lang in languages():
            cats[lang, domain] = updated(lang, tmpl, domain)
    for (lang, domain), cat in cats.items():
        problems += [f"{lang}: untranslated: {m!r}" for m in missing(cat)]
        base = LOCALE / lang / "LC_MESSAGES" / domain
        files[base.with_suffix(".po")] = po_bytes(cat)
        files[base.with_suffix(".mo")] = mo_bytes(cat)
    stale = [p for p, data in files.items() if not p.is_file() or not same(p, data)]
    if check:
        for p in stale:
            problems.append(f"stale: {p.relative_to(PACKAGE.parents[1])} (run tools/catalogs.py)")
        print("\n".join(problems) or "catalogs up to date and complete")
        return 1 if problems else 0
    for p in stale:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(files[p])
    print("\n".join(problems[:20]) + (f"\n… {len(problems)} in all" if len(problems) > 20 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
