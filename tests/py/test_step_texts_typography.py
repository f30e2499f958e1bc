"""The exercise and step captions of the kernel and multiclass perceptrons write numbers as the
rest of the page does: the typographic minus, never "-0"; and a one-update cycle says "repeats"."""
import numpy as np

from perceptron_lab.texts.kernel import kernel_step_text
from perceptron_lab.texts.multiclass import multiclass_step_text
from perceptron_lab.plots.text import describe_cycle


def test_kernel_step_text_minus_and_zero():
    t = kernel_step_text(3, -1, 0.0, 1)
    assert "(y = −1)" in t and "f(x) = 0," in t and "y·f(x) = 0 ≤ 0" in t, t
    assert "-" not in t, t
    t = kernel_step_text(0, 1, -2.5, 2)
    assert "(y = +1)" in t and "f(x) = −2.5" in t and "y·f(x) = −2.5" in t, t


def test_multiclass_step_text_minus():
    t = multiclass_step_text(4, "a", "b", -565400.0, 565400.0)
    assert "5.654e+05 ≥ −5.654e+05" in t, t


def test_cycle_of_one_update_repeats():
    one = describe_cycle(np.array([[1.0, 0.0]]), np.zeros(2), period=1, epoch=3)
    assert "the same 1 update repeats forever" in one, one
    two = describe_cycle(np.array([[1.0, 0.0], [0.0, 1.0]]), np.zeros(2), period=1, epoch=3)
    assert "the same 2 updates repeat forever" in two, two
