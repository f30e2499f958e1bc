"""What the theory tests share: the Boolean data, references written here (a brute-force γ, planted
data, KKT checks)."""
import numpy as np

from tools import planted_data


# x̃ = (x1, x2, 1) for the four Boolean inputs, bias last.
BOOL_Z = np.array([[0, 0, 1], [0, 1, 1], [1, 0, 1], [1, 1, 1]], dtype=float)
AND_Y = np.array([-1, -1, -1, 1])


XOR_Y = np.array([-1, 1, 1, -1])


def planted(seed, n, d, margin):
    X, sign, u_star = planted_data.planted(seed, n, d, margin)
    return X, sign.astype(int), u_star
