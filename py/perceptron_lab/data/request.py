"""A request's settings and data, checked: every value comes from a stranger (a page, a link)."""

import dataclasses

from .. import settings
from ..errors import DataError, SettingsError
from . import csv_read
from .dataset import points_dataset
from .presets import preset

# presets.preset's argument names -> the page's field names (params.json `name`).
PRESET_FIELDS = {"name": "preset", "n": "n", "margin": "margin", "spread": "spread", "seed": "data_seed"}


def read_settings(raw):
    """The settings dict with defaults filled in and every value checked (params.json)."""
    return settings.read(raw, "settings")


def load_data(spec):
    """A Dataset from a data spec: a preset, CSV text, or placed points."""
    if not isinstance(spec, dict):
        raise DataError("No data was given.")
    kind = spec.get("kind")
    if kind == "preset":
        args = {k: spec[k] for k in ("n", "margin", "spread", "seed", "classes", "features") if k in spec}
        try:
            return preset(spec.get("name"), **args)
        except SettingsError as e:
            raise SettingsError(e.message, field=PRESET_FIELDS.get(e.field, "preset")) from None
    if kind == "csv":
        source, kw = csv_read.spec_args(spec)  # text or base64 bytes; delimiter/decimal/encoding overrides
        return csv_dataset(source, kw)
    if kind == "points":
        return points_dataset(spec.get("points"))
    raise DataError("Unknown kind of data: choose a preset, upload a CSV, or place points.")


# The last CSV file read (its bytes or text, the reading options, the Dataset): a 20 MB file
# takes seconds to read in the page, and train after inspect, every retrain and compare send
# the same file again.
_last_csv = None


def csv_dataset(source, kw):
    """parse_csv(source, **kw) with the page's limits, read once per file and options (a copy)."""
    if _last_csv is None or _last_csv[1] != kw or _last_csv[0] != source:
        remember_csv(source, kw, csv_read.parse_csv(source, **kw, **csv_limits()))
    return dataclasses.replace(_last_csv[2])  # Dataset copies its arrays: the cached one stays as read


def remember_csv(source, kw, ds):
    global _last_csv
    _last_csv = (source, dict(kw), ds)


def forget_csv():
    global _last_csv
    _last_csv = None


def csv_text(spec):
    text = spec.get("text")
    if not isinstance(text, str):
        raise DataError("The CSV file could not be read as text.")
    return text


def csv_limits():
    return dict(max_bytes=settings.LIMITS["csv_max_bytes"], max_rows=settings.LIMITS["csv_max_rows"])
