"""python -m perceptron_lab train (FILE.csv | --preset NAME) [options] | check LINK... | quiz: the bridge, from a shell."""

import argparse
import base64
import json
import os
import sys
from pathlib import Path

from . import check_cli, cli_words, quiz_cli, run_cost, settings
from .i18n import _, language_from_environment, ngettext, use_language
from .data import real
from .bridge import handle
from .bridge.train import FAMILY_OF
from .texts.names import perceptron as perceptron_name
from .cli_input import InputError, display_name, read_data_file, shown

EXIT_USAGE = 2
READ_AS = ("csv_delimiter", "csv_decimal", "csv_encoding")
PLOT_PX = (640, 480)


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # One clear line and status 2, as argparse does, but without the usage block.
        sys.stderr.write(f"perceptron-lab: {message}\n")
        sys.exit(EXIT_USAGE)


def _parser():
    p = _Parser(prog="perceptron-lab", description=_("Train the perceptron of the lecture notes."))
    lang_help = _("language of the sentences and of this help: en, de or es (default: LANGUAGE, LC_ALL, "
                  "LC_MESSAGES or LANG)")
    p.add_argument("--lang", metavar="CODE", default=None, help=lang_help)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    t = sub.add_parser("train", help=_("train on a CSV file or a preset"))
    t.add_argument("--lang", metavar="CODE", default=argparse.SUPPRESS, help=lang_help)
    src = t.add_mutually_exclusive_group(required=True)
    src.add_argument("file", nargs="?", help=_("CSV file (label in the last column unless --label)"))
    src.add_argument("--preset", choices=settings.options("preset"))
    t.add_argument("--label", help=_("label column: name or 0-based index (default: last)"))
    for name in READ_AS:  # how to read a CSV file: guessed unless chosen (the page's read-as selects)
        q = settings.param(name)
        t.add_argument(f"--{q['key']}", choices=settings.options(name), default=q["default"],
                       help=_(q["hint"]).replace("%", "%%"))
    for q in settings.group("settings"):
        if "cli" in q:
            _add_option(t, q)
    t.add_argument("--plot", metavar="OUT", help=_("write the decision boundary plot of the printed model "
                   "(the training split) to OUT.png or OUT.svg"))
    t.add_argument("--json", action="store_true", help=_("print one JSON object instead of a summary"))
    t.add_argument("--script", metavar="OUT",
                   help=_("write this run as a Python script (OUT.py) or notebook (OUT.ipynb)"))
    check_cli.add_parser(sub)
    quiz_cli.add_parser(sub)
    return p


def _add_option(parser, q):
    """One argparse option from a params.json entry (its `cli` flag, type, default, choices)."""
    help_text = _(q.get("cli_help", q["hint"])).replace("%", "%%")
    if q["type"] == "bool":
        # A flag says the opposite of the default: --normalize turns on, --no-bias turns off.
        action = "store_false" if q["default"] else "store_true"
        parser.add_argument(q["cli"], dest=q["key"], action=action, help=help_text)
    elif q["type"] == "enum":
        parser.add_argument(q["cli"], dest=q["key"], choices=settings.options(q["name"]),
                            default=q["default"], help=help_text)
    else:
        kind = {"int": int, "float": float}[q["type"]]
        parser.add_argument(q["cli"], dest=q["key"], type=kind, default=q["default"], help=help_text)


CLI_FLAGS = {q["key"]: q["cli"] for q in settings.group("settings") if "cli" in q}
# The error fields the bridge names -> the option that set them (--seed seeds the preset too).
FIELD_FLAGS = {**CLI_FLAGS, "data_seed": "--seed", "preset": "--preset", "label": "--label",
               "delimiter": "--delimiter", "decimal": "--decimal", "encoding": "--encoding"}


def _request(args):
    plot_pair = None
    if args.preset:
        data = {"kind": "preset", "name": args.preset, "seed": args.seed}
        if args.plot and args.preset in real.REAL:
            # As the page opens a real data set: digits' first two pixels are blank in every image.
            pair = real.describe(args.preset)["plot"]
            if pair is not None:
                plot_pair = pair
    else:
        try:  # regular files only, never past the size limit (devices, pipes, sparse giants)
            raw = read_data_file(args.file, settings.LIMITS["csv_max_bytes"])
        except InputError as e:
            raise SystemExit(_fail(str(e)))
        label = args.label
        if label is not None and label.lstrip("-").isdigit():
            label = int(label)
        # the bytes, so the reader guesses (and reports) the encoding: UTF-8, UTF-16, Windows-1252
        data = {"kind": "csv", "base64": base64.b64encode(raw).decode("ascii"), "label": label,
                "name": display_name(args.file)}
        for name in READ_AS:
            key = settings.param(name)["key"]
            if getattr(args, key) != settings.param(name)["default"]:
                data[key] = getattr(args, key)
    settings_ = {key: getattr(args, key) for key in CLI_FLAGS}
    settings_["plots"] = False
    if plot_pair is not None:
        settings_["plot_features"] = plot_pair
    if args.plot:
        settings_["plot_px"] = list(PLOT_PX)
    return {"cmd": "train", "data": data, "settings": settings_}


