"""The inspect request: what a data source holds (features, labels, a preview of a CSV) before training."""

from ..data.dataset import label_str
from ..data.request import csv_reading, load_data


def inspect_request(request, progress=None):
    """progress(done, total, phase): the CSV reader's ("rows", then "columns"; see data.csv_read)."""
    from ..data import csv_read

    spec = request.get("data")
    if isinstance(spec, dict) and spec.get("kind") == "csv":
        source, kw = csv_read.spec_args(spec)
        # For the multiclass perceptron every class is kept (a binary reading refuses a third).
        multiclass = request.get("multiclass") is True
        # one reading of the file for the preview, the dataset and the Train that follows (either family)
        reading = csv_reading(source, kw, progress)
        ds = reading.dataset(kw["name"], multiclass, progress)
        p = reading.preview(10, warning=True)  # after every cell was read: the thousands warning
        labels = {"classes": [label_str(c) for c in ds.classes]} if multiclass else ds.label_mapping_json()
        out = {"ok": True, "n": ds.X.shape[0], "feature_names": ds.feature_names,
               "labels": labels, "columns": p["columns"], "preview": p["rows"],
               "label_column": p["label_column"], "read_as": p["read_as"], "read_as_text": p["read_as_text"]}
        if p["read_as_warning"]:  # a number like 1.234 read 1000 times off its other reading
            out["read_as_warning"] = p["read_as_warning"]
        return out
    ds = load_data(spec)
    from ..data import real as datasets

    name = spec.get("name") if isinstance(spec, dict) else None
    # A real preset: every class and feature it has, for the page's choosers.
    choices = datasets.describe(name) if spec.get("kind") == "preset" and name in datasets.REAL else None
    return {"ok": True, "choices": choices, "n": ds.X.shape[0], "feature_names": ds.feature_names, "labels": ds.label_mapping_json(),
            "columns": ds.feature_names + ["label"], "preview": None, "label_column": "label"}
