"""CSV text or bytes -> Dataset. Every problem a user can cause is a DataError whose
`row` is the line number in the file as the user sees it (1-based, the header counts)
and whose `column` is the column's name, where that applies.

Parsing is the standard library's csv module; the delimiter (comma, semicolon or tab)
is chosen by checking which one splits the first lines into a consistent table
(csv.Sniffer breaks ties). The encoding (csvtext) and the decimal separator (csvnumbers)
are guessed too; every guess is reported (`read_as`) and can be overridden by the
caller. No I/O here: the caller passes the text or the bytes.
"""

from __future__ import annotations

import csv
import io
import re
import time

import numpy as np

from . import csv_text as csvtext
from .csv_layout import (DELIMITER_NAMES, DELIMITERS, check_delimiter, choose_delimiter, default_names,
                        detect_header, list_names, resolve_label, unique_names)
from .csv_numbers import DECIMAL_NAMES, NONFINITE, Reader, check_decimal, guess_decimal, is_numberlike
from .dataset import Dataset, MulticlassDataset, encode_classes, encode_labels, too_large
from ..errors import DataError, SettingsError

__all__ = ["parse_csv", "preview", "inspect_csv", "DELIMITERS", "MAX_COLUMNS", "MAX_CELLS"]

# Shapes no perceptron lesson needs, refused before the table is built: every column is a
# choice in the page, and every cell a Python string until it becomes a float.
MAX_COLUMNS = 20_000
MAX_CELLS = 6_000_000  # e.g. 200 000 rows (the row limit) of 30 columns (breast cancer's width)


def _spaced(records):
    """Rows of one cell that are numbers separated by spaces: a whitespace-separated file."""
    rows = [cells[0].split() for _, cells in records if cells and cells[0].strip()]
    return bool(rows) and all(len(r) >= 2 and sum(map(is_numberlike, r)) >= len(r) - 1 for r in rows)


def _show(cell: str, limit: int = 40) -> str:
    return cell if len(cell) <= limit else cell[: limit - 1] + "…"



class _Table:
    """The structure of a CSV file: delimiter, header, column names, data records."""

    def __init__(self, delimiter, has_header, header_line, names, records, label_index, encoding, reader):
        self.encoding = encoding  # csvtext key, or None when the caller passed text
        self.reader = reader  # csvnumbers.Reader: the file's decimal separator
        self.delimiter = delimiter
        self.has_header = has_header
        self.header_line = header_line
        self.names = names  # final column names
        self.records = records  # [(line, [cells])], data rows only, cells stripped
        self.label_index = label_index
        self.progress = _Progress(None)

    def read_as(self) -> dict:
        """What was guessed (or chosen): the delimiter, the decimal separator, the encoding."""
        return {"delimiter": self.delimiter, "decimal": self.reader.decimal or ".", "encoding": self.encoding}

    def read_as_text(self) -> str:
        """'read as: semicolon-separated, decimal comma, Windows-1252' for the preview."""
        parts = [f"{DELIMITER_NAMES[self.delimiter]}-separated", DECIMAL_NAMES[self.reader.decimal or "."]]
        if self.reader.thousands_used:
            parts.append("thousands separators")
        if self.encoding is not None:
            parts.append(csvtext.ENCODING_NAMES[self.encoding])
        return "read as: " + ", ".join(parts)

    @property
    def label_name(self):
        return self.names[self.label_index]

    @property
    def feature_indices(self):
        return [j for j in range(len(self.names)) if j != self.label_index]


class _Progress:
    """progress(done, total, phase) for the caller, at most every INTERVAL seconds (and at each
    phase's end): phase "rows" counts the file's lines read, "columns" the feature columns
    converted to numbers. A 20 MB file takes seconds in the page, which shows these."""

    INTERVAL = 0.1

    def __init__(self, fn):
        self.fn = fn
        self.next = 0.0

    def __call__(self, done, total, phase, last=False):
        if self.fn is None:
            return
        now = time.monotonic()
        if last or now >= self.next:
            self.next = now + self.INTERVAL
            self.fn(done, total, phase)


