"""The page's catalogs for dist/: each site/locale/<lang>/page.po (the file a teacher edits) becomes
locale/<lang>/page.json, {"plural_forms": ..., "messages": {key: text, or [forms] for a plural}} (translated, not fuzzy
entries only; keys sorted: the same .po gives the same bytes), and the .po / .pot files are left
out of dist/: JSON is served gzipped (a .po file is not), and the page needs no parser for it.
A key is the msgid's 32-bit FNV-1a hash over its UTF-16 code units, in hex (site/js/i18n/current.js
keyOf): the English is not shipped once per language (a first visit precaches every catalog, and
the cold load has a 12 MB budget); two msgids with one key stop the build.
site/js/i18n/catalog.js reads the JSON; tests/js/i18n-catalogs.test.mjs checks the .po files."""
from __future__ import annotations

import json
import re
from pathlib import Path

from .common import BuildError

_FIELD = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(".*")$')


def _unquote(s: str) -> str:
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s.strip()[1:-1])


def read_po(text: str, name: str = "page.po") -> tuple[str, dict[str, list[str]]]:
    """.po text -> (its Plural-Forms, {msgid: msgstr forms} of the translated, not fuzzy entries)."""
    entries, cur, field, fuzzy = [], {}, None, False
    for n, raw in enumerate(text.splitlines() + [""], 1):
        line = raw.strip()
        if not line:
            if cur:
                entries.append((cur, fuzzy))
            cur, field, fuzzy = {}, None, False
        elif line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif m := _FIELD.match(line):
            field = m.group(1)
            cur[field] = _unquote(m.group(2))
        elif line.startswith('"') and field:
            cur[field] += _unquote(line)
        else:
            raise BuildError(f"{name}:{n}: not a catalog line: {line[:60]}")
    header = next((c.get("msgstr", "") for c, _ in entries if c.get("msgid") == ""), "")
    plural = next((h.split(":", 1)[1].strip() for h in header.split("\n") if h.startswith("Plural-Forms:")), "")
    out = {}
    for c, is_fuzzy in entries:
        forms = [v for k, v in sorted(c.items(), key=lambda kv: int(kv[0][7:-1] or 0) if "[" in kv[0] else 0)
                 if k.startswith("msgstr")]
        if c.get("msgid") and not is_fuzzy and forms and all(forms):
            out[c["msgid"]] = forms
    return plural, out


def key_of(msgid: str) -> str:
    """FNV-1a (32 bit) over the UTF-16 code units, as 8 hex digits: the same as current.js keyOf."""
    h = 0x811C9DC5
    data = msgid.encode("utf-16-le")
    for i in range(0, len(data), 2):
        h ^= data[i] | (data[i + 1] << 8)
        h = (h * 0x01000193) & 0xFFFFFFFF
    return f"{h:08x}"


def write_page_catalogs(staging: Path) -> list[str]:
    """locale/<lang>/page.po -> page.json in the staging copy; the .po and .pot files removed."""
    locale = staging / "locale"
    langs = []
    for po in sorted(locale.glob("*/page.po")):
        plural, messages = read_po(po.read_text(encoding="utf-8"), str(po.relative_to(staging)))
        keyed = {key_of(m): forms if len(forms) > 1 else forms[0] for m, forms in messages.items()}
        if len(keyed) != len(messages):
            raise BuildError(f"{po.relative_to(staging)}: two msgids share a key (tools/page_catalogs.py key_of): reword one")
        data = {"plural_forms": plural, "messages": dict(sorted(keyed.items()))}
        (po.parent / "page.json").write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
        po.unlink()
        langs.append(po.parent.name)
    for pot in locale.glob("*.pot"):
        pot.unlink()
    return langs
