"""A run followed without sight: an AND run walked by keyboard alone (Tab to Train, Enter,
Tab to the step-through, Enter through every update, Tab to the plot's point list, arrows
and L), with every sentence the live region announces (and every point the list box says)
checked against the same run computed in CPython by perceptron_lab.core (seed 001's AND,
online, fixed order): which example each update corrected, w after it, how many points are
on the wrong side, the line's equation and where it crosses the axes, each point's side and
margin. Then the sound track: what the page's Web Audio player scheduled for AND and XOR
against those runs' mistakes per epoch and how they ended.

One page for the module (one Pyodide boot); reduced motion (conftest), so no auto-play."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest
from playwright.sync_api import expect

from pagekit import in_tab, open_tab, settled
from perceptron_lab.core import train as core_train
from perceptron_lab.data import preset
from perceptron_lab.core.features import prepare

STEP_TIMEOUT_MS = 30_000
NUM = r"−?\d+(?:\.\d+)?(?:e[−+]?\d+)?"


def num(s: str) -> float:
    return float(s.replace("−", "-"))


def vec(s: str) -> list[float]:
    return [num(x) for x in s.split(", ")]


@pytest.fixture(scope="module")
def and_run():
    ds = preset("and")
    run = core_train(prepare(ds.X), ds.y, algorithm="online", order="fixed", max_epochs=100)
    assert not run.trace.subsampled and run.n_updates == 18
    return ds, run


def wrong_after(ds, w) -> int:
    """Points on the wrong side of w (prediction sign(w·x̃), 0 predicts +1)."""
    a = prepare(ds.X) @ np.asarray(w, dtype=float)
    return int(np.sum(np.where(a >= 0, 1, -1) != ds.y))


def tab_to(page, target_id: str, limit: int = 250) -> list[str]:
    """Press Tab until `target_id` has the focus; every stop on the way."""
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = page.evaluate("document.activeElement && document.activeElement.id")
        stops.append(now)
        if now == target_id:
            return stops
    raise AssertionError(f"Tab never reached #{target_id}: {stops[-40:]}")


def arm_live(page) -> None:
    """Collect every non-empty text the live region takes from now on."""
    page.evaluate(
        """() => { const said = window.__said = [];
          if (window.__saidObs) window.__saidObs.disconnect();
          const live = document.getElementById("step-live");
          window.__saidObs = new MutationObserver(() => { const t = live.textContent.trim(); if (t) said.push(t); });
          window.__saidObs.observe(live, { childList: true, characterData: true, subtree: true }); }""")


def said(page) -> list[str]:
    return page.evaluate("window.__said.slice()")


def wait_said(page, n: int) -> list[str]:
    # Polled: wait_for_function needs eval, which the page's CSP forbids.
    for _ in range(300):
        out = said(page)
        if len(out) >= n:
            return out
        page.wait_for_timeout(50)
    raise AssertionError(f"the live region said {said(page)}, wanted {n} sentences")


def test_live_region_is_polite_and_outside_every_panel(ready_page):
    page = ready_page
    info = page.evaluate("""() => { const l = document.getElementById("step-live");
        return { live: l.getAttribute("aria-live"), atomic: l.getAttribute("aria-atomic"),
                 parent: l.parentElement.tagName, n: document.querySelectorAll("[id=step-live]").length }; }""")
    assert info == {"live": "polite", "atomic": "true", "parent": "BODY", "n": 1}


def test_a_whole_and_run_by_keyboard_says_only_true_sentences(ready_page, and_run):
    ds, run = and_run
    page = ready_page
    assert settled(page) == "done"
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    arm_live(page)
    tab_to(page, "train")
    page.keyboard.press("Enter")
    page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=90_000)
    first = wait_said(page, 1)[0]

    # The run's end, against CPython's run of the same data and settings.
    m = re.fullmatch(rf"Trained on AND with Online \(Rosenblatt\): converged in epoch (\d+)\. (\d+) updates, "
                     rf"w = \(({NUM}, {NUM}, {NUM})\); training accuracy ({NUM}) %\.", first)
    assert m, first
    assert int(m[1]) == run.n_epochs and run.status == "converged"
    assert int(m[2]) == run.n_updates
    assert vec(m[3]) == run.model.w.tolist()
    assert num(m[4]) == 100.0 and wrong_after(ds, run.model.w) == 0

    # Every update, by Enter on "Step forward".
    tab_to(page, "step-fwd")
    tr = run.trace
    for k in range(1, run.n_updates + 1):
        page.keyboard.press("Enter")
        page.wait_for_selector(f'#stepper[data-step="{k}"]', state="attached", timeout=STEP_TIMEOUT_MS)
        wait_said(page, 1 + k)
    sentences = said(page)[1:]
    assert len(sentences) == run.n_updates, sentences  # once per update, never twice
    for k, s in enumerate(sentences, start=1):
        m = re.fullmatch(rf"Update (\d+) of (\d+): example \(({NUM}, {NUM})\) was misclassified, "
                         rf"w is now \(({NUM}, {NUM}, {NUM})\); (\d+) points? wrong\.", s)
        assert m, s
        i = int(tr.index[k - 1])
        assert (int(m[1]), int(m[2])) == (k, run.n_updates), s
        assert vec(m[3]) == ds.X[i].tolist(), s                  # the example this update corrected
        assert ds.y[i] * (tr.w[k - 2] @ prepare(ds.X)[i] if k > 1 else 0.0) <= 0, s  # it was a mistake
        assert vec(m[4]) == tr.w[k - 1].tolist(), s              # w after the update
        assert int(m[5]) == wrong_after(ds, tr.w[k - 1]), s

    # The plot, point by point, then its line: for the w it shows, the step-through's last
    # update (the main plot follows the reader's steps), which for online is the answer.
    assert page.get_attribute(".fig-boundary, figure:has(#plot-boundary)", "data-step") == "18"
    assert tr.w[-1].tolist() == run.model.w.tolist()
    tab_to(page, "plot-explore")
    heard = []
    page.keyboard.press("Home")
    for _ in range(len(ds.y)):
        heard.append(page.evaluate("""() => { const l = document.getElementById("plot-explore");
            return document.getElementById(l.getAttribute("aria-activedescendant")).textContent; }"""))
        page.keyboard.press("ArrowRight")
    w = run.model.w
    norm = float(np.hypot(w[0], w[1]))
    seen = set()
    for s in heard:
        m = re.fullmatch(rf"Point (\d) of 4: \(({NUM}, {NUM})\), label (−1|\+1) \((0|1)\): on the (−1|\+1) side, "
                         rf"(classified correctly|misclassified), margin ({NUM}) \(distance to the line ({NUM})\)\.", s)
        assert m, s
        i = int(m[1]) - 1
        seen.add(i)
        assert vec(m[2]) == ds.X[i].tolist(), s
        assert num(m[3]) == ds.y[i] and m[4] == ("1" if ds.y[i] > 0 else "0"), s
        a = float(w @ prepare(ds.X)[i])
        assert m[5] == ("+1" if a >= 0 else "−1"), s
        assert m[6] == ("classified correctly" if (a >= 0) == (ds.y[i] > 0) else "misclassified"), s
        assert abs(num(m[7]) - ds.y[i] * a / norm) < 1e-3 and abs(num(m[8]) - abs(a) / norm) < 1e-3, s
    assert seen == {0, 1, 2, 3}
    # Left to right: (0, 0), (0, 1), (1, 0), (1, 1).
    assert [int(re.match(r"Point (\d)", s)[1]) for s in heard] == [1, 2, 3, 4]

    before = len(said(page))
    page.keyboard.press("l")
    line = wait_said(page, before + 1)[-1]
    m = re.fullmatch(rf"The line: ({NUM})·x1 ([+−]) ({NUM})·x2 ([+−]) ({NUM}) = 0\. "
                     rf"It crosses the x1 axis at x1 = ({NUM}) and the x2 axis at x2 = ({NUM})\. "
                     r"Points where the left side is ≥ 0 are predicted \+1\.", line)
    assert m, line
    coef = [num(m[1]), num(m[3]) * (1 if m[2] == "+" else -1), num(m[5]) * (1 if m[4] == "+" else -1)]
    assert coef == w.tolist()
    assert abs(num(m[6]) - (-w[2] / w[0])) < 1e-3 and abs(num(m[7]) - (-w[2] / w[1])) < 1e-3
    # The plot's short description says the same numbers.
    desc = page.evaluate("document.getElementById('plot-boundary-desc').textContent")
    assert desc.startswith("After update 18 of 18. The line: 3·x1 + 2·x2 − 4 = 0.") and desc.endswith("0 of 4 points are on the wrong side."), desc
    assert "plot-boundary-desc" in page.get_attribute("#plot-boundary", "aria-describedby").split()


def test_the_reader_chooses_how_much_is_said(ready_page):
    page = ready_page
    page.wait_for_selector("#step-fwd:not([disabled]), #step-back:not([disabled])", timeout=STEP_TIMEOUT_MS)
    with in_tab(page, "steps"):  # the reader's options sit with the step-through's
        page.select_option("#say-level", "full")
    page.focus("#step-range")
    # From the last step, so that Home is a move wherever the step-through stood.
    page.keyboard.press("End")
    page.wait_for_selector('#stepper:not([data-step="0"])', state="attached", timeout=STEP_TIMEOUT_MS)
    arm_live(page)
    page.keyboard.press("Home")
    page.wait_for_selector('#stepper[data-step="0"]', state="attached", timeout=STEP_TIMEOUT_MS)
    # Heard before the next key: a key pressed within the region's settling time (live-region.js)
    # replaces the sentence not yet said, as a screen reader user moving fast wants.
    wait_said(page, 1)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#stepper[data-step="1"]', state="attached", timeout=STEP_TIMEOUT_MS)
    out = wait_said(page, 2)
    assert out[-1] == page.evaluate("document.getElementById('step-text').textContent"), out
    assert "Activation a = w·x̃" in out[-1]
    with in_tab(page, "steps"):
        page.select_option("#say-level", "off")
    page.focus("#step-range")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#stepper[data-step="2"]', state="attached", timeout=STEP_TIMEOUT_MS)
    page.wait_for_timeout(300)  # measured: nothing is said for 0.3 s (the step's words come at once when on)
    assert len(said(page)) == len(out)  # nothing more
    # A preference of this browser: kept across a reload of the settings, not in the link.
    assert json.loads(page.evaluate("localStorage.getItem('perceptron-lab:access')"))["say"] == "off"
    assert "say" not in page.evaluate("location.hash")
    with in_tab(page, "steps"):
        page.select_option("#say-level", "short")


def played(page, preset_name: str, py_call) -> tuple[list[dict], dict]:
    page.select_option("#preset", preset_name)
    page.select_option("#algorithm", "online")
    page.select_option("#order", "fixed")
    page.evaluate("window.__soundPlayed = null")
    page.focus("#train")
    page.keyboard.press("Enter")
    page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=90_000)
    for _ in range(200):
        out = page.evaluate("window.__soundPlayed")
        if out:
            break
        page.wait_for_timeout(50)
    res = py_call(page, {"cmd": "train", "data": {"kind": "preset", "name": preset_name},
                         "settings": {"algorithm": "online", "order": "fixed", "plots": False}})
    return out, res


def test_the_sound_track_of_and_and_xor(ready_page, py_call):
    page = ready_page
    open_tab(page, "steps")  # the sound's options sit with the step-through's
    assert page.is_checked("#sound-on") is False  # off until the reader turns it on
    page.focus("#sound-on")
    page.keyboard.press(" ")
    assert page.is_checked("#sound-on")
    open_tab(page, "setup")  # the data and settings of the runs
    for name, end in (("and", "converged"), ("xor", "cycle")):
        events, res = played(page, name, py_call)
        assert events, f"no sound was scheduled for {name}"
        em = res["epoch_mistakes"]
        want = [k for m in em for k in ["epoch"] + ["tick"] * m] + [end]
        assert [e["kind"] for e in events] == want, (name, em)
        tones = [e["freqs"][0] for e in events if e["kind"] == "epoch"]
        for a, ma in zip(tones, em):
            for b, mb in zip(tones, em):
                assert np.sign(a - b) == np.sign(ma - mb), (name, em, tones)
        assert all(e["nodes"] == len(e["freqs"]) for e in events)  # one oscillator per pitch
        # Where each epoch is, as the stereo panner the player made: epoch 1 at the left (−1), the
        # last at the right (+1), evenly between; one epoch (XOR) and the ending in the middle.
        pans = [e["pan"] for e in events if e["kind"] == "epoch"]
        n = len(em)
        assert pans == pytest.approx([0.0] if n == 1 else [-1 + 2 * i / (n - 1) for i in range(n)], abs=1e-3), pans
        assert events[-1]["pan"] == 0
        assert res["status"] == ("converged" if end == "converged" else "cycled")
    # The track ends by itself (XOR's lasts 1.4 s); Play plays it again and Stop silences it at once.
    expect(page.locator("#sound-play")).to_have_text("Play its sound", timeout=10_000)
    open_tab(page, "steps")
    page.focus("#sound-play")
    page.keyboard.press("Enter")
    expect(page.locator("#sound-play")).to_have_text("Stop the sound")
    page.keyboard.press("Enter")
    expect(page.locator("#sound-play")).to_have_text("Play its sound")
    page.focus("#sound-on")
    page.keyboard.press(" ")
    assert not page.is_checked("#sound-on")
    open_tab(page, "setup")
    page.select_option("#preset", "and")


def test_the_point_list_rings_its_point_on_the_picture(ready_page):
    """Sighted keyboard users see where the list is: a ring over the result's image, at the
    point's place in the plot's axes (AND: (0, 0) bottom left, (1, 1) top right)."""
    page = ready_page
    page.select_option("#preset", "and")
    page.focus("#train")
    page.keyboard.press("Enter")
    page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=90_000)
    page.focus("#plot-explore")
    page.keyboard.press("Home")
    at = []
    for _ in range(4):
        at.append(page.evaluate("""() => { const r = document.querySelector('.plot-explore-ring');
            const b = r.getBoundingClientRect(), i = document.getElementById('plot-boundary').getBoundingClientRect();
            return { shown: !r.hidden, x: b.left + b.width / 2 - i.left, y: b.top + b.height / 2 - i.top,
                     w: i.width, h: i.height }; }"""))
        page.keyboard.press("ArrowRight")
    assert all(a["shown"] and 0 < a["x"] < a["w"] and 0 < a["y"] < a["h"] for a in at), at
    (x00, y00), (x01, y01), (x10, y10), (x11, y11) = [(a["x"], a["y"]) for a in at]
    assert abs(x00 - x01) < 1 and abs(y00 - y10) < 1 and abs(x10 - x11) < 1 and abs(y01 - y11) < 1, at
    assert x10 > x00 + 20 and y01 < y00 - 20, at  # right is x1, up is x2
    page.focus("#train")
    assert page.evaluate("document.querySelector('.plot-explore-ring').hidden")


def ax_node(page, selector: str) -> dict:
    """The element as Chromium's accessibility tree gives it to a screen reader: role, name,
    description and properties (live, atomic, ...)."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        ax = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})["nodes"][0]
    finally:
        cdp.detach()
    return {"role": ax["role"]["value"], "name": ax.get("name", {}).get("value"), "ignored": ax.get("ignored"),
            "description": ax.get("description", {}).get("value"),
            **{p["name"]: p["value"].get("value") for p in ax.get("properties", [])}}


