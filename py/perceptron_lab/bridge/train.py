"""The train request (one run, its numbers, theory, trace and first plots) and the plots
request (more plots of that run). Any family's Fit answers both (fit.py). With theory: "later"
a primal run's margin is left to the theory request (theory_request.py), so the first
picture does not wait for it."""

from .. import settings
from ..errors import SettingsError
from . import session
from .kernel_fit import KernelFit
from .linear_fit import LinearFit
from .multiclass_fit import MulticlassFit
from ..i18n import _

# params.json's algorithm options name their family; the family's Fit is its record in the bridge: it
# trains them, answers, draws, names its script writer (script_writer) and its exercise's walk (exercise_walk).
FAMILIES = {"linear": LinearFit, "kernel": KernelFit, "multiclass": MulticlassFit}
FAMILY_OF = {o["value"]: FAMILIES[o["family"]] for o in settings.param("algorithm")["options"]}


def train_request(request, progress=None):
    raw = request.get("settings")
    algorithm = raw.get("algorithm") if isinstance(raw, dict) else None
    # An unknown algorithm trains nothing: the linear family reads the data, then the settings
    # check names the field.
    family = FAMILY_OF.get(algorithm, LinearFit) if isinstance(algorithm, str) else LinearFit
    later = request.get("theory")
    if later not in (None, "later"):
        raise SettingsError(_('theory must be "later" or left out.'), field="theory")
    f = family.train(request.get("data"), raw, progress, theory_later=bool(later))
    result = f.answer()
    s = f.s
    result.update(session.install(f, lambda: f.plots(s["plot_kinds"], with_train=True) if s["plots"] else {}))
    return result


def plots_request(request):
    """More plots of the last run (the page asks for the boundary with the run, the rest after);
    sizes: {kind: [width, height]} the CSS boxes of those plots where they differ from plot_px."""
    f = session.current()
    kinds = settings.check("plot_kinds", request.get("kinds"))
    sizes = request.get("sizes") or {}
    if not isinstance(sizes, dict) or not set(sizes) <= set(kinds):
        raise SettingsError(_("sizes must map plot kinds of this request to [width, height]."), field="plot_px")
    sizes = {k: settings.check("plot_px", v) for k, v in sizes.items()}
    return {"ok": True, **f.plots(kinds, sizes)}
