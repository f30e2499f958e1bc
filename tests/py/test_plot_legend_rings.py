"""Every ring a boundary picture draws is named in its legend: the update's example (pink, at a
step, in the page-drawn show and the step frames), a kernel run's support vectors (green), and the
misclassified points of a multiclass step."""
import numpy as np

from perceptron_lab.plots import boundary_figure
from perceptron_lab.plots.animator import BoundaryAnimator
from perceptron_lab.plots.kernel import kernel_figure
from perceptron_lab.plots.multiclass import regions_figure
from perceptron_lab.plots.scene import BoundaryMotion

X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.5, 0.2]])
Y = np.array([-1, -1, -1, 1, -1])
EXAMPLE, SUPPORT = "the update's example", "support vector (αᵢ > 0)"


def legend_texts(fig):
    legends = list(fig.legends) + [a.get_legend() for a in fig.axes if a.get_legend() is not None]
    return [t.get_text() for leg in legends for t in leg.get_texts()]


def test_a_step_picture_names_the_ring_of_its_example():
    assert EXAMPLE in legend_texts(boundary_figure(X, Y, w=[1.0, 1.0, -1.5], highlight=2))
    assert EXAMPLE not in legend_texts(boundary_figure(X, Y, w=[1.0, 1.0, -1.5]))  # no ring, no entry


def test_the_show_and_the_step_frames_name_it_too():
    assert EXAMPLE in legend_texts(BoundaryMotion(X, Y).fig)
    assert EXAMPLE in legend_texts(BoundaryAnimator(X, Y).fig)


def test_a_kernel_picture_names_its_support_vector_rings():
    decision = lambda R: R[:, 0] + R[:, 1] - 1.5  # noqa: E731
    texts = legend_texts(kernel_figure(X, Y, decision=decision, alpha=[0, 1, 0, 2, 0]))
    assert SUPPORT in texts and EXAMPLE not in texts
    assert {EXAMPLE, SUPPORT} <= set(legend_texts(BoundaryMotion(X, Y, kernel=True).fig))
    assert SUPPORT not in legend_texts(BoundaryMotion(X, Y).fig)


def test_a_multiclass_step_names_its_rings():
    Xm = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    ym = np.array([0, 1, 2, 1])
    scores = lambda R: np.zeros((len(R), 3))  # noqa: E731 (w = 0: every point the first class)
    texts = legend_texts(regions_figure(Xm, ym, scores=scores, classes=["a", "b", "c"], highlight=1))
    assert EXAMPLE in texts and "misclassified" in texts
