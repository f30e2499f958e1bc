"""The primal perceptrons (params.json's linear family: online, batch, ...) as code: the training and
plotting cells of export/script.py's script. The estimator is the algorithm's (params.json
`estimator`); the data is the binary data set, split as the bridge splits it."""

from ..settings import LIMITS, option
from ..data.request import load_data
from .script import binary_split_code, estimator_call, status_line

MAX_VOTES = LIMITS["votes_max"]  # the page's cap on a voted run (bridge/session.py)

TRAIN_NOTE = "Train from w = 0 and print the weights (exactly, every digit)."
PICTURE_NOTE = "The decision boundary (matplotlib)."
EVERY_CLASS = False  # two classes, -1 and +1
load = load_data
split_code = binary_split_code


def cells(s, ds, imports, plot_features):
    """(package imports, fit code, plot code)."""
    traits = option("algorithm", s["algorithm"])
    cls = traits["estimator"]
    params = estimator_call(s)  # params.json's wires (run_settings)
    note = ""
    if traits["votes"]:
        note = (f"# The page stops a voted run once it keeps more than {MAX_VOTES:,} weight vectors; this class has\n"
                "# no such limit, so only runs that long differ. coef_ is the last w (all of them vote).\n")
    fit = (f"{note}clf = {cls}(\n    {params},\n)\nclf.fit(train.X, train.y)  # labels: -1 and +1, as on the page\n"
           + status_line() + "print(\"weights:\", clf.coef_[0].tolist())\n"
           + ("print(\"bias:\", clf.intercept_[0].item())" if s["bias"] else
              "print(\"bias: off (the boundary passes through the origin)\")"))
    decision = ", decision=clf.decision_function" if traits["votes"] else ""
    plot = ("fig = plots.boundary_figure(\n"
            f"    train.X, train.y, w=clf.run_.model.w{decision}, plot_features={plot_features!r},\n"
            f"    fit_intercept={s['bias']!r}, normalize={s['normalize']!r}, feature_map={s['feature_map']!r},\n"
            "    feature_names=ds.feature_names, label_names=ds.label_names,\n"
            f"    title={ds.name + ': ' + s['algorithm'] + ' perceptron'!r}, width_px=640, height_px=480,\n)")
    return [f"from perceptron_lab import {cls}", "from perceptron_lab import plots"], fit, plot
