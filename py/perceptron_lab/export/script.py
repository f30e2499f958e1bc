"""The run as code: a bridge train request (data spec + settings) as a short Python script
or Jupyter notebook that repeats the run with the pip package.

The script loads the data the way the bridge does (preset, data.csv_read.parse_csv, points_dataset),
holds out the same test part, and fits the estimator of the algorithm with the same settings
and seed. The estimators call core.train on features.prepare(X) exactly as the bridge does,
so the printed weights are the page's weights bit for bit (repr prints every float exactly).
What differs from one family to another (its data, split, training and plotting cells) is its
writer's: script_linear.py, script_kernel.py, script_multiclass.py; the run's Fit names its
writer (bridge/*_fit.py `script_writer`), so this module never asks which algorithm it writes.

Nothing from the request is pasted into code as code: every value is validated by the
bridge's own readers first, and strings reach the script only through repr().
Pure: text in, text out; the CSV is returned as a second file for the caller to write.
"""

import json
import math
import numbers
import re

from ..data.request import read_settings  # the readers validate every value
from ..errors import DataError
from ..run_settings import estimator_params
from ..i18n import _

INLINE_CSV_CHARS = 3000  # a CSV up to this size goes into the script; larger ones beside it
INLINE_POINTS = 60  # placed points up to this many are written as a list in the script
FORMATS = ("py", "ipynb")


def _number(v, what):
    """repr of a validated finite number (never a bool, never text)."""
    if isinstance(v, bool) or not isinstance(v, numbers.Real) or not math.isfinite(float(v)):
        raise DataError(_("{what} must be a finite number.").format(what=what))
    return repr(int(v)) if isinstance(v, numbers.Integral) else repr(float(v))


def _plain(text):
    """Text for a comment or a markdown line: no control characters, no line breaks."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+", " ", str(text)).strip()[:200]


def _stem(name):
    """A file name stem from a data set's name: letters, digits and dashes only."""
    s = re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-")[:40]
    return f"perceptron-{s or 'data'}"


def _string_lines(text, indent="    "):
    """A long string as a parenthesised run of repr'd lines (exact, whatever the text holds)."""
    pieces = text.splitlines(keepends=True) or [""]
    return "(\n" + "".join(f"{indent}{p!r}\n" for p in pieces) + ")"


def _data_code(spec, ds, stem, fmt, writer):
    """(imports, code that makes `ds`, the CSV file beside the script or None), read as the
    writer's family reads it (EVERY_CLASS: every class, as the bridge's load_classes)."""
    kind = spec["kind"]
    here = "Path(__file__).with_name" if fmt == "py" else "Path"
    every_class = ", multiclass=True" if writer.EVERY_CLASS else ""
    if kind == "preset":
        args = [repr(ds_name(spec))]
        for key in ("n", "margin", "spread", "seed"):
            if key in spec:
                args.append(f"{key}={_number(spec[key], key)}")
        for key in ("classes", "features"):  # real presets; already validated by loading them
            if spec.get(key) is not None:
                args.append(f"{key}={[v if isinstance(v, int) else _plain(v) for v in spec[key]]!r}")
        return ["from perceptron_lab.data import preset"], f"ds = preset({', '.join(args)}{every_class})", None
    if kind == "csv":
        from ..data import csv_read
        from ..data import csv_text as csvtext

        source, kw = csv_read.spec_args(spec)  # the page sends the file's bytes (base64)
        text, _ = csvtext.decode(source, 10**9, kw.get("encoding"))  # the script holds text
        label = spec.get("label")
        name = str(spec.get("name", "CSV data"))[:200]
        read_as = "".join(f", {k}={kw[k]!r}" for k in ("delimiter", "decimal") if kw.get(k))
        call = f"parse_csv(CSV, label={label!r}, name={name!r}{read_as}{every_class})"
        imports = ["from perceptron_lab.data.csv_read import parse_csv"]
        if len(text) <= INLINE_CSV_CHARS:
            return imports, f"CSV = {_string_lines(text)}\nds = {call}", None
        fname = f"{stem}.csv"
        code = (f"# The data is the file {fname}, saved next to this {'script' if fmt == 'py' else 'notebook'}.\n"
                f"with open({here}({fname!r}), encoding=\"utf-8\", newline=\"\") as f:\n"
                f"    CSV = f.read()\nds = {call}")
        return ["from pathlib import Path", *imports], code, (fname, text)
    # Placed points: (x1, x2, label) as the page sent them; validated numbers only.
    rows = [(float(x1), float(x2), lab) for (x1, x2), lab in zip(ds.X.tolist(), _point_labels(spec))]
    imports = ["from perceptron_lab.data import points_dataset"]
    make = writer.points_code(imports) if writer.EVERY_CLASS else "ds = points_dataset(POINTS)"
    if len(rows) <= INLINE_POINTS or any(isinstance(lab, str) for _, _, lab in rows):
        body = "".join(f"    [{x1!r}, {x2!r}, {lab!r}],\n" for x1, x2, lab in rows)
        return imports, f"POINTS = [\n{body}]\n{make}", None
    fname = f"{stem}.csv"
    text = "".join(f"{x1!r},{x2!r},{lab!r}\n" for x1, x2, lab in rows)
    code = (f"# The points are the file {fname} (x1, x2, label), saved next to this "
            f"{'script' if fmt == 'py' else 'notebook'}.\n"
            f"with open({here}({fname!r}), encoding=\"utf-8\", newline=\"\") as f:\n"
            "    POINTS = [[float(a), float(b), int(c)] for a, b, c in csv.reader(f)]\n"
            f"{make}")
    return ["import csv", "from pathlib import Path", *imports], code, (fname, text)


