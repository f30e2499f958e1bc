"""The page draws the step-through and auto-play itself (site/js/plot/plot-motion.js): once per
run the static scene ({"cmd": "frame", "scene": true}), then every step's numbers and model
geometry in batches sent ahead of the show ({"cmd": "frame", "batch": [first, last]}; with
"visits": true, every visited example's instead of every update's), so a
frame on screen costs no Python. The run's Fit makes its motion (motions.py), or None where
the page cannot draw it (one feature, very many points): scene null, and the PNG frames stay."""

import base64

from ..errors import SettingsError
from . import session
from .motions import POINTS_MAX
from .request_fields import int_field, sizes_of
from ..i18n import _

BATCH_MAX = 400          # steps per batch request: a batch of poly2 or kernel frames stays ~1 s

_made = {"key": None, "motion": None}


def motion_of(f, sizes=None):
    """The session's motion; a scene request with other sizes (the page was resized) makes it anew."""
    if _made["key"] is None or _made["key"][0] is not f or (sizes is not None and _made["key"][1] != sizes):
        _made["key"], _made["motion"] = (f, sizes or {}), f.motion(sizes or {})
    return _made["motion"]


def scene_request(request):
    m = motion_of(session.current(), sizes_of(request))
    if m is None:
        return {"ok": True, "scene": None, "proof_scene": None}
    return {"ok": True, **m.scene(), "total": m.total()}


def batch_request(request):
    m = motion_of(session.current())
    if m is None:
        raise SettingsError(_("This run's steps are drawn by Python one at a time (ask for step=k)."), field="batch")
    b = request.get("batch")
    visits = request.get("visits") is True    # every visited example, not only the updates
    total = m.visit_total() if visits else m.total()
    if total is None:
        raise SettingsError(_("Every visited example can be shown for the per-example updates of a run whose "
                            "every update is recorded (not batch, not a subsampled trace)."), field="visits")
    if (not isinstance(b, list) or len(b) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in b)
            or not 0 <= b[0] <= b[1] <= total or b[1] - b[0] >= BATCH_MAX):
        raise SettingsError(_("batch must be [first, last] steps within 0..{total}, at most {most} of them.").format(
            total=total, most=BATCH_MAX),
                            field="batch")
    frame = m.visit_frame if visits else m.frame
    return {"ok": True, "frames": [frame(k) for k in range(b[0], b[1] + 1)], "total": total}


def mistakes_request(request):
    """Only the mistakes-per-epoch plot with `mistakes_epochs` epochs finished (auto-play grows it)."""
    f = session.current()
    done = int_field(request, "mistakes_epochs", 0, len(f.run.epoch_mistakes))
    url, alt = f.mistakes_frame(done)
    return {"ok": True, "mistakes": url, "mistakes_alt": alt, "mistakes_epochs": done}


def animation_export(f, stem):
    """The Downloads' "animation": the run's boundary plot, update by update, as a GIF at
    slide size (plots/animation.py)."""
    from ..plots.animation import run_gif  # matplotlib loads only when a plot is asked for

    motion = f.motion({}, slide=True)
    if motion is None:
        raise SettingsError(_("This run has no boundary to animate (two or more features, up to {limit} training "
                              "points).").format(
            limit=POINTS_MAX), field="export")
    total = motion.total()
    if not total:
        raise SettingsError(_("This run made no update: there is nothing to animate."), field="export")
    data = run_gif(motion, motion.draw, total)
    return {"ok": True, "filename": f"{stem}-run.gif", "mime": "image/gif",
            "base64": base64.b64encode(data).decode("ascii")}
