"""A CSV file the lab refuses: a DataError naming the row and column, in true words (empty, ragged, not
numbers, missing values, one or three classes, too large, wrong encoding)."""
import pytest

from perceptron_lab.data.csv_read import parse_csv, preview
from perceptron_lab.errors import DataError
from csvkit import BASIC, assert_where, err


@pytest.mark.parametrize("source", ["", "   ", "\n\n\r\n", b"", b"\xef\xbb\xbf", "\ufeff\n", None])
def test_empty_file(source):
    e = err(source)
    assert "empty" in e.message
    assert_where(e, None, None)


def test_header_only():
    e = err("x1,x2,label\n\n")
    assert "no data rows" in e.message
    assert_where(e, 1, None)


def test_only_one_column():
    e = err("label\n0\n1\n")
    assert "only one column" in e.message and "feature" in e.message
    assert_where(e, None, None)


def test_no_numeric_feature_column():
    e = err("name,city,label\nann,paris,0\nbob,rome,1\n")
    assert "No feature column contains numbers" in e.message and "'name', 'city'" in e.message
    assert_where(e, None, None)


def test_non_numeric_cell():
    text = "x1,x2,label\n1,2,0\n3,4,1\n5,6,0\n1,abc,1\n"
    e = err(text)
    assert e.message == "Row 5, column 'x2': 'abc' is not a number."
    assert_where(e, 5, "x2")
    # the same without a header: line numbers still as the user sees them
    e = err(text.split("\n", 1)[1])
    assert_where(e, 4, "x2")


def test_non_numeric_cell_counts_blank_lines_and_multiline_quotes():
    text = 'a,b,c\n\n1,2,"x\ny"\n\n3,oops,z\n'
    e = err(text)
    assert_where(e, 6, "b")


def test_decimal_comma_hint_in_a_file_of_decimal_points():
    e = err("a;b;c\n1.5;2,5;0\n2;3;1\n")
    assert_where(e, 2, "b")
    assert "'2,5' is written with a decimal comma" in e.message and "'1.5' in row 2" in e.message
    e = err("a,b,c\n1,\"2,5\",0\n2,3.5,1\n3.25,1,0\n")  # decimal points win 2 to 1
    assert_where(e, 2, "b")
    assert "decimal point" in e.message


def test_missing_value():
    e = err("x1,x2,label\n1,2,0\n,4,1\n")
    assert "missing" in e.message
    assert_where(e, 3, "x1")


def test_missing_label():
    e = err("x1,x2,label\n1,2,0\n3,4,\n5,6,1\n")
    assert "missing" in e.message
    assert_where(e, 3, "label")


def test_ragged_row_too_short_and_too_long():
    e = err("x1,x2,label\n1,2,0\n3,4\n")
    assert "2 cells" in e.message and "3 were expected" in e.message
    assert_where(e, 3, None)
    e = err("1,2,0\n3,4,1\n5,6,7,1\n")
    assert "4 cells" in e.message and "3 were expected" in e.message
    assert_where(e, 3, None)


@pytest.mark.parametrize("cell", ["nan", "NaN", "inf", "-inf", "Infinity"])
def test_nan_and_inf(cell):
    e = err(f"x1,x2,label\n1,2,0\n3,{cell},1\n")
    assert "NaN" in e.message and cell in e.message
    assert_where(e, 3, "x2")


def test_overflow_is_infinite():
    e = err("x1,x2,label\n1,2,0\n1e999,4,1\n")
    assert "1e999" in e.message
    assert_where(e, 3, "x1")


def test_nan_label():
    e = err("x1,x2,label\n1,2,0\n3,4,NaN\n5,6,1\n")
    assert_where(e, 3, "label")


def test_one_class():
    e = err("x1,x2,label\n1,2,yes\n3,4,yes\n")
    assert "only one class" in e.message and "'yes'" in e.message
    assert_where(e, None, "label")


def test_more_than_two_classes():
    e = err("x1,x2,species\n1,2,a\n3,4,b\n5,6,a\n7,8,c\n9,9,d\n1,1,e\n2,2,f\n")
    assert "6 different classes" in e.message
    assert "'a', 'b', 'c', 'd', 'e' and 1 more" in e.message
    assert_where(e, 5, "species")


