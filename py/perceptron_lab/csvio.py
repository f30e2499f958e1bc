"""CSV text or bytes -> Dataset. Every problem a user can cause is a DataError whose
`row` is the line number in the file as the user sees it (1-based, the header counts)
and whose `column` is the column's name, where that applies.

Parsing is the standard library's csv module; the delimiter (comma, semicolon or tab)
is chosen by checking which one splits the first lines into a consistent table
(csv.Sniffer breaks ties). No I/O here: the caller passes the text or the bytes.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter

import numpy as np

from .data import Dataset, encode_labels, too_large
from .errors import DataError

__all__ = ["parse_csv", "preview", "DELIMITERS"]

DELIMITERS = (",", ";", "\t")
_DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}
_NUMBER_RE = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_NONFINITE = {"nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"}
_DECIMAL_COMMA_RE = re.compile(r"[+-]?\d+,\d+")
_SAMPLE_CHARS = 65536


def _is_number(cell: str) -> bool:
    return _NUMBER_RE.fullmatch(cell) is not None


def _is_numberlike(cell: str) -> bool:
    """A number, NaN/infinity, or a number with a decimal comma: not a column name."""
    return _is_number(cell) or cell.lower() in _NONFINITE or _DECIMAL_COMMA_RE.fullmatch(cell) is not None


def _show(cell: str, limit: int = 40) -> str:
    return cell if len(cell) <= limit else cell[: limit - 1] + "…"


def _size(nbytes: int) -> str:
    if nbytes >= 1_000_000:
        return f"{nbytes / 1_000_000:.1f} MB"
    if nbytes >= 1000:
        return f"{nbytes / 1000:.1f} kB"
    return f"{nbytes} bytes"


def _list_names(names, limit=20) -> str:
    shown = ", ".join(f"'{n}'" for n in names[:limit])
    if len(names) > limit:
        shown += f" and {len(names) - limit} more"
    return shown


# --------------------------------------------------------------------------- text


def _decode(source, max_bytes: int) -> str:
    if source is None:
        raise DataError("The file is empty.")
    if isinstance(source, (bytes, bytearray, memoryview)):
        raw = bytes(source)
        if len(raw) > max_bytes:
            raise DataError(f"The file is too large: {_size(len(raw))}; the limit is {_size(max_bytes)}.")
        if raw.startswith(b"PK\x03\x04"):
            raise DataError(
                "This looks like an Excel workbook (.xlsx) or another zip file, not CSV text. "
                "Save it as 'CSV UTF-8 (comma delimited)' and upload that.", row=1)
        if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
            raise DataError("The file is UTF-16 text. Save it as 'CSV UTF-8' and upload it again.",
                            row=1)
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            line = raw.count(b"\n", 0, e.start) + 1
            bad = raw[e.start]
            raise DataError(
                f"Row {line}: the file is not UTF-8 text (the byte 0x{bad:02x} cannot be read). "
                "Save it as 'CSV UTF-8' and upload it again.",
                row=line,
            ) from None
    if isinstance(source, str):
        if len(source) * 4 > max_bytes:  # only then can the UTF-8 size exceed the limit
            nbytes = len(source.encode("utf-8", "surrogatepass"))
            if nbytes > max_bytes:
                raise DataError(f"The file is too large: {_size(nbytes)}; the limit is {_size(max_bytes)}.")
        return source[1:] if source.startswith("\ufeff") else source
    raise TypeError(f"CSV source must be str or bytes, not {type(source).__name__}")


def _choose_delimiter(text: str) -> str:
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
        numeric = sum(_is_number(c) for c in cells) / len(cells)
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


class _Table:
    """The structure of a CSV file: delimiter, header, column names, data records."""

    def __init__(self, delimiter, has_header, header_line, names, records, label_index):
        self.delimiter = delimiter
        self.has_header = has_header
        self.header_line = header_line
        self.names = names  # final column names
        self.records = records  # [(line, [cells])], data rows only, cells stripped
        self.label_index = label_index

    @property
    def label_name(self):
        return self.names[self.label_index]

    @property
    def feature_indices(self):
        return [j for j in range(len(self.names)) if j != self.label_index]


def _read_records(text, delimiter, max_rows):
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"',
                        doublequote=True, skipinitialspace=True, strict=True)
    records = []
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as e:
            raise DataError(
                f"Row {start}: this row cannot be read as CSV ({e}). Check the quotes (\") in it.",
                row=start,
            ) from None
        cells = [c.strip() for c in row]
        if not any(cells):
            continue  # blank line (or only delimiters): skipped
        records.append((start, cells))
        if len(records) > max_rows + 1:  # + 1 for a possible header
            raise DataError(f"The file has more than {max_rows:,} data rows; the limit is {max_rows:,}.")
    return records


def _detect_header(records) -> bool:
    first = records[0][1]
    rest = [cells for _, cells in records[1:201]]
    if not rest:
        return all(c and not _is_numberlike(c) for c in first)
    for j, cell in enumerate(first):
        if cell == "" or _is_numberlike(cell):
            continue
        col = [r[j] for r in rest if j < len(r) and r[j] != ""]
        if col and 2 * sum(_is_numberlike(c) for c in col) >= len(col):
            return True
    return False


def _unique_names(raw):
    names, seen = [], set()
    for j, name in enumerate(raw):
        name = name or f"column {j + 1}"
        base, k = name, 2
        while name in seen:
            name = f"{base} ({k})"
            k += 1
        seen.add(name)
        names.append(name)
    return names


def _default_names(width, label_index):
    names, k = [], 1
    for j in range(width):
        if j == label_index:
            names.append("label")
        else:
            names.append(f"x{k}")
            k += 1
    return names


def _resolve_label(label, names, width):
    """The index of the label column; `names` are the names the user can see."""

    def unknown():
        what = f"'{label}'" if isinstance(label, str) else f"{label!r}"
        raise DataError(
            f"There is no column {what}. The columns are: {_list_names(names)} "
            f"(or give a column number from 0 to {width - 1}; -1 is the last).")

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
        raise DataError(
            f"There is no column number {i}: the file has {width} column{'s' if width != 1 else ''}, "
            f"numbered 0 to {width - 1} (-1 is the last): {_list_names(names)}.")
    if isinstance(label, str):
        s = label.strip()
        if s in names:
            return names.index(s)
        folded = [n for n in names if n.casefold() == s.casefold()]
        if len(folded) == 1:
            return names.index(folded[0])
        if re.fullmatch(r"[+-]?\d+", s):
            return _resolve_label(int(s), names, width)
    unknown()


def _load(source, label, max_bytes, max_rows) -> _Table:
    text = _decode(source, max_bytes)
    if not text.strip():
        raise DataError("The file is empty.")
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise DataError(f"Row {line}: the file contains binary data, not CSV text.", row=line)
    delimiter = _choose_delimiter(text)
    records = _read_records(text, delimiter, max_rows)
    if not records:
        raise DataError("The file is empty.")

    has_header = _detect_header(records)
    header_line = None
    if has_header:
        header_line, header = records[0]
        records = records[1:]
        if not records:
            raise DataError(f"The file has a header (row {header_line}) but no data rows.",
                            row=header_line)
    if len(records) > max_rows:
        raise DataError(f"The file has more than {max_rows:,} data rows; the limit is {max_rows:,}.")

    # the number of columns: the header's, else the first data row's
    width = len(header) if has_header else len(records[0][1])
    ref_line = header_line if has_header else records[0][0]
    ref_what = "the header" if has_header else "the first row"
    checked = []
    for line, cells in records:
        if len(cells) > width and not any(cells[width:]):
            cells = cells[:width]  # extra empty cells (a trailing delimiter) are harmless
        if len(cells) != width:
            raise DataError(
                f"Row {line} has {len(cells)} cell{'s' if len(cells) != 1 else ''}, but {width} "
                f"{'were' if width != 1 else 'was'} expected like in {ref_what} (row {ref_line}). "
                f"Check the {_DELIMITER_NAMES[delimiter]}s in row {line}.",
                row=line,
            )
        checked.append((line, cells))
    records = checked
    # trailing columns that are empty everywhere (including the header) come from
    # a delimiter at the end of every line: drop them
    while width > 1 and not (has_header and header[width - 1]) and not any(c[width - 1] for _, c in records):
        width -= 1
        records = [(line, cells[:width]) for line, cells in records]
    if has_header:
        names = _unique_names(header[:width])
        label_index = _resolve_label(label, names, width)
    else:
        label_index = _resolve_label(label, _default_names(width, width - 1), width)
        names = _default_names(width, label_index)
    return _Table(delimiter, has_header, header_line, names, records, label_index)


# --------------------------------------------------------------------------- public


def parse_csv(source, *, label=None, max_bytes=20_000_000, max_rows=200_000, name="CSV data") -> Dataset:
    """CSV text (str) or file contents (bytes, UTF-8 with or without BOM) -> Dataset.

    label: the label column, by name, or by 0-based index (int or digit string; negative
    counts from the end); default the last column. All other columns are the features
    and must be numeric. Any problem raises DataError with row (line in the file) and
    column (name).
    """
    t = _load(source, label, max_bytes, max_rows)
    feats = t.feature_indices
    lab = t.label_index
    if not feats:
        raise DataError(
            f"The file has only one column ('{t.label_name}'). It needs at least one numeric "
            "feature column besides the label column.")
    # no feature column holds any number at all: probably the wrong file or label column
    if not any(_is_number(cells[j]) for j in feats for _, cells in t.records):
        raise DataError(
            f"No feature column contains numbers: {_list_names([t.names[j] for j in feats])}. "
            f"Features must be numeric; the label column is '{t.label_name}' — is that the right one?",
        )
    labels, lines = [], []
    for line, cells in t.records:
        for j in feats:
            cell = cells[j]
            if _is_number(cell):
                continue
            col = t.names[j]
            if cell == "":
                raise DataError(f"Row {line}, column '{col}': the value is missing (the cell is empty).",
                                row=line, column=col)
            if cell.lower() in _NONFINITE:
                raise DataError(
                    f"Row {line}, column '{col}': '{cell}' is not allowed; features must be finite "
                    "numbers (no NaN or infinity).", row=line, column=col)
            hint = ""
            if _DECIMAL_COMMA_RE.fullmatch(cell):
                hint = f" Use a dot for decimals ({cell.replace(',', '.')}, not {cell})."
            raise DataError(f"Row {line}, column '{col}': '{_show(cell)}' is not a number.{hint}",
                            row=line, column=col)
        cell = cells[lab]
        if cell == "" or cell.lower() in _NONFINITE:
            what = "the label is missing (the cell is empty)" if cell == "" else \
                f"'{cell}' is not a valid label (a missing value?)"
            raise DataError(f"Row {line}, column '{t.label_name}': {what}.", row=line, column=t.label_name)
        labels.append(cell)
        lines.append(line)

    X = np.array([[cells[j] for j in feats] for _, cells in t.records], dtype=np.float64)
    bad = np.argwhere(~np.isfinite(X))
    if len(bad):
        i, k = (int(v) for v in bad[0])
        line, cells = t.records[i]
        col = t.names[feats[k]]
        raise DataError(
            f"Row {line}, column '{col}': '{_show(cells[feats[k]])}' is too large "
            "(it would be infinite); features must be finite numbers.", row=line, column=col)
    big = too_large(X)
    if big is not None:
        line, cells = t.records[big[0]]
        col = t.names[feats[big[1]]]
        raise DataError(
            f"Row {line}, column '{col}': '{_show(cells[feats[big[1]]])}' is too large: features must lie "
            "within ±1e50 (rescale the column).", row=line, column=col)
    y, label_names = encode_labels(labels, rows=lines, column=t.label_name)
    return Dataset(X, y, [t.names[j] for j in feats], label_names, name)


def preview(source, *, label=None, rows=10, max_bytes=20_000_000, max_rows=200_000) -> dict:
    """What the web app shows after an upload, before training: the structure only
    (cell values are checked by parse_csv). Raises DataError for an unreadable file
    or an unknown label column.

    Returns {"columns": [names], "rows": [[cells as str], ...] (first `rows` data rows),
    "label_column": name, "label_index": int, "feature_columns": [names], "n": data rows,
    "has_header": bool, "delimiter": ",", ";" or "\\t"}.
    """
    t = _load(source, label, max_bytes, max_rows)
    k = max(0, int(rows))
    return {
        "columns": list(t.names),
        "rows": [list(cells) for _, cells in t.records[:k]],
        "label_column": t.label_name,
        "label_index": t.label_index,
        "feature_columns": [t.names[j] for j in t.feature_indices],
        "n": len(t.records),
        "has_header": t.has_header,
        "delimiter": t.delimiter,
    }
