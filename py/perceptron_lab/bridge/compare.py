"""The compare request: every variant on the same data, split, order and seed. The margin of the
data is solved once for all variants within the page's budget (linear_theory.MARGIN_SECONDS); past
it the comparison says what could be proved, as a train's theory request does."""

from .. import settings
from ..version import __version__
from ..texts import run as texts
from ..json_numbers import floats
from ..core.features import feature_names
from . import figures
from .kernel_fit import fit_kernel
from .linear_fit import dataset_json, fit, run_fields
from .linear_theory import deadline_in
from ..data.request import load_data, read_settings

# The variants side by side, in the order the lecture introduces them.
COMPARE_ALGORITHMS = tuple(settings.param("algorithm")["compare"])  # params.json: the cards, in order
COMPARE_PX = [320, 260]  # a small boundary per card unless the request asks for plot_px


def compare_request(request, progress=None):
    """Numbers and a small boundary for each variant.

    progress(epoch, mistakes) counts on across the variants: variant i (0-based) reports
    i * epochs + its epoch, so the page can show one bar of len(variants) * epochs.
    The last train request's session (step-through, exports) is left as it was.
    """
    ds = load_data(request.get("data"))
    raw = request.get("settings")
    s = read_settings(raw)
    if not (isinstance(raw, dict) and "plot_px" in raw):
        s["plot_px"] = list(COMPARE_PX)
    margin_cache = {}  # the max-margin solution depends on the data and split only: solve it once
    deadline = None  # the margin's budget (MARGIN_SECONDS) runs from the first solve, as a train's does
    variants, theories = [], []
    for i, algorithm in enumerate(COMPARE_ALGORITHMS):
        si = {**s, "algorithm": algorithm}
        step = None
        if progress is not None:
            def step(epoch, mistakes, offset=i * s["epochs"]):
                progress(offset + epoch, mistakes)
        f = fit(ds, si, step, theory_later=True)
        if not f.theory_done:
            deadline = deadline or deadline_in()
            f.complete_theory(deadline, margin_cache)
        run = f.run
        theories.append(f.theory)
        coef, bias = f.weights()
        plot, alt = None, None
        if si["plots"]:
            fig, alt = figures.figure("boundary", f)
            plot = figures.plots().to_data_url(figures.plots().render(fig))
        variants.append({
            "algorithm": algorithm,
            "weights": floats(coef),
            "bias": bias,
            "w": floats(run.model.w),
            "status": run.status,
            **f.texts,
            **run_fields(f),
            "cycle": run.cycle,
            "mistakes": run.mistakes,
            "updates": run.n_updates,
            "epochs": run.n_epochs,
            "epoch_mistakes": list(run.epoch_mistakes),
            "train_accuracy": f.train_accuracy,
            "test_accuracy": f.test_accuracy,
            "plot": plot,
            "plot_alt": alt,
        })
    algorithms = list(COMPARE_ALGORITHMS)
    if request.get("with_kernel") is True:  # the kernel perceptron of the run on screen, on the same data
        variants.append(kernel_variant(ds, s, progress, len(COMPARE_ALGORITHMS) * s["epochs"]))
        algorithms.append("kernel")
    # The split and the solver's answer are the same for every variant, but each run may prove more on
    # its own (it converged or cycled; past the budget its own w's margin counts): any proof holds for
    # the data, and the largest verified margin gives the tightest bound.
    with_gamma = [t for t in theories if t.gamma is not None]
    th = (max(with_gamma, key=lambda t: t.gamma) if with_gamma else
          next((t for t in theories if t.separable is not None), theories[0]))
    return {
        "ok": True,
        "version": __version__,
        "algorithms": algorithms,
        "variants": variants,
        "settings": {k: v for k, v in s.items() if k != "algorithm"},
        "feature_names": list(ds.feature_names),
        "w_names": feature_names(ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"]),
        "labels": ds.label_mapping_json(),
        "dataset": dataset_json(ds, f),
        "separable": th.separable,
        "separable_reason": th.reason,
        "separable_text": texts.separability_text(th.as_dict()),
        "R": th.R,
        "gamma": th.gamma,
        "bound": th.bound,
    }


def kernel_variant(ds, s, progress, offset):
    """The kernel perceptron's card: its numbers and its regions with the support vectors ringed."""
    step = None if progress is None else (lambda epoch, mistakes: progress(offset + epoch, mistakes))
    f = fit_kernel(ds, {**s, "algorithm": "kernel"}, step, theory_later=True)
    if not f.theory_done:
        f.complete_theory()  # its own budget: the margin in feature space is another solve than the variants'
    plot, alt = None, None
    if s["plots"]:
        fig, alt = f.figure("boundary")
        plot = figures.plots().to_data_url(figures.plots().render(fig))
    summ = f.summary
    return {"algorithm": "kernel", "weights": [], "bias": summ["bias"], "w": None, "status": summ["status"],
            **f.texts, "converged_epoch": f.run.converged_epoch, "separable": summ["theory"]["separable"],
            "cycle": summ["cycle"], "mistakes": summ["mistakes"], "updates": summ["updates"],
            "epochs": summ["epochs"], "epoch_mistakes": summ["epoch_mistakes"], "support_count": len(summ["support"]),
            "kernel": summ["kernel"], "train_accuracy": f.train_accuracy, "test_accuracy": f.test_accuracy,
            "plot": plot, "plot_alt": alt}
