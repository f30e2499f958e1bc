"""tools/docstrip.py: the .pyc the page loads lose their docstrings and nothing else (asserts,
line numbers, `from __future__`), checked against the same source compiled as is."""
import sys
import traceback
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tools.docstrip import KEEP, compile_without_docstrings  # noqa: E402

SOURCE = b'''"""Module doc."""
from __future__ import annotations


class Thing:
    """Class doc."""

    def method(self) -> int:
        """Method doc."""
        return 1


def only_doc():
    """Nothing but a docstring."""


async def coro():
    """Async doc."""
    return 2


def checked(x):
    "single-quoted doc"
    assert x > 0, "x must be positive"
    return f"{x}"


def fails():
    """Doc spanning
    two lines."""
    a = 1
    raise ValueError(a)


NOT_A_DOC = "a string later in the body stays"
'''


def run(code):
    ns = {"__name__": "probe"}
    exec(code, ns)
    return ns


@pytest.fixture
def stripped():
    return run(compile_without_docstrings(SOURCE, "probe.py", "pkg/probe.py"))


def test_every_docstring_is_gone(stripped):
    assert stripped.get("__doc__") is None
    assert stripped["Thing"].__doc__ is None and stripped["Thing"].method.__doc__ is None
    assert stripped["only_doc"].__doc__ is None and stripped["only_doc"]() is None
    assert stripped["coro"].__doc__ is None and stripped["checked"].__doc__ is None
    assert stripped["NOT_A_DOC"] == "a string later in the body stays"
    original = run(compile(SOURCE, "probe.py", "exec"))
    assert original["__doc__"] == "Module doc." and original["Thing"].method.__doc__ == "Method doc."


def test_asserts_and_future_annotations_stay(stripped):
    with pytest.raises(AssertionError, match="x must be positive"):
        stripped["checked"](0)
    assert stripped["checked"](3) == "3"
    # from __future__ import annotations still applies: annotations stay strings.
    assert stripped["Thing"].method.__annotations__ == {"return": "int"}


def test_tracebacks_name_the_same_lines(stripped):
    def line_of(fn):
        try:
            fn()
        except ValueError as exc:
            return traceback.extract_tb(exc.__traceback__)[-1].lineno
    original = run(compile(SOURCE, "probe.py", "exec"))
    assert line_of(stripped["fails"]) == line_of(original["fails"]) == SOURCE.decode().splitlines().index(
        "    raise ValueError(a)") + 1


def test_smaller_and_kept_where_numpy_needs_them():
    import marshal
    big = SOURCE.replace(b'"""Method doc."""', b'"""' + b"long words " * 200 + b'"""')
    assert len(marshal.dumps(compile_without_docstrings(big, "p.py", "p.py"))) < \
        len(marshal.dumps(compile(big, "p.py", "exec"))) - 2000
    kept = run(compile_without_docstrings(SOURCE, "m.py", next(iter(KEEP))))
    assert kept["__doc__"] == "Module doc." and kept["Thing"].method.__doc__ == "Method doc."
