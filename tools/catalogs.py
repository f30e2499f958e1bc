"""The Python catalogs (py/perceptron_lab/locale): extract the lab's sentences, update each language's
.po, compile the .mo files the package ships. Babel does each step; every run gives the same bytes.

    .venv/bin/python tools/catalogs.py            # extract + update + compile
    .venv/bin/python tools/catalogs.py --check    # exit 1 when a catalog is stale or incomplete

docs/LANGUAGES.md says how a teacher adds a language.
"""

import argparse
import datetime
import io
import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

PACKAGE = Path(__file__).resolve().parents[1] / "py" / "perceptron_lab"
LOCALE = PACKAGE / "locale"
DOMAIN = "perceptron_lab"
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
    return cat


def po_bytes(cat):
    out = io.BytesIO()
    # Files, not line numbers: an edit above a message does not make every catalog stale.
    write_po(out, cat, width=100, sort_output=False, include_previous=False, include_lineno=False)
    return out.getvalue()


def mo_bytes(cat):
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


def languages():
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())


def read(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def updated(lang, tmpl):
    """The language's .po after the template's msgids: new ones empty, gone ones dropped, no guessing."""
    cat = read(lang)
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
    tmpl = template()
    files = {LOCALE / f"{DOMAIN}.pot": po_bytes(tmpl)}
    problems = []
    for lang in languages():
        cat = updated(lang, tmpl)
        problems += [f"{lang}: untranslated: {m!r}" for m in missing(cat)]
        base = LOCALE / lang / "LC_MESSAGES" / DOMAIN
        files[base.with_suffix(".po")] = po_bytes(cat)
        files[base.with_suffix(".mo")] = mo_bytes(cat)
    stale = [p for p, data in files.items() if not p.is_file() or p.read_bytes() != data]
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
