"""Step-through in the page: under fixed order the panel walks exactly the updates that
perceptron_lab.core.train makes in CPython for AND (example index and w at every step),
step back restores the previous state, play advances and pause stops, the proof plot
follows the scrubber, the keyboard drives the scrubber, the live region is quiet during
play, and batch / subsampled runs say what a step is.

One page for the module (one Pyodide boot); everything is driven through the controls."""
from __future__ import annotations

import json

import numpy as np
import pytest
from playwright.sync_api import expect

from pagekit import click_train, in_tab, open_tab, settled
from perceptron_lab.core import train as core_train
from perceptron_lab.data import preset
from perceptron_lab.core.features import prepare
import reference
from stepkit import STEP_TIMEOUT_MS, choose, panel, scrub_to, settle_and_watch, wait_proof, wait_step


@pytest.fixture(scope="module")
def and_page(page, wait_ready):
    wait_ready(page)
    # The page trains AND once by itself when Python is ready; train again with the
    # settings of this module spelled out (online, fixed order).
    assert settled(page) == "done"
    choose(page, "and")
    assert click_train(page) == "done"
    # The step's picture is drawn where it is on screen: behind the Steps tab (one-screen lab).
    open_tab(page, "steps")
    return page


@pytest.fixture(scope="module")
def and_run():
    ds = preset("and")
    run = core_train(prepare(ds.X), ds.y, algorithm="online", order="fixed", max_epochs=100)
    assert not run.trace.subsampled
    return run


def test_walks_the_engines_updates(and_page, and_run):
    page = and_page
    tr = and_run.trace
    first = wait_step(page, 0)
    assert int(first["total"]) == len(tr.w) == and_run.n_updates == 18
    assert json.loads(first["w"]) == [0.0, 0.0, 0.0]
    expect(page.locator("#step-back")).to_be_disabled()
    Z = prepare(preset("and").X)
    y = preset("and").y
    for k in range(1, len(tr.w) + 1):
        page.click("#step-fwd")
        p = wait_step(page, k)
        i = int(tr.index[k - 1])
        assert p["index"] == str(i), (k, p["index"], i)
        assert json.loads(p["w"]) == tr.w[k - 1].tolist(), (k, p["w"])
        assert int(p["t"]) == int(tr.step[k - 1])
        # The numbers of the rule are on screen: the example, a = w·x̃, y·a, w_before + η·y·x̃ = w_after.
        w_before = tr.w[k - 2] if k >= 2 else np.zeros(3)
        a = float(w_before @ Z[i])
        assert a == float(tr.activation[k - 1])
        assert f"example #{i + 1}" in p["text"], p["text"]
        fmt = lambda v: str(int(v)).replace("-", "−") if float(v).is_integer() else None  # noqa: E731
        assert f"a = w·x̃ = {fmt(a)}" in p["text"], p["text"]
        assert f"y = {'+1' if y[i] > 0 else '−1'}" in p["text"]
        vec = lambda v: "(" + ", ".join(fmt(c) for c in v) + ")"  # noqa: E731
        assert f"= {vec(w_before)} + 1·({'+1' if y[i] > 0 else '−1'})·{vec(Z[i])} = {vec(tr.w[k - 1])}" in p["text"], p["text"]
        # Component names head the table; its last row is w after.
        assert "x1" in p["math"] and "x2" in p["math"] and "bias" in p["math"]
        # Seed 004: the angle to a positive example shrinks, to a negative one grows.
        angles = page.evaluate(
            "() => { const a = document.querySelector('#step-math .step-angle');"
            " return a ? [a.dataset.before, a.dataset.after] : null; }")
        after = float(angles[1])
        if angles[0]:
            before = float(angles[0])
            assert (after < before) if y[i] > 0 else (after > before), (k, y[i], before, after)
            assert ("shrank" in p["text"]) == (y[i] > 0 and after < before)
        else:
            assert k == 1  # w = 0 before the first update: no angle
    expect(page.locator("#step-fwd")).to_be_disabled()
    assert page.get_attribute("#step-range", "max") == str(len(tr.w))
    # The last step's w is the shown answer.
    shown = json.loads(page.get_attribute("#weights", "data-values")) + [
        json.loads(page.get_attribute("#weights", "data-bias"))]
    assert json.loads(panel(page)["w"]) == shown == and_run.model.w.tolist()


