"""What the CSV tests share: a basic file, a refused file's error and where it points."""
import pytest

from perceptron_lab.data.csv_read import parse_csv
from perceptron_lab.errors import DataError


BASIC = "x1,x2,label\n1,2,0\n3.5,-4,1\n0,1e-3,1\n"


def err(source, **kw):
    with pytest.raises(DataError) as e:
        parse_csv(source, **kw)
    return e.value


def assert_where(e, row, column):
    assert e.row == row, e.message
    assert e.column == column, e.message
    if row is not None:
        assert f"Row {row}" in e.message or f"row {row}" in e.message
    if column is not None:
        assert f"'{column}'" in e.message
    assert e.to_dict() == {"kind": "data", "message": e.message, "row": row, "column": column}
