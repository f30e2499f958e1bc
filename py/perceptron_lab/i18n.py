"""The language of the lab's sentences: gettext catalogs, read with the standard library.

Catalogs live in locale/<lang>/LC_MESSAGES/perceptron_lab.mo beside this file (compiled from the .po
files by tools/catalogs.py with Babel; docs/LANGUAGES.md says how a teacher adds a language). The
.mo files are committed, so pip installs and Pyodide need nothing but `gettext`.

One language at a time: the page and the CLI speak to one student. `use_language` picks it for
what follows (the bridge calls it with each request's "lang"); every sentence asks `_` at the
moment it is built, never at import, so a table of texts (texts/variants.py) marks its entries
with `N_` and translates them where they are used.

Numbers in sentences carry the language's decimal mark (`number`); numbers in links, exports and
JSON never do (they are not built here).
"""

import base64
import gettext
import hashlib
import os
import re

DOMAIN = "perceptron_lab"
# The words only a pip install shows (command lines, --help, estimators): their own catalog, not in the page.
PIP_DOMAIN = "perceptron_lab_pip"
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
ENGLISH = "en"
# Decimal mark and digit-group separator per language; a language not listed writes numbers as English.
NUMBER_MARKS = {"en": (".", ","), "de": (",", "."), "es": (",", ".")}

_CODE = re.compile(r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$")
_state = {"lang": ENGLISH, "translation": gettext.NullTranslations()}
_cache = {}


def available():
    """The languages with a shipped catalog, English first."""
    try:
        names = sorted(d for d in os.listdir(LOCALE_DIR)
                       if os.path.isfile(os.path.join(LOCALE_DIR, d, "LC_MESSAGES", DOMAIN + ".mo")))
    except OSError:
        names = []
    return [ENGLISH] + [n for n in names if n != ENGLISH]


def resolve(code):
    """The shipped language a code asks for: "de-AT" -> "de", "es_419" -> "es", anything else -> "en"."""
    if not isinstance(code, str) or not _CODE.match(code):
        return ENGLISH
    base = re.split(r"[-_]", code)[0].lower()
    return base if base in available() else ENGLISH


def catalog_key(msgid):
    """The key a compiled catalog files a message under: 7 characters of the msgid's SHA-1, so that the
    English is not shipped once per language (as the page's catalogs do; tools/catalogs.py writes them)."""
    return base64.urlsafe_b64encode(hashlib.sha1(msgid.encode("utf-8")).digest())[:7].decode("ascii")


class _Keyed:
    """A language's compiled catalogs (the main one, then the pip one), asked by catalog_key; a message
    found in neither is the English msgid itself."""

    def __init__(self, catalogs):
        self.catalogs = catalogs

    def gettext(self, msgid):
        key = catalog_key(msgid)
        for c in self.catalogs:
            text = c._catalog.get(key)
            if text is not None:
                return text
        return msgid

    def ngettext(self, singular, plural, n):
        key = catalog_key(singular)
        for c in self.catalogs:
            if (key, 0) in c._catalog:
                return c._catalog.get((key, c.plural(n)), c._catalog[(key, 0)])
        return singular if n == 1 else plural


def _translation(lang):
    if lang not in _cache:
        if lang == ENGLISH:
            _cache[lang] = gettext.NullTranslations()
        else:
            found = [gettext.translation(d, LOCALE_DIR, languages=[lang], fallback=True) for d in (DOMAIN, PIP_DOMAIN)]
            _cache[lang] = _Keyed([t for t in found if isinstance(t, gettext.GNUTranslations)])
    return _cache[lang]


def use_language(code):
    """Speak `code` from now on (after fallback); returns the language used. Never raises."""
    lang = resolve(code)
    _state["lang"], _state["translation"] = lang, _translation(lang)
    return lang


def current_language():
    return _state["lang"]


def _(msgid):
    return _state["translation"].gettext(msgid)


def ngettext(singular, plural, n):
    return _state["translation"].ngettext(singular, plural, n)


def N_(msgid):
    """Marks a msgid for the catalog where it is defined; `_` translates it where it is shown."""
    return msgid


def number(text):
    """A number already written the English way ("1,234.5", "−0.25", "3e-05") in the language's marks."""
    point, group = NUMBER_MARKS.get(_state["lang"], NUMBER_MARKS[ENGLISH])
    if point == ".":
        return text
    return text.translate(str.maketrans({".": point, ",": group}))


def count(k):
    """A whole count with the language's digit grouping (1,000 in English, 1.000 in German)."""
    return number(f"{k:,}")


def language_from_environment(environ=os.environ):
    """The CLI's default, as gettext reads it: LANGUAGE, LC_ALL, LC_MESSAGES, LANG ("de_DE.UTF-8" -> "de")."""
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key)
        if value:
            return resolve(value.split(":")[0].split(".")[0])
    return ENGLISH


def number_separator():
    """Between the numbers of a vector: ", " where the decimal mark is a point, "; " where it is a comma."""
    return "; " if NUMBER_MARKS.get(_state["lang"], NUMBER_MARKS[ENGLISH])[0] == "," else ", "
