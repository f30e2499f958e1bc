"""What the issue-14 e2e modules share: after a hostile file, link or run, the tab must
still train AND, with the right numbers, soon."""

from __future__ import annotations

import time

from datakit import engine, preset_data
from pagekit import click_train, shown_weights

# After a restart of Python (a cancel ends the worker: Python runs synchronously in it and
# cannot be interrupted without cross-origin isolation) the tab trains again within this bound
# here; the figures on this shared machine are bench/restart.py's (a long run's cancel adopts
# a spare worker that booted alongside). Without a restart: QUICK_S.
AFTER_RESTART_S = 30
QUICK_S = 5


def train_and_quickly(page, since: float | None = None) -> float:
    """Switch to the AND preset with 100 epochs and train as soon as Train is enabled; ->
    seconds from `since` (time.monotonic() when the hostile action was over; default now)
    until AND's result is on screen. The weights are CPython's for the same settings."""
    t0 = time.monotonic() if since is None else since
    page.check("#source-preset")
    page.select_option("#preset", "and")
    page.fill("#epochs", "100")
    state = click_train(page)
    took = time.monotonic() - t0
    assert state == "done", (state, page.text_content("#message"))
    assert page.get_attribute("#status", "data-status") == "converged"
    exp = engine(preset_data("and"), algorithm=page.input_value("#algorithm"),
                 eta=float(page.input_value("#eta")), epochs=100)
    assert shown_weights(page) == (exp["weights"], exp["bias"])
    return took
