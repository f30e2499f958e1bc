"""Watch it learn, in the page (js/steps/watch.js, js/share/presenter.js): after Train the main boundary
plot plays exactly the updates of a literal perceptron written here (AND, fixed order), the
mistakes plot grows and the proof plot follows every frame, then the plots settle; XOR under
a fixed order shows its cycle three times with the repeating w named; a changed preset
setting retrains without Train; reduced motion and play=0 turn the show off; present=1 opens
presenter mode and its keys step and train; on a phone the plot comes first, a cold link's run
computed ahead moves in a picture drawn for the phone's box, and the Train bar is at most 60 px high."""
from __future__ import annotations

import json

import numpy as np
import pytest
from playwright.sync_api import expect

from conftest import wait_ready_of
from pagekit import arm_run_end, at_rest, click_train, extra_page, in_tab, run_end, settled
import reference

SHOW_TIMEOUT_MS = 90_000
AND = (np.array([[0, 0], [0, 1], [1, 0], [1, 1]], float), np.array([-1, -1, -1, 1]))
XOR = (np.array([[0, 0], [0, 1], [1, 0], [1, 1]], float), np.array([-1, 1, 1, -1]))

# Every change of the main plots' pictures, with the step and w the boundary figure says.
RECORD_JS = """() => {
  window.__frames = []; window.__mistakes = []; window.__proofs = 0;
  const b = document.getElementById("plot-boundary"), m = document.getElementById("plot-mistakes");
  // A frame is a new picture (src) or, when the page draws the show itself, a new step on the figure.
  const f = b.closest("figure");
  new MutationObserver(() => {
    window.__frames.push({ step: f.dataset.step ?? null, w: f.dataset.w ?? null, watch: f.dataset.watch ?? null });
  }).observe(f, { attributes: true, subtree: true, attributeFilter: ["src", "data-step"] });
  new MutationObserver(() => { window.__mistakes.push(m.closest("figure").dataset.epochs ?? null); })
    .observe(m, { attributes: true, attributeFilter: ["src"] });
  new MutationObserver(() => { window.__proofs++; })
    .observe(document.getElementById("plot-proof").closest("figure"), { attributes: true, subtree: true, attributeFilter: ["src", "data-t"] });
}"""


def literal_updates(X, y, epochs=100):
    """The online perceptron from its definition (x̃ = (x, 1), w = 0, fixed order, update on
    y·(w·x̃) ≤ 0): w after each update, and whether it stopped on a repeated w (a cycle)."""
    Z = np.hstack([X, np.ones((len(X), 1))])
    out, seen = [], {np.zeros(3).tobytes()}
    for ep in reference.epochs_of(reference.online_visits(Z, y, epochs=epochs)):
        out += [v.w_after for v in ep if v.mistake]
        w = ep[-1].w_after
        if not any(v.mistake for v in ep):
            return out, False
        if w.tobytes() in seen:
            return out, True
        seen.add(w.tobytes())
    return out, False


def show_and_wait(page, preset: str):
    """Choose the preset (fixed order, online), record, train and wait for the show to end."""
    page.check("#source-preset")
    page.select_option("#preset", preset)
    page.select_option("#algorithm", "online")
    page.select_option("#order", "fixed")
    page.evaluate(RECORD_JS)
    # The proof plot moves with the show where it is on screen: behind the Plots tab.
    with in_tab(page, "plots"):
        assert click_train(page) == "done"
        page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    return page.evaluate("() => ({ frames: window.__frames, mistakes: window.__mistakes, proofs: window.__proofs })")


def played(frames):
    """(step, w) of the frames the show drew (the settle at the end has no step)."""
    return [(int(f["step"]), json.loads(f["w"])) for f in frames if f["step"] is not None]


@pytest.fixture(scope="module")
def moving(browser, base_url):
    """A page that plays (no reduced-motion preference), once its first run's show is over."""
    with extra_page(browser, base_url, motion="no-preference") as page:
        wait_ready_of(page)
        # A run computed ahead (js/run/ahead.js) may end its show before Python is ready: the run
        # is over once Python has taken it over (run state done).
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=SHOW_TIMEOUT_MS)
        page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
        page.set_default_timeout(90_000)
        yield page