def test_step_back_restores_the_previous_state(and_page, and_run):
    page = and_page
    scrub_to(page, 5)
    five = wait_proof(page, 5)
    assert five["step"] == "5"
    page.click("#step-fwd")
    six = wait_step(page, 6)
    assert six["w"] != five["w"] and six["image"] != five["image"]
    page.click("#step-back")
    back = wait_step(page, 5)
    assert back["w"] == five["w"]
    assert json.loads(back["w"]) == and_run.trace.w[4].tolist()
    assert back["index"] == five["index"]
    assert back["image"] == five["image"]  # the same frame, pixel for pixel
    assert back["alt"] == five["alt"]
    assert back["range"] == "5"


def test_scrubber_keys(and_page):
    page = and_page
    scrub_to(page, 3)
    wait_step(page, 3)
    page.focus("#step-range")
    page.keyboard.press("ArrowRight")
    assert wait_step(page, 4)["range"] == "4"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert wait_step(page, 2)["range"] == "2"
    page.keyboard.press("End")
    assert wait_step(page, 18)["range"] == "18"
    page.keyboard.press("Home")
    wait_step(page, 0)
    # The step is announced politely once the scrubber rests.
    page.wait_for_selector("#step-live:has-text('Step 0')", state="attached", timeout=STEP_TIMEOUT_MS)
    assert "Step 0" in panel(page)["live"]
    assert page.get_attribute("#step-live", "aria-live") == "polite"
    # Buttons are real buttons.
    for sel in ("#step-play", "#step-back", "#step-fwd"):
        assert page.evaluate(f"document.querySelector('{sel}').tagName") == "BUTTON"


def test_keyboard_focus_survives_the_last_and_the_first_step(and_page):
    # Forward is disabled at the last step: the focus moves to Back (not to <body>), so the
    # next key press still steps; at step 0 Back hands it to Forward the same way.
    page = and_page
    scrub_to(page, 16)
    wait_step(page, 16)
    page.focus("#step-fwd")
    page.keyboard.press("Enter")
    wait_step(page, 17)
    page.keyboard.press("Enter")
    wait_step(page, 18)
    assert page.is_disabled("#step-fwd")
    assert page.evaluate("document.activeElement.id") == "step-back"
    page.keyboard.press("Enter")
    assert wait_step(page, 17)["range"] == "17"
    scrub_to(page, 1)
    wait_step(page, 1)
    page.focus("#step-back")
    page.keyboard.press("Enter")
    wait_step(page, 0)
    assert page.is_disabled("#step-back")
    assert page.evaluate("document.activeElement.id") == "step-fwd"


