"""A smaller matplotlib wheel, derived at build time from the official (sha256-checked) one:
the same wheel minus files a page never reads. Deterministic (same input bytes, same
output bytes) and recorded in docs/PYODIDE.md. tools/node_check_pyodide.py then proves on
the trimmed wheel that PNG and SVG still render, mathtext included, with no font missing."""
from __future__ import annotations

import fnmatch

from .wheel_rezip import rezip_without

FONTS = "matplotlib/mpl-data/fonts/"
# Kept: what the plots draw with (math text included: plots/style.py RC). DejaVu Sans (text,
# math) and its bold (titles, the weight arrow's label), and cmex10, which matplotlib's
# custom math font set looks up for big delimiters when it starts. STIX, Computer Modern's
# other faces, DejaVu Sans Oblique, Display and Mono were the default "dejavusans" set's
# italic and fallbacks; with style.RC no plot asks for them.
KEEP_FONTS = ["ttf/DejaVuSans.ttf", "ttf/DejaVuSans-Bold.ttf", "ttf/cmex10.ttf", "ttf/LICENSE_DEJAVU"]
# Removed, with the reason (docs/PYODIDE.md shows this table).
REMOVED = {
    FONTS + "ttf/*": "other TrueType fonts (DejaVu Serif, DejaVu Sans Mono, DejaVu Sans "
                     "Oblique, Bold Oblique and Display, STIX, Computer Modern but cmex10, Humor Sans): no "
                     "plot of the app asks for them (math text: plots/style.py RC)",
    FONTS + "afm/*": "Adobe font metrics: read only by the PostScript/PDF backends",
    FONTS + "pdfcorefonts/*": "PDF core font metrics: read only by the PDF backend",
    "matplotlib/mpl-data/sample_data/*": "example data for matplotlib's gallery "
                                         "(cbook.get_sample_data); the app has its own data",
    "matplotlib/mpl-data/images/*": "toolbar icons of the interactive (GUI) backends",
    "matplotlib/mpl-data/stylelib/*": "style sheets, read only by matplotlib.style (style.use): the plots "
                                      "set their own rc (plots/style.py RC) and use no style sheet",
    "matplotlib/mpl-data/plot_directive/*": "CSS of the Sphinx plot directive (documentation builds)",
    "*.pyi": "type stubs: read by type checkers, never by Python at run time",
    "*/py.typed": "marker for type checkers",
    **{f"matplotlib/backends/{b}": "a GUI, notebook, PDF, PS or PGF backend: the app renders "
                                   "PNG (Agg) and SVG only, in a worker with no GUI"
       for b in ["backend_cairo.py", "backend_gtk*.py", "backend_macosx.py", "backend_nbagg.py",
                 "backend_pdf.py", "backend_pgf.py", "backend_ps.py", "backend_qt*.py",
                 "backend_template.py", "backend_tk*.py", "backend_webagg*.py", "backend_wx*.py",
                 "_backend_gtk.py", "_backend_tk.py", "_backend_pdf_ps.py", "qt_compat.py",
                 "_tkagg.*.so"]},
    "matplotlib/_ttconv.*.so": "TrueType to Type 3/42 conversion: imported only by the PS backend",
    "matplotlib/_qhull.*.so": "Delaunay triangulation (matplotlib.tri imports it only when a "
                              "triangulation is made): no plot of the app triangulates",
    "matplotlib/_tri.*.so": "triangular grids (tricontour, triplot; imported only when drawn): "
                            "no plot of the app draws one",
    "mpl_toolkits/axes_grid1/*": "toolkit never imported (mplot3d stays: matplotlib.projections "
                                 "imports it at start)",
    "mpl_toolkits/axisartist/*": "toolkit never imported",
    "matplotlib/sphinxext/*": "Sphinx extensions for building documentation",
    "matplotlib/testing/*": "matplotlib's test helpers",
    "matplotlib/pyplot.py": "the pyplot state machine: the app uses Figure + Agg, never pyplot",
    "matplotlib/pylab.py": "pylab (pyplot + numpy in one namespace)", "pylab.py": "pylab",
    "matplotlib/animation.py": "animation writers (the app animates with its own PNG frames)",
    "matplotlib/_animation_data.py": "HTML/JS of animation.HTMLWriter",
    "matplotlib/sankey.py": "Sankey diagrams", "matplotlib/_type1font.py": "Type 1 fonts for the PDF/PS backends",
}


def removed_reason(name: str) -> str | None:
    if name.startswith(FONTS) and any(fnmatch.fnmatch(name, FONTS + k) for k in KEEP_FONTS):
        return None
    for pattern, why in REMOVED.items():
        if fnmatch.fnmatch(name, pattern):
            return why
    return None


def trim_matplotlib(official: bytes) -> tuple[bytes, dict]:
    """(trimmed wheel bytes, {"files": n removed, "bytes": compressed bytes removed})."""
    return rezip_without(official, removed_reason)
