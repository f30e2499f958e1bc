"""CSV text or bytes -> Dataset. Every problem a user can cause is a DataError whose
`row` is the line number in the file as the user sees it (1-based, the header counts)
and whose `column` is the column's name, where that applies.

Parsing is the standard library's csv module; the delimiter (comma, semicolon or tab)
is chosen by checking which one splits the first lines into a consistent table
(csv.Sniffer breaks ties). The encoding (csvtext) and the decimal separator (csvnumbers)
are guessed too; every guess is reported (`read_as`) and can be overridden by the
caller. No I/O here: the caller passes the text or the bytes.

The table (csv_table) is read once into a Reading; its feature columns are converted once,
and the binary Dataset, the MulticlassDataset (every class) and the preview are all made from
that one reading (data/request.py keeps the last one: upload, binary and multiclass runs).
"""

from __future__ import annotations

import numpy as np

from .csv_layout import DELIMITER_NAMES, DELIMITERS, list_names
from .csv_numbers import NONFINITE, is_numberlike
from .csv_table import MAX_CELLS, MAX_COLUMNS, _check_shape, _load, _Progress, _Table  # noqa: F401
from .dataset import Dataset, MulticlassDataset, encode_classes, encode_labels, too_large
from ..errors import DataError, SettingsError
from ..i18n import _

__all__ = ["parse_csv", "preview", "inspect_csv", "read", "Reading", "DELIMITERS", "MAX_COLUMNS", "MAX_CELLS"]


def _spaced(records):
    """Rows of one cell that are numbers separated by spaces: a whitespace-separated file."""
    rows = [cells[0].split() for _, cells in records if cells and cells[0].strip()]
    return bool(rows) and all(len(r) >= 2 and sum(map(is_numberlike, r)) >= len(r) - 1 for r in rows)


def _show(cell: str, limit: int = 40) -> str:
    return cell if len(cell) <= limit else cell[: limit - 1] + "…"


def _features(t, feats):
    """The float matrix of the feature columns, or DataError naming the first bad cell."""
    reader = t.reader
    X = np.empty((len(t.records), len(feats)), dtype=np.float64)
    for k, j in enumerate(feats):
        cells = [r[j] for _, r in t.records]
        col = reader.column(cells)
        if col is None:  # some cell needs a closer look (thousands, a bad cell): one by one
            texts = []
            for (line, _cells), cell in zip(t.records, cells):
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
            _("Row {row}, column '{column}': '{value}' is too large (it would be infinite); features must be "
              "finite numbers.").format(row=line, column=col, value=_show(cells[feats[k]])), row=line, column=col)
    big = too_large(X)
    if big is not None:
        line, cells = t.records[big[0]]
        col = t.names[feats[big[1]]]
        raise DataError(
            _("Row {row}, column '{column}': '{value}' is too large: features must lie within ±1e50 (rescale "
              "the column).").format(row=line, column=col, value=_show(cells[feats[big[1]]])), row=line, column=col)
    return X


def _bad_cell(t, line, col, cell):
    if cell == "":
        return DataError(_("Row {row}, column '{column}': the value is missing (the cell is empty).").format(
            row=line, column=col), row=line, column=col)
    if cell.lower() in NONFINITE:
        return DataError(_("Row {row}, column '{column}': '{value}' is not allowed; features must be finite numbers "
                           "(no NaN or infinity).").format(row=line, column=col, value=cell), row=line, column=col)
    why = t.reader.why(cell) if len(cell) <= 40 else ""
    # why is a whole clause of csv_numbers' (already in the language): the row and column go before it
    return DataError(_("Row {row}, column '{column}': {why}").format(
        row=line, column=col, why=why or _("'{value}' is not a number.").format(value=_show(cell))),
        row=line, column=col)


def _labels(t):
    labels, lines = [], []
    lab = t.label_index
    for line, cells in t.records:
        cell = cells[lab]
        if cell == "" or cell.lower() in NONFINITE:
            what = (_("Row {row}, column '{column}': the label is missing (the cell is empty).") if cell == "" else
                    _("Row {row}, column '{column}': '{value}' is not a valid label (a missing value?)."))
            raise DataError(what.format(row=line, column=t.label_name, value=cell), row=line, column=t.label_name)
        labels.append(cell)
        lines.append(line)
    return labels, lines


