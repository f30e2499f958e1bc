"""The Downloads: a file of the last run, a plot (png/svg), the model (json), the trace or
predictions (csv). The run's Fit makes them (fit.py)."""

from . import session


def export_request(request):
    f = session.current()
    stem = "perceptron-" + "".join(c if c.isalnum() else "-" for c in f.ds.name.lower())[:40]
    return f.export(request, stem)