def _read_records(text, delimiter, max_rows, progress, width):
    """[(line, stripped cells)] of the non-blank rows; progress in lines read (checked every
    ~100 000 cells, so a wide file reports as often as a long one)."""
    total = text.count("\n") + (not text.endswith("\n")) if progress.fn is not None else 0
    every = max(1, 100_000 // max(1, width))
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
        if len(records) % every == 0:
            progress(reader.line_num, total, "rows")
        if len(records) > max_rows + 1:  # + 1 for a possible header
            raise DataError(f"The file has more than {max_rows:,} data rows; the limit is {max_rows:,}.")
    progress(total, total, "rows", last=True)
    return records


def _check_shape(text, delimiter):
    """Refuse more than MAX_COLUMNS columns or MAX_CELLS values before any row is split."""
    start = len(text) - len(text.lstrip())
    end = text.find("\n", start)
    first = text[start:] if end < 0 else text[start:end]
    width = first.count(delimiter) + 1  # exact unless quotes hold delimiters
    if width > MAX_COLUMNS and '"' in first:
        width = len(next(csv.reader([first], delimiter=delimiter)))
    if width > MAX_COLUMNS:
        raise DataError(f"The first row has {width:,} columns; the limit is {MAX_COLUMNS:,} columns. "
                        "Keep the columns you need and upload again.", row=text.count("\n", 0, start) + 1)
    lines = text.count("\n") + (not text.endswith("\n"))
    if lines * width > MAX_CELLS:
        raise DataError(f"The file has {lines:,} lines of {width:,} columns (up to {lines * width:,} values); "
                        f"the limit is {MAX_CELLS:,} values. Keep fewer rows or columns.")
    return width


def _load(source, label, max_bytes, max_rows, delimiter=None, decimal=None, encoding=None,
          progress=None) -> _Table:
    progress = progress if isinstance(progress, _Progress) else _Progress(progress)
    delimiter, decimal = check_delimiter(delimiter), check_decimal(decimal)
    text, encoding = csvtext.decode(source, max_bytes, encoding)
    if not re.search(r'[^\s,;"]', text):
        if re.search(r'[,;"\t]', text):
            raise DataError("The file has no data: it holds only delimiters and blank lines.")
        raise DataError("The file is empty.")
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise DataError(f"Row {line}: the file contains binary data, not CSV text.", row=line)
    if delimiter is None:
        delimiter = choose_delimiter(text)
    width = _check_shape(text, delimiter)
    records = _read_records(text, delimiter, max_rows, progress, width)
    if not records:
        raise DataError("The file has no data: every cell is empty.")

    guessed, examples = guess_decimal(records) if decimal is None else (decimal, {})
    # A chosen separator is checked against the file's own numbers, to warn where it makes 1,234 1.234.
    evidence = None if decimal is None else guess_decimal(records)[0]
    reader = Reader(guessed, delimiter, examples, chosen=decimal is not None, evidence=evidence)
    for _, cells in records[:2000]:  # so that the preview can say "thousands separators" too
        for c in cells:
            reader.convert(c)
    has_header = detect_header(records)
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
                f"Check the {DELIMITER_NAMES[delimiter]}s in row {line}.",
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
        names = unique_names(header[:width])
        label_index = resolve_label(label, names, width)
    else:
        label_index = resolve_label(label, default_names(width, width - 1), width)
        names = default_names(width, label_index)
    t = _Table(delimiter, has_header, header_line, names, records, label_index, encoding, reader)
    t.progress = progress  # the columns' conversion (_features) reports through it too
    return t


# --------------------------------------------------------------------------- public


def _features(t, feats):
    """The float matrix of the feature columns, or DataError naming the first bad cell."""
    reader = t.reader
    X = np.empty((len(t.records), len(feats)), dtype=np.float64)
    for k, j in enumerate(feats):
        cells = [r[j] for _, r in t.records]
        col = reader.column(cells)
        if col is None:  # some cell needs a closer look (thousands, a bad cell): one by one
            texts = []
            for (line, _), cell in zip(t.records, cells):
                v = reader.convert(cell)
                if v is None:
                    raise _bad_cell(t, line, t.names[j], cell)
                texts.append(v)
            col = np.array(texts, dtype=np.float64)
        X[:, k] = col
        t.progress(k + 1, len(feats), "columns", last=k + 1 == len(feats))
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
    return X


def _bad_cell(t, line, col, cell):
    at = f"Row {line}, column '{col}': "
    if cell == "":
        return DataError(at + "the value is missing (the cell is empty).", row=line, column=col)
    if cell.lower() in NONFINITE:
        return DataError(at + f"'{cell}' is not allowed; features must be finite numbers (no NaN or infinity).",
                         row=line, column=col)
    why = t.reader.why(cell) if len(cell) <= 40 else ""
    if why.startswith(f"'{cell}' is not a number"):
        return DataError(at + why, row=line, column=col)
    return DataError(at + (why or f"'{_show(cell)}' is not a number."), row=line, column=col)


def _labels(t):
    labels, lines = [], []
    lab = t.label_index
    for line, cells in t.records:
        cell = cells[lab]
        if cell == "" or cell.lower() in NONFINITE:
            what = "the label is missing (the cell is empty)" if cell == "" else \
                f"'{cell}' is not a valid label (a missing value?)"
            raise DataError(f"Row {line}, column '{t.label_name}': {what}.", row=line, column=t.label_name)
        labels.append(cell)
        lines.append(line)
    return labels, lines


def _dataset(t, name, multiclass):
    feats = t.feature_indices
    if not feats:
        # Without a header the one column's name is the lab's own ('label'): not worth quoting.
        named = f" ('{t.label_name}')" if t.has_header else ""
        head = f"The file has only one column{named} when read as {DELIMITER_NAMES[t.delimiter]}-separated. "
        if _spaced(t.records[1:51]):
            raise DataError(head + "Its cells are separated by spaces, which the lab does not read: save it "
                            "with commas, semicolons or tabs between the cells.")
        raise DataError(head + "It needs at least one numeric feature column besides the label column; if the "
                        "file uses another delimiter, choose it.")
    # no feature column holds any number at all: probably the wrong file or label column
    if not any(is_numberlike(cells[j]) for _, cells in t.records for j in feats):
        raise DataError(
            f"No feature column contains numbers: {list_names([t.names[j] for j in feats])}. "
            f"Features must be numeric; the label column is '{t.label_name}' — is that the right one?",
        )
    X = _features(t, feats)
    labels, lines = _labels(t)
    names = [t.names[j] for j in feats]
    if multiclass:
        y, classes = encode_classes(labels, rows=lines, column=t.label_name)
        return MulticlassDataset(X, y, names, classes, name)
    y, label_names = encode_labels(labels, rows=lines, column=t.label_name)
    return Dataset(X, y, names, label_names, name)


def parse_csv(source, *, label=None, max_bytes=20_000_000, max_rows=200_000, name="CSV data",
              delimiter=None, decimal=None, encoding=None, multiclass=False, progress=None):
    """CSV text (str) or file contents (bytes) -> Dataset (MulticlassDataset if multiclass).

    label: the label column, by name, or by 0-based index (int or digit string; negative
    counts from the end); default the last column. All other columns are the features
    and must be numeric. delimiter (",", ";", "\\t"), decimal ("." or ",") and encoding
    (csvtext.ENCODINGS) are guessed unless given; progress(done, total, phase) is called while
    reading: phase "rows" (lines read of the file's lines), then "columns" (feature columns
    converted to numbers), at most every 0.1 s and at the end of each. Any problem raises DataError with row
    (line in the file) and column (name); a bad override raises SettingsError.
    """
    t = _load(source, label, max_bytes, max_rows, delimiter, decimal, encoding, progress)
    return _dataset(t, name, multiclass)


def _preview(t, rows):
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
        "read_as": t.read_as(),
        "read_as_text": t.read_as_text(),
    }


