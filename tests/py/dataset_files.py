"""The preset datasets' files, made from scikit-learn's bundled copies (the source the
tests compare with). Run `python tests/py/dataset_files.py` to write
py/perceptron_lab/data/real/*.csv(.gz) again; the output is byte-for-byte deterministic."""

import csv
import gzip
import io
from importlib import resources
from pathlib import Path

from sklearn import datasets as skd

OUT = Path(__file__).resolve().parents[2] / "py" / "perceptron_lab" / "data" / "real"

# file, scikit-learn file, loader, label column name, gzip
FILES = {
    "iris": ("iris.csv", "iris.csv", skd.load_iris, "species", False),
    "wine": ("wine.csv", "wine_data.csv", skd.load_wine, "class", False),
    "breast-cancer": ("breast_cancer.csv", "breast_cancer.csv", skd.load_breast_cancer, "diagnosis", False),
    "digits": ("digits.csv.gz", "digits.csv.gz", skd.load_digits, "digit", True),
}


def table(name):
    """(header, rows of cells as text): scikit-learn's cells as published, class names for targets."""
    _, source, loader, label, _ = FILES[name]
    bunch = loader()
    raw = resources.files("sklearn.datasets").joinpath("data", source).read_bytes()
    text = (gzip.decompress(raw) if source.endswith(".gz") else raw).decode()
    lines = list(csv.reader(io.StringIO(text)))
    if name == "digits":  # no header line; pixels written as 0.0 .. 16.0
        rows = [[str(int(float(c))) for c in r[:-1]] + [str(int(float(r[-1])))] for r in lines]
    else:
        names = lines[0][2:]
        rows = [r[:-1] + [names[int(r[-1])]] for r in lines[1:]]
    return list(bunch.feature_names) + [label], rows


def write(name):
    fname, _, _, _, gz = FILES[name]
    header, rows = table(name)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    data = buf.getvalue().encode()
    if gz:
        data = gzip.compress(data, compresslevel=9, mtime=0)
    (OUT / fname).write_bytes(data)
    return len(data)


if __name__ == "__main__":
    for n in FILES:
        print(n, write(n), "bytes")
