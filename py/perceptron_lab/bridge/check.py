"""The check request: {"cmd": "check", "link": "..."} -> the grade of an exercise result link.

A malformed link (exercise.result_link.LinkError) is a settings error on field "link" whose
message says why; the grading itself is exercise.grading's (the page's own definitions)."""

from ..errors import SettingsError
from ..exercise.grading import grade
from ..exercise.result_link import LinkError


def check_request(request):
    from .door import handle  # the visits come through the same door as the page's

    link = request.get("link")
    if not isinstance(link, str) or not link.strip():
        raise SettingsError("Give the result link to check.", field="link")
    try:
        return {"ok": True, **grade(link, handle)}
    except LinkError as e:
        raise SettingsError(f"This link cannot be checked: {e}.", field="link") from None
