"""A request's settings and data, checked: every value comes from a stranger (a page, a link)."""

from .. import settings
from ..errors import DataError, SettingsError
from ..i18n import _
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
        raise DataError(_("No data was given."))
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
    raise DataError(_("Unknown kind of data: choose a preset, upload a CSV, or place points."))


# The one CSV cache: the last file read (its bytes or text, the reading options, its Reading).
# A 20 MB file takes seconds to read in the page, and the upload's inspect, Train (binary or every
# class), a retrain, a switch of algorithm and compare all send the same file again.
_kept = None


def csv_reading(source, kw, progress=None):
    """The file's Reading (csv_read.read) with the page's limits: read once per file and options
    (the dataset's name aside), kept for the next request."""
    global _kept
    options = {k: v for k, v in kw.items() if k != "name"}
    if _kept is None or _kept[1] != options or type(_kept[0]) is not type(source) or _kept[0] != source:
        _kept = None  # freed before the next is read: two readings at once doubled a check's peak
        _kept = (source, options, csv_read.read(source, **options, **csv_limits(), progress=progress))
    return _kept[2]


def csv_dataset(source, kw, multiclass=False, progress=None):
    """The kept reading's Dataset (every class: MulticlassDataset); its arrays are copies."""
    return csv_reading(source, kw, progress).dataset(kw.get("name", "CSV data"), multiclass, progress)


def forget_csv():
    global _kept
    _kept = None


def csv_text(spec):
    text = spec.get("text")
    if not isinstance(text, str):
        raise DataError(_("The CSV file could not be read as text."))
    return text


def csv_limits():
    return dict(max_bytes=settings.LIMITS["csv_max_bytes"], max_rows=settings.LIMITS["csv_max_rows"])
