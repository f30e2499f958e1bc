"""Learn by doing, in Chromium: the predict-the-update exercise by keyboard and its result
link (online on AND, kernel counts on XOR), links pasted into an open lab, the address bar's
view and the hide flags; the weights by hand on AND, and the run downloaded as Python, run by CPython."""
from __future__ import annotations

import math

import re

from playwright.sync_api import expect

from conftest import PAGE, READY_TIMEOUT_MS, check_log, new_page, wait_ready_of
from pagekit import RUN_TIMEOUT_MS, click_train, extra_page, open_tab, settled, shown_weights
from test_a11y import axe_violations, report
from exercisekit import (
    SHARED, answer, answered, download_script, iris_csv, literal_and_visits, literal_xor_kernel_visits,
    paste, run_in_cpython, wait_view)


def test_exercise_on_and_by_keyboard(ready_page):
    page = ready_page
    truth = literal_and_visits(5)
    assert [m for m, _ in truth] == [True, False, False, True, True]
    plan = [
        (True, ["0", "0", "-1"]),     # right
        (True, ["0", "1", "0"]),      # wrong: example 2 is no mistake
        (False, None),                # right
        (True, ["1,0", "1", "0"]),    # right, with a decimal comma
        (True, ["1", "1", "1"]),      # wrong: the new w is (1, 1, −1)
    ]
    expected = [m == tm and (not m or [float(v.replace(",", ".")) for v in w] == tw)
                for (m, w), (tm, tw) in zip(plan, truth)]
    assert expected == [True, False, True, True, False]

    open_tab(page, "practice")
    page.focus("#exercise-start")
    page.keyboard.press("Enter")
    expect(page.locator("#exercise-question")).to_contain_text("Visit 1: example 1 of the data, in epoch 1 (the 1st pass over the data)")
    expect(page.locator("#exercise-mistake-yes")).to_be_focused()
    for k, (m, w) in enumerate(plan, start=1):
        answer(page, m, w)
        answered(page, k)
        fb = page.locator("#exercise-feedback")
        assert fb.get_attribute("data-right") == str(expected[k - 1]).lower()
        if not expected[k - 1]:
            expect(fb.locator(".exercise-worked li").first).to_contain_text("a = w·x̃ = ")
    assert page.get_attribute("#exercise", "data-score") == str(sum(expected))
    expect(page.locator("#exercise-score")).to_have_text("Score 3 of 5 · streak 0 (best 2)")
    worked = page.inner_text("#exercise-feedback")
    assert "y·a = (−1)·0 = 0 ≤ 0: a mistake" in worked and "= (1, 1, −1)" in worked
    # The fifth answer moved the boundary: the picture shows w after example 5.
    assert "1·x₁ + 1·x₂ − 1 = 0" in page.inner_text("#exercise-caption")  # was "+ −1" (issue 25)
    # A typo is named next to the field, nothing is scored, the focus goes back to it.
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.type("one")
    page.keyboard.press("Enter")
    expect(page.locator("#exercise-input-error")).to_contain_text("is not a number")
    expect(page.locator("#exercise-w-0")).to_be_focused()
    assert page.get_attribute("#exercise", "data-answered") == "5"
    assert "the online perceptron, x̃ = (x1, x2, bias)" in page.inner_text("#exercise-on")
    bad = axe_violations(page, "#exercise")
    assert not bad, report(bad)
    link = page.input_value("#exercise-link")
    assert "view=exercise" in link and "exn=5" in link and "exs=3" in link
    SHARED["link"] = link


def test_result_link_reopens_with_the_same_score(browser):
    link = SHARED.get("link")
    assert link, "the keyboard test makes the link"
    base, _, hash_ = link.partition("#")
    forged = link.replace("exs=3", "exs=5")
    hostile = base + "#" + hash_.split("&exa=")[0] + "&exa=" + "m%3Cimg%20src%3Dx%3E~1_n"
    pages = [new_page(browser, u) for u in (link, forged, hostile)]
    try:
        (_, a, _), (_, b, _), (_, c, _) = pages
        for p in (a, b, c):
            wait_ready_of(p)
            p.wait_for_selector("#exercise-body:not([hidden])", state="attached", timeout=READY_TIMEOUT_MS)
        answered(a, 5)
        assert a.get_attribute("#exercise", "data-score") == "3"
        expect(a.locator("#exercise-message")).to_have_text(
            "Replayed 5 answers: 3 right. This matches the link (3 of 5).")
        expect(a.locator("#exercise-question")).to_contain_text(re.compile(r"Visit 6: example \d of the data, in epoch 2 \(the 2nd pass"))
        assert a.input_value("#exercise-link").endswith(link.split("#")[1].split("view=")[1])
        answered(b, 5)
        assert b.get_attribute("#exercise", "data-score") == "3"
        expect(b.locator("#exercise-message")).to_contain_text("claims 5 right of 5, which does not match")
        answered(c, 0)
        expect(c.locator("#exercise-message")).to_contain_text("could not be read")
        assert c.locator("#exercise img").count() == 0
    finally:
        problems = []
        for context, _, log in pages:
            problems += check_log(log)
            context.close()
    assert not problems, problems


