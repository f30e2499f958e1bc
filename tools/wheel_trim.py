"""Smaller official wheels, derived at build time from the sha256-checked ones: the same
entries, byte for byte once unzipped, minus files the page provably never reads (each
pattern has its reason; docs/PYODIDE.md shows the tables). Deterministic: same input bytes,
same output bytes. The Node check (tools/node_check_pyodide.py) and the first picture
(tools/first_picture_pyodide.py, the app's own code) then run on the trimmed wheels."""
from __future__ import annotations

import fnmatch
from typing import Callable

from .mpl_trim import trim_matplotlib
from .wheel_rezip import rezip_without

# numpy: Pyodide already moved numpy's tests/ into a separate package; what is left to cut is
# what only a C compiler, a type checker, Fortran wrapping or a test suite reads. (numpy.typing
# stays: contourpy imports it.)
NUMPY_REMOVED = {
    "numpy/f2py/*": "f2py, the Fortran wrapper generator: a build tool, never imported by numpy, matplotlib or the app",
    "numpy/_pyinstaller/*": "PyInstaller hooks (freezing apps to executables)",
    "numpy/doc/*": "documentation modules (numpy.doc), never imported",
    "numpy/testing/*": "numpy.testing (assert helpers for test suites): imported lazily only on "
                       "`np.testing` access, which neither matplotlib nor the app does",
    "*.pyi": "type stubs: read by type checkers, never by Python at run time",
    "*/py.typed": "marker for type checkers",
    "*.h": "C headers (numpy/_core/include): for compiling C extensions against numpy",
    "*.a": "static libraries (npymath, npyrandom): for linking C extensions",
    "*.pxd": "Cython declarations: for compiling Cython extensions",
    "*.pyx": "Cython sources: for compiling",
    "*.c": "C sources (random's examples): for compiling",
    "numpy/_core/lib/pkgconfig/*": "pkg-config file: for compiling against numpy",
    "numpy/random/_examples/*": "examples of extending numpy.random with Cython/Numba/CFFI",
    # (_multiarray_tests stays: numpy/_core/_add_newdocs.py imports it at start.)
    "numpy/_core/_rational_tests.*.so": "C extension used only by numpy's test suite",
    "numpy/_core/_umath_tests.*.so": "C extension used only by numpy's test suite",
    "numpy/_core/_operand_flag_tests.*.so": "C extension used only by numpy's test suite",
    "numpy/_core/_struct_ufunc_tests.*.so": "C extension used only by numpy's test suite",
    "numpy/_core/_simd.*.so": "SIMD dispatch tester, used only by numpy's test suite",
    # numpy 2 imports these submodules only on first attribute access (numpy.__getattr__) or
    # by name; matplotlib touches np.fft only in spectral plots (psd, specgram), which the app
    # does not draw.
    "numpy/fft/*": "FFT (np.fft, imported on first use): no computation or plot of the app uses it",
    "numpy/polynomial/*": "polynomial classes (np.polynomial, imported on first use; np.polyfit "
                          "lives elsewhere): not used by the app or matplotlib",
    "numpy/lib/recfunctions.py": "record-array helpers, imported only by name",
    "numpy/ma/mrecords.py": "masked record arrays, imported only by name",
    "numpy/ma/timer_comparison.py": "a benchmark script", "numpy/ma/testutils.py": "test helpers",
    "numpy/matlib.py": "numpy.matlib (matrix functions), imported only by name",
    "numpy/ctypeslib.py": "ctypes interop (np.ctypeslib, imported on first use): no C library in a page",
    "numpy/typing/mypy_plugin.py": "a mypy plugin (type checkers)",
}
# pillow: matplotlib uses PIL only to write PNG (Image.save -> PngImagePlugin, via _imaging).
# Pyodide loads every .so of a wheel when the package loads, so these also cost CPU.
PILLOW_REMOVED = {
    "PIL/_imagingft.*.so": "FreeType for PIL.ImageFont: matplotlib draws text with its own "
                           "ft2font; nothing imports PIL.ImageFont",
    "PIL/_webp.*.so": "WebP codec: the app writes PNG only (PIL's WebP plugin handles its "
                      "absence: WebP simply reports as unsupported)",
    "PIL/_imagingtk.*.so": "Tk support (PIL.ImageTk): no Tk in a browser",
    # Image.preinit() imports the BMP, GIF, JPEG, PPM and PNG plugins (they ship, compiled);
    # Image.init() imports the others only to open or save other formats, and skips any that
    # fails to import. TIFF stays: Image.Exif reads through it.
    **{f"PIL/{p}ImagePlugin.py": "a file format the app never opens or writes (it writes PNG)"
       for p in ["Blp", "BufrStub", "Cur", "Dcx", "Dds", "Eps", "Fits", "Fli", "Fpx", "Ftex", "Gbr",
                 "GribStub", "Hdf5Stub", "Icns", "Ico", "Im", "Imt", "Iptc", "Jpeg2K", "McIdas",
                 "Mic", "Mpeg", "Mpo", "Msp", "Palm", "Pcd", "Pcx", "Pdf", "Pixar", "Psd", "Qoi",
                 "Sgi", "Spider", "Sun", "Tga", "WebP", "Wmf", "XVThumb", "Xbm", "Xpm"]},
    **{f"PIL/{m}.py": "drawing, fonts, colour management, GUI and viewer modules of PIL: "
                      "matplotlib uses PIL only to encode images"
       for m in ["ImageFont", "ImageDraw", "ImageDraw2", "ImageCms", "ImageTk", "ImageQt",
                 "ImageGrab", "ImageShow", "ImageWin", "PSDraw", "FontFile", "BdfFontFile",
                 "PcfFontFile", "GdImageFile", "WalImageFile", "PdfParser", "PyAccess",
                 "_tkinter_finder", "__main__"]},
}
# python-dateutil: matplotlib.dates imports dateutil's rrule, relativedelta and tz; the app
# draws no dates.
DATEUTIL_REMOVED = {
    "dateutil/zoneinfo/dateutil-zoneinfo.tar.gz": "dateutil's own copy of the time-zone database, "
        "read only by tz.gettz(<zone name>) when the system has no zone files; the app names no "
        "time zone (matplotlib's default 'UTC' is its own object)",
}


def reason_from(table: dict[str, str]) -> Callable[[str], str | None]:
    def reason(name: str) -> str | None:
        for pattern, why in table.items():
            if fnmatch.fnmatch(name, pattern):
                return why
        return None
    return reason


def trimmers() -> dict[str, Callable[[bytes], tuple[bytes, dict]]]:
    """Package name -> function(official wheel bytes) -> (trimmed bytes, stats)."""
    return {
        "matplotlib": trim_matplotlib,
        "numpy": lambda data: rezip_without(data, reason_from(NUMPY_REMOVED)),
        "pillow": lambda data: rezip_without(data, reason_from(PILLOW_REMOVED)),
        "python-dateutil": lambda data: rezip_without(data, reason_from(DATEUTIL_REMOVED)),
    }
