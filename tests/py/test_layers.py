"""The import graph held against the declared layers (docs/ARCHITECTURE.md "Layers"), read from the
source as text (nothing is imported): py/perceptron_lab (every import, the ones inside functions too),
site/js (ES module imports, static and dynamic) and tools/. It fails on any import circle and on any
import from a lower layer up to a higher one."""

import ast
import posixpath
import re
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "perceptron_lab"
PY = ROOT / "py"
JS = ROOT / "site" / "js"
TOOLS = ROOT / "tools"

# The package's parts, lowest first: a part imports its own layer and the layers below it, never
# one above; two parts of one layer may import each other one way only. A part is a subpackage
# or a module of the package's root ("__init__" is the root itself: its public names are the
# estimators, so it stands at the top). i18n, locale: the translations (a layer no one is below).
PY_LAYERS = [
    {"errors", "version", "heartbeat", "json_numbers", "settings", "run_settings", "site_address", "i18n", "locale"},
    {"core", "data", "run_cost", "run_pace"},
    {"theory"},
    {"texts", "plots", "export"},
    {"bridge", "exercise", "lessons", "estimators", "quiz"},
    {"cli", "check_cli", "quiz_cli", "cli_input", "cli_words", "worker_boot", "sklearn", "__main__", "__init__"},
]

# site/js's folders, lowest first ("." is the folder itself: the entry points the browser loads).
JS_LAYERS = [
    {"state", "i18n"},
    {"page"},
    {"python", "worker", "data", "plot", "save", "access"},
    {"steps"},
    {"run", "lesson"},
    {"exercise"},
    {"share"},
    {"."},
]
WORKER_SIDE = ("worker.js", "worker/")  # what runs in the Python worker
SHARED = {"worker/protocol.js"}  # THE message table both ends build their messages with


# --- reading the graphs ---------------------------------------------------------------------------

def py_modules(top):
    """{dotted name: path} of every module below top (a package directory)."""
    out = {}
    for p in top.rglob("*.py"):
        parts = list(p.relative_to(top.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


def py_imports(path, name, known):
    """The modules of `known` the file imports, with the packages it enters from outside (a package's
    __init__ runs before its module): {dotted name}."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in known]
            found.update(subs or [target])
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    out = set()
    for t in found:
        parts = t.split(".")
        for k in range(2, len(parts) + 1):  # the packages it enters; never the root (every module is in it)
            prefix = ".".join(parts[:k])
            if prefix in known and not (name + ".").startswith(prefix + "."):
                out.add(prefix)
    out.discard(name)
    return out


def py_graph(top):
    known = py_modules(top)
    return {name: py_imports(path, name, known) for name, path in known.items()}


def part_of(module):
    """perceptron_lab.bridge.door -> bridge; perceptron_lab.cli -> cli; perceptron_lab -> __init__."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


JS_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]"""  # import … from "x" / export … from "x"
    r"""|^\s*import\s*['"]([^'"]+)['"]"""  # import "x"
    r"""|\bimport\(\s*['"]([^'"]+)['"]\s*\)""",  # import("x")
    re.M)


def js_graph(top):
    """{module: {modules it imports}}, as paths relative to top ("run/results.js")."""
    graph = {}
    for p in sorted(top.rglob("*.js")):
        name = p.relative_to(top).as_posix()
        targets = set()
        for m in JS_IMPORT.finditer(p.read_text(encoding="utf-8")):
            spec = next(g for g in m.groups() if g)
            if spec.startswith("."):
                t = posixpath.normpath(posixpath.join(posixpath.dirname(name), spec))
                if not t.startswith(".."):
                    targets.add(t)
        graph[name] = targets
    return graph


def folder_of(module):
    return module.split("/")[0] if "/" in module else "."


# --- what the graphs must not hold ----------------------------------------------------------------

def circles(graph):
    """The strongly connected components of more than one node (Tarjan), each sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []
    nodes = set(graph) | {t for ts in graph.values() for t in ts}

    def visit(v):
        work = [(v, iter(sorted(graph.get(v, ()))))]
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def between(graph, unit):
    """The graph of units (parts, folders): an arrow where a module of one imports a module of another."""
    out = defaultdict(set)
    for a, targets in graph.items():
        for b in targets:
            if unit(a) != unit(b):
                out[unit(a)].add(unit(b))
    return out


def upward(graph, unit, layers):
    """Every import from a module of a lower layer to one of a higher layer: ["a -> b (x -> y)"]."""
    level = {u: k for k, layer in enumerate(layers) for u in layer}
    return sorted(f"{a} -> {b} ({unit(a)} below {unit(b)})" for a, targets in graph.items() for b in targets
                  if level[unit(a)] < level[unit(b)])


def unplaced(graph, unit, layers):
    placed = set().union(*layers)
    return sorted({unit(m) for m in graph} - placed)


# --- the checker on a graph made up for it (it can fail) --------------------------------------------

def test_the_checker_finds_a_circle_through_three_modules_and_an_upward_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    layers = [{"a", "b", "c"}, {"d"}, {"e"}]
    assert upward({"a": {"e"}, "d": {"a"}}, str, layers) == ["a -> e (a below e)"]


def test_the_python_reader_sees_relative_lazy_and_package_imports(tmp_path):
    pkg = tmp_path / PACKAGE
    (pkg / "low").mkdir(parents=True)
    (pkg / "high").mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "settings.py").write_text("")
    (pkg / "low" / "__init__.py").write_text("")
    (pkg / "low" / "a.py").write_text("from .. import settings\ndef f():\n    from ..high.b import g\n")
    (pkg / "high" / "__init__.py").write_text("from .b import g\n")
    (pkg / "high" / "b.py").write_text("from . import c\n")
    (pkg / "high" / "c.py").write_text("")
    g = py_graph(pkg)
    assert g[f"{PACKAGE}.low.a"] == {f"{PACKAGE}.settings", f"{PACKAGE}.high", f"{PACKAGE}.high.b"}
    assert g[f"{PACKAGE}.high.b"] == {f"{PACKAGE}.high.c"}  # its own package's __init__ is not entered again
    assert g[f"{PACKAGE}.high"] == {f"{PACKAGE}.high.b"}


