"""The lessons shipped with the package: library/NN-name.md, read in their numbers' order.
A translation sits beside its lesson as NN-name.<lang>.md (docs/LANGUAGES.md); a language
without one reads the English."""

from functools import lru_cache
from importlib import resources

from ..i18n import current_language
from .lesson_format import parse


def names():
    """The lesson files' names, in order (their number prefix); translations are not lessons."""
    return sorted(p.name for p in resources.files(__package__).joinpath("library").iterdir()
                  if p.name.endswith(".md") and p.name.count(".") == 1)


def text(number, lang=None):
    """The text of lesson `number` (1-based) in `lang` (default: the current language)."""
    all_names = names()
    if not 1 <= number <= len(all_names):
        raise IndexError(f"There are lessons 1 to {len(all_names)}.")
    folder = resources.files(__package__).joinpath("library")
    translated = folder.joinpath(f"{all_names[number - 1][:-3]}.{lang or current_language()}.md")
    return (translated if translated.is_file() else folder.joinpath(all_names[number - 1])).read_text("utf-8")


def lesson(number, lang=None):
    """Lesson `number` parsed, in `lang` (default: the current language)."""
    return _parsed(number, lang or current_language())


@lru_cache(maxsize=None)
def _parsed(number, lang):
    return parse(text(number, lang))


def catalogue():
    """[{number, title, steps}] of every lesson, for the page's list."""
    return [{"number": i, "title": lesson(i).title, "steps": len(lesson(i).steps)}
            for i in range(1, len(names()) + 1)]