def _fail(message):
    sys.stderr.write(f"perceptron-lab: {one_line(message)}\n")
    return EXIT_USAGE


def one_line(text):
    """printable(text) on one line: a line break inside (a quoted CSV cell) is written \\n."""
    return printable(text).replace("\r", "\\r").replace("\n", "\\n")


# Text from a file (column names, labels, messages quoting them) reaches a terminal: control
# characters (ESC sequences can recolour, retitle or rewrite the terminal), C1 controls and
# bidirectional overrides are shown as \\xNN / \\uNNNN instead of being obeyed.
_UNSAFE = {c for c in range(0x20) if c not in (0x09, 0x0A)} | set(range(0x7F, 0xA0)) \
    | {0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
_ESCAPES = {c: (f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}") for c in _UNSAFE}


def printable(text):
    """text with every terminal control character written as an escape (newlines and tabs kept)."""
    return str(text).translate(_ESCAPES)


def _summary(r):
    fmt = lambda v: _("n/a") if v is None else f"{v:.6g}"  # noqa: E731
    names = r["feature_names"] if r["settings"]["feature_map"] == "none" else r["w_names"][: len(r["weights"])]
    lines = [
        _("{name}: {perceptron}, {n} training examples").format(
            name=r['dataset']['name'], perceptron=perceptron_name(r['settings']['algorithm']), n=r['dataset']['n_train']),
        r["status_text"],
        _("weights: {weights}").format(weights=", ".join(f"{n} = {w:.6g}" for n, w in zip(names, r["weights"]))),
        _("bias: {value}").format(value=fmt(r['bias'])) if r["bias"] is not None else
        _("bias: off (boundary through the origin)"),
        _("labels: -1 = {negative}, +1 = {positive}").format(negative=r['labels']['-1'], positive=r['labels']['+1']),
        ngettext("mistakes: {mistakes} in {epochs} epoch; training accuracy {accuracy}",
                 "mistakes: {mistakes} in {epochs} epochs; training accuracy {accuracy}", r["epochs"]).format(
            mistakes=r['mistakes'], epochs=r['epochs'], accuracy=f"{r['train_accuracy']:.4g}")
        + ("" if r["test_accuracy"] is None else
           "; " + _("test accuracy {accuracy}").format(accuracy=f"{r['test_accuracy']:.4g}")),
    ]
    if r["separable"] and r["bound"] is not None:
        lines.append(_("separable: yes; R = {R}, gamma = {gamma}, bound {formula} = {bound}").format(
            R=fmt(r['R']), gamma=fmt(r['gamma']), formula=r.get('bound_formula') or '(R/gamma)^2', bound=fmt(r['bound'])))
    else:
        line = {True: _("separable: yes; R = {R}"), False: _("separable: no; R = {R}")}.get(
            r["separable"], _("separable: undecided; R = {R}"))
        lines.append(line.format(R=fmt(r['R'])))
    lines += [t for t in (r["separable_text"], r["bound_text"], r["classifier_text"], r["split_text"]) if t]
    return "\n".join(lines)


def _texts(r):
    """The run's sentences (a kernel or multiclass run: its core's summary has no weights to list)."""
    return "\n".join(t for t in (r["status_text"], r["separable_text"], r["bound_text"], r["classifier_text"]) if t)


def main(argv=None):
    """The command; exit status 0, 2 (bad input, one line on stderr), 130 (Ctrl-C), 141 (stdout closed)."""
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader of stdout went away (| head): stop quietly, as other tools do, and keep
        # Python's own flush at exit from failing on the closed pipe again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        sys.stderr.write("\nperceptron-lab: " + _("stopped (Ctrl-C)") + "\n")
        return 130
    except MemoryError:
        return _fail(_("not enough memory for this run: use fewer rows, features or epochs"))


def _announce(request, args):
    """Before training, on stderr: how a CSV file's numbers were read when that could be 1000 times
    off, and what a long run is with the page's estimate. -> progress for handle, or None."""
    data = request["data"]
    algorithm = args.algorithm
    info = {}
    traits = settings.option("algorithm", algorithm)
    if data["kind"] == "csv" or traits["cost"]["model"] != "weights":
        # One reading that the train request reuses (the bridge keeps the last file read); a kernel
        # matrix or one row per class needs the data's rows and classes for its estimate.
        info = handle({"cmd": "inspect", "data": data, "multiclass": traits["classes"] == "every"})
    elif run_cost.seconds(5000, 1, args.epochs, algorithm) > settings.LIMITS["auto_run_seconds_max"]:
        info = handle({"cmd": "inspect", "data": data})  # a preset that may be long: its size
    if not info.get("ok"):
        return None  # nothing to say, or the train request says what is wrong
    if info.get("read_as_warning"):
        sys.stderr.write("perceptron-lab: " + _("note: {text}").format(text=one_line(info["read_as_warning"])) + "\n")
    labels = info.get("labels") or {}
    classes = len(labels["classes"]) if isinstance(labels.get("classes"), list) else 2
    text = run_cost.long_run_text(info["n"], len(info["feature_names"]), args.epochs, algorithm,
                                  feature_map=args.feature_map, classes=classes)
    if text is None:
        return None
    sys.stderr.write(f"perceptron-lab: {text}\n")
    sys.stderr.flush()
    return run_cost.Progress(args.epochs, sys.stderr)


def _language_asked(argv):
    """--lang CODE or --lang=CODE, read before the parser is built: its --help speaks that language."""
    for k, a in enumerate(argv):
        if a == "--lang" and k + 1 < len(argv):
            return argv[k + 1]
        if a.startswith("--lang="):
            return a.split("=", 1)[1]
    return None


def _main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    asked = _language_asked(argv)
    use_language(asked if asked is not None else language_from_environment())
    cli_words.speak()
    args = _parser().parse_args(argv)
    use_language(args.lang if args.lang is not None else language_from_environment())
    if args.command == "check":
        return check_cli.run(args, handle, _fail, printable)
    if args.command == "quiz":
        return quiz_cli.run(args, _fail)
    if args.plot and not args.plot.lower().endswith((".png", ".svg")):
        return _fail(_("--plot must name a .png or .svg file"))
    if args.script and not args.script.lower().endswith((".py", ".ipynb")):
        return _fail(_("--script must name a .py or .ipynb file"))
    request = _request(args)
    progress = _announce(request, args)
    r = handle(request, progress=progress)
    if progress is not None:
        progress.done()
    if not r["ok"]:
        e = r["error"]
        flag = FIELD_FLAGS.get(e.get("field"))
        if flag or e.get("field"):
            where = (_("{message} (option {flag})") if flag else _("{message} (setting {field})"))
            return _fail(where.format(message=e["message"], flag=flag, field=e.get("field")))
        return _fail(e["message"])
    if args.plot:
        err = _write_plot(args)
        if err:
            return err
    if args.script:
        err = _write_script(args, request)
        if err:
            return err
    fit = FAMILY_OF[r["settings"]["algorithm"]]  # the family's record says what its answer prints
    if args.json:
        print(json.dumps({k: r.get(k) for k in fit.json_keys}))
    else:
        print(printable(_summary(r)) if fit.lists_weights else _texts(r))
    return 0


def _write_script(args, request):
    fmt = "ipynb" if args.script.lower().endswith(".ipynb") else "py"
    r = handle({"cmd": "script", "data": request["data"], "settings": request["settings"], "format": fmt})
    if not r["ok"]:
        return _fail(r["error"]["message"])
    files = r["files"]
    out = Path(args.script)
    # The script names a CSV beside it (when the data is too large to inline) by its own name.
    targets = [out] + [out.parent / f["name"] for f in files[1:]]
    try:
        for target, f in zip(targets, files):
            with open(target, "w", encoding="utf-8", newline="") as fh:
                fh.write(f["text"])
    except OSError as e:
        return _fail(_("cannot write {path}: {strerror}").format(path=shown(e.filename), strerror=e.strerror))
    return 0


def _write_plot(args):
    """The boundary of the run just printed: the bridge's session holds it (the training split)."""
    fmt = "svg" if args.plot.lower().endswith(".svg") else "png"
    r = handle({"cmd": "export", "what": "plot", "plot": "boundary", "format": fmt})
    if not r["ok"]:
        return _fail(r["error"]["message"])
    out = base64.b64decode(r["base64"]) if fmt == "png" else r["text"].encode("utf-8")
    try:
        Path(args.plot).write_bytes(out)
    except OSError as e:
        return _fail(_("cannot write {path}: {strerror}").format(path=shown(args.plot), strerror=e.strerror))
    return 0


if __name__ == "__main__":
    sys.exit(main())
