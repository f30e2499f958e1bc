"""Every sentence Python can show a student or a pip user is a catalog message: read from the source.

The source is the reference: each message site (the user's two exceptions, DataError and SettingsError,
the command line's `_fail` lines and its `--help` texts, the theory's notes) is found in the syntax tree of
py/perceptron_lab, and a string written there must be the msgid of `_()`/`ngettext()` (or `N_()`,
translated where it is shown), never an f-string, a joined or a bare literal, which no catalog can
hold. test_catalogs.py then requires every msgid in each shipped catalog (tools/catalogs.py --check)."""

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "py" / "perceptron_lab"
LOCALE = PACKAGE / "locale"
ERRORS = {"DataError", "SettingsError", "MoreThanTwoClasses", "InputError"}
FAIL = {"_fail", "fail"}                                  # the command lines' error line
HELP_KEYWORDS = {"help", "description", "epilog"}         # argparse's words in --help
WRAPPERS = {"_", "ngettext", "N_"}
# {name}, {name:,}, {name!r}: a translation keeps every one of them as the English writes it.
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _name(func):
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _module_strings(tree):
    """Module-level NAME = "literal" (or f-string): a message kept in a constant must be N_() there."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if _bare_text(node.value, {}):
                out[node.targets[0].id] = node.lineno
    return out


def _bare_text(node, constants):
    """True when `node` can produce words no catalog holds: a literal outside _()/ngettext()/N_()."""
    if isinstance(node, ast.Call) and _name(node.func) in WRAPPERS:
        return False
    if isinstance(node, ast.Constant):
        # a literal with a letter pair is words; "", ".", ": " and the like join translated parts
        return isinstance(node.value, str) and re.search(r"[A-Za-z]{2}", node.value) is not None
    if isinstance(node, ast.JoinedStr):
        return any(_bare_text(v, constants) for v in node.values if isinstance(v, ast.Constant)) or any(
            _bare_text(v.value, constants) for v in node.values if isinstance(v, ast.FormattedValue))
    if isinstance(node, ast.Name):
        return node.id in constants
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        # "...".format(...) is bare; _("...").format(...) is not, whatever its arguments are
        return _bare_text(node.func.value, constants) or any(_bare_text(a, constants) for a in node.args)
    if isinstance(node, (ast.BinOp, ast.BoolOp, ast.IfExp)):
        return any(_bare_text(c, constants) for c in ast.iter_child_nodes(node) if isinstance(c, ast.expr))
    return False


def message_sites():
    """(file:line, kind) of every message site whose words bypass the catalogs."""
    bare = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _module_strings(tree)
        where = path.relative_to(PACKAGE)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            shown = []
            if name in ERRORS | FAIL:
                shown = node.args[:1] + [k.value for k in node.keywords if k.arg == "message"]
            if name in {"add_argument", "add_parser", "ArgumentParser", "add_argument_group",
                        "add_mutually_exclusive_group", "add_subparsers"}:
                shown = [k.value for k in node.keywords if k.arg in HELP_KEYWORDS]
            if any(_bare_text(s, constants) for s in shown):
                bare.append(f"{where}:{node.lineno} {name}")
        # The theory's notes, shown under the numbers: {"note": ...} and x.note = ...
        for node in ast.walk(tree):
            notes = []
            if isinstance(node, ast.Dict):
                notes = [v for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant) and k.value == "note"]
            elif isinstance(node, ast.Assign):
                notes = [node.value] if any(isinstance(t, ast.Attribute) and t.attr == "note" for t in node.targets) else []
            if any(_bare_text(v, constants) for v in notes):
                bare.append(f"{where}:{node.lineno} note")
    return bare


def test_every_error_fail_line_and_help_text_is_a_catalog_message():
    bare = message_sites()
    assert not bare, f"{len(bare)} message sites with words outside _(): " + "; ".join(bare)


def test_the_finder_sees_what_it_must_refuse():
    # The checker's own reference cases: each of these is words no catalog can hold.
    refused = ['raise DataError(f"Row {r}: bad.")', 'raise DataError("The file is empty.")',
               'raise SettingsError("an " + x)', 'raise DataError("{n} rows".format(n=n))',
               'p.add_argument("--x", help="the x column")', 'MSG = "Not now."\nraise SettingsError(MSG)',
               'raise DataError(_("a") if x else "no label")']
    accepted = ['raise DataError(_("Row {r}: bad.").format(r=r))', 'raise SettingsError(e.message, field=f)',
                'raise DataError(ngettext("{n} row", "{n} rows", n).format(n=n))',
                'p.add_argument("--x", help=_("the x column"))', 'MSG = N_("Not now.")\nraise SettingsError(_(MSG))',
                'raise DataError(_("a") + ": " + _("b"))']

    def finds(src):
        tree = ast.parse(src)
        constants = _module_strings(tree)
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n.func) in ERRORS | {"add_argument"}]
        return any(_bare_text(a, constants) for c in calls
                   for a in c.args[:1] + [k.value for k in c.keywords if k.arg == "help"])

    assert [s for s in refused if not finds(s)] == []
    assert [s for s in accepted if finds(s)] == []


@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_translation_keeps_the_english_placeholders_with_their_format(lang):
    # Whole placeholders, {n:,} and {v!r} with their format: a translation may drop neither.
    # German and Spanish have two plural forms: the first as the English singular, the second as its plural.
    with open(LOCALE / lang / "LC_MESSAGES" / "perceptron_lab.po", "rb") as f:
        cat = read_po(f)
    wrong, checked = [], 0
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for k, s in enumerate(strings):
            if sorted(PLACEHOLDER.findall(ids[min(k, len(ids) - 1)])) != sorted(PLACEHOLDER.findall(s)):
                wrong.append((m.id, s))
            checked += 1
    assert checked > 100
    assert not wrong, wrong
