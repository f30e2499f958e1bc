"""No false sentence in a seeded sample of random small runs (bench/sentence_sweep.py runs ~750):
every status, separability, bound, cycle and accuracy claim the judge recognises is checked against
its independent oracle (sentence_oracle.py: LP, exact rationals, the literal loops)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench.sentence_sweep import sweep  # noqa: E402


def test_a_seeded_sample_of_random_runs_says_nothing_false():
    runs, sentences, judged, false, kinds = sweep(200, seed=36, report=lambda *_: None)
    assert not false, false[:3]
    assert judged >= 500 and kinds["separable"] >= 50 and kinds["not separable"] >= 30
    assert kinds["the weights repeat"] + kinds["back where it was"] >= 20 and kinds["mistakes ≤ bound"] >= 40
