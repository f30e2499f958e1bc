"""The check request: {"cmd": "check", "link": "..."} -> the grade of an exercise result link.

A malformed link (exercise.result_link.LinkError) is a settings error on field "link" whose
message says why; the grading itself is exercise.grading's (the page's own definitions)."""

from ..errors import SettingsError
from ..exercise.grading import grade
from ..exercise.result_link import LinkError
from .linear_fit import fit
from ..i18n import _


def check_request(request, handle):
    """handle: the bridge's door (door.handle), which hands itself over so that the replayed
    visits go through the same door as the page's."""
    link = request.get("link")
    if not isinstance(link, str) or not link.strip():
        raise SettingsError(_("Give the result link to check."), field="link")
    try:
        return {"ok": True, **grade(link, handle, fit)}
    except LinkError as e:
        raise SettingsError(_("This link cannot be checked: {e}.").format(e=e), field="link") from None
