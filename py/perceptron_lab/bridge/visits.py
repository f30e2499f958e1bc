"""The bridge's "visits" request: every example a run visits, for the exercise.

{cmd: "visits", data, settings, limit} -> the walk the family's Fit names (its `exercise_walk`):
exercise/visits.py (the per-example primal variants) or exercise/kernel_visits.py (the kernel perceptron).
"""

from .. import settings
from ..data.classes import binary_or_pointer
from ..data.request import read_settings
from ..errors import SettingsError
from ..exercise.visits import DEFAULT_LIMIT, MAX_LIMIT
from ..i18n import _
from .train import FAMILY_OF  # the family's Fit names the walk of its visits

_OPTIONS = settings.param("algorithm")["options"]
_FOLLOWED = [o["value"] for o in _OPTIONS if o["per_example"]]
# params.json: which algorithms the exercise follows, and why not the others
def not_one_at_a_time():
    """Why the exercise refuses this algorithm, in the language (params.json's no_exercise words are in the catalogs)."""
    return _("The exercise follows one example at a time: choose {some} or {last} ({why}).").format(
        some=", ".join(_FOLLOWED[:-1]), last=_FOLLOWED[-1],
        why="; ".join(_(o["no_exercise"]) for o in _OPTIONS if not o["per_example"]))


def visits_request(request):
    s = read_settings(request.get("settings"))
    ds = binary_or_pointer(request.get("data"))  # one read; more than two classes points to multiclass
    traits = settings.option("algorithm", s["algorithm"])
    if not traits["per_example"]:
        raise SettingsError(not_one_at_a_time(), field="algorithm")
    limit = request.get("limit", DEFAULT_LIMIT)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise SettingsError(_("limit must be a whole number from 1 to {most}.").format(most=MAX_LIMIT),
                            field="limit")
    return FAMILY_OF[s["algorithm"]].exercise_walk(ds, s, limit)
