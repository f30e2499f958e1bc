"""A sign of life from long computations, for the web worker's watchdog.

The page restarts a worker that says nothing for 10 s during a call (a real hang). In the
page the worker also hears from any Python bytecode (site/js/worker.js: an interrupt buffer
read by CPython's eval loop), so beat() is a second, explicit sign where loops are long
(pocket or voted on 200 000 noisy rows, their scoring); the worker passes it on to the page,
which counts it as progress. beat() costs one clock read unless a listener is set, and tells the
listener at most once per INTERVAL seconds.
"""
import time
from contextlib import contextmanager

INTERVAL = 1.0  # seconds between two signs of life at most; the page's watchdog waits 10 s

_listener = None
_next = 0.0


def beat():
    """Tell the listener (if any) that work goes on; cheap enough for inner loops."""
    global _next
    if _listener is None:
        return
    now = time.monotonic()
    if now >= _next:
        _next = now + INTERVAL
        _listener()


@contextmanager
def listening(fn):
    """Within the block, beat() calls fn() (no arguments) at most once per INTERVAL."""
    global _listener, _next
    before = _listener
    _listener, _next = fn, time.monotonic() + INTERVAL
    try:
        yield
    finally:
        _listener = before
