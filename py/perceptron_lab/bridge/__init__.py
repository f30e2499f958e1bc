"""The bridge: JSON requests from the page's web worker or the CLI -> JSON answers.

door.py is the entry (handle, handle_json, the error kinds, the command table); one module per
command (train.py: train + plots, frames.py, exports.py, inspect_data.py, compare.py, visits.py,
script.py). A run is a Fit of its family (fit.py: the protocol; linear_fit.py, kernel_fit.py,
multiclass_fit.py); session.py holds the page's current one; figures.py draws a LinearFit.
The checked settings and data of a request are read by data/request.py (load_data,
read_settings, re-exported here).
"""

from .compare import COMPARE_ALGORITHMS
from .door import COMMANDS, handle, handle_json
from ..data.request import load_data, read_settings

__all__ = ["handle", "handle_json", "COMMANDS", "COMPARE_ALGORITHMS", "load_data", "read_settings"]
