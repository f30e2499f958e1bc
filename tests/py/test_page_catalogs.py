"""build.py's page catalogs: each site/locale/<lang>/page.po becomes locale/<lang>/page.json in dist/,
holding every translated entry (and no fuzzy or empty one), the same bytes for the same .po, and
no .po or .pot file is left in dist/ (JSON is served gzipped)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from tools.page_catalogs import key_of, read_po, write_page_catalogs

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "site" / "locale"

PO = '''msgid ""
msgstr ""
"Language: de\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: site/index.html
msgid "Train"
msgstr "Trainieren"

#, fuzzy
msgid "Cancel"
msgstr "Abbruch"

msgid "Empty"
msgstr ""

#, python-brace-format
msgid "{n} mistake"
msgid_plural "{n} mistakes"
msgstr[0] "{n} Fehler"
msgstr[1] "{n} "
"Fehler"

msgid "Say \\"hi\\"\\n"
msgstr "Sag \\"hallo\\"\\n"
'''


def test_read_po_keeps_translated_entries_only():
    plural, messages = read_po(PO)
    assert plural == "nplurals=2; plural=(n != 1);"
    assert messages == {"Train": ["Trainieren"], "{n} mistake": ["{n} Fehler", "{n} Fehler"], 'Say "hi"\n': ['Sag "hallo"\n']}


def po_unescape(text):
    r"""A msgid as a .po line writes it, read back: \\ is one backslash, \" a quote, \n a new line."""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def test_the_shipped_catalogs_become_json_and_leave_dist(tmp_path):
    staging = tmp_path / "staging"
    shutil.copytree(LOCALE, staging / "locale")
    assert write_page_catalogs(staging) == ["de", "es"]
    assert sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file()) == [
        "locale/de/page.json", "locale/es/page.json"]
    template = (LOCALE / "page.pot").read_text(encoding="utf-8")
    ids = {m for m in re.findall(r'^msgid "(.*)"$', template, flags=re.M) if m}
    for lang in ("de", "es"):
        data = json.loads((staging / "locale" / lang / "page.json").read_text(encoding="utf-8"))
        assert data["plural_forms"] == "nplurals=2; plural=(n != 1);"
        assert sorted(data["messages"]) == sorted(key_of(po_unescape(m)) for m in ids)
        assert data["messages"][key_of("Train")] == {"de": "Trainieren", "es": "Entrenar"}[lang]
        assert data["messages"][key_of("{n} mistake")] == {"de": ["{n} Fehler", "{n} Fehler"], "es": ["{n} error", "{n} errores"]}[lang]
    first = (staging / "locale" / "de" / "page.json").read_bytes()
    shutil.copytree(LOCALE, tmp_path / "again" / "locale")
    write_page_catalogs(tmp_path / "again")
    assert (tmp_path / "again" / "locale" / "de" / "page.json").read_bytes() == first


def test_the_build_keys_a_msgid_as_the_page_does():
    ids = ["Train", "{n} mistake", "Décision «ü» — w·x̃ ≤ 0 😀", "", "a"]
    page = subprocess.run(["node", "--input-type=module", "-e",
                           "import { keyOf } from './site/js/i18n/current.js';"
                           "console.log(JSON.stringify(JSON.parse(process.argv[1]).map(keyOf)))", json.dumps(ids)],
                          cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert json.loads(page) == [key_of(m) for m in ids]
    assert key_of("") == "811c9dc5" and key_of("a") == "e40c292c"  # FNV-1a's published vectors
