"""Guided lessons through the lecture notes (docs/LESSONS.md): lesson files (library/) parsed by
lesson_format, each step's runs trained by runs (the bridge's own fit), its facts computed by facts,
its text filled and kept true by words, its questions checked by questions; engine puts a step
together."""

from .engine import view  # noqa: F401
from .library import catalogue, lesson, names  # noqa: F401
from .lesson_format import LessonFormatError, parse  # noqa: F401
