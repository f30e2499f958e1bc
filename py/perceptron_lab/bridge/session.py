"""The page's current run (the session): the last train request's Fit stays here so the page can
step through it, draw more of it and export it without sending the data again; one worker
serves one page, so one session is all there is. Any Fit (bridge/fit.py) can be the session.
"""

from __future__ import annotations

from .. import settings

TRACE_CAP = settings.LIMITS["trace_cap"]  # updates sent to the page; more are subsampled evenly


class NoSession(Exception):
    """A frame, plots or export request before any train request (or after Python restarted)."""

    message = "Train a model first."

    def to_dict(self):
        return {"kind": "no_session", "message": self.message, "field": None}


_current = None


def current():
    if _current is None:
        raise NoSession()
    return _current


def install(f, plots):
    """Make f the session and return plots() (a dict of its figures); if drawing fails, the
    previous run stays the session: the page keeps showing it, so step-through and exports must too."""
    previous = replace(f)
    try:
        return plots()
    except BaseException:
        replace(previous)
        raise


def replace(f):
    """Make f the session; returns the one it replaces (to put back if f's plots fail)."""
    global _current
    previous, _current = _current, f
    return previous
