"""The kernel and multiclass perceptrons through the page: chosen with the controls, trained by
Pyodide, their numbers equal to CPython's cores (kernel.train_kernel, multiclass.train_multiclass)
run here on the same data, the step-through says which αᵢ grows (or which two rows of W move),
and a copied link reproduces each run bit for bit in a new page.

One page for the module (one Pyodide boot)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from pagekit import PICTURE_OF_IMG_JS, extra_page, settled, train
from perceptron_lab import data
from perceptron_lab.core import kernel_perceptron as kernel
from perceptron_lab.core import multiclass
from perceptron_lab.core.features import prepare
from conftest import wait_ready_of
from linkkit import copy_link


def model_details(page) -> dict:
    """What the beyond panel holds, as exact JSON strings, plus status and mistakes."""
    return page.evaluate("""() => {
        const b = document.getElementById("model-details");
        return { hidden: b.hidden, algorithm: b.dataset.algorithm || "", alpha: b.dataset.alpha || "",
                 support: b.dataset.support || "", classes: b.dataset.classes || "",
                 confusion: b.dataset.confusion || "", perClass: b.dataset.perClass || "",
                 status: document.getElementById("status").dataset.status,
                 statusText: document.getElementById("status").textContent,
                 mistakes: document.getElementById("mistakes").dataset.value,
                 plots: [...b.querySelectorAll("img")].map((i) => i.id),
                 text: b.innerText };
    }""")


def step_to(page, k: int) -> dict:
    page.evaluate("""(k) => { const r = document.getElementById("step-range"); r.value = String(k);
                              r.dispatchEvent(new Event("input", { bubbles: true })); }""", k)
    page.wait_for_selector(f'#stepper[data-step="{k}"]', state="attached", timeout=30_000)
    return page.evaluate("""() => ({ index: document.getElementById("stepper").dataset.index,
        total: document.getElementById("stepper").dataset.total,
        text: document.getElementById("step-text").textContent,
        error: document.getElementById("step-error").textContent,
        image: (""" + PICTURE_OF_IMG_JS + """)(document.getElementById("step-image")) })""")


@pytest.fixture(scope="module")
def ready(page, wait_ready):
    wait_ready(page)
    settled(page)
    return page


@pytest.fixture(scope="module")
def xor_run(ready):
    page = ready
    page.check("#source-preset")
    page.select_option("#preset", "xor")
    page.select_option("#algorithm", "kernel")
    page.select_option("#kernel", "rbf")
    page.fill("#rbf-gamma", "2")
    page.dispatch_event("#rbf-gamma", "change")
    page.select_option("#order", "fixed")
    train(page)
    return model_details(page), copy_link(page)


def test_kernel_controls_follow_the_algorithm(ready, xor_run):
    page = ready
    assert page.is_visible("#kernel") and page.is_visible("#rbf-gamma")
    assert not page.is_visible("#degree") and not page.is_visible("#average")
    page.select_option("#kernel", "poly")
    assert page.is_visible("#degree") and page.is_visible("#coef0") and not page.is_visible("#rbf-gamma")
    # The result's margin cell keeps its own id: the RBF γ control is #rbf-gamma.
    assert page.get_attribute("#gamma", "data-value") not in (None, "null")
    page.select_option("#kernel", "rbf")


def test_rbf_solves_xor_as_the_core_does(xor_run):
    shown, _ = xor_run
    ds = data.preset("xor")
    ref = kernel.train_kernel(ds.X, ds.y, kernel="rbf", gamma=2.0, order="fixed")
    assert ref.status == "converged"
    assert shown["status"] == "converged" and not shown["hidden"] and shown["algorithm"] == "kernel"
    assert json.loads(shown["alpha"]) == ref.model.alpha.tolist()
    assert json.loads(shown["support"]) == ref.support.tolist()
    assert json.loads(shown["mistakes"]) == ref.mistakes
    assert f"{len(ref.support)} of 4 training examples" in shown["text"]


def test_kernel_step_through_says_which_alpha_grows(ready, xor_run):
    page = ready
    ds = data.preset("xor")
    ref = kernel.train_kernel(ds.X, ds.y, kernel="rbf", gamma=2.0, order="fixed")
    got = step_to(page, 2)
    i = int(ref.trace.index[1])
    assert got["index"] == str(i) and got["total"] == str(ref.trace.total)
    a = int(ref.trace.alpha[1])
    assert f"Example {i + 1} " in got["text"] and f"= {a - 1} → {a}" in got["text"]
    assert got["image"].startswith("data:image/png;base64,")


def test_kernel_link_reproduces_the_run(browser, xor_run):
    shown, link = xor_run
    assert "algorithm=kernel" in link and "kernel=rbf" in link and "gamma=2" in link
    with extra_page(browser, link) as fresh:
        wait_ready_of(fresh)
        assert settled(fresh) == "done"
        again = model_details(fresh)
    assert {k: again[k] for k in ("alpha", "support", "status", "mistakes")} == \
        {k: shown[k] for k in ("alpha", "support", "status", "mistakes")}


@pytest.fixture(scope="module")
def digits_run(ready, xor_run):
    page = ready
    page.check("#source-preset")
    page.select_option("#preset", "digits")
    page.select_option("#algorithm", "multiclass")
    page.fill("#epochs", "5")
    page.dispatch_event("#epochs", "change")
    page.select_option("#order", "shuffle-each")
    page.fill("#seed", "3")
    page.dispatch_event("#seed", "change")
    train(page)
    return model_details(page), copy_link(page)


def test_digits_multiclass_is_the_core_run(digits_run):
    shown, _ = digits_run
    md = data.preset("digits", multiclass=True)
    Z = prepare(md.X)
    ref = multiclass.train_multiclass(Z, md.y, len(md.classes), max_epochs=5, order="shuffle-each", seed=3)
    C = multiclass.confusion_matrix(md.y, ref.predict(Z), len(md.classes))
    assert json.loads(shown["confusion"]) == C.tolist()
    assert json.loads(shown["perClass"]) == multiclass.per_class_accuracy(C)
    assert len(json.loads(shown["classes"])) == 10
    assert json.loads(shown["mistakes"]) == ref.mistakes
    assert {"plot-confusion", "plot-class_weights", "plot-gallery"} <= set(shown["plots"])
    assert int(np.trace(C)) < len(md.y) or "No training example is misclassified" in shown["text"]


def test_digits_link_reproduces_the_run(browser, digits_run):
    shown, link = digits_run
    assert "algorithm=multiclass" in link and "preset=digits" in link
    with extra_page(browser, link) as fresh:
        wait_ready_of(fresh)
        assert settled(fresh) == "done"
        again = model_details(fresh)
    for k in ("confusion", "perClass", "classes", "status", "mistakes"):
        assert again[k] == shown[k], k


def test_multiclass_class_choosers_say_every_class_and_can_pick_two(ready, digits_run):
    page = ready
    chosen = lambda: page.evaluate("""() => ["classes-a", "classes-b"].map((id) => {
        const s = document.getElementById(id); return s.options[s.selectedIndex].text; })""")
    # Digits picked in the page opens on two pixels that vary (its first two are always blank).
    assert [page.evaluate(f"() => document.getElementById('{i}').selectedOptions[0].text") for i in ("plot-x", "plot-y")] \
        == ["pixel_5_2", "pixel_5_3"]
    # Trained on all ten: the choosers and the labels line say so, not "0 vs 1".
    assert chosen() == ["every class (10)", "—"]  # said once
    assert "trains on every class (10)" in page.text_content("#classes-hint")
    names = lambda: [page.get_attribute(f"#classes-{k}", "aria-label") for k in "ab"]
    assert names() == ["Classes: every class, or the first of two", "The second of two classes"]  # no −1 / +1 here
    assert page.text_content("#labels").startswith("10 classes (0, 1, 2")
    # Two classes chosen: the run takes only those (as the core does with classes=).
    page.select_option("#classes-a", "3")
    assert chosen() == ["3", "—"]  # waits for the second class
    page.select_option("#classes-b", "5")
    train(page)
    two = model_details(page)
    md = data.preset("digits", multiclass=True, classes=["3", "5"])
    ref = multiclass.train_multiclass(prepare(md.X), md.y, 2, max_epochs=5, order="shuffle-each", seed=3)
    assert json.loads(two["classes"]) == ["3", "5"] and json.loads(two["mistakes"]) == ref.mistakes
    assert page.text_content("#labels").startswith("2 classes (3, 5)")
    # Back to every class; a binary algorithm shows the first two classes again.
    page.select_option("#classes-b", "")
    assert chosen() == ["every class (10)", "—"]  # said once
    page.select_option("#algorithm", "online")
    page.wait_for_function("() => document.getElementById('classes-a').value === '0'")
    assert chosen() == ["0", "1"] and "every class" not in page.text_content("#classes-hint")
    assert names() == ["Class −1 or +1 (first)", "Class −1 or +1 (second)"]