def test_auto_play_draws_the_literal_updates_then_settles(moving):
    page = moving
    rec = show_and_wait(page, "and")
    expected, cycled = literal_updates(*AND)
    assert not cycled
    frames = played(rec["frames"])
    assert len(frames) >= 4, frames  # an animation, not a jump to the end
    steps = [k for k, _ in frames]
    assert steps == sorted(steps) and len(set(steps)) == len(steps), steps
    assert steps[-1] == len(expected)
    for k, w in frames:
        want = np.zeros(3) if k == 0 else expected[k - 1]
        assert np.allclose(w, want), (k, w, want)
    # Settled: the last picture is the result's, with the final w, and the caption says so.
    last = rec["frames"][-1]
    assert last["step"] is None and np.allclose(json.loads(last["w"]), expected[-1])
    assert page.text_content("#watch-caption").startswith("The final result.")
    # The proof plot came with the frames, and the mistakes plot grew epoch by epoch.
    assert rec["proofs"] >= len(frames)
    # On a busy machine the show may settle before Python has drawn the last epochs' growth: the
    # final picture takes its place, and a growth that comes later is dropped (at rest, the figure
    # still shows the whole run, with no epoch count of a growth frame on it).
    grown = [int(e) for e in rec["mistakes"] if e is not None]
    assert len(grown) >= 2 and grown == sorted(grown) and grown[-1] <= 9, rec["mistakes"]
    at_rest(page)
    assert page.evaluate("document.getElementById('plot-mistakes').closest('figure').dataset.epochs") is None


def test_xor_shows_its_cycle_three_times(moving):
    page = moving
    rec = show_and_wait(page, "xor")
    expected, cycled = literal_updates(*XOR)
    assert cycled and len(expected) == 4 and np.allclose(expected[-1], 0)
    frames = played(rec["frames"])
    steps = [k for k, _ in frames]
    # The cycle starts again twice: the step goes back (to w before the cycle) two times.
    assert sum(1 for a, b in zip(steps, steps[1:]) if b < a) == 2, steps
    assert steps[-1] == 4
    for k, w in frames:
        assert np.allclose(w, np.zeros(3) if k == 0 else expected[k - 1]), (k, w)
    cap = page.locator("#cycle-caption")
    with in_tab(page, "plots"):
        expect(page.locator("#fig-cycle")).to_be_visible()
    assert "w = 0" in cap.text_content()  # the repeating w, named
    for w in expected:  # every weight vector of the cycle is listed
        assert "(" + ", ".join(f"{v:.1f}".replace("-", "\u2212") for v in w) + ")" in cap.text_content()
    assert "repeat" in page.text_content("#watch-caption")


# Before every paint during the show: what each step-through widget says the step is.
SAMPLE_JS = """() => {
  window.__views = [];
  let began = false;
  const grab = () => {
    const watch = document.querySelector("figure.fig-boundary").dataset.watch;
    began = began || watch === "playing";
    const st = document.getElementById("stepper");
    if (st.dataset.auto === "true") window.__views.push({
      caption: document.getElementById("watch-caption").textContent,
      text: document.getElementById("step-text").textContent,
      pos: document.getElementById("step-pos").textContent,
      range: document.getElementById("step-range").value,
      panel: st.dataset.step ?? null,
      fig: document.querySelector("figure.fig-boundary").dataset.step ?? null,
    });
    if (!began || watch !== "end") requestAnimationFrame(grab);
  };
  requestAnimationFrame(grab);
}"""


def test_averaged_xor_widgets_agree_and_the_end_caption_is_true(moving):
    page = moving
    page.check("#source-preset")
    page.select_option("#preset", "xor")
    page.select_option("#algorithm", "averaged")
    page.select_option("#order", "fixed")
    settled(page)
    page.evaluate(SAMPLE_JS)
    assert click_train(page) == "done"
    page.wait_for_function("() => window.__views.length > 0", timeout=SHOW_TIMEOUT_MS)
    page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    views = page.evaluate("window.__views")
    total = 400  # 100 epochs of 4 updates: averaged trains on after the cycle (Algorithm 2)
    drawn = [v for v in views if v["fig"] is not None and v["panel"] is not None]
    assert len(drawn) >= 5, views[:5]
    for v in drawn:
        k = int(v["panel"])
        assert v["fig"] == str(k) and v["range"] == str(k) and v["pos"] == f"{k} / {total}", v
        if k == 0:
            assert v["caption"].startswith("Before the first update"), v
        else:
            assert v["caption"].startswith(f"Update {k} of {total},"), v
            assert f"update {k} of {total}" in v["text"], v
    end = page.text_content("#watch-caption")
    assert "the same 4 updates repeat" in end and "trained on for all 100 epochs" in end, end
    assert "stopped" not in end and "400" not in end, end
    # The change retrains after a debounce: wait for that run, not only for no run going (the next
    # test would otherwise take this XOR run's end for its own).
    assert run_end(page, lambda: page.select_option("#algorithm", "online")) == "done"