def test_the_step_position_is_not_a_second_live_region(ready_page):
    """Heard through Orca (tools/screen_reader/orca_listen.py): the step counter, an <output>
    (a polite status to Chromium), was spoken at every frame of Watch it learn ("1 / 18", "2 /
    18", …) and before each update's sentence on the slider ("4 / 18", "4", "4 / 18"). The
    update's sentence is the one live region; the counter stays the slider's description."""
    page = ready_page
    node = ax_node(page, "#step-pos")
    assert node.get("live") in (None, "off"), node
    assert "step-pos" in page.get_attribute("#step-range", "aria-describedby").split()
    assert ax_node(page, "#step-live").get("live") == "polite"


def test_a_plot_table_is_announced_with_its_caption(ready_page):
    """Orca said only the table box's name when the focus landed on it, then read the caption's
    second line on the first ↓: the caption is now the box's description, said with its name."""
    page = ready_page
    page.focus("#table-boundary-open")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table-boundary-caption", state="attached")
    assert page.evaluate("document.activeElement.id") == "table-boundary"
    node = ax_node(page, "#table-boundary")
    caption = page.evaluate("document.getElementById('table-boundary-caption').textContent")
    assert node["name"] == "Table: the decision-boundary plot's points" and node["description"] == caption, node
    assert "answer w" in caption, caption  # the caption says whose scores the table holds
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "table-boundary-open"
    assert page.get_attribute("#table-boundary", "aria-describedby") is None


def test_the_loading_box_says_python_is_ready(ready_page):
    """Heard through Orca: the loading box spoke every stage mark and MB count (~20 a load). Only
    its detail line is live now, and its last sentence stays in the accessibility tree (out of sight)
    when the box shrinks to "✓ Ready": hidden with it, "Python is ready." was never said."""
    node = ax_node(ready_page, "#load-detail")
    assert not node["ignored"] and ready_page.text_content("#load-detail") == "Python is ready.", node

