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
# asked: the language asked for (its base); english: the msgids said in English since, for want of a translation.
_state = {"lang": ENGLISH, "asked": ENGLISH, "translation": gettext.NullTranslations(), "english": set()}
ENGLISH_MAX = 500  # msgids kept (a catalog in progress lacks a few; a missing one is answered wholesale)
ANSWER_NODES_MAX = 200_000  # english_in's walk through an answer stops here (frames are large)
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
    asked = re.split(r"[-_]", code)[0].lower() if isinstance(code, str) and _CODE.match(code) else ENGLISH
    _state.update(lang=lang, asked=asked, translation=_translation(lang), english=set())
    return lang


def current_language():
    return _state["lang"]


def _(msgid):
    t = _state["translation"]
    if _state["lang"] != ENGLISH and not _knows(t, msgid):
        _said_in_english(msgid)
    return t.gettext(msgid)


def ngettext(singular, plural, n):
    t = _state["translation"]
    if _state["lang"] != ENGLISH and not _knows(t, (singular, 0)):
        _said_in_english(singular, plural)
    return t.ngettext(singular, plural, n)


def _knows(t, key):
    while t is not None:
        if key in getattr(t, "_catalog", ()):
            return True
        t = getattr(t, "_fallback", None)
    return False


def _said_in_english(*msgids):
    if len(_state["english"]) < ENGLISH_MAX:
        _state["english"].update(msgids)


def english_in(answer):
    """The sentences of an answer (its strings, as they are) that are English in a language asked for other than
    English (WCAG 3.1.2: the page marks them lang="en"): every sentence when that language has no catalog here,
    else those holding a message its catalog lacks. [] in English and whenever every sentence is translated."""
    if _state["asked"] == ENGLISH:
        return []
    if _state["lang"] == ENGLISH:
        english = lambda s: not s.startswith(("data:", "<")) and re.search(r"[A-Za-z]{2,} +[A-Za-z]{2,}", s) is not None  # noqa: E731
    elif _state["english"]:
        # The message's own words (its text between placeholders), found in the sentence it made.
        pieces = {p for m in _state["english"] for p in re.split(r"\{[^{}]*\}", m) if len(p.strip()) >= 4}
        english = lambda s: any(p in s for p in pieces)  # noqa: E731
    else:
        return []
    found, todo, seen = [], [answer], 0
    while todo and seen < ANSWER_NODES_MAX:
        node = todo.pop()
        seen += 1
        if isinstance(node, str):
            if english(node) and node not in found:
                found.append(node)
        elif isinstance(node, dict):
            todo.extend(reversed(list(node.values())))
        elif isinstance(node, (list, tuple)) and node and not isinstance(node[0], (int, float)):
            todo.extend(reversed(node))  # a list of numbers holds no sentence
    return found


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
