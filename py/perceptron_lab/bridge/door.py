"""JSON in, JSON out: the one door between the page (or the CLI) and the core.

Every request is input from a stranger (a page, a shared link): each value is checked and
nothing is ever evaluated. `handle` never raises. It answers {"ok": true, ...} or
{"ok": false, "error": {"kind", "message", "field", "row", "column"}} with kind one of
  "settings"    a setting or request field out of range (field names it as the page does),
  "data"        bad data (row: 1-based row of the file or point, column: its name),
  "no_session"  frame / plots / export before any train request (or after Python restarted),
  "internal"    a bug or no memory left: one line for people; the traceback goes to stderr.
"""

import json
import sys
import traceback

import numpy as np

from .. import settings
from ..errors import DataError, SettingsError
from ..i18n import _, english_in, use_language
from ..json_numbers import floats
from .compare import compare_request
from .exports import export_request
from .frames import frame_request
from .inspect_data import inspect_request
from . import session
from .session import NoSession
from .train import plots_request, train_request
from .script import script_request
from .theory_request import theory_request
from .check import check_request
from ..exercise.hand_weights import hand_request
from .visits import visits_request
from .lesson import lesson_request
from .quiz_bank import quiz_request
from .. import run_pace

MAX_REQUEST_CHARS = settings.LIMITS["request_max_chars"]
# The commands about the session's run: their answers name its algorithm too, as the train answer
# does, so no answer can be read as another run's.
OF_THE_SESSION = ("frame", "export", "plots", "theory")

COMMANDS = {
    "train": train_request,
    "compare": compare_request,
    "inspect": inspect_request,  # its progress: the CSV reader's (done, total, phase)
    "frame": lambda request, progress=None: frame_request(request),
    "export": lambda request, progress=None: export_request(request),
    "plots": lambda request, progress=None: plots_request(request),
    "theory": theory_request,  # the margin after the first picture; heartbeats through heartbeat.beat
}


COMMANDS.update(script=lambda request, progress=None: script_request(request),
                visits=lambda request, progress=None: visits_request(request),
                hand=lambda request, progress=None: hand_request(request),
                check=lambda request, progress=None: check_request(request, handle),
                lesson=lambda request, progress=None: lesson_request(request),
                quiz=lambda request, progress=None: quiz_request(request),
                pace=lambda request, progress=None: {"ok": True, **run_pace.measure()})  # the run budget's pace now


def _error(kind, message, **where):
    return {"ok": False, "error": {"kind": kind, "message": message, "field": None, "row": None, "column": None,
                                   **where}}


def handle(request, progress=None):
    """Answer one request dict; never raises. "english": its sentences said in English in a page of another
    language (a message the language's catalog lacks, or no catalog at all: i18n.english_in), for lang="en"."""
    out = _answer(request, progress)
    english = english_in(out) if isinstance(out, dict) else []
    if english:
        out["english"] = english
    return out


def _answer(request, progress):
    try:
        if isinstance(request, dict) and "lang" in request:  # the page's language (first: every answer speaks it)
            if not isinstance(request["lang"], str) or len(request["lang"]) > 35:
                raise SettingsError(_("lang must be a language code such as de or es-419."), field="lang")
            use_language(request["lang"])   # the CLI sets its own (--lang) and sends none
        if not isinstance(request, dict) or request.get("cmd") not in COMMANDS:
            raise SettingsError(_("Unknown request."), field="cmd")
        out = COMMANDS[request["cmd"]](request, progress=progress)
        if request["cmd"] in OF_THE_SESSION and out.get("ok"):
            out.setdefault("algorithm", session.current().s["algorithm"])
        return out
    except (DataError, SettingsError, NoSession) as e:
        return {"ok": False, "error": {"row": None, "column": None, "field": None, **e.to_dict()}}
    except MemoryError:
        return _error("internal", _("That needs more memory than this tab has: try less data."))
    except Exception as e:  # a bug: keep the page alive, log the details for developers
        traceback.print_exc(file=sys.stderr)
        return _error("internal", _("Something went wrong inside Perceptron Lab ({error}). Your data and settings "
                                    "are kept; try other settings.").format(error=type(e).__name__))


def handle_json(text, progress=None):
    """handle() for a JSON string, answering a JSON string (what the web worker calls)."""
    if not isinstance(text, str) or len(text) > MAX_REQUEST_CHARS:
        return json.dumps(_error("data", _("The request is too large."), field="csv"))
    try:
        request = json.loads(text)
    except ValueError:
        request = None
    return json.dumps(handle(request, progress=progress), allow_nan=False, default=_json_default)


def _json_default(o):
    if isinstance(o, np.ndarray):
        return floats(o)
    if isinstance(o, (np.floating, np.integer)):
        return o.item()
    raise TypeError(type(o).__name__)
