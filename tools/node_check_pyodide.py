"""Runs inside Pyodide in Node (tools/node_check.mjs): proves that the shipped runtime and
wheels (matplotlib trimmed to the fonts the plots use) render PNG and SVG, mathtext included,
with no font missing; and produces what the page loads: fontlist.json and the .pyc bundles.
Input: check_args = {"app_imports": [...], "rc": the app's plots/style.py RC,
"docstrip": the source of tools/docstrip.py}."""
import io, json, logging, os, sys
app_imports = check_args["app_imports"]
os.environ["MPLBACKEND"] = "Agg"
import numpy as np
import matplotlib
from matplotlib import font_manager as fm
from matplotlib.figure import Figure
import matplotlib.backends.backend_agg
import importlib
# The standard-library modules the app imports (names found in its sources by build.py).
for name in app_imports:
    if name.split(".")[0] in sys.stdlib_module_names:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
# A page load installs the app's wheel with micropip.install(<URL>, deps=False): do the
# same with a tiny wheel, so that what micropip imports for it gets its .pyc below.
import micropip, importlib.metadata, zipfile
_w = "/tmp/pl_build_probe-0.0.0-py3-none-any.whl"
_di = "pl_build_probe-0.0.0.dist-info/"
with zipfile.ZipFile(_w, "w") as z:
    z.writestr("pl_build_probe/__init__.py", "")
    z.writestr(_di + "METADATA", chr(10).join(["Metadata-Version: 2.1", "Name: pl-build-probe", "Version: 0.0.0", ""]))
    z.writestr(_di + "WHEEL", chr(10).join(["Wheel-Version: 1.0", "Root-Is-Purelib: true", "Tag: py3-none-any", ""]))
    z.writestr(_di + "RECORD", "")
await micropip.install("emfs:" + _w, deps=False)
assert importlib.metadata.distribution("pl-build-probe").read_text("INSTALLER") == "micropip"
import pl_build_probe
# A representative workload: what the app's plots use (contours, scatter, lines, text), with
# the app's rcParams (its math-text font set decides which fonts must ship).
_rc = matplotlib.rc_context(check_args["rc"])
_rc.__enter__()
fig = Figure(figsize=(3, 2), layout="constrained")
ax, ax2 = fig.subplots(1, 2)
xx, yy = np.meshgrid(np.linspace(-1, 1, 20), np.linspace(-1, 1, 20))
ax.contourf(xx, yy, xx + yy, levels=[-3, 0, 3], alpha=0.3)
ax.contour(xx, yy, xx + yy, levels=[0])
ax.scatter([0, 1], [1, 0], c=[-1, 1], marker="o", edgecolors="k")
ax.plot([0, 1], [0, 1], "o-", label="w")
ax.annotate("w", (0.5, 0.5), xytext=(0.2, 0.8), arrowprops={"arrowstyle": "->"})
ax.set_title("check $w \\cdot x$, u·w$_t$ ‖w$_t$‖ √t·R γ", fontweight="bold"); ax.legend(); ax.grid(True)
ax.set_xlabel("x₁ −2…2 (bold)", fontweight="bold"); ax.set_ylabel(r"$\tilde{x}_2\ \mathit{t}\ \mathbf{w}$")
ax2.bar([1, 2], [3, 1]); ax2.semilogy([1, 2, 3], [1, 10, 100]); ax2.axhline(1, ls="--")
ax2.fill_between([1, 2, 3], [1, 2, 3], alpha=0.2); ax2.imshow(np.eye(3))
# A font the trimmed wheel lacks would show as a "findfont" warning (and a fallback font).
_warnings = []
class _Catch(logging.Handler):
    def emit(self, record):
        _warnings.append(record.getMessage())
logging.getLogger("matplotlib").addHandler(_Catch(level=logging.WARNING))
import warnings
with warnings.catch_warnings(record=True) as _caught:  # "Glyph ... missing from font(s)"
    warnings.simplefilter("always")
    png = io.BytesIO(); fig.savefig(png, format="png", dpi=50)