def test_more_than_two_numeric_classes_when_label_is_a_feature_column():
    e = err(BASIC, label="x1")
    assert "3 different classes" in e.message
    assert_where(e, 4, "x1")


@pytest.mark.parametrize("label", ["nope", 3, -4, "7", True, 1.5])
def test_unknown_label_column(label):
    e = err(BASIC, label=label)
    assert "'x1', 'x2', 'label'" in e.message
    assert_where(e, None, None)
    with pytest.raises(DataError):
        preview(BASIC, label=label)


def test_unknown_label_without_header_lists_default_names():
    e = err("1,2,0\n3,4,1\n", label="species")
    assert "'species'" in e.message and "'x1', 'x2', 'label'" in e.message


def test_too_many_bytes():
    e = err(BASIC, max_bytes=10)
    assert e.message == f"The file is too large: {len(BASIC)} bytes; the limit is 10 bytes."
    assert_where(e, None, None)
    e = err(BASIC.encode(), max_bytes=10)
    assert "limit is 10 bytes" in e.message
    big = "x1,x2,label\n" + "1,2,0\n" * 5000
    e = err(big, max_bytes=20_000)
    assert e.message == "The file is too large: 30.0 kB; the limit is 20 kB."
    assert parse_csv(BASIC, max_bytes=len(BASIC)).n == 3  # exactly at the limit is fine


@pytest.mark.parametrize("size,limit,message", [
    # one byte over: the rounded figures would be equal, so both are given in bytes
    (20_000_001, 20_000_000, "20,000,001 bytes; the limit is 20,000,000 bytes (20 MB)."),
    (20 * 2**20 + 1, 20 * 2**20, "20,971,521 bytes; the limit is 20,971,520 bytes (20 MiB)."),
    (21 * 2**20, 20 * 2**20, "21.0 MiB; the limit is 20 MiB."),
    (20_100_000, 20_000_000, "20.1 MB; the limit is 20 MB."),
])
def test_size_message_is_true(size, limit, message):
    e = err(b"a" * size, max_bytes=limit)
    assert e.message == "The file is too large: " + message


def test_too_many_rows():
    rows = "".join(f"{i},{i},{i % 2}\n" for i in range(11))
    e = err("a,b,c\n" + rows, max_rows=10)
    assert "more than 10 data rows" in e.message and "limit is 10" in e.message
    assert_where(e, None, None)
    assert parse_csv("a,b,c\n" + rows, max_rows=11).n == 11
    assert parse_csv(rows, max_rows=11).n == 11  # without header: 11 rows allowed too
    e = err(rows, max_rows=10)
    assert "limit is 10" in e.message


def test_not_utf8_when_utf8_is_chosen():
    e = err(b"x1,x2,label\n1,2,0\n3,\xe9t\xe9,1\n", encoding="utf-8")
    assert "not UTF-8" in e.message and "0xe9" in e.message
    assert_where(e, 3, None)


def test_xlsx_and_utf32():
    e = err(b"PK\x03\x04\x14\x00\x06\x00")
    assert "Excel" in e.message
    e = err("x1,x2,label\n1,2,0\n".encode("utf-32"))
    assert "UTF-32" in e.message


def test_unterminated_quote():
    e = err('x1,x2,label\n1,2,0\n3,4,"one\n5,6,1\n')
    assert "quote" in e.message
    assert_where(e, 3, None)


def test_utf8_text_in_labels_and_names():
    ds = parse_csv("größe,wärme,klasse\n1,2,ja\n3,4,nein\n".encode())
    assert ds.feature_names == ["größe", "wärme"] and ds.label_mapping_json() == {"-1": "ja", "+1": "nein"}
    e = err("größe,wärme,klasse\n1,zwei,ja\n3,4,nein\n")
    assert_where(e, 2, "wärme")


def test_values_too_large_to_square_are_refused_with_their_cell():
    from perceptron_lab import DataError
    from perceptron_lab.data.csv_read import parse_csv

    with pytest.raises(DataError) as e:
        parse_csv("a,b,y\n1,2,0\n3,-1e51,1\n")
    assert (e.value.row, e.value.column) == (3, "b") and "too large" in e.value.message
    parse_csv("a,b,y\n1,2,0\n3,-1e50,1\n")  # the limit itself is fine