def test_hand_weights_of_the_notes_on_and(ready_page):
    page = ready_page
    open_tab(page, "practice")
    page.click("#hand-notes")
    expect(page.locator("#hand-check")).to_contain_text("separates, margin γ = ")
    gamma = 10 / math.sqrt(20**2 + 20**2 + 30**2)  # min y·a = 10 (seed 001's numbers), ‖w‖ = √1700
    assert f"separates, margin γ = {gamma:.4g} " in page.inner_text("#hand-check")
    assert [page.input_value(f"#hand-{k}") for k in ("w1", "w2", "b")] == ["20", "20", "-30"]
    # The keyboard moves b; the picture follows at once, Python confirms on release.
    page.focus("#hand-b-range")
    for _ in range(21):  # b = −30 + 21·0.5 = −19.5: (0, 1) and (1, 0) now score +0.5
        page.keyboard.press("ArrowRight")
    expect(page.locator("#hand-live")).to_have_text("w = (20, 20, −19.5): 2 of 4 points misclassified.")
    expect(page.locator("#hand-check")).to_contain_text("does not separate: 2 points misclassified")
    page.fill("#hand-b", "-30")
    page.keyboard.press("Tab")
    expect(page.locator("#hand-check")).to_contain_text("separates, margin")
    # Not a number: said next to the fields, and the line is not described as if 0 were typed.
    page.fill("#hand-w1", "abc")
    expect(page.locator("#hand-live")).to_have_text(
        "w₁: “abc” is not a number (write e.g. −1 or 0,5). The line shows the last weights entered, w = (20, 20, −30).")
    assert page.get_attribute("#hand-w1", "aria-invalid") == "true"
    page.fill("#hand-w1", "20")
    expect(page.locator("#hand-live")).to_have_text("w = (20, 20, −30): 0 of 4 points misclassified.")
    expect(page.locator("#hand-check")).to_contain_text("separates, margin")  # checked again at once
    page.click("#hand-compare")
    expect(page.locator("#hand-perceptron")).to_contain_text("w = (3, 2, −4) separates")  # the README's AND run
    assert page.locator("#hand svg line.bsvg-perceptron").count() == 2
    bad = axe_violations(page, "#hand")
    assert not bad, report(bad)


def test_kernel_counts_by_keyboard(ready_page):
    page = ready_page
    truth = literal_xor_kernel_visits(4)
    assert [(m, a, f) for m, a, f, _ in truth] == [(True, 1, 0), (True, 1, -2), (True, 1, 0), (True, 1, 8)]
    plan = [(True, ["1"]), (False, None), (True, ["2"]), (True, ["1"])]
    expected = [m == tm and (not m or int(w[0]) == ta) for (m, w), (tm, ta, _, _) in zip(plan, truth)]
    assert expected == [True, False, False, True]
    open_tab(page, "setup")
    page.check("#source-preset")
    page.select_option("#preset", "xor")
    page.select_option("#algorithm", "kernel")
    page.select_option("#kernel", "poly")
    open_tab(page, "practice")
    page.focus("#exercise-start")
    page.keyboard.press("Enter")
    expect(page.locator("#exercise-on")).to_contain_text("the kernel perceptron with k̃(x, x′) = (x·x′ + 1)^2 + 1")
    expect(page.locator("#exercise-question")).to_have_text(
        "Visit 1: example 1 of the data, in epoch 1 (the 1st pass over the data): x₁ = (0, 0), y = −1, η = 1; α = (0, 0, 0, 0).")
    expect(page.locator("#exercise-mistake-legend")).to_have_text("Is this example a mistake (y·f(x) ≤ 0)?")
    expect(page.locator("label[for=exercise-mistake-no]")).to_have_text("No, the counts stay")
    fb = page.locator("#exercise-feedback")
    for k, (m, w) in enumerate(plan, start=1):
        answer(page, m, w)
        answered(page, k)
        assert fb.get_attribute("data-right") == str(expected[k - 1]).lower()
        if k == 2:  # the kernel sum with its numbers: α₁·y₁·k̃(x₁, x₂) = 1·(−1)·2
            expect(fb).to_contain_text("Not quite: example 2 is a mistake.")
            expect(fb.locator(".exercise-worked")).to_contain_text("f(x₂) = 1·(−1)·2 = " + f"{truth[1][2]:g} (j = 1)".replace("-", "−"))
            expect(fb.locator(".exercise-worked")).to_contain_text("α₂ ← α₂ + 1 = 0 + 1 = 1.")
        if k == 3:
            expect(fb).to_contain_text("Not quite: it is a mistake, but the new α₃ is 1, not 2.")
    expect(fb.locator(".exercise-verdict")).to_have_text("Right: example 4 is a mistake and α₄ is now 1.")
    expect(page.locator("#exercise-score")).to_have_text("Score 2 of 4 · streak 1 (best 1)")
    expect(page.locator("#exercise-question")).to_contain_text("Visit 5: example 1 of the data, in epoch 2 (the 2nd pass over the data)")
    expect(page.locator("#exercise-question")).to_contain_text("α = (1, 1, 1, 1).")
    # The points that y·f(x) ≤ 0 gets wrong after the fourth update, as the literal loop counts them.
    expect(page.locator("#exercise-caption")).to_contain_text(f"Now: {truth[3][3]} of 4 points have y·f(x) ≤ 0")
    assert page.locator("#exercise svg circle.bsvg-wrong").count() == truth[3][3]
    bad = axe_violations(page, "#exercise")
    assert not bad, report(bad)
    link = page.input_value("#exercise-link")
    assert "algorithm=kernel" in link and link.endswith("view=exercise&exn=4&exs=2&exa=m1_n_m2_m1")
    SHARED["kernel_link"] = link