# --- the project's graphs ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def package():
    return py_graph(PY / PACKAGE)


@pytest.fixture(scope="module")
def site():
    return js_graph(JS)


# Each graph with its units (the package's parts, the page's folders) and their layers.
GRAPHS = {"package": (part_of, PY_LAYERS), "site": (folder_of, JS_LAYERS)}


@pytest.fixture(params=sorted(GRAPHS))
def graph(request, package, site):
    unit, layers = GRAPHS[request.param]
    return {"package": package, "site": site}[request.param], unit, layers


def test_every_unit_has_its_layer(graph):
    modules, unit, layers = graph
    assert unplaced(modules, unit, layers) == []


def test_no_module_imports_round_a_circle(graph):
    assert circles(graph[0]) == []


def test_no_two_units_import_each_other(graph):
    modules, unit, _ = graph
    assert circles(between(modules, unit)) == []


def test_no_unit_imports_a_layer_above_it(graph):
    assert upward(*graph) == []


def test_the_package_never_imports_the_tools(package):
    imported = {t for targets in package.values() for t in targets}
    assert not [t for t in imported if t == "tools" or t.startswith("tools.")]
    for path in (PY / PACKAGE).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and not n.level]
        assert not [m for m in names if m.split(".")[0] in ("tools", "build")], path


def test_the_tools_import_no_circle_and_only_the_package_beside_them():
    graph = py_graph(TOOLS)
    assert circles(graph) == []
    package = set(py_modules(PY / PACKAGE))
    for path in TOOLS.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and not n.level and (n.module or "").startswith(PACKAGE):
                assert n.module in package, f"{path.name} imports {n.module}, which is no module of the package"


def test_the_worker_and_the_page_share_only_the_message_table(site):
    worker = {m for m in site if m.startswith(WORKER_SIDE)}
    assert worker and SHARED <= worker
    page_into_worker = sorted(f"{a} -> {b}" for a in set(site) - worker for b in site[a] if b in worker - SHARED)
    worker_into_page = sorted(f"{a} -> {b}" for a in worker for b in site[a] if b not in worker)
    assert page_into_worker == [] and worker_into_page == []
