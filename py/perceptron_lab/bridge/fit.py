"""One run protocol: every fitted run answers the bridge's commands through the same methods,
whatever its family, so no command asks which algorithm it holds.

    Family.train(data_spec, raw_settings, progress, theory_later) -> Fit   (classmethod: read, split,
                                       train; theory_later: leave a slow margin to the theory request)
    fit.answer()                       the train answer (JSON-ready: numbers, sentences, trace)
    fit.figure(kind)                   (Figure | None, alt text | None) of one plot kind
    fit.plots(kinds, sizes, with_train)  {"plots", "plot_alt", ...}: several figures as data URLs
    fit.frame(request)                 the step-through picture after one update ("frame")
    fit.export(request, stem)          a download ("export")

The theory (R, γ, the bound (R/γ)², the separability verdict), the same three names in every family
so the theory request (theory_request.py) never asks which family it holds:
    fit.theory_done                    False while a train answer with theory_later left it pending
    fit.complete_theory(deadline=None) solve it until deadline (time.monotonic(); default
                                       linear_theory.MARGIN_SECONDS from now), then say what was proved
    fit.theory_json()                  its numbers and every sentence that depends on them (the page
                                       puts them in place of the pending ones), theory_pending included
LinearFit's margin is the max margin of x̃, KernelFit's the margin in the kernel's feature space;
MulticlassFit has no margin theory here: done at once, nothing pending.

The families: LinearFit (linear_fit.py: online, batch, averaged, voted, pocket), KernelFit
(kernel_fit.py) and MulticlassFit (multiclass_fit.py), the last two on SummaryFit
(summary_fit.py: a run the core describes by its summary dict). Which family trains an
algorithm is data: the algorithm option's "family" in params.json (FAMILIES in train.py).
"""

import base64

from ..errors import SettingsError
from ..i18n import _


def export_answer(request, stem, figure, render, files):
    """The export answer of any Fit: a plot (figure(kind) drawn by render(fig, fmt)) or one of
    files {what: (make() -> text, filename suffix, mime)}."""
    what = request.get("what")
    if what == "plot":
        kind, fmt = request.get("plot"), request.get("format", "png")
        if fmt not in ("png", "svg"):
            raise SettingsError(_("Choose a plot and png or svg."), field="export")
        fig, _alt = figure(kind)
        if fig is None:
            raise SettingsError(_("This run has no such plot."), field="export")
        data = render(fig, fmt)
        if fmt == "png":
            return {"ok": True, "filename": f"{stem}-{kind}.png", "mime": "image/png",
                    "base64": base64.b64encode(data).decode("ascii")}
        return {"ok": True, "filename": f"{stem}-{kind}.svg", "mime": "image/svg+xml", "text": data}
    if what not in files:
        raise SettingsError(_("Unknown export."), field="export")
    make, suffix, mime = files[what]
    return {"ok": True, "filename": f"{stem}-{suffix}", "mime": mime, "text": make()}
