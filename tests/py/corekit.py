"""What the engine's tests share: the Boolean data, separable and noisy data, the run compared with the
literal loop."""
import numpy as np


BOOL_X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
AND_Y = np.array([-1, -1, -1, 1])


def noisy_data(rng, n, d, flip=0.2):
    X = rng.normal(size=(n, d))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0, 1, -1)
    y[rng.random(n) < flip] *= -1
    return X, y
