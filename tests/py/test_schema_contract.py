"""The page and Python agree on every parameter: the JavaScript side (site/js/state/state.js and
share.js, run in Node as the page runs them) against the Python side (settings.py, the
bridge, core, the preset generators, the CLI), value by value at every limit."""

import json
import math
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from perceptron_lab import cli, core, data, settings
from perceptron_lab.core import features
from perceptron_lab.core import kernels
from perceptron_lab.texts import run as texts
from perceptron_lab.bridge import handle, read_settings
from perceptron_lab.errors import DataError, SettingsError

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_JSON = ROOT / "py" / "perceptron_lab" / "params.json"
NUMERIC = [p for p in settings.SCHEMA["params"] if p["type"] in ("int", "float") and p.get("page", True)
           and p["group"] != "view"]


def _cases(p):
    """Raw values at and just beyond each end of p's range, as the page and a link would send them."""
    lo, hi, page_hi = p["min"], p["max"], p.get("page_max", p["max"])
    if p["type"] == "int":
        vals = [lo - 1, lo, page_hi, page_hi + 1, hi, hi + 1]
    else:
        vals = [lo, math.nextafter(lo, -math.inf), page_hi, math.nextafter(page_hi, math.inf), hi,
                math.nextafter(hi, math.inf)]
    return [(p["name"], v) for v in dict.fromkeys(vals)]


CASES = [c for p in NUMERIC for c in _cases(p)]

NODE_SCRIPT = r"""
import * as state from "./site/js/state/state.js";
import * as share from "./site/js/state/share.js";
import schema from "./site/js/state/params.js";
const cases = JSON.parse(process.argv[1]);
const big = state.LIMITS.feature_max_abs;
const pts = [[big, -big, 1], [-big, 0.5, -1], [0, 0, 1]];
const link = await share.buildHash(state.defaults(), { kind: "points", points: pts });
const over = [[big * (1 + 2 ** -52), 0, 1], [0, 0, -1]];
const linkOver = await share.buildHash(state.defaults(), { kind: "points", points: over });
console.log(JSON.stringify({
  schema, params: state.PARAMS, limits: state.LIMITS, defaults: state.defaults(),
  settings: state.settingsRequest(state.defaults()),
  validate: cases.map(([name, v]) => ("value" in state.validate(name, String(v)))),
  share: { MAX_CSV_BYTES: share.MAX_CSV_BYTES, MAX_POINTS: share.MAX_POINTS },
  points: share.parseHash(link.hash).data, pointsOver: share.parseHash(linkOver.hash).data,
}));
"""


