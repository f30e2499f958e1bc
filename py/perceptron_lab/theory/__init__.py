"""The theory of the lecture notes, computed (margin.py) on top of an exact NNLS (nnls.py)."""

from .margin import (  # noqa: F401
    MarginResult, bound, margin_of, max_margin, nnls, proof_series, radius, summary,
)

__all__ = ["MarginResult", "radius", "nnls", "max_margin", "bound", "margin_of", "proof_series", "summary"]
