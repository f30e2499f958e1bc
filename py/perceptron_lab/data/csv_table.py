"""A CSV file's table: the text decoded, the delimiter chosen, the header found, the rows
split and checked (every row as wide as the header), the label column resolved; no number is
converted here (csv_read does that). Every problem is a DataError naming the line.
"""

from __future__ import annotations

import csv
import io
import re
import time

from . import csv_text as csvtext
from .csv_layout import (DELIMITER_NAMES, check_delimiter, choose_delimiter, default_names,
                        detect_header, resolve_label, unique_names)
from .csv_numbers import DECIMAL_NAMES, Reader, check_decimal, guess_decimal
from ..errors import DataError
from ..i18n import N_, _, ngettext, count as _count

# Shapes no perceptron lesson needs, refused before the table is built: every column is a
# choice in the page, and every cell a Python string until it becomes a float.
MAX_COLUMNS = 20_000
MAX_CELLS = 6_000_000  # e.g. 200 000 rows (the row limit) of 30 columns (breast cancer's width)


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
        parts = [_("{delimiter}-separated").format(delimiter=_(DELIMITER_NAMES[self.delimiter])),
                 _(DECIMAL_NAMES[self.reader.decimal or "."])]
        if self.reader.thousands_used:
            parts.append(_("thousands separators"))
        if self.encoding is not None:
            parts.append(csvtext.ENCODING_NAMES[self.encoding])
        return _("read as: {parts}").format(parts=", ".join(parts))

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


SAME_CELLS_MAX = 65_536  # distinct cell texts shared (its dict: a few MB at most)
SHARE_SAMPLE_ROWS = 2000  # rows read before deciding whether the cells repeat enough to share them


def _read_records(text, delimiter, max_rows, progress, width):
    """[(line, stripped cells)] of the non-blank rows; progress in lines read (checked every
    ~100 000 cells, so a wide file reports as often as a long one)."""
    total = text.count("\n") + (not text.endswith("\n")) if progress.fn is not None else 0
    every = max(1, 100_000 // max(1, width))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"',
                        doublequote=True, skipinitialspace=True, strict=True)
    records = []
    seen, share = {}, True
    same = seen.setdefault
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as e:
            raise DataError(
                _("Row {row}: this row cannot be read as CSV ({reason}). Check the quotes (\") in it.").format(
                    row=start, reason=e),
                row=start,
            ) from None
        cells = [c.strip() for c in row]
        if share:
            # One str for equal cells: a cell's text costs ~55 bytes, its slot 8. A file that fills a
            # link's 64 KiB (megabytes inflated) must repeat itself: it held 70 bytes a cell. Where
            # the first rows' cells hardly repeat (a file of measurements), sharing stops: it doubled
            # the reading's time there.
            cells = [same(c, c) for c in cells]
            if len(records) == SHARE_SAMPLE_ROWS or len(seen) > SAME_CELLS_MAX:
                share = len(seen) <= SAME_CELLS_MAX and len(seen) * 4 < sum(len(r) for _, r in records)
        if not any(cells):
            continue  # blank line (or only delimiters): skipped
        records.append((start, cells))
        if len(records) % every == 0:
            progress(reader.line_num, total, "rows")
        if len(records) > max_rows + 1:  # + 1 for a possible header
            raise DataError(_("The file has more than {limit} data rows; the limit is {limit}.").format(
                limit=_count(max_rows)))
    progress(total, total, "rows", last=True)
    return records


CHECK_DELIMITERS = {",": N_("Check the commas in row {row}."), ";": N_("Check the semicolons in row {row}."),
                    "\t": N_("Check the tabs in row {row}.")}


def _check_shape(text, delimiter):
    """Refuse more than MAX_COLUMNS columns or MAX_CELLS values before any row is split."""
    start = len(text) - len(text.lstrip())
    end = text.find("\n", start)
    first = text[start:] if end < 0 else text[start:end]
    width = first.count(delimiter) + 1  # exact unless quotes hold delimiters
    if width > MAX_COLUMNS and '"' in first:
        width = len(next(csv.reader([first], delimiter=delimiter)))
    if width > MAX_COLUMNS:
        raise DataError(_("The first row has {width} columns; the limit is {limit} columns. Keep the columns you "
                          "need and upload again.").format(width=_count(width), limit=_count(MAX_COLUMNS)),
                        row=text.count("\n", 0, start) + 1)
    lines = text.count("\n") + (not text.endswith("\n"))
    if lines * width > MAX_CELLS:
        raise DataError(_("The file has {lines} lines of {width} columns (up to {values} values); the limit is "
                          "{limit} values. Keep fewer rows or columns.").format(
            lines=_count(lines), width=_count(width), values=_count(lines * width), limit=_count(MAX_CELLS)))
    return width


def _load(source, label, max_bytes, max_rows, delimiter=None, decimal=None, encoding=None,
          progress=None) -> _Table:
    progress = progress if isinstance(progress, _Progress) else _Progress(progress)
    delimiter, decimal = check_delimiter(delimiter), check_decimal(decimal)
    text, encoding = csvtext.decode(source, max_bytes, encoding)
    if not re.search(r'[^\s,;"]', text):
        if re.search(r'[,;"\t]', text):
            raise DataError(_("The file has no data: it holds only delimiters and blank lines."))
        raise DataError(_("The file is empty."))
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise DataError(_("Row {row}: the file contains binary data, not CSV text.").format(row=line), row=line)
    if delimiter is None:
        delimiter = choose_delimiter(text)
    width = _check_shape(text, delimiter)
    records = _read_records(text, delimiter, max_rows, progress, width)
    if not records:
        raise DataError(_("The file has no data: every cell is empty."))

    guessed, examples = guess_decimal(records) if decimal is None else (decimal, {})
    # A chosen separator is checked against the file's own numbers, to warn where it makes 1,234 1.234.
    evidence = None if decimal is None else guess_decimal(records)[0]
    reader = Reader(guessed, delimiter, examples, chosen=decimal is not None, evidence=evidence)
    for _line, cells in records[:2000]:  # so that the preview can say "thousands separators" too
        for c in cells:
            reader.convert(c)
    has_header = detect_header(records)
    header_line = None
    if has_header:
        header_line, header = records[0]
        records = records[1:]
        if not records:
            raise DataError(_("The file has a header (row {row}) but no data rows.").format(row=header_line),
                            row=header_line)
    if len(records) > max_rows:
        raise DataError(_("The file has more than {limit} data rows; the limit is {limit}.").format(
            limit=_count(max_rows)))

    # the number of columns: the header's, else the first data row's
    width = len(header) if has_header else len(records[0][1])
    ref_line = header_line if has_header else records[0][0]
    checked = []
    for line, cells in records:
        if len(cells) > width and not any(cells[width:]):
            cells = cells[:width]  # extra empty cells (a trailing delimiter) are harmless
        if len(cells) != width:
            found = ngettext("{n} cell", "{n} cells", len(cells)).format(n=len(cells))
            raise DataError(
                (ngettext("Row {row} has {cells}, but {width} was expected like in the header (row {ref}).",
                          "Row {row} has {cells}, but {width} were expected like in the header (row {ref}).", width)
                 if has_header else
                 ngettext("Row {row} has {cells}, but {width} was expected like in the first row (row {ref}).",
                          "Row {row} has {cells}, but {width} were expected like in the first row (row {ref}).",
                          width)).format(row=line, cells=found, width=width, ref=ref_line)
                + " " + _(CHECK_DELIMITERS[delimiter]).format(row=line),
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
