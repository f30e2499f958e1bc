"""The inspect request: what a data source holds (features, labels, a preview of a CSV) before training."""

from .inputs import csv_limits, csv_text, load_data


def inspect_request(request):
    from .. import csvio

    spec = request.get("data")
    if isinstance(spec, dict) and spec.get("kind") == "csv":
        text, label = csv_text(spec), spec.get("label")
        p = csvio.preview(text, label=label, **csv_limits())
        ds = csvio.parse_csv(text, label=label, **csv_limits())
        return {"ok": True, "n": ds.X.shape[0], "feature_names": ds.feature_names,
                "labels": ds.label_mapping_json(), "columns": p["columns"], "preview": p["rows"],
                "label_column": p["label_column"]}
    ds = load_data(spec)
    return {"ok": True, "n": ds.X.shape[0], "feature_names": ds.feature_names, "labels": ds.label_mapping_json(),
            "columns": ds.feature_names + ["label"], "preview": None, "label_column": "label"}
