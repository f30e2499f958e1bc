"""The table behind a kernel or multiclass regions plot (issue 35 item 2: a table behind every
plot): each training point in the plotted features, its class and the class the answer predicts,
checked against the answer's own numbers (W·x̃ argmax; the kernel's f = Σ αᵢ yᵢ k̃(xᵢ, x))."""

import numpy as np
from sklearn.datasets import load_iris

from perceptron_lab.bridge import handle


def train(data, **settings):
    r = handle({"cmd": "train", "data": {"kind": "preset", **data}, "settings": settings})
    assert r["ok"], r
    return r


def test_multiclass_rows_are_iris_points_with_the_argmax_of_the_answer_scores():
    r = train({"name": "iris"}, algorithm="multiclass")
    pr = r["point_rows"]
    X, y = load_iris(return_X_y=True)
    names = ["setosa", "versicolor", "virginica"]
    assert pr["features"] == ["sepal length (cm)", "sepal width (cm)"] and len(pr["rows"]) == 150
    W = np.array(r["weights"])
    Z = np.hstack([X, np.ones((150, 1))])  # the preset is not standardized: W acts on x̃ = (x, 1)
    pred = np.argmax(Z @ W.T, axis=1)
    rows = sorted(pr["rows"])  # the rows follow the training order: compare as sets of points
    ref = sorted([[*X[i, :2], names[y[i]], names[pred[i]]] for i in range(150)])
    assert rows == ref
    wrong = sum(row[2] != row[3] for row in pr["rows"])
    assert wrong == round(150 * (1 - r["train_accuracy"]))


def test_kernel_rows_predict_by_the_sign_of_f_from_alpha():
    r = train({"name": "circles", "n": 40, "seed": 5}, algorithm="kernel", kernel="rbf")
    pr = r["point_rows"]
    X = np.array([row[:2] for row in pr["rows"]])
    lab = np.array([1 if row[2] == "+1" else -1 for row in pr["rows"]])
    alpha = np.array(r["alpha"], dtype=float)
    K = np.exp(-1.0 * ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1)) + 1.0  # k̃ = k + 1 (the bias)
    f = K @ (alpha * lab)
    pred = np.where(f >= 0, "+1", "-1")
    assert [row[3] for row in pr["rows"]] == pred.tolist()
    assert pr["features"] == ["x1", "x2"] and len(pr["rows"]) == len(r["alpha"])
