"""The bridge command "script": {cmd: "script", data, settings, format: "py" | "ipynb"}.

Answers {ok, filename, mime, text} for the script or notebook (what the page's download code
reads) and `files`: that file first, then the CSV to save beside it when the data is too large
to write into the script. Errors are raised as DataError / SettingsError for bridge.handle.
"""

from ..data.request import read_settings
from ..errors import SettingsError
from ..export.script import FORMATS, script_files
from .train import FAMILY_OF
from ..i18n import _


def script_request(request):
    fmt = request.get("format", "py")
    if fmt not in FORMATS:
        raise SettingsError(_("Choose py or ipynb for the script."), field="format")
    raw = request.get("settings")
    writer = FAMILY_OF[read_settings(raw)["algorithm"]].script_writer  # the family's cells
    files = script_files(request.get("data"), raw, writer, fmt)
    main = files[0]
    return {"ok": True, "filename": main["name"], "mime": main["mime"], "text": main["text"], "files": files}