def test_play_advances_and_pause_stops(and_page):
    page = and_page
    scrub_to(page, 0)
    wait_step(page, 0)
    with in_tab(page, "steps"):
        page.select_option("#step-speed", "5")
    # Count what the live region says while playing: nothing, until the pause.
    page.evaluate(
        """() => { window.__liveChanges = 0;
                   window.__liveObs = new MutationObserver(() => { window.__liveChanges++; });
                   window.__liveObs.observe(document.getElementById("step-live"),
                                            { childList: true, characterData: true, subtree: true }); }""")
    page.click("#step-play")
    expect(page.locator("#step-play")).to_have_text("Pause")
    assert panel(page)["playing"] == "true"
    # Under load play drops frames (it may jump from 2 to 4): wait for step 3 or later.
    page.evaluate(
        """(ms) => new Promise((resolve, reject) => {
             const p = document.getElementById("stepper");
             const t0 = performance.now();
             const look = () => Number(p.dataset.step) >= 3 ? resolve()
               : performance.now() - t0 > ms ? reject(new Error(`step ${p.dataset.step}`))
               : requestAnimationFrame(look);
             look();
           })""",
        STEP_TIMEOUT_MS)
    assert page.evaluate("window.__liveChanges") == 0
    page.click("#step-play")  # pause
    expect(page.locator("#step-play")).to_have_text("Play")
    # A frame in flight when pausing still lands; then the stepper is idle and stays put
    # (at 5 updates/s, play would have moved on within the frames watched).
    still = settle_and_watch(page, frames=30, min_ms=800)
    k = int(still["step"])
    assert 3 <= k < 18, still
    assert still["seen"] == [f"{k}/{k}/false"], still
    assert still["frames"] >= 30 and still["ms"] >= 800, still
    later = panel(page)
    assert later["step"] == str(k) and later["range"] == str(k)
    # Pausing fetches the proof for the step and announces it, once.
    wait_proof(page, k)
    page.wait_for_selector(f"#step-live:has-text('update {k} of 18')", state="attached", timeout=STEP_TIMEOUT_MS)
    assert page.evaluate("window.__liveChanges") >= 1
    # Play runs to the end and stops there by itself.
    with in_tab(page, "steps"):
        page.select_option("#step-speed", "60")
    page.click("#step-play")
    page.wait_for_selector('#stepper[data-step="18"][data-playing="false"]', state="attached",
                           timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#step-play")).to_have_text("Play")
    expect(page.locator("#step-fwd")).to_be_disabled()
    page.evaluate("window.__liveObs.disconnect()")


def test_proof_follows_the_scrubber(and_page, and_run):
    page = and_page
    for k in (2, 11, 7):
        scrub_to(page, k)
        p = wait_proof(page, k)
        t = int(and_run.trace.step[k - 1])
        assert f"t = {t} update" in p["proofAlt"], p["proofAlt"]
        assert p["step"] == str(k)
        assert p["proofPicture"].startswith("data:image/png;base64,")
    # Different steps draw different proof plots.
    scrub_to(page, 2)
    two = wait_proof(page, 2)["proofPicture"]
    scrub_to(page, 11)
    assert wait_proof(page, 11)["proofPicture"] != two


def test_batch_steps_are_epochs(and_page):
    page = and_page
    choose(page, "and", algorithm="batch")
    assert click_train(page) == "done"
    p = wait_step(page, 0)
    assert "batch update" in p["note"], p["note"]
    ds = preset("and")
    run = core_train(prepare(ds.X), ds.y, algorithm="batch", order="fixed", max_epochs=100)
    assert int(p["total"]) == len(run.trace.w) == run.n_updates
    page.click("#step-fwd")
    p = wait_step(page, 1)
    assert p["index"] == ""  # no single example
    assert "Epoch 1" in p["text"] and "batch update" in p["text"], p["text"]
    assert json.loads(p["w"]) == run.trace.w[0].tolist()
    assert "example #" not in p["text"]
    with in_tab(page, "steps"):
        assert page.locator("#step-proof-fig").is_hidden()  # no proof for the batch rule


def test_subsampled_trace_says_so(and_page):
    page = and_page
    choose(page, "overlap", epochs=100, n=600)
    assert click_train(page) == "done"
    p = wait_step(page, 0)
    total = int(p["total"])
    assert "evenly spaced" in p["note"], p["note"]
    assert total <= 5000
    scrub_to(page, total // 2)
    p = wait_step(page, total // 2)
    assert "update t = " in p["text"] and f"step {total // 2} of {total}" in p["text"], p["text"]
    # w before is the update undone (not the previous recorded w): w_before + η·y·x̃ = w_after.
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#step-math tbody tr')].map((tr) =>
              [...tr.querySelectorAll('td')].map((td) => Number(td.textContent.replace('−', '-'))))""")
    x, before, step, after = rows
    for b, s, a in zip(before, step, after):
        assert abs(b + s - a) <= 2e-3 * max(1.0, abs(a), abs(b), abs(s)), (before, step, after)
    # The last step is the run's last update, its answer (CPython's run), and the big plot's caption
    # numbers the update, not the step.
    ds = preset("overlap", n=600)
    run = core_train(prepare(ds.X), ds.y, max_epochs=100)
    scrub_to(page, total)
    p = wait_step(page, total)
    assert int(p["t"]) == run.n_updates, (p["t"], run.n_updates)
    assert page.text_content("#watch-caption").startswith(f"Update {run.n_updates} of {run.n_updates} (step {total} of {total})")



def test_subsampled_kernel_trace_says_so_and_steps_are_its_updates(and_page):
    """Past the cap the kernel perceptron's steps are evenly spread over the whole run, as the
    primal's: the note says so and step k is update t = trace.step[k-1] of CPython's run."""
    from perceptron_lab.core import kernel_perceptron as kernel

    page = and_page
    choose(page, "overlap", algorithm="kernel", epochs=100, n=600)
    assert click_train(page) == "done"
    p = wait_step(page, 0)
    ds = preset("overlap", n=600)
    ref = kernel.train_kernel(ds.X, ds.y, max_epochs=100, order="fixed", trace_cap=5000)
    assert ref.trace.subsampled
    assert int(p["total"]) == len(ref.trace.step) and "evenly spaced" in p["note"], p["note"]
    assert f"The run made {ref.trace.total} updates" in p["note"], p["note"]
    k = 40  # within the frames the page asks for first (a late kernel frame sums every support vector)
    assert int(ref.trace.step[k - 1]) > k
    scrub_to(page, k)
    p = wait_step(page, k)
    assert int(p["t"]) == int(ref.trace.step[k - 1]) and p["index"] == str(int(ref.trace.index[k - 1]))
    a = int(ref.trace.alpha[k - 1])
    assert f"= {a - 1} → {a}" in p["text"] and f"Update t = {int(ref.trace.step[k - 1])} (step {k} of" in p["text"], p["text"]

def test_every_visited_example(and_page):
    """By visit: every example the run looked at, in order; a correct prediction says
    "y·a > 0: no update" and keeps w; each visit's w and verdict = a literal loop's."""
    page = and_page
    choose(page, "and")
    assert click_train(page) == "done"
    wait_step(page, 0)
    ds = preset("and")
    Z = prepare(ds.X)
    visits = [(v.mistake, v.w_after) for v in reference.online_visits(Z, ds.y)]
    with in_tab(page, "steps"):
        page.check("#step-visits")
    page.wait_for_selector('#stepper[data-mode="visits"][data-visit="0"]', state="attached", timeout=STEP_TIMEOUT_MS)
    assert int(page.get_attribute("#stepper", "data-total")) == len(visits) - 1
    for v, (update, w_v) in enumerate(visits):
        if v:
            page.click("#step-fwd")
        page.wait_for_selector(f'#stepper[data-visit="{v}"]', state="attached", timeout=STEP_TIMEOUT_MS)
        p = panel(page)
        assert page.get_attribute("#stepper", "data-update") == str(update).lower(), v
        assert np.allclose(json.loads(p["w"]), w_v), (v, p["w"], w_v)
        assert p["index"] == str(v % 4)
        if not update:
            assert "y·a > 0: no update" in p["text"], p["text"]
        assert p["text"].startswith(f"Visit {v + 1} of {len(visits)}")
    with in_tab(page, "steps"):
        page.uncheck("#step-visits")
    page.wait_for_selector('#stepper[data-mode="updates"][data-step="0"]', state="attached", timeout=STEP_TIMEOUT_MS)