def test_a_changed_preset_setting_retrains_by_itself(moving):
    page = moving
    arm_run_end(page, require_start=True)
    page.select_option("#preset", "or")  # no Train click
    assert page.evaluate("window.__runEnd") == "done"
    expected, _ = literal_updates(AND[0], np.array([-1, 1, 1, 1]))  # OR
    weights = json.loads(page.get_attribute("#weights", "data-values"))
    bias = json.loads(page.get_attribute("#weights", "data-bias"))
    assert np.allclose(weights + [bias], expected[-1])
    settled(page)


def test_any_control_stops_the_show(moving):
    page = moving
    page.select_option("#preset", "clouds")
    page.fill("#margin", "0.02")
    assert click_train(page) == "done"
    page.wait_for_selector('figure.fig-boundary[data-watch="playing"]', state="attached")
    page.click("#status")  # a click anywhere outside the step-through
    page.wait_for_selector('figure.fig-boundary[data-watch="stopped"]', state="attached", timeout=10_000)
    assert page.get_attribute("#stepper", "data-playing") == "false"


def test_reduced_motion_turns_it_off(ready_page):
    page = ready_page  # conftest's page asks for reduced motion
    page.evaluate(RECORD_JS)
    assert click_train(page) == "done"
    # A show starts at once with the result (data-watch="playing" before the run is done): the
    # page's own state says none did, without a wait.
    assert page.get_attribute("figure.fig-boundary", "data-watch") is None
    frames = page.evaluate("window.__frames")
    assert all(f["step"] is None for f in frames), frames
    assert page.get_attribute("#stepper", "data-playing") == "false"
    assert page.get_attribute("#stepper", "data-step") == "0"
    # The plot shows the final result while the step-through waits at its start: the caption says so.
    assert page.text_content("#watch-caption") == ("The final result. The step-through starts before "
                                                   "the first update.")
    assert page.is_visible("#watch-caption")


def test_play0_link_turns_it_off(browser, base_url):
    with extra_page(browser, base_url + "#v=1&play=0", motion="no-preference") as page:
        wait_ready_of(page)
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=SHOW_TIMEOUT_MS)
        # A show starts at once with the result: by "done" the caption says the plot holds the final result.
        assert page.text_content("#watch-caption").startswith("The final result.")
        assert not page.is_checked("#autoplay")
        assert page.get_attribute("figure.fig-boundary", "data-watch") is None
        assert page.get_attribute("#stepper", "data-step") == "0"


def test_present_link_opens_presenter_mode_and_its_keys_work(browser, base_url):
    with extra_page(browser, base_url + "#v=1&present=1", viewport={"width": 1920, "height": 1080}) as page:
        wait_ready_of(page)
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=SHOW_TIMEOUT_MS)
        assert page.get_attribute("body", "data-present") == "1"
        assert page.get_attribute("#present", "aria-pressed") == "true"
        expect(page.locator("#settings-panel")).to_be_hidden()
        expect(page.locator("#data-panel")).to_be_hidden()
        expect(page.locator("#train")).to_be_visible()
        box = page.locator("#plot-boundary").bounding_box()
        assert box["width"] >= 800, box  # the boundary plot large
        natural = page.evaluate("document.getElementById('plot-boundary').naturalWidth")
        assert natural >= 800, natural  # drawn large, not an upscaled small picture
        # The plot leads, and nothing else but the update and Train is on screen (one screen):
        # the exercise and hand-weights panels are not shown.
        assert not page.is_visible("#exercise") and not page.is_visible("#hand")
        page.locator("body").press("ArrowRight")
        page.wait_for_selector('figure.fig-boundary[data-step="1"]', state="attached", timeout=30_000)
        page.locator("body").press("ArrowRight")
        page.wait_for_selector('figure.fig-boundary[data-step="2"]', state="attached", timeout=30_000)
        page.locator("body").press("ArrowLeft")
        page.wait_for_selector('figure.fig-boundary[data-step="1"]', state="attached", timeout=30_000)
        arm_run_end(page)
        page.locator("body").press("t")
        assert page.evaluate("window.__runEnd") == "done"
        page.locator("body").press("Escape")
        expect(page.locator("#settings-panel")).to_be_visible()