_warnings += [str(w.message) for w in _caught]
# What a page load imports (the .pyc bundles below cover these; SVG is only for exports).
at_start = {name: mod for name, mod in sys.modules.items()}
import matplotlib.backends.backend_svg
with warnings.catch_warnings(record=True) as _caught:
    warnings.simplefilter("always")
    svg = io.StringIO(); fig.savefig(svg, format="svg")
_warnings += [str(w.message) for w in _caught]
_rc.__exit__(None, None, None)
assert png.getvalue().startswith(b"\x89PNG") and "<svg" in svg.getvalue()
_font_problems = [w for w in _warnings if "font" in w.lower() or "glyph" in w.lower()]
assert not _font_problems, _font_problems

path = os.path.join(os.path.dirname(fm.__file__), "fontlist.json")
text = open(path).read()
data = json.loads(text)
assert data["_version"] == fm.FontManager.__version__, (data["_version"], fm.FontManager.__version__)

# Pyodide's wheels ship .py sources only, so every page load compiles them again
# (~2 s for numpy + matplotlib). Precompile what was imported above into
# unchecked-hash .pyc files (valid without looking at the source mtime).
# Docstrings removed (tools/docstrip.py, passed in as source): -~1 MB on the wire.
import importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
_docstrip = {}
exec(check_args["docstrip"], _docstrip)
compile_without_docstrings = _docstrip["compile_without_docstrings"]
sp = os.path.dirname(os.path.dirname(np.__file__)) + "/"
buf = io.BytesIO()
n = 0
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for name in sorted(at_start):
        f = getattr(at_start[name], "__file__", None) or ""
        if not (f.startswith(sp) and f.endswith(".py")) or name.split(".")[0] == "pl_build_probe":
            continue
        c = importlib.util.cache_from_source(f)
        src = open(f, "rb").read()
        code = compile_without_docstrings(src, f, f[len(sp):])
        info = zipfile.ZipInfo(c[len(sp):], date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(src), checked=False)))
        n += 1
# The standard library: Pyodide's python_stdlib.zip has .py files only, so Python
# compiles every module it imports at start (~1 s of CPU). zipimport prefers NAME.pyc
# next to NAME.py in the zip: compile the modules imported so far (by Pyodide's own
# start, numpy, matplotlib and the app) with the file name zipimport would give them.
stdzip = next(p for p in sys.path if p.endswith(".zip")) + "/"
std = zipfile.ZipFile(stdzip[:-1])
sbuf = io.BytesIO()
ns = 0
with zipfile.ZipFile(sbuf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    seen = set()
    for name in sorted(at_start):
        mod = at_start[name]
        f = getattr(mod, "__file__", None) or ""
        frozen = getattr(getattr(mod, "__spec__", None), "origin", None) == "frozen"
        if frozen or f in seen or not (f.startswith(stdzip) and f.endswith(".py")):
            continue
        seen.add(f)
        src = std.read(f[len(stdzip):])
        code = compile_without_docstrings(src, f, f[len(stdzip):])
        info = zipfile.ZipInfo(f[len(stdzip):-3] + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(src), checked=False)))
        ns += 1
# Modules frozen into the interpreter (os, codecs, importlib, site, ...) run from the
# binary: their sources in the zip are read only to show a traceback's line text.
import _imp
frozen = []
for name in sorted(_imp._frozen_module_names()):
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin != "frozen":
        continue
    rel = name.replace(".", "/") + ("/__init__.py" if spec.submodule_search_locations is not None else ".py")
    if rel in std.namelist():
        frozen.append(rel)
import base64
json.dumps({
    "files": {"fontlist.json": base64.b64encode(text.encode()).decode(),
              "site-pycache.zip": base64.b64encode(buf.getvalue()).decode(),
              "site.txt": base64.b64encode(sp.encode()).decode(),
              "stdlib-pyc.zip": base64.b64encode(sbuf.getvalue()).decode(),
              "stdlib-frozen.txt": base64.b64encode("\n".join(frozen).encode()).decode()},
    "summary": f"matplotlib {matplotlib.__version__} backend {matplotlib.get_backend()} "
               f"FontManager {fm.FontManager.__version__} fonts {len(data['ttflist'])} "
               f"pyc {n} stdlib pyc {ns} frozen {len(frozen)}",
})
