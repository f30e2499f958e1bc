"""The lessons shipped with the package: library/NN-name.md, read in their numbers' order."""

from functools import lru_cache
from importlib import resources

from .lesson_format import parse


def names():
    """The lesson files' names, in order (their number prefix)."""
    return sorted(p.name for p in resources.files(__package__).joinpath("library").iterdir()
                  if p.name.endswith(".md"))


def text(number):
    """The text of lesson `number` (1-based)."""
    all_names = names()
    if not 1 <= number <= len(all_names):
        raise IndexError(f"There are lessons 1 to {len(all_names)}.")
    return resources.files(__package__).joinpath("library", all_names[number - 1]).read_text("utf-8")


@lru_cache(maxsize=None)
def lesson(number):
    """Lesson `number` parsed."""
    return parse(text(number))


def catalogue():
    """[{number, title, steps}] of every lesson, for the page's list."""
    return [{"number": i, "title": lesson(i).title, "steps": len(lesson(i).steps)}
            for i in range(1, len(names()) + 1)]
