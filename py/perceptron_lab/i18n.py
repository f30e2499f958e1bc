"""The language of the lab's sentences: gettext catalogs, read with the standard library.

Catalogs live in locale/<lang>/LC_MESSAGES/perceptron_lab.mo beside this file, standard gettext .mo files
(compiled from the .po files by tools/catalogs.py with Babel, as msgfmt would; docs/LANGUAGES.md says how a
teacher adds a language). The .mo files are committed, so pip installs need nothing but `gettext`. The page's
wheel carries none: its worker downloads the page's language's file and hands it to `install_catalog`.

One language at a time: the page and the CLI speak to one student. `use_language` picks it for
what follows (the bridge calls it with each request's "lang"); every sentence asks `_` at the
moment it is built, never at import, so a table of texts (texts/variants.py) marks its entries
with `N_` and translates them where they are used.

Numbers in sentences carry the language's decimal mark (`number`); numbers in links, exports and
JSON never do (they are not built here).
"""

import gettext
import io
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


def _translation(lang):
    """The language's catalogs as the standard library reads them: the main one, then the pip one as its
    fallback (gettext's own add_fallback); a message found in neither is the English msgid itself."""
    if lang not in _cache:
        found = [] if lang == ENGLISH else [
            t for t in (gettext.translation(d, LOCALE_DIR, languages=[lang], fallback=True) for d in (DOMAIN, PIP_DOMAIN))
            if isinstance(t, gettext.GNUTranslations)]
        for t in found[1:]:
            found[0].add_fallback(t)
        _cache[lang] = found[0] if found else gettext.NullTranslations()
    return _cache[lang]


def install_catalog(code, data):
    """The page's Python: put a language's compiled catalog (bytes of perceptron_lab.mo, which the page's
    wheel does not carry) where gettext looks, before the first request in that language. A file gettext
    cannot read is refused (ValueError) and nothing is written; returns the language installed."""
    lang = re.split(r"[-_]", code)[0].lower() if isinstance(code, str) and _CODE.match(code) else None
    if not lang or lang == ENGLISH:
        raise ValueError(f"not a language to install a catalog for: {code!r}")
    data = bytes(data)
    try:
        gettext.GNUTranslations(io.BytesIO(data))
    except Exception as e:  # a bad magic number, a cut file (struct.error), a wrong charset
        raise ValueError(f"not a gettext catalog ({e})") from None
    folder = os.path.join(LOCALE_DIR, lang, "LC_MESSAGES")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, DOMAIN + ".mo")
    with open(path, "wb") as f:
        f.write(data)
    # gettext keeps each file it has read by its path: a catalog installed again must be read again.
    gettext._translations.pop((gettext.GNUTranslations, os.path.abspath(path)), None)
    _cache.pop(lang, None)
    return lang


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
