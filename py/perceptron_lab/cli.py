"""python -m perceptron_lab train (FILE.csv | --preset NAME) [options]: the bridge, from a shell."""

import argparse
import base64
import json
import sys
from pathlib import Path

from .bridge import handle
from .core import ALGORITHMS, ORDERS

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # One clear line and status 2, as argparse does, but without the usage block.
        sys.stderr.write(f"perceptron-lab: {message}\n")
        sys.exit(EXIT_USAGE)


def _parser():
    p = _Parser(prog="perceptron-lab", description="Train the perceptron of the lecture notes.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    t = sub.add_parser("train", help="train on a CSV file or a preset")
    src = t.add_mutually_exclusive_group(required=True)
    src.add_argument("file", nargs="?", help="CSV file (label in the last column unless --label)")
    src.add_argument("--preset", choices=["and", "or", "nand", "xor", "clouds", "overlap", "circles",
                                          "iris", "breast-cancer", "wine", "digits"])
    t.add_argument("--label", help="label column: name or 0-based index (default: last)")
    t.add_argument("--algorithm", choices=ALGORITHMS, default="online")
    t.add_argument("--epochs", type=int, default=100)
    t.add_argument("--eta", type=float, default=1.0)
    t.add_argument("--no-bias", action="store_true", help="no bias: the boundary passes through the origin")
    t.add_argument("--order", choices=ORDERS, default="fixed")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--normalize", action="store_true", help="scale every x̃ to unit length")
    t.add_argument("--standardize", action="store_true",
                   help="z-score the features with the training split's mean and standard deviation")
    t.add_argument("--feature-map", choices=["none", "poly2"], default="none")
    t.add_argument("--test-fraction", type=float, default=0.0)
    t.add_argument("--early-stop", action="store_true",
                   help="stop every variant at the first epoch without mistakes (averaged and voted "
                        "otherwise run all --epochs, as Algorithm 2)")
    t.add_argument("--plot", metavar="OUT", help="write the decision boundary plot to OUT.png or OUT.svg")
    t.add_argument("--json", action="store_true", help="print one JSON object instead of a summary")
    return p


def _request(args):
    if args.preset:
        data = {"kind": "preset", "name": args.preset, "seed": args.seed}
    else:
        path = Path(args.file)
        try:
            raw = path.read_bytes()
        except OSError as e:
            raise SystemExit(_fail(f"cannot read {args.file}: {e.strerror}"))
        label = args.label
        if label is not None and label.lstrip("-").isdigit():
            label = int(label)
        # the bytes, so the reader guesses (and reports) the encoding: UTF-8, UTF-16, Windows-1252
        data = {"kind": "csv", "base64": base64.b64encode(raw).decode("ascii"), "label": label, "name": path.name}
    settings = {"algorithm": args.algorithm, "epochs": args.epochs, "eta": args.eta, "bias": not args.no_bias,
                "order": args.order, "seed": args.seed, "normalize": args.normalize,
                "feature_map": args.feature_map, "test_fraction": args.test_fraction, "plots": False,
                "early_stop": args.early_stop, "standardize": args.standardize}
    return {"cmd": "train", "data": data, "settings": settings}


def _fail(message):
    sys.stderr.write(f"perceptron-lab: {message}\n")
    return EXIT_USAGE


def _summary(r):
    fmt = lambda v: "n/a" if v is None else f"{v:.6g}"  # noqa: E731
    names = r["feature_names"] if r["settings"]["feature_map"] == "none" else r["w_names"][: len(r["weights"])]
    lines = [
        f"{r['dataset']['name']}: {r['settings']['algorithm']} perceptron, {r['dataset']['n_train']} training examples",
        r["status_text"],
        "weights: " + ", ".join(f"{n} = {w:.6g}" for n, w in zip(names, r["weights"])),
        f"bias: {fmt(r['bias'])}" if r["bias"] is not None else "bias: off (boundary through the origin)",
        f"labels: -1 = {r['labels']['-1']}, +1 = {r['labels']['+1']}",
        f"mistakes: {r['mistakes']} in {r['epochs']} epochs; training accuracy {r['train_accuracy']:.4g}"
        + ("" if r["test_accuracy"] is None else f"; test accuracy {r['test_accuracy']:.4g}"),
    ]
    if r["separable"] and r["bound"] is not None:
        lines.append(f"separable: yes; R = {fmt(r['R'])}, gamma = {fmt(r['gamma'])}, "
                     f"bound (R/gamma)^2 = {fmt(r['bound'])}")
    else:
        word = {True: "yes", False: "no"}.get(r["separable"], "undecided")
        lines.append(f"separable: {word}; R = {fmt(r['R'])}")
    lines += [t for t in (r["separable_text"], r["bound_text"], r["classifier_text"], r["split_text"]) if t]
    return "\n".join(lines)


def main(argv=None):
    args = _parser().parse_args(argv)
    if args.plot and not args.plot.lower().endswith((".png", ".svg")):
        return _fail("--plot must name a .png or .svg file")
    request = _request(args)
    r = handle(request)
    if not r["ok"]:
        e = r["error"]
        where = f" (setting {e['field']})" if e.get("field") else ""
        return _fail(f"{e['message']}{where}")
    if args.plot:
        err = _write_plot(args, request, r)
        if err:
            return err
    if args.json:
        keys = ["weights", "bias", "mistakes", "epochs", "status", "status_text", "cycle", "labels",
                "train_accuracy", "test_accuracy", "separable", "separable_reason", "separable_text", "R", "gamma",
                "gamma_upper", "bound", "bound_text", "classifier_text", "split_text", "feature_names",
                "epoch_mistakes", "updates", "converged_epoch", "votes", "votes_distinct", "pocket_rule",
                "settings"]
        print(json.dumps({k: r[k] for k in keys}))
    else:
        print(_summary(r))
    return 0


def _write_plot(args, request, r):
    from . import plots
    from .bridge import load_data
    from .core import train
    from .features import prepare

    s = r["settings"]
    ds = load_data(request["data"])
    from .prep import for_plot, options

    prep = options(s, ds.X)
    run = train(prepare(ds.X, **prep), ds.y, algorithm=s["algorithm"], eta=s["eta"], max_epochs=s["epochs"],
                order=s["order"], seed=s["seed"], early_stop=s["early_stop"])
    decision = None
    if run.votes is not None:
        def decision(X):
            return run.decision_function(prepare(X, **prep))
    w_plot, plot_prep = for_plot(run.w, prep)  # standardized: the same boundary in raw units
    fig = plots.boundary_figure(ds.X, ds.y, w=w_plot, decision=decision, feature_names=ds.feature_names,
                                label_names=ds.label_names, title=f"{ds.name}: {s['algorithm']} perceptron",
                                width_px=640, height_px=480, **plot_prep)
    fmt = "svg" if args.plot.lower().endswith(".svg") else "png"
    out = plots.render(fig, fmt)
    try:
        Path(args.plot).write_bytes(out if isinstance(out, bytes) else out.encode("utf-8"))
    except OSError as e:
        return _fail(f"cannot write {args.plot}: {e.strerror}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