# The scene the page's show draws its first update on (figure data-step 1 or more: the picture
# moves), with the big plot's box and Python's state then.
FIRST_SCENE_JS = """new MutationObserver((_, obs) => {
  const f = document.querySelector("figure.fig-boundary");
  const v = document.querySelector(".motion-view[data-scene]:not([hidden])");
  if (!v || !(Number(f?.dataset.step) >= 1)) return;
  obs.disconnect();
  const box = document.getElementById("plot-boundary").getBoundingClientRect();
  document.documentElement.dataset.firstScene = JSON.stringify({ scene: JSON.parse(v.dataset.scene),
    box: [box.width, box.height], py: document.body.dataset.pyState });
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-step"] });"""


def test_phone_plot_first_and_a_low_train_bar(browser, base_url):
    with extra_page(browser, base_url + "#v=1&preset=xor", viewport={"width": 390, "height": 844},
                    motion="no-preference", goto=False) as page:
        page.context.add_init_script(FIRST_SCENE_JS)
        page.goto(base_url + "#v=1&preset=xor")
        # A cold link's run computed ahead moves before Python is ready, in a picture drawn for a
        # phone's box (tools/ahead_answers.py BOXES), not the desktop's shrunk to a third of its text.
        page.wait_for_selector("html[data-first-scene]", state="attached", timeout=SHOW_TIMEOUT_MS)
        first = json.loads(page.get_attribute("html", "data-first-scene"))
        assert first["py"] != "ready", first
        scene, box = first["scene"], first["box"]
        assert abs(scene["width"] - box[0]) <= 3 and abs(scene["height"] - box[1]) <= 3, first
        wait_ready_of(page)
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=SHOW_TIMEOUT_MS)
        results = page.locator("#results").bounding_box()
        controls = page.locator("#lab").bounding_box()
        assert results["y"] < controls["y"]
        bar = page.locator("#runbar").bounding_box()
        assert bar["height"] <= 60, bar
        assert abs(bar["y"] + bar["height"] - 844) <= 1  # in reach at the bottom of the screen


# Every step the boundary figure shows while the show plays, and Python's state then, from navigation.
SHOW_STEPS_JS = """(() => {
  window.__steps = [];
  const watch = () => {
    const f = document.querySelector("figure.fig-boundary");
    if (!f) { requestAnimationFrame(watch); return; }
    new MutationObserver(() => {
      if (f.dataset.watch === "playing" && f.dataset.step !== undefined) {
        const last = window.__steps[window.__steps.length - 1], step = Number(f.dataset.step);
        if (!last || last.step !== step) window.__steps.push({ step, py: document.body.dataset.pyState || "" });
      }
    }).observe(f, { attributes: true });
  };
  watch();
})()"""


def test_a_show_taken_over_by_python_mid_show_goes_on_from_its_update(browser, base_url):
    """A cold averaged link: the run computed ahead plays while Python loads, and Python takes it
    over (new scenes for the page's boxes) in the middle of its 18 updates. The show goes on from the
    update on screen to the end: it did go back to w = 0 there, and at times waited there for good,
    its button still saying Pause."""
    with extra_page(browser, base_url, motion="no-preference", goto=False) as page:
        page.context.add_init_script(SHOW_STEPS_JS)
        page.goto(base_url + "#v=1&preset=and&algorithm=averaged")
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=SHOW_TIMEOUT_MS)
        page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
        steps = [s["step"] for s in page.evaluate("window.__steps")]
        assert steps and steps[0] == 0 and steps[-1] == 18, steps
        assert steps == sorted(steps), steps  # never back to an earlier update
        assert page.text_content("#step-play").strip() == "Play"
