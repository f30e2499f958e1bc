"""The quiz request: {"cmd": "quiz", "count": N, "seed": S, "url": "..."} -> the question bank the
command line writes (python -m perceptron_lab quiz --count N --seed S), each file base64: QTI 3.0,
QTI 1.2 (Canvas), Moodle XML, GIFT and, with the lab's http(s) address, the Common Cartridge unit.
The page's "Download quiz bank" button zips them (site/js/exercise/quiz-download.js)."""

import base64

from ..errors import SettingsError
from ..i18n import _

PAGE_MAX_COUNT = 20  # the page's Python draws every picture; the command line goes to 200
MAX_SEED = 2**32 - 1 - 1000 * 5 - 200  # the quiz command's bound: five kinds, 200 variants


def _whole(request, key, low, high, default):
    v = request.get(key, default)
    if type(v) is not int or not low <= v <= high:
        raise SettingsError(_("{key} must be a whole number from {low} to {high}.").format(
            key=key, low=low, high=high), field=key)
    return v


def quiz_request(request):
    # Imported on the first request only: the page's start-up does not load the writers.
    from ..quiz import cartridge
    from ..quiz.items import bank
    from ..quiz.writers import WRITERS

    count = _whole(request, "count", 1, PAGE_MAX_COUNT, 5)
    seed = _whole(request, "seed", 0, MAX_SEED, 0)
    url = request.get("url")
    items = bank(count, seed)
    files = {name: write(items) for name, write in WRITERS.values()}
    if isinstance(url, str) and url.startswith(("http://", "https://")) and len(url) <= 2000:
        files["unit.imscc"] = cartridge.package(items, url)
    out = {name: base64.b64encode(data.encode("utf-8") if isinstance(data, str) else data).decode("ascii")
           for name, data in files.items()}
    return {"ok": True, "count": count, "seed": seed, "questions": len(items), "files": out}