def ds_name(spec):
    return spec["name"].strip().lower()


def _point_labels(spec):
    """The labels of placed points, each an int (the page sends 1 / -1) or a short string."""
    out = []
    for p in spec["points"]:
        lab = p[2]
        if isinstance(lab, bool) or not isinstance(lab, (numbers.Integral, str)):
            if isinstance(lab, numbers.Real) and float(lab).is_integer():
                lab = int(lab)
            else:
                raise DataError(_("Point labels must be whole numbers or text to be written into a script."))
        out.append(int(lab) if isinstance(lab, numbers.Integral) else str(lab)[:100])
    return out


def build(data, settings, writer, fmt="py"):
    """-> {"cells": [(kind, text)], "files": {name: text}} for a validated request; writer: the
    family's cells (script_linear, script_kernel, script_multiclass)."""
    if fmt not in FORMATS:
        raise DataError(_("The script format must be py or ipynb."))
    s = read_settings(settings)
    ds = writer.load(data)  # the bridge's loader, so the script holds exactly the data (and classes) the run had
    stem = _stem(ds.name)
    imports, data_code, beside = _data_code(data, ds, stem, fmt, writer)
    pf = tuple(s["plot_features"] if ds.X.shape[1] >= 2 else [0, None])
    pkg, fit, plot = writer.cells(s, ds, imports, pf)
    split = writer.split_code(s, imports)
    return _assemble(s, ds, fmt, imports, pkg, data_code, split, fit, plot, beside, stem, writer)


def binary_split_code(s, imports):
    """The binary split (data.train_test_split), as the bridge holds out the test part."""
    split = "train = ds"
    if s["test_fraction"] > 0:
        imports.append("from perceptron_lab.data import train_test_split")
        split = (f"train, test = train_test_split(ds, {s['test_fraction']!r}, seed={s['seed']!r})"
                 "  # the page's held-out part")
    return split


def estimator_call(s):
    """The estimator's parameters from params.json's wires (run_settings.estimator_params: the ones
    that apply to the algorithm and these settings), as keyword code three to a line."""
    given = list(estimator_params(s).items())
    return ",\n    ".join(", ".join(f"{k}={v!r}" for k, v in given[i:i + 3]) for i in range(0, len(given), 3))


def status_line():
    return "print(\"status:\", clf.status_, \"after\", clf.n_iter_, \"epochs,\", clf.run_.mistakes, \"mistakes\")\n"


def _assemble(s, ds, fmt, imports, pkg, data_code, split, fit, plot, beside, stem, writer):
    """The cells: heading, imports, data, training with the printed numbers, the picture."""
    head = ("Perceptron Lab: this run as code",
            f"The {s['algorithm']} perceptron on {_plain(ds.name)}, with the settings and seed of the page. "
            "Needs `pip install perceptron-lab` (numpy and matplotlib come with it).")
    cells = [("markdown", f"# {head[0]}\n\n{head[1]}"),
             ("code", "\n".join(sorted(set(imports), key=lambda l: (not l.startswith("import"), l)) + pkg)),
             ("markdown", "The data, as the page had it."),
             ("code", f"{data_code}\n{split}"),
             ("markdown", writer.TRAIN_NOTE),
             ("code", fit),
             ("markdown", writer.PICTURE_NOTE),
             ("code", plot + ("\nfig.savefig(\"boundary.png\")\nprint(\"boundary: boundary.png\")" if fmt == "py"
                              else "\nfig"))]
    files = {} if beside is None else {beside[0]: beside[1]}
    return {"cells": cells, "files": files, "stem": stem}


def to_py(cells):
    """The cells as one script: markdown becomes comments."""
    out = []
    for kind, text in cells:
        if kind == "markdown":
            text = text[2:] if text.startswith("# ") else text
            out.append("\n".join("# " + line if line else "#" for line in text.splitlines()))
        else:
            out.append(text)
    return "\n\n".join(out) + "\n"


def to_ipynb(cells):
    """The cells as a Jupyter notebook (nbformat 4, plain JSON)."""
    nb_cells = []
    for kind, text in cells:
        cell = {"cell_type": kind, "metadata": {}, "source": text.splitlines(keepends=True)}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        nb_cells.append(cell)
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"}}, "cells": nb_cells}
    for i, cell in enumerate(nb["cells"]):
        cell["id"] = f"cell-{i}"
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def script_files(data, settings, writer, fmt="py"):
    """[{name, mime, text}]: the script or notebook first, then the CSV beside it if any."""
    b = build(data, settings, writer, fmt)
    if fmt == "py":
        main = {"name": f"{b['stem']}.py", "mime": "text/x-python", "text": to_py(b["cells"])}
    else:
        main = {"name": f"{b['stem']}.ipynb", "mime": "application/x-ipynb+json", "text": to_ipynb(b["cells"])}
    return [main] + [{"name": n, "mime": "text/csv", "text": t} for n, t in b["files"].items()]
