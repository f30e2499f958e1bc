"""Exact linear algebra in rationals (fractions.Fraction): the certificates of non-separability
(theory.margin's Farkas weights, core.cycle_proof's lap weights) must not depend on rounding."""

from __future__ import annotations


def rref(A, ncols):
    """Bring the rows of A (lists of Fractions) to reduced row echelon form in place, pivoting
    on the first ncols columns; returns the pivot columns, one per nonzero row, in order."""
    pivots, row = [], 0
    for col in range(ncols):
        if row == len(A):
            break
        p = next((r for r in range(row, len(A)) if A[r][col] != 0), None)
        if p is None:
            continue
        A[row], A[p] = A[p], A[row]
        piv = A[row][col]
        A[row] = [x / piv for x in A[row]]
        for r in range(len(A)):
            if r != row and A[r][col] != 0:
                f = A[r][col]
                A[r] = [x - f * y for x, y in zip(A[r], A[row])]
        pivots.append(col)
        row += 1
    return pivots
