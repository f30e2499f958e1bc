"""Numbers as spreadsheets write them: a decimal point or a decimal comma, and thousands
separators where they cannot be mistaken for the decimal separator.

The decimal separator of a file is guessed from the cells that can only be read one way:
"5,1" or "0,25" (a comma with other than three digits after it) is a decimal comma,
"5.1" or "1,234.5" is a decimal point; the style with more such cells wins, and a cell of
the other style is an error that names both. "1,234" alone could be either: in a
comma-separated file it can only have arrived quoted, and is read as 1234 (a thousands
separator); elsewhere it is 1234 in a file of decimal points, 1.234 in a file of decimal
commas, and refused when nothing else in the file says which (the caller can choose).
Grouping by spaces (1 234,5; also the no-break spaces Excel writes) is always unambiguous.
"""

from __future__ import annotations

import re

import numpy as np

from ..errors import SettingsError
from ..i18n import N_, _

__all__ = ["guess_decimal", "Reader", "is_numberlike", "check_decimal"]

PLAIN = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")  # what float() reads, no '_'
NONFINITE = {"nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"}
_CHARS = {sep: frozenset("0123456789+-eE\n" + sep) for sep in ".,"}
_COMMA_NUM = re.compile(r"[+-]?(?:\d+,?\d*|,\d+)(?:[eE][+-]?\d+)?")  # 5,1  -,5  1,5e3
_GROUP3_COMMA = re.compile(r"[+-]?[1-9]\d{0,2},\d{3}")  # 1,234: thousands or 1.234
_GROUP3_DOT = re.compile(r"[+-]?[1-9]\d{0,2}\.\d{3}")  # 1.234: 1.234 or thousands
_GROUPED_POINT = re.compile(r"[+-]?[1-9]\d{0,2}(?:(,)\d{3}|('|’)\d{3})(?:(?:\1|\2)\d{3})*(?:\.\d*)?")
_GROUPED_COMMA = re.compile(r"[+-]?[1-9]\d{0,2}\.\d{3}(?:\.\d{3})*(?:,\d*)?")
_GROUPED_SPACE = re.compile(r"[+-]?[1-9]\d{0,2}([ \u00a0\u202f])\d{3}(?:\1\d{3})*(?:[.,]\d*)?")

DECIMAL_NAMES = {".": N_("decimal point"), ",": N_("decimal comma")}  # translated where shown


def check_decimal(decimal):
    """The decimal separator a user chose (None or "auto": guess), or SettingsError."""
    if decimal is None or (isinstance(decimal, str) and decimal.strip().lower() in ("", "auto")):
        return None
    d = {"point": ".", "dot": ".", "comma": ","}.get(str(decimal).strip().lower(), decimal)
    if d not in (".", ","):
        raise SettingsError(_("The decimal separator must be '.' or ',', not {value}.").format(value=repr(decimal)),
                            field="decimal")
    return d


def _style(cell: str):
    """'.' or ',' if the cell can only be a number with that decimal separator, else None."""
    if PLAIN.fullmatch(cell):
        if "." in cell and not _GROUP3_DOT.fullmatch(cell):
            return "."
        return None
    if _GROUP3_COMMA.fullmatch(cell):
        return None  # 1,234: either
    if _COMMA_NUM.fullmatch(cell) and "," in cell:
        return ","
    m = _GROUPED_POINT.fullmatch(cell)
    if m and (m.group(1) is None or cell.count(",") > 1 or "." in cell):
        return "."  # 1,234,567 / 1,234.5 / 1'234
    if _GROUPED_COMMA.fullmatch(cell):
        return ","  # 1.234.567 / 1.234,5
    return None


def guess_decimal(rows, limit=2000):
    """(decimal, examples): '.', ',' or None (nothing says), and one example cell (row, cell)
    of each style seen, from the first `limit` rows of [(line, cells)]."""
    counts = {".": 0, ",": 0}
    example = {}
    for line, cells in rows[:limit]:
        for cell in cells:
            s = _style(cell)
            if s is not None:
                counts[s] += 1
                example.setdefault(s, (line, cell))
    if counts[","] > counts["."]:
        return ",", example
    if counts["."]:
        return ".", example
    return None, example