@pytest.fixture(scope="module")
def js():
    node = shutil.which("node")
    assert node, "Node is needed to read the page's side of the schema (tests/run.sh installs it)"
    p = subprocess.run([node, "--input-type=module", "-e", NODE_SCRIPT, json.dumps(CASES)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def _python_accepts(name, v):
    """Does Python take this value where it really checks it (the request door, or the generator)?"""
    p = settings.param(name)
    try:
        if p["group"] == "data":
            data.preset("clouds", **{p["key"]: v})
        else:
            read_settings({p["key"]: v})
        return True
    except SettingsError:
        return False


def test_the_page_reads_the_package_table(js):
    """state.js's PARAMS is params.json (less Python's own entries), not a copy that can drift."""
    assert js["schema"] == settings.SCHEMA, "site/js/state/params.js is stale: `python build.py` writes it from params.json"
    assert js["params"] == [p for p in settings.SCHEMA["params"] if p.get("page", True)]
    assert js["limits"] == settings.LIMITS


@pytest.mark.parametrize("i", range(len(CASES)), ids=[f"{n}={v!r}" for n, v in CASES])
def test_every_limit_is_the_same_on_both_sides(js, i):
    name, v = CASES[i]
    p = settings.param(name)
    page, python = js["validate"][i], _python_accepts(name, v)
    if page:
        assert python, f"the page sends {name}={v!r} and Python refuses it"
    elif python:
        # Only a limit the table declares as the page's own may be lower on the page.
        assert "page_max" in p and v > p["page_max"], f"Python takes {name}={v!r}, the page refuses it"


def test_defaults_agree(js):
    sent = js["settings"]
    assert read_settings(sent) == {**read_settings({}), **sent}  # every value the page sends is Python's default
    assert {k for k in sent if k != "plots"} == {p["key"] for p in settings.SCHEMA["params"]
                                                 if p.get("request", p["group"]) == "settings" and p.get("page", True)}
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    try:
        from pagekit import PAGE_SETTINGS
    finally:
        sys.path.pop(0)
    assert PAGE_SETTINGS == {**sent, "plots": False}


def test_options_are_what_python_implements():
    assert settings.options("algorithm") == tuple(core.ALGORITHMS) + ("kernel", "multiclass")  # + the dual and multiclass loops
    assert settings.options("kernel") == kernels.KERNELS
    assert settings.options("order") == tuple(core.ORDERS)
    assert settings.options("feature_map") == tuple(features.FEATURE_MAPS)
    assert set(settings.options("preset")) == set(data.PRESETS)
    for name in ("algorithm", "order", "feature_map", "kernel"):
        for v in settings.options(name):
            assert read_settings({name: v})[name] == v
        with pytest.raises(SettingsError):
            read_settings({name: "nope"})


def test_limits_are_the_ones_python_enforces(js):
    L = settings.LIMITS
    assert js["share"] == {"MAX_CSV_BYTES": L["csv_max_bytes"], "MAX_POINTS": L["points_max"]}
    assert core.MAX_EPOCHS == L["epochs_max"] == settings.param("epochs")["max"]
    assert texts.THEORY_MAX_POINTS == L["theory_max_points"]  # the sentences say the solver's real limit
    assert settings.param("seed")["max"] == settings.param("data_seed")["max"] == L["seed_max"] == 2**32 - 1
    # A CSV of exactly the limit is read as far as its content; one byte more is refused for size.
    head = "a,b,y\n1,2,0\n3,4,1\n"
    ok = head + " " * (L["csv_max_bytes"] - len(head))
    r = handle({"cmd": "inspect", "data": {"kind": "csv", "text": ok}})
    assert r["ok"], r
    r = handle({"cmd": "inspect", "data": {"kind": "csv", "text": ok + " "}})
    assert r["ok"] is False and "too large" in r["error"]["message"]
    with pytest.raises(DataError):
        data.points_dataset([[0, 0, 1]] * (L["points_max"] + 1))


def test_a_link_with_points_at_the_limit_reads_back_and_python_takes_them(js):
    big = settings.LIMITS["feature_max_abs"]
    assert js["points"] == {"kind": "points", "points": [[big, -big, 1], [-big, 0.5, -1], [0, 0, 1]]}
    ds = data.points_dataset(js["points"]["points"])
    assert ds.X[0].tolist() == [big, -big]
    assert js["pointsOver"] is None  # the page refuses what Python would refuse
    with pytest.raises(DataError):
        data.points_dataset([[math.nextafter(big, math.inf), 0, 1], [0, 0, -1]])


def test_the_real_data_sets_are_sized_as_shipped():
    """params.json's datasets table (the page's run budget sizes a run with it) is the shape and
    the class count of each file in perceptron_lab/data/real/, read by the package's own CSV reader."""
    from perceptron_lab.data import real as datasets

    shipped = {name: [datasets.describe(name)["n"], len(datasets.describe(name)["features"]),
                      len(datasets.describe(name)["classes"])] for name in datasets.REAL}
    assert settings.SCHEMA["datasets"] == shipped
    # The files are scikit-learn's data sets (an independent count of rows and features).
    from sklearn import datasets as sk

    loaders = {"iris": sk.load_iris, "breast-cancer": sk.load_breast_cancer, "wine": sk.load_wine,
               "digits": sk.load_digits}
    assert shipped == {name: [*load().data.shape, len(load().target_names)] for name, load in loaders.items()}
    # Every one of them is a preset the page offers.
    preset = next(p for p in settings.SCHEMA["params"] if p["name"] == "preset")
    assert set(shipped) <= {o["value"] for o in preset["options"]}


def test_the_budgets_kernel_grid_is_the_one_the_kernel_plot_draws():
    """The run budget counts kernel_plot_grid² decision-function points for a kernel run's regions."""
    import inspect

    from perceptron_lab.bridge.kernel_fit import KernelFit
    from perceptron_lab.plots.kernel import kernel_figure

    assert inspect.signature(kernel_figure).parameters["grid"].default == settings.LIMITS["kernel_plot_grid"]
    assert "grid" not in inspect.getsource(KernelFit.boundary)  # the bridge draws it at that default
    # ... and knows the most rows a kernel run takes (beyond, it is refused at once: no cost).
    from perceptron_lab.core import kernel_perceptron as kernel

    assert kernel.MAX_POINTS == settings.LIMITS["kernel_max_points"]


def test_the_cli_options_come_from_the_table():
    parser = cli._parser()
    train = parser._subparsers._group_actions[0].choices["train"]
    by_dest = {a.dest: a for a in train._actions}
    for p in settings.group("settings"):
        if "cli" not in p:
            continue
        action = by_dest[p["key"]]
        assert p["cli"] in action.option_strings
        if p["type"] == "bool":
            assert action.default is p["default"] and action.const is (not p["default"])
        else:
            assert action.default == p["default"]
        if p["type"] == "enum":
            assert tuple(action.choices) == settings.options(p["name"])
    assert tuple(by_dest["preset"].choices) == settings.options("preset")


def test_the_build_writes_the_page_copy_and_ships_params_json_in_the_app_wheel(tmp_path):
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.pop(0)
    # The page's copy: what the build writes is what site/ holds (and the build can write it).
    (tmp_path / "js" / "state").mkdir(parents=True)
    real_site, build.SITE = build.SITE, tmp_path
    try:
        build.write_params_module()
    finally:
        build.SITE = real_site
    assert (tmp_path / "js" / "state" / "params.js").read_bytes() == (ROOT / "site" / "js" / "state" / "params.js").read_bytes()
    wheel = build.build_app_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as z:
        assert z.read("perceptron_lab/params.json") == PACKAGE_JSON.read_bytes()
    import tomllib

    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "*.json" in package_data["perceptron_lab"]


def test_the_readme_lists_every_cli_option():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for p in settings.group("settings"):  # the Options paragraph (--preset is in the usage lines)
        if "cli" in p:
            assert f"`{p['cli']}" in readme, p["cli"]


def test_kernel_settings_are_the_kernel_table():
    """params.json's kernel ranges are kernels.py's checks: the ends pass both, one past fails both."""
    cases = {"degree": [1, 10, 0, 11], "coef0": [0.0, 1e6, -1e-9, 1.000001e6], "gamma": [1e-9, 1e6, 0.0, 1.000001e6]}
    for name, (lo, hi, below, above) in cases.items():
        assert settings.default(name) == kernels.KERNEL_DEFAULTS[name]
        for v, want in ((lo, True), (hi, True), (below, False), (above, False)):
            one = {**kernels.KERNEL_DEFAULTS, name: v}
            for check in (lambda: kernels.check_kernel(**one), lambda: settings.check(name, v)):
                try:
                    check()
                    assert want, (name, v)
                except SettingsError as e:
                    assert not want and e.field == name, (name, v)
    assert settings.default("kernel") == kernels.KERNEL_DEFAULTS["kernel"]
    with pytest.raises(SettingsError):  # a whole float is no polynomial degree for the core
        kernels.check_kernel(**{**kernels.KERNEL_DEFAULTS, "degree": 2.0})