def test_pasted_links_address_bar_and_hide_flags(browser, base_url):
    link = SHARED.get("kernel_link")
    assert link, "the kernel test makes the link"
    with extra_page(browser, base_url + PAGE) as page:
        wait_ready_of(page)
        settled(page)
        # The address bar keeps view=exercise while the exercise is open, and drops it when closed.
        open_tab(page, "practice")
        page.click("#exercise-start")
        expect(page.locator("#exercise-body")).to_be_visible()
        wait_view(page, True)
        page.click("#exercise-close")
        expect(page.locator("#exercise-body")).to_be_hidden()
        expect(page.locator("#exercise-start")).to_be_focused()
        wait_view(page, False)
        # A result link pasted into the address bar reopens the exercise and replays its answers.
        paste(page, "#" + link.split("#", 1)[1])
        expect(page.locator("#exercise-message")).to_have_text(
            "Replayed 4 answers: 2 right. This matches the link (2 of 4).", timeout=RUN_TIMEOUT_MS)
        assert page.get_attribute("#exercise", "data-score") == "2"
        expect(page.locator("#exercise-on")).to_contain_text("kernel perceptron")
        wait_view(page, True)
        assert "algorithm=kernel" in page.evaluate("location.hash") and "exa=" not in page.evaluate("location.hash")
        # A link without the exercise closes it; the address bar follows that link's view.
        plain = "&".join(kv for kv in page.evaluate("location.hash").lstrip("#").split("&")
                         if not kv.startswith("view=")).replace("algorithm=kernel", "algorithm=online")
        paste(page, "#" + plain)
        expect(page.locator("#exercise-body")).to_be_hidden()
        wait_view(page, False)
        # Hide flags: the exercise and hand-weights panels leave the page, and view=exercise opens nothing.
        assert page.locator("#embed-hide-exercise").count() == 1 and page.locator("#embed-hide-hand").count() == 1
        paste(page, "#" + plain + "&hide=exercise,hand&view=exercise")
        assert not page.is_visible("#exercise") and not page.is_visible("#hand")
        assert page.is_visible("#plot-boundary")
        expect(page.locator("#exercise-body")).to_be_hidden()
        wait_view(page, False)
        assert "hide=exercise,hand" in page.evaluate("location.hash")


def test_downloaded_script_prints_the_page_weights(ready_page, tmp_path):
    page = ready_page
    scripts, shown = {}, {}
    open_tab(page, "setup")
    page.check("#source-preset")
    page.select_option("#preset", "clouds")
    for algorithm in ("online", "batch", "averaged", "voted", "pocket"):
        page.select_option("#algorithm", algorithm)
        assert click_train(page) == "done"
        scripts[algorithm] = download_script(page, tmp_path, algorithm)
        shown[algorithm] = shown_weights(page)
    page.select_option("#algorithm", "averaged")
    page.check("#source-points")
    page.click("#points-text-details summary")
    pts = [[0.1, 0.3, -1], [0.25, 0.5, -1], [1.1, 1.3, 1], [1.5, 0.8, 1], [0.9, 1.4, 1], [-1, 0.5, -1]]
    page.fill("#points-text", "\n".join(f"{x}, {y}, {c}" for x, y, c in pts))
    page.focus("#points-text")
    page.keyboard.press("Tab")
    assert click_train(page) == "done"
    scripts["points"] = download_script(page, tmp_path, "points")
    shown["points"] = shown_weights(page)
    page.check("#source-csv")
    page.set_input_files("#csv-file", files=[{"name": "iris.csv", "mimeType": "text/csv",
                                              "buffer": iris_csv().encode("utf-8")}])
    expect(page.locator("#csv-info")).to_contain_text("iris.csv: ", timeout=90_000)
    page.select_option("#algorithm", "pocket")
    assert click_train(page) == "done"
    scripts["csv"] = download_script(page, tmp_path, "csv")
    shown["csv"] = shown_weights(page)
    printed = run_in_cpython(scripts)
    for name, (w, b) in shown.items():
        assert printed[name] == (w, b), name  # == on floats: every bit