def is_numberlike(cell: str) -> bool:
    """A number in any style a spreadsheet writes, or NaN/infinity: not a column name."""
    return (PLAIN.fullmatch(cell) is not None or cell.lower() in NONFINITE
            or _COMMA_NUM.fullmatch(cell) is not None or _GROUPED_POINT.fullmatch(cell) is not None
            or _GROUPED_COMMA.fullmatch(cell) is not None or _GROUPED_SPACE.fullmatch(cell) is not None)


class Reader:
    """Cell text -> the text float() reads, for one file's decimal separator.

    decimal: '.', ',' or None (undecided: plain numbers only, and 1,234 is thousands only in a
    comma-separated file). `convert(cell)` returns the float text, or None with `why(cell)`
    saying what is wrong in one sentence part.
    """

    def __init__(self, decimal, delimiter, examples=None, chosen=False, evidence=None):
        self.decimal = decimal
        self.chosen = chosen  # the caller chose the decimal separator (no guess to cite)
        self.evidence = evidence  # with a chosen separator: what the file's own numbers say (or None)
        self.ambiguous_decimal = None  # the first 1.234 / 1,234 read as a decimal only because it was chosen
        self.delimiter = delimiter
        self.examples = examples or {}
        self.thousands_used = False
        self.ambiguous = None  # the first 1.234 / 1,234 read as thousands: 1000 times a decimal reading

    def column(self, cells):
        """The float64 array of a whole column when every cell is a plain number in the file's
        style, else None (then convert cell by cell). Only digits, signs, e and the decimal
        separator may appear, so numpy's parser (which would also take '1_000', 'nan' or
        full-width digits) sees nothing that float syntax here does not allow."""
        joined = "\n".join(cells)
        sep = "," if self.decimal == "," else "."
        if not set(joined) <= _CHARS[sep]:
            return None
        if sep == ",":
            cells = joined.replace(",", ".").split("\n")
        try:
            return np.array(cells, dtype=np.float64)
        except ValueError:
            return None

    def convert(self, cell: str):
        d = self.decimal
        if self.chosen and self.ambiguous_decimal is None and self.evidence != d and d is not None \
                and (_GROUP3_DOT if d == "." else _GROUP3_COMMA).fullmatch(cell):
            self.ambiguous_decimal = cell
        if d != ",":
            if PLAIN.fullmatch(cell):
                return cell
            if _GROUP3_COMMA.fullmatch(cell) and d is None and self.delimiter != ",":
                return None  # 1,234 in a file that says nothing: refused (why() explains)
            m = _GROUPED_POINT.fullmatch(cell)
            if m:
                self.thousands_used = True
                if self.ambiguous is None and _GROUP3_COMMA.fullmatch(cell):
                    self.ambiguous = cell
                return re.sub(r"[,'’]", "", cell)
        else:
            if PLAIN.fullmatch(cell) and "." not in cell:
                return cell
            if _COMMA_NUM.fullmatch(cell):
                return cell.replace(",", ".")
            if _GROUPED_COMMA.fullmatch(cell):
                self.thousands_used = True
                if self.ambiguous is None and _GROUP3_DOT.fullmatch(cell):
                    self.ambiguous = cell
                return cell.replace(".", "").replace(",", ".")
        if _GROUPED_SPACE.fullmatch(cell):
            sep = next((c for c in ".," if c in cell), None)  # 1 234,5: the fraction's separator
            if sep is not None and d is not None and sep != d:
                return None
            self.thousands_used = True
            return re.sub(r"[ \u00a0\u202f]", "", cell).replace(",", ".")
        return None

    def thousands_warning(self):
        """A sentence when a number like 1.234 or 1,234 was read with its separator as thousands
        (one group of three digits: a decimal reading would be 1000 times smaller), else None."""
        cell = self.ambiguous
        if cell is None and self.ambiguous_decimal is not None:
            cell, d = self.ambiguous_decimal, self.decimal
            return (_("'{cell}' was read as {read}, with the '.' as the decimal point that was chosen; no other "
                      "number in the file says so. If the '.' is a thousands separator there ({whole}), choose the "
                      "decimal comma: such values would be 1000 times larger.") if d == "." else
                    _("'{cell}' was read as {read}, with the ',' as the decimal comma that was chosen; no other "
                      "number in the file says so. If the ',' is a thousands separator there ({whole}), choose the "
                      "decimal point: such values would be 1000 times larger.")).format(
                cell=cell, read=cell.replace(",", "."), whole=cell.replace(d, ""))
        if cell is None:
            return None
        sep = "." if "." in cell else ","
        comma = self.decimal == ","
        seen = self.examples.get(self.decimal) if self.decimal is not None else None
        if self.chosen:
            reason = _("the decimal comma was chosen") if comma else _("the decimal point was chosen")
        elif seen:
            reason = (_("the other numbers in the file use a decimal comma, e.g. '{seen}' in row {row}") if comma
                      else _("the other numbers in the file use a decimal point, e.g. '{seen}' in row {row}")
                      ).format(seen=seen[1], row=seen[0])
        elif self.decimal is not None:
            reason = (_("the other numbers in the file use a decimal comma") if comma
                      else _("the other numbers in the file use a decimal point"))
        else:
            reason = _("a comma inside a quoted cell of a comma-separated file")
        return (_("'{cell}' was read as {read}, with the '.' as a thousands separator ({reason}). If it is a "
                  "decimal point there ({decimal}), choose the decimal point: such values would be 1000 times "
                  "smaller.") if sep == "." else
                _("'{cell}' was read as {read}, with the ',' as a thousands separator ({reason}). If it is a "
                  "decimal comma there ({decimal}), choose the decimal comma: such values would be 1000 times "
                  "smaller.")).format(cell=cell, read=cell.replace(sep, ""), reason=reason,
                                      decimal=cell.replace(",", "."))

    def why(self, cell: str) -> str:
        """Why convert(cell) failed: the end of "'cell' is not a number" or a whole reason."""
        d = self.decimal
        if d is None and _GROUP3_COMMA.fullmatch(cell):
            a, b = cell.replace(",", "."), cell.replace(",", "")
            return _("'{cell}' could be {a} (decimal comma) or {b} (thousands separator), and no other number in "
                     "the file says which. Choose the decimal separator.").format(cell=cell, a=a, b=b)
        other = {".": ",", ",": "."}.get(d)
        if other is not None and _style(cell) == other and self.chosen:
            return (_("'{cell}' is written with a decimal comma, but a decimal point was chosen for this file. "
                      "Choose the other decimal separator, or let the lab guess.") if other == "," else
                    _("'{cell}' is written with a decimal point, but a decimal comma was chosen for this file. "
                      "Choose the other decimal separator, or let the lab guess.")).format(cell=cell)
        if other is not None and _style(cell) == other:
            seen = self.examples.get(d)
            if seen:
                return (_("'{cell}' is written with a decimal comma, but the other numbers in this file use a "
                          "decimal point (e.g. '{seen}' in row {row}). Use one style, or choose the decimal "
                          "separator.") if other == "," else
                        _("'{cell}' is written with a decimal point, but the other numbers in this file use a "
                          "decimal comma (e.g. '{seen}' in row {row}). Use one style, or choose the decimal "
                          "separator.")).format(cell=cell, seen=seen[1], row=seen[0])
            return (_("'{cell}' is written with a decimal comma, but the other numbers in this file use a "
                      "decimal point. Use one style, or choose the decimal separator.") if other == "," else
                    _("'{cell}' is written with a decimal point, but the other numbers in this file use a "
                      "decimal comma. Use one style, or choose the decimal separator.")).format(cell=cell)
        if d != "," and _COMMA_NUM.fullmatch(cell):
            return _("'{cell}' is not a number. Use a dot for decimals ({dotted}, not {cell}).").format(
                cell=cell, dotted=cell.replace(",", "."))
        return ""
