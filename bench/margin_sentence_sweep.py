"""Every sentence of random small margin perceptron runs (update whenever y·(w·x̃) <= τ) judged by an
independent oracle (tests/py/margin_oracle.py): τ from 0 to 3.5, η 0.1 to 2, bias on and off, early
stop, fixed and shuffled orders, through the bridge. Prints the claims judged and every false one.

    .venv/bin/python bench/margin_sentence_sweep.py [runs] [seed]
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "py")]
from bench.sentence_sweep import main, sweep  # noqa: E402
import margin_oracle  # noqa: E402

__all__ = ["sweep"]

if __name__ == "__main__":
    main(margin_oracle, runs=500, seed=6)
