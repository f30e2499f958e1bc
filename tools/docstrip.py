"""Docstring-free bytecode for the .pyc the page loads (standard library only; the Node run
executes this file inside Pyodide, so the code objects come from the shipped Python 3.12).

Docstrings are ~20 % of the start-up .pyc and nothing on the page reads them. Each module is
parsed, the docstring statements (the first string literal of a module, class or function
body) are deleted, and the tree is compiled at optimize=0: asserts stay, every other node
keeps its line number, so tracebacks name the same lines. `__doc__` becomes None, as under
`python -OO`, which numpy, matplotlib and the standard library support: their code that
edits docstrings checks for None first (matplotlib's _docstring, artist.kwdoc readers, numpy's
ma wrappers), except where the check is on `sys.flags.optimize` instead (KEEP below); the
build then imports everything and draws every plot kind on these .pyc
(tools/first_picture_pyodide.py), and the e2e tests load the page from them.
"""
import ast

# Modules whose docstrings are data: paths relative to site-packages or the stdlib zip.
KEEP = {
    # The dispatchers of numpy's C functions (empty_like, concatenate, where, ...): numpy
    # copies each dispatcher's docstring onto the C function with add_docstring, which
    # refuses None unless sys.flags.optimize >= 2, so `import numpy` would fail.
    "numpy/_core/multiarray.py": "dispatcher docstrings are copied onto C functions",
}


def _drop_docstring(body: list) -> None:
    first = body[0] if body else None
    if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)):
        # Deleted, not replaced: a `from __future__` import may follow and must stay first.
        del body[0]
        if not body:
            body.append(ast.copy_location(ast.Pass(), first))


def compile_without_docstrings(source: bytes, filename: str, relpath: str):
    """Code object of source (a module), docstrings removed unless relpath is in KEEP."""
    if relpath in KEEP:
        return compile(source, filename, "exec", dont_inherit=True, optimize=0)
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            _drop_docstring(node.body)
    return compile(tree, filename, "exec", dont_inherit=True, optimize=0)
