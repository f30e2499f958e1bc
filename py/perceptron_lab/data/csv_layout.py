"""The layout of a CSV file: which delimiter, whether the first row is a header, the
column names, and which column holds the labels. Pure functions on text and rows."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter

import numpy as np

from .csv_numbers import PLAIN, is_numberlike
from ..errors import DataError, SettingsError
from ..i18n import N_, _, ngettext

DELIMITERS = (",", ";", "\t")
DELIMITER_NAMES = {",": N_("comma"), ";": N_("semicolon"), "\t": N_("tab")}  # translated where shown
_DELIMITER_KEYS = {"comma": ",", "semicolon": ";", "tab": "\t", "\\t": "\t"}
_SAMPLE_CHARS = 65536


def _is_number(cell: str) -> bool:
    return PLAIN.fullmatch(cell) is not None


def check_delimiter(delimiter):
    """The delimiter a user chose (None or "auto": guess), or SettingsError."""
    if delimiter is None or (isinstance(delimiter, str) and delimiter.strip().lower() in ("", "auto")):
        return None
    d = _DELIMITER_KEYS.get(delimiter.strip().lower(), delimiter) if isinstance(delimiter, str) else delimiter
    if d not in DELIMITERS:
        raise SettingsError(_("The delimiter must be a comma, a semicolon or a tab, not {value}.").format(
            value=repr(delimiter)), field="delimiter")
    return d


def list_names(names, limit=20) -> str:
    shown = ", ".join(f"'{n}'" for n in names[:limit])
    if len(names) > limit:
        shown += f" and {len(names) - limit} more"
    return shown


def choose_delimiter(text: str) -> str:
    sample = text[:_SAMPLE_CHARS]
    if len(text) > _SAMPLE_CHARS:
        cut = max(sample.rfind("\n"), sample.rfind("\r"))
        if cut > 0:
            sample = sample[:cut]

    def score(d):
        try:
            reader = csv.reader(io.StringIO(sample, newline=""), delimiter=d, skipinitialspace=True)
            rows = []
            for r in reader:
                if any(c.strip() for c in r):
                    rows.append(r)
                    if len(rows) >= 100:
                        break
        except csv.Error:
            return (0.0, 0.0, 0)
        if not rows:
            return (0.0, 0.0, 0)
        width, count = Counter(len(r) for r in rows).most_common(1)[0]
        if width < 2:
            return (0.0, 0.0, 0)
        cells = [c.strip() for r in rows for c in r]
        numeric = sum(is_numberlike(c) for c in cells) / len(cells)
        return (round(count / len(rows), 3), round(numeric, 3), width)

    scores = {d: score(d) for d in DELIMITERS}
    best = max(scores.values())
    if best[2] == 0:
        return ","
    tied = [d for d in DELIMITERS if scores[d] == best]
    if len(tied) > 1:
        try:
            sniffed = csv.Sniffer().sniff(sample, delimiters="".join(DELIMITERS)).delimiter
        except csv.Error:
            sniffed = None
        if sniffed in tied:
            return sniffed
    return tied[0]


def detect_header(records) -> bool:
    first = records[0][1]
    rest = [cells for _, cells in records[1:201]]
    if not rest:
        return all(c and not is_numberlike(c) for c in first)
    for j, cell in enumerate(first):
        if cell == "" or is_numberlike(cell):
            continue
        col = [r[j] for r in rest if j < len(r) and r[j] != ""]
        if col and 2 * sum(is_numberlike(c) for c in col) >= len(col):
            return True
    return False


def unique_names(raw):
    """Empty names become 'column j', repeats 'name (2)', 'name (3)', ... in linear time:
    each name remembers the next number to try, so 20 000 equal names cost 20 000 steps."""
    names, seen, next_k = [], set(), {}
    for j, name in enumerate(raw):
        name = name or f"column {j + 1}"
        if name in seen:
            base, k = name, next_k.get(name, 2)
            while f"{base} ({k})" in seen:
                k += 1
            name = f"{base} ({k})"
            next_k[base] = k + 1
        seen.add(name)
        names.append(name)
    return names


def default_names(width, label_index):
    names, k = [], 1
    for j in range(width):
        if j == label_index:
            names.append("label")
        else:
            names.append(f"x{k}")
            k += 1
    return names


def resolve_label(label, names, width):
    """The index of the label column; `names` are the names the user can see."""

    def unknown():
        what = f"'{label}'" if isinstance(label, str) else repr(label)
        raise DataError(
            _("There is no column {name}. The columns are: {columns} (or give a column number from 0 to {last}; "
              "-1 is the last).").format(name=what, columns=list_names(names), last=width - 1))

    if label is None or (isinstance(label, str) and label.strip() == ""):
        return width - 1
    if isinstance(label, (bool, np.bool_)):
        unknown()
    if isinstance(label, float) and label.is_integer():
        label = int(label)
    if isinstance(label, (int, np.integer)):
        i = int(label)
        if -width <= i < width:
            return i % width
        raise DataError(ngettext(
            "There is no column number {i}: the file has {n} column, numbered 0 to {last} (-1 is the last): "
            "{columns}.",
            "There is no column number {i}: the file has {n} columns, numbered 0 to {last} (-1 is the last): "
            "{columns}.", width).format(i=i, n=width, last=width - 1, columns=list_names(names)))
    if isinstance(label, str):
        s = label.strip()
        if s in names:
            return names.index(s)
        folded = [n for n in names if n.casefold() == s.casefold()]
        if len(folded) == 1:
            return names.index(folded[0])
        if re.fullmatch(r"[+-]?\d+", s):
            return resolve_label(int(s), names, width)
    unknown()