def _columns(t):
    """(X, labels as text, their lines): the feature columns as numbers, every label checked."""
    feats = t.feature_indices
    if not feats:
        # Without a header the one column's name is the lab's own ('label'): not worth quoting.
        head = (_("The file has only one column ('{column}') when read as {delimiter}-separated.") if t.has_header
                else _("The file has only one column when read as {delimiter}-separated.")).format(
            column=t.label_name, delimiter=_(DELIMITER_NAMES[t.delimiter]))
        if _spaced(t.records[1:51]):
            raise DataError(_("{head} Its cells are separated by spaces, which the lab does not read: save it with "
                              "commas, semicolons or tabs between the cells.").format(head=head))
        raise DataError(_("{head} It needs at least one numeric feature column besides the label column; if the "
                          "file uses another delimiter, choose it.").format(head=head))
    # no feature column holds any number at all: probably the wrong file or label column
    if not any(is_numberlike(cells[j]) for _, cells in t.records for j in feats):
        raise DataError(
            _("No feature column contains numbers: {columns}. Features must be numeric; the label column is "
              "'{label}' — is that the right one?").format(columns=list_names([t.names[j] for j in feats]),
                                                             label=t.label_name),
        )
    X = _features(t, feats)
    labels, lines = _labels(t)
    return X, labels, lines


class Reading:
    """One reading of a file: its table, and its columns as numbers once asked (an error too is
    kept: asked again, the same DataError). Datasets made from it copy its arrays."""

    def __init__(self, table: _Table):
        self.table = table
        self._columns = None  # (X, labels, lines) or the DataError they raised

    def columns(self, progress=None):
        if self._columns is None:
            if progress is not None:  # else the one the table was read with (parse_csv's)
                self.table.progress = _Progress(progress)
            try:
                self._columns = _columns(self.table)
            except DataError as e:
                self._columns = e
        if isinstance(self._columns, DataError):
            raise self._columns
        return self._columns

    def dataset(self, name="CSV data", multiclass=False, progress=None):
        """The binary Dataset (two labels -> -1/+1), or every class (MulticlassDataset)."""
        X, labels, lines = self.columns(progress)
        t = self.table
        names = [t.names[j] for j in t.feature_indices]
        if multiclass:
            y, classes = encode_classes(labels, rows=lines, column=t.label_name)
            return MulticlassDataset(X, y, names, classes, name)
        y, label_names = encode_labels(labels, rows=lines, column=t.label_name)
        return Dataset(X, y, names, label_names, name)

    def preview(self, rows=10, warning=False):
        """_preview's dict; warning: with "read_as_warning", which needs every cell read (columns())."""
        p = _preview(self.table, rows)
        return {**p, "read_as_warning": self.table.reader.thousands_warning()} if warning else p


def read(source, *, label=None, max_bytes=20_000_000, max_rows=200_000, delimiter=None, decimal=None,
         encoding=None, progress=None) -> Reading:
    """The file's table as a Reading (parse_csv's arguments but name and multiclass)."""
    return Reading(_load(source, label, max_bytes, max_rows, delimiter, decimal, encoding, progress))


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
    return Reading(t).dataset(name, multiclass)


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
    r = Reading(_load(source, label, max_bytes, max_rows, delimiter, decimal, encoding, progress))
    ds = r.dataset(name, multiclass)
    # After every cell was read: a number like 1.234 read as 1234 (or the reverse) is said.
    return r.preview(rows, warning), ds


def spec_args(spec) -> tuple:
    """(source, keyword arguments) for parse_csv / inspect_csv from a bridge data spec
    {"kind": "csv", "text": str | "base64": str | "bytes": bytes, "label", "name", "delimiter", "decimal",
    "encoding"}. The page sends the file's bytes as base64 so that the encoding can be guessed
    here (and said); text is taken as already decoded; bytes come from Python's own callers."""
    import base64
    import binascii

    text, b64, raw = spec.get("text"), spec.get("base64"), spec.get("bytes")
    if isinstance(raw, bytes):  # Python's own requests (a result link's file, checked): no base64 copy
        source = raw
    elif isinstance(b64, str):
        try:
            source = base64.b64decode(b64, validate=True)
        except (binascii.Error, ValueError):
            raise DataError(_("The file's bytes did not arrive intact (bad base64); choose the file again.")) from None
    elif isinstance(text, str):
        source = text
    else:
        raise DataError(_("The CSV file could not be read as text."))
    label = spec.get("label")
    if label is not None and not isinstance(label, (str, int)) or isinstance(label, bool):
        raise SettingsError(_("Choose the label column by its name or number."), field="label")
    kwargs = {"label": label, "name": str(spec.get("name", "CSV data"))[:200]}
    for key in ("delimiter", "decimal", "encoding"):
        value = spec.get(key)
        if value is not None and not isinstance(value, str):
            raise SettingsError(_("The {key} must be given as text, not {value}.").format(key=key, value=repr(value)),
                                field=key)
        kwargs[key] = value
    return source, kwargs