def preview(source, *, label=None, rows=10, max_bytes=20_000_000, max_rows=200_000,
            delimiter=None, decimal=None, encoding=None, progress=None) -> dict:
    """What the web app shows after an upload, before training: the structure only
    (cell values are checked by parse_csv). Raises DataError for an unreadable file
    or an unknown label column.

    Returns {"columns": [names], "rows": [[cells as str], ...] (first `rows` data rows),
    "label_column": name, "label_index": int, "feature_columns": [names], "n": data rows,
    "has_header": bool, "delimiter": ",", ";" or "\\t", "read_as": {"delimiter", "decimal",
    "encoding"}, "read_as_text": "read as: ..."}.
    """
    t = _load(source, label, max_bytes, max_rows, delimiter, decimal, encoding, progress)
    return _preview(t, rows)


def inspect_csv(source, *, label=None, rows=10, name="CSV data", multiclass=False, max_bytes=20_000_000,
                max_rows=200_000, delimiter=None, decimal=None, encoding=None, progress=None, warning=False):
    """(preview dict, Dataset) from one reading of the file: what the page's inspect needs.
    warning: the preview also has "read_as_warning" (Reader.thousands_warning: a sentence or None)."""
    t = _load(source, label, max_bytes, max_rows, delimiter, decimal, encoding, progress)
    ds = _dataset(t, name, multiclass)
    if not warning:
        return _preview(t, rows), ds
    # After every cell was read: a number like 1.234 read as 1234 (or the reverse) is said.
    return {**_preview(t, rows), "read_as_warning": t.reader.thousands_warning()}, ds


def spec_args(spec) -> tuple:
    """(source, keyword arguments) for parse_csv / inspect_csv from a bridge data spec
    {"kind": "csv", "text": str | "base64": str, "label", "name", "delimiter", "decimal",
    "encoding"}. The page sends the file's bytes as base64 so that the encoding can be guessed
    here (and said); text is taken as already decoded."""
    import base64
    import binascii

    text, b64 = spec.get("text"), spec.get("base64")
    if isinstance(b64, str):
        try:
            source = base64.b64decode(b64, validate=True)
        except (binascii.Error, ValueError):
            raise DataError("The file's bytes did not arrive intact (bad base64); choose the file again.") from None
    elif isinstance(text, str):
        source = text
    else:
        raise DataError("The CSV file could not be read as text.")
    label = spec.get("label")
    if label is not None and not isinstance(label, (str, int)) or isinstance(label, bool):
        raise SettingsError("Choose the label column by its name or number.", field="label")
    kwargs = {"label": label, "name": str(spec.get("name", "CSV data"))[:200]}
    for key in ("delimiter", "decimal", "encoding"):
        value = spec.get(key)
        if value is not None and not isinstance(value, str):
            raise SettingsError(f"The {key} must be given as text, not {value!r}.", field=key)
        kwargs[key] = value
    return source, kwargs
