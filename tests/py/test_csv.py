"""Reading a CSV file: header or not, delimiters, quotes, BOM, line ends, blank lines, the label
column, labels and numbers, the preview."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_lab.data.csv_read import parse_csv, preview
from perceptron_lab.errors import DataError
from csvkit import BASIC


def check_basic(ds, names=("x1", "x2"), labels=("0", "1")):
    assert ds.X.dtype == np.float64 and ds.y.dtype == np.int8
    assert ds.X.tolist() == [[1.0, 2.0], [3.5, -4.0], [0.0, 0.001]]
    assert ds.y.tolist() == [-1, 1, 1]
    assert ds.feature_names == list(names)
    assert ds.label_mapping_json() == {"-1": labels[0], "+1": labels[1]}


# --------------------------------------------------------------------------- features


def test_header():
    check_basic(parse_csv(BASIC))


def test_no_header_names_columns():
    ds = parse_csv("1,2,0\n3.5,-4,1\n0,1e-3,1\n")
    check_basic(ds)
    p = preview("1,2,0\n3.5,-4,1\n")
    assert p["has_header"] is False and p["columns"] == ["x1", "x2", "label"]


def test_no_header_label_first_renames_features():
    ds = parse_csv("0,1,2\n1,3.5,-4\n1,0,1e-3\n", label=0)
    check_basic(ds)
    assert preview("0,1,2\n1,3,4\n", label=0)["columns"] == ["label", "x1", "x2"]


@pytest.mark.parametrize("delimiter,name", [(",", ","), (";", ";"), ("\t", "\t")])
def test_each_delimiter(delimiter, name):
    text = BASIC.replace(",", delimiter)
    check_basic(parse_csv(text))
    assert preview(text)["delimiter"] == name
    # without a header as well
    check_basic(parse_csv(text.split("\n", 1)[1]))


def test_semicolon_with_commas_inside_quotes():
    text = 'a;b;kind\n1;2;"red, dark"\n3.5;-4;"blue"\n0;1e-3;blue\n'
    ds = parse_csv(text)
    assert ds.feature_names == ["a", "b"]
    assert ds.X.tolist() == [[1.0, 2.0], [3.5, -4.0], [0.0, 0.001]]
    assert ds.label_mapping_json() == {"-1": "blue", "+1": "red, dark"}
    assert ds.y.tolist() == [1, -1, -1]


def test_quoted_fields_and_header_names():
    text = '"width, cm","height",class\n"1","2","0"\n"3.5", -4 ,1\n0,"1e-3",1\n'
    check_basic(parse_csv(text), names=("width, cm", "height"))
    text = '"a ""quoted"" name",b,c\n1,2,"x\ny"\n3.5,-4,z\n0,1e-3,z\n'  # newline inside quotes
    ds = parse_csv(text)
    assert ds.feature_names == ['a "quoted" name', "b"]
    assert ds.label_mapping_json() == {"-1": "x\ny", "+1": "z"}


def test_bom_in_bytes_and_str():
    check_basic(parse_csv(b"\xef\xbb\xbf" + BASIC.encode()))
    check_basic(parse_csv("\ufeff" + BASIC))
    check_basic(parse_csv(BASIC.encode()))


def test_crlf_and_cr():
    check_basic(parse_csv(BASIC.replace("\n", "\r\n")))
    check_basic(parse_csv(BASIC.replace("\n", "\r\n").encode()))
    check_basic(parse_csv(BASIC.replace("\n", "\r")))


def test_blank_lines_trailing_and_inside():
    check_basic(parse_csv(BASIC + "\n\n  \n\r\n"))
    check_basic(parse_csv("\n\n" + BASIC.replace("1,2,0\n", "1,2,0\n\n,,\n")))


def test_trailing_delimiter_on_every_line():
    check_basic(parse_csv("x1,x2,label,\n1,2,0,\n3.5,-4,1,\n0,1e-3,1,\n"))
    check_basic(parse_csv("1,2,0,\n3.5,-4,1,\n0,1e-3,1,\n"))


def test_spaces_around_cells():
    check_basic(parse_csv(" x1 , x2 , label \n 1 , 2 , 0 \n3.5,  -4,1\n0,1e-3 ,1\n"))


@pytest.mark.parametrize("label", ["label", "LABEL", 2, "2", -1, "-1", None, ""])
def test_label_by_name_index_negative(label):
    check_basic(parse_csv(BASIC, label=label))


def test_label_column_in_the_middle():
    text = "x1,label,x2\n1,0,2\n3.5,1,-4\n0,1,1e-3\n"
    for label in ("label", 1, "1", -2, "-2"):
        check_basic(parse_csv(text, label=label))
    p = preview(text, label=-2)
    assert p["label_column"] == "label" and p["label_index"] == 1
    assert p["feature_columns"] == ["x1", "x2"]


def test_label_other_column_as_label():
    ds = parse_csv("x1,x2,label\n1,2,0\n3.5,2,1\n0,-4,1\n", label="x2")
    assert ds.feature_names == ["x1", "label"]
    assert ds.y.tolist() == [1, 1, -1]
    assert ds.label_mapping_json() == {"-1": "-4", "+1": "2"}


def test_string_labels_and_mapping_order():
    ds = parse_csv("a,b,animal\n1,2,dog\n3,4,cat\n5,6,dog\n")
    assert ds.y.tolist() == [1, -1, 1]
    assert ds.label_names == {-1: "cat", 1: "dog"}
    assert ds.label_mapping_json() == {"-1": "cat", "+1": "dog"}


def test_numeric_labels_sort_numerically_not_as_text():
    ds = parse_csv("a,b,y\n1,2,10\n3,4,9\n5,6,10\n")
    assert ds.y.tolist() == [1, -1, 1] and ds.label_mapping_json() == {"-1": "9", "+1": "10"}
    ds = parse_csv("a,b,y\n1,2,1\n3,4,-1\n5,6,+1\n")
    assert ds.y.tolist() == [1, -1, 1] and ds.label_mapping_json() == {"-1": "-1", "+1": "1"}
    ds = parse_csv("a,b,y\n1,2,1.0\n3,4,0\n5,6,1\n")  # 1.0 and 1 are one class
    assert ds.y.tolist() == [1, -1, 1]


def test_many_features_and_number_formats():
    ds = parse_csv("a,b,c,d,y\n1,+2,-.5,1E+2,p\n0.,3,4,5e-1,q\n")
    assert ds.X.tolist() == [[1, 2, -0.5, 100], [0, 3, 4, 0.5]]
    assert ds.feature_names == ["a", "b", "c", "d"]


def test_duplicate_and_empty_header_names():
    ds = parse_csv("a,a,,y\n1,2,3,0\n4,5,6,1\n")
    assert ds.feature_names == ["a", "a (2)", "column 3"]


def test_name_and_preview():
    assert parse_csv(BASIC, name="mine.csv").name == "mine.csv"
    p = preview(BASIC, rows=2)
    assert p == {
        "columns": ["x1", "x2", "label"],
        "rows": [["1", "2", "0"], ["3.5", "-4", "1"]],
        "label_column": "label",
        "label_index": 2,
        "feature_columns": ["x1", "x2"],
        "n": 3,
        "has_header": True,
        "delimiter": ",",
        "read_as": {"delimiter": ",", "decimal": ".", "encoding": None},
        "read_as_text": "read as: comma-separated, decimal point",
    }


def test_preview_shows_a_file_parse_csv_rejects():
    # string first column as label: the default (last column) fails, the preview works
    text = "species,len,wid\nsetosa,1,2\nvirginica,3,4\n"
    p = preview(text)
    assert p["label_column"] == "wid" and p["n"] == 2
    with pytest.raises(DataError) as e:
        parse_csv(text)
    assert e.value.row == 2 and e.value.column == "species"
    ds = parse_csv(text, label="species")
    assert ds.feature_names == ["len", "wid"] and ds.label_mapping_json() == {"-1": "setosa", "+1": "virginica"}


@settings(max_examples=60, deadline=None)
@given(
    X=st.integers(1, 30).flatmap(lambda n: st.lists(
        st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=3, max_size=3), min_size=n, max_size=n)),
    delimiter=st.sampled_from([",", ";", "\t"]),
    header=st.booleans(),
    crlf=st.booleans(),
)
def test_round_trip(X, delimiter, header, crlf):
    n = len(X)
    labels = ["neg" if i % 2 else "pos" for i in range(n)]
    if n == 1:
        labels = ["neg"]
    nl = "\r\n" if crlf else "\n"
    lines = ([delimiter.join(["f1", "f2", "f3", "cls"])] if header else [])
    lines += [delimiter.join([repr(v) for v in row] + [lab]) for row, lab in zip(X, labels)]
    text = nl.join(lines) + nl
    if n == 1:
        with pytest.raises(DataError):
            parse_csv(text)
        return
    ds = parse_csv(text)
    assert ds.X.tolist() == [[float(v) for v in row] for row in X]
    assert ds.y.tolist() == [1 if lab == "pos" else -1 for lab in labels]
    assert ds.feature_names == (["f1", "f2", "f3"] if header else ["x1", "x2", "x3"])
