"""The Learn path in Chromium: a cold lesson link opens its step beside the plot and trains its run;
every lesson is walked to its end, each question answered wrong and then right (the verdict and the
reveal are the engine's for the same run, which tests/py/test_lessons.py checks against the notes'
loops); the address bar follows the step and Back / Forward move through the steps; lesson 1 is
walked by keyboard alone; the live region says each step.

One page for the module (one Pyodide boot); reduced motion (conftest), so no auto-play."""
from __future__ import annotations

import base64
import zlib

import pytest
from playwright.sync_api import expect

from conftest import READY_TIMEOUT_MS, attach_log, wait_ready_of, close_checked
from pagekit import open_tab
from perceptron_lab import lessons
from perceptron_lab.bridge.linear_fit import fit
from perceptron_lab.bridge import handle
from lessonkit import truth_and_wrong, answer  # noqa: F401  (test_engines_smoke takes truth_and_wrong from here)

STEP_MS = 120_000
# Everything the live region says, in order (the run's narration follows a step's words).
SAID = """
window.__said = [];
new MutationObserver(() => {
  const r = document.getElementById("step-live");
  if (r && r.textContent && window.__said[window.__said.length - 1] !== r.textContent) window.__said.push(r.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });
// When the step's words and the live plot first show (each animation frame until both have).
window.__seen = {};
(function tick() {
  const h = document.getElementById("lesson-step-h"), b = document.getElementById("results-body"), t = performance.now();
  if (h && h.textContent && !window.__seen.words) window.__seen.words = t;
  if (b && b.checkVisibility({ visibilityProperty: true }) && !window.__seen.plot) window.__seen.plot = t;
  if (!(window.__seen.words && window.__seen.plot)) requestAnimationFrame(tick);
})();
"""


def said(page):
    return page.evaluate("window.__said")


@pytest.fixture(scope="module")
def lesson_page(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block",
                                  reduced_motion="reduce")
    page = context.new_page()
    log = attach_log(context, page)
    page.add_init_script(SAID)
    page.goto(base_url + "#view=lesson&lesson=1&step=1")
    wait_ready_of(page)
    page.set_default_timeout(STEP_MS)
    yield page
    close_checked(context, log)


def test_a_cold_lesson_link_opens_its_step_and_trains_its_run(lesson_page):
    page = lesson_page
    expect(page.locator("#lesson-step-h")).to_have_text(lessons.lesson(1).steps[0].title, timeout=STEP_MS)
    page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("location.hash") == "#view=lesson&lesson=1&step=1"
    assert page.locator("#link-notice").is_hidden()  # the lesson link is not a run link with a bad view
    assert any(t.startswith("Lesson 1, step 1 of 4: Predict the first update.") for t in said(page))
    # the lab's own controls hold the step's run: AND, online
    assert page.evaluate("document.getElementById('preset').value") == "and"
    # the step's words and its plot appear together: the live plot never shows before the words
    seen = page.evaluate("window.__seen")
    assert seen.get("words") and seen.get("plot") and seen["plot"] >= seen["words"], seen


ON_TOP = """(sel) => { const e = document.querySelector(sel); if (!e) return false; const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= innerHeight && !!hit && e.contains(hit); }"""


def test_the_first_question_is_above_the_fold_and_next_in_reach_on_a_phone(lesson_page):
    page = lesson_page
    try:
        page.set_viewport_size({"width": 1280, "height": 800})  # a projector: the whole question and Check on screen
        size = "() => parseFloat(getComputedStyle(document.querySelector('.lesson-words p')).fontSize)"
        base = page.evaluate(size)
        page.click("#present")  # presenter mode: the lesson's words large, for the back of the room
        page.wait_for_function(f"(b) => ({size})() >= 1.5 * b", arg=base)
        expect(page.locator(".lesson-words p").first).to_be_visible()
        page.click("#present")
        page.wait_for_function(f"(b) => ({size})() === b", arg=base)
        for sel in ("#lesson-question legend", "#lesson-question label:last-of-type", "#lesson-submit", "#lesson-next"):
            page.wait_for_function(ON_TOP, arg=sel, timeout=10_000)  # in view and not under Back / Next
        answer(page, "example", truth_and_wrong(1, 1)[1])  # the verdict comes into view, not under Back / Next
        page.wait_for_function(ON_TOP, arg="#lesson-check .lesson-wrong", timeout=STEP_MS)
        page.set_viewport_size({"width": 390, "height": 844})  # a phone: the plot first, Next always in reach
        page.wait_for_function(ON_TOP, arg="#lesson-next", timeout=10_000)
        top = page.evaluate("(s) => s.map((q) => document.querySelector(q).getBoundingClientRect().top)",
                            ["#results .stage-cell", "#lesson"])
        assert top[0] < top[1], top
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down at the verdict, as a phone's answer leaves it
        page.click("#lesson-next")  # the next step opens with its plot in view, not scrolled past it to the words
        expect(page.locator(".lesson-pos")).to_have_text("Step 2 of 4", timeout=STEP_MS)
        page.wait_for_function("() => { const r = document.querySelector('#results .stage-cell').getBoundingClientRect(); "
                               "return r.top >= 0 && r.top < innerHeight / 2; }", timeout=10_000)
        page.click("#lesson-back")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.click("#lesson-next")  # the walk below starts on a fresh step 1 (its question open)
        expect(page.locator(".lesson-pos")).to_have_text("Step 2 of 4", timeout=STEP_MS)
        page.click("#lesson-back")


def test_every_lesson_walked_to_its_end_answering_wrong_then_right(lesson_page):
    page = lesson_page
    cat = lessons.catalogue()
    for c in cat:
        lesson = lessons.lesson(c["number"])
        for k, step in enumerate(lesson.steps, 1):
            expect(page.locator("#lesson-step-h")).to_have_text(step.title, timeout=STEP_MS)
            assert page.evaluate("location.hash") == f"#view=lesson&lesson={c['number']}&step={k}"
            expected = lessons.view(lesson, k, fit=fit)
            expect(page.locator(".lesson-words p")).to_have_text(expected["text"], timeout=STEP_MS)
            page.wait_for_function("(t) => window.__said.some((s) => s.startsWith(t))",  # the live region says each step
                                   arg=f"Lesson {c['number']}, step {k} of {len(lesson.steps)}: {step.title}.")
            keys = c["number"] == 1  # lesson 1 by keyboard alone
            if step.question:
                good, bad = truth_and_wrong(c["number"], k)
                expect(page.locator("#status")).not_to_be_visible()  # predict first: the verdict waits
                # and says so in the status row's place (not an empty "Status:" row)
                expect(page.locator("#lesson-status-wait")).to_be_visible()
                expect(page.locator(".stage-head .status-line:not(.lesson-status-wait)")).to_be_hidden()
                if expected["plot"] != "boundary":  # and so does the step's own plot, its evidence
                    expect(page.locator("#lesson-figure img")).not_to_be_visible()
                answer(page, expected["question"]["answer"], bad, keys)
                expect(page.locator(".lesson-wrong")).to_be_visible(timeout=STEP_MS)
                answer(page, expected["question"]["answer"], good, keys)
                expect(page.locator(".lesson-right")).to_be_visible(timeout=STEP_MS)
                expect(page.locator("#status")).to_be_visible(timeout=STEP_MS)
                page.wait_for_selector('body[data-run-state="done"]', state="attached")  # no show (reduced motion): the
                expect(page.locator("figure:has(#plot-boundary)")).not_to_have_attribute("data-watch", "paused")  # final plot, not w = 0
                if handle({"cmd": "lesson", "lesson": c["number"], "step": k}).get("figure"):
                    expect(page.locator("#lesson-figure img")).to_be_visible(timeout=STEP_MS)
                reveal = lessons.view(lesson, k, answer=good, fit=fit)["reveal"]
                for sentence in reveal:
                    expect(page.locator("#lesson-check")).to_contain_text(sentence, timeout=STEP_MS)
            if keys:  # Tab on to Next (through Try it and Back), Enter
                for _ in range(12):
                    if page.evaluate("document.activeElement.id") == "lesson-next":
                        break
                    page.keyboard.press("Tab")
                page.keyboard.press("Enter")
            elif (c["number"], k) != (len(cat), len(lesson.steps)):
                page.click("#lesson-next")
    expect(page.locator("#lesson-next")).to_be_disabled(timeout=STEP_MS)


def test_back_and_forward_move_through_the_steps(lesson_page):
    page = lesson_page
    last = lessons.lesson(len(lessons.names()))
    page.go_back()
    prev = lessons.lesson(len(lessons.names()) - 1)
    expect(page.locator("#lesson-step-h")).to_have_text(prev.steps[-1].title, timeout=STEP_MS)
    page.go_forward()
    expect(page.locator("#lesson-step-h")).to_have_text(last.steps[-1].title, timeout=STEP_MS)
    page.wait_for_function("(t) => window.__said.some((s) => s.includes(t))", arg=f"step {len(last.steps)} of {len(last.steps)}: {last.steps[-1].title}")


def test_a_cold_link_to_a_step_without_a_question_shows_its_final_plot_not_w0(lesson_page, base_url):
    page = lesson_page  # reduced motion: no show, so the plot is the run's final picture
    page.goto(base_url + "#view=lesson&lesson=2&step=4")  # a fresh load: the run computed ahead is held
    page.reload()  # while the words load, then the step runs again: that hold must not stay
    wait_ready_of(page)
    expect(page.locator("#lesson-step-h")).to_have_text(lessons.lesson(2).steps[3].title, timeout=STEP_MS)
    page.wait_for_function("() => document.body.dataset.runState === 'done' && !document.querySelector('#lesson-question')")
    expect(page.locator("figure:has(#plot-boundary)")).not_to_have_attribute("data-watch", "paused", timeout=STEP_MS)
    expect(page.locator("figure:has(#plot-boundary)")).not_to_have_attribute("data-step", "0")


def test_a_changed_run_keeps_the_words_true_and_a_bad_value_is_said_next_to_it(lesson_page):
    page = lesson_page
    page.evaluate("location.hash = 'view=lesson&lesson=3&step=3'")
    lesson = lessons.lesson(3)
    expect(page.locator("#lesson-step-h")).to_have_text(lesson.steps[2].title, timeout=STEP_MS)
    page.fill("#lesson-change input[data-key='margin']", "0.05")
    page.click("#lesson-change-run")
    changes = {"margin": "0.05", "dseed": "0", "n": "60"}
    expected = lessons.view(lesson, 3, changes, fit=fit)["text"]
    assert expected != lessons.view(lesson, 3, fit=fit)["text"]  # the change changes what is true
    expect(page.locator(".lesson-words p")).to_have_text(expected, timeout=STEP_MS)
    expect(page.locator("#lesson-change input[data-key='margin']")).to_have_value("0.05", timeout=STEP_MS)
    page.fill("#lesson-change input[data-key='margin']", "lots")
    page.click("#lesson-change-run")
    expect(page.locator("#lesson-change-error")).to_be_visible(timeout=STEP_MS)
    expect(page.locator(".lesson-words p")).to_have_text(expected)  # the run on screen stays
    # the changed run is in the link: leaving the step and coming back by Back reopens it
    assert "try.margin=0.05" in page.evaluate("location.hash")
    page.evaluate("location.hash = 'view=lesson&lesson=3&step=1'")
    expect(page.locator("#lesson-step-h")).to_have_text(lesson.steps[0].title, timeout=STEP_MS)
    page.go_back()
    expect(page.locator(".lesson-words p")).to_have_text(expected, timeout=STEP_MS)
    expect(page.locator("#lesson-change input[data-key='margin']")).to_have_value("0.05", timeout=STEP_MS)


def test_a_lesson_link_with_the_teachers_points_runs_the_step_on_them(lesson_page):
    page = lesson_page
    points = [[0, 0, -1], [1, 1, 1], [1, 0, 1], [0, 1, -1], [0.5, 0.2, -1]]
    pts = ";".join(f"{a:g},{b:g},{c}" for a, b, c in points)
    page.evaluate(f"location.hash = 'view=lesson&lesson=1&step=3&source=points&pts={pts}'")
    lesson = lessons.lesson(1)
    expected = lessons.view(lesson, 3, None, {"kind": "points", "points": points}, fit=fit)
    assert expected["own_data"] and expected["text"] != lessons.view(lesson, 3, fit=fit)["text"]
    expect(page.locator(".lesson-words p")).to_have_text(expected["text"], timeout=STEP_MS)
    page.wait_for_function("() => !document.getElementById('points-box').hidden")  # the lab runs the same data
    # a change the step does not offer, in a hand-edited link: said, and the step shown without it
    page.evaluate(f"location.hash = 'view=lesson&lesson=1&step=3&source=points&pts={pts}&try.eta=0.5'")
    expect(page.locator("#lesson-link-error")).to_contain_text("does not let you change eta", timeout=STEP_MS)
    expect(page.locator(".lesson-words p")).to_have_text(expected["text"], timeout=STEP_MS)
    assert "try.eta" not in page.evaluate("location.hash")
    # a CSV file in the link (deflated, as the lab's run link carries it): the lab reads it and the
    # step runs on it, its words the engine's for that file (tests/py/test_lesson_csv_data.py)
    text = "a,b,c,label\n0,0,0,no\n1,1,1,yes\n1,0,1,yes\n0,1,0,no\n0.2,0.1,0.3,no\n0.9,0.8,0.1,yes\n"
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    z = base64.urlsafe_b64encode(z.compress(text.encode()) + z.flush()).decode().rstrip("=")
    page.evaluate(f"location.hash = 'view=lesson&lesson=1&step=1&source=csv&csv={z}&csvname=mine.csv'")
    mine = lessons.view(lesson, 1, None, {"kind": "csv", "text": text}, fit=fit)
    assert mine["own_data"] and "AND is true only when both bits are." not in mine["text"]
    expect(page.locator(".lesson-words p")).to_have_text(mine["text"], timeout=STEP_MS)
    expect(page.locator("#source-csv")).to_be_checked()  # the lab runs the same file
    # a link too large to carry its file: said under the title, the step runs its own data
    page.evaluate("location.hash = 'view=lesson&lesson=1&step=3&source=csv&csvbig=1&csvname=big.csv'")
    expect(page.locator("#lesson-data-note")).to_contain_text("does not carry it", timeout=STEP_MS)
    expect(page.locator(".lesson-words p")).to_have_text(lessons.view(lesson, 3, fit=fit)["text"], timeout=STEP_MS)


def test_an_open_question_holds_the_big_plot_before_the_first_update_then_the_show_plays(lesson_page):
    page = lesson_page
    page.emulate_media(reduced_motion="no-preference")  # the show plays (the module's page reduces motion)
    try:
        page.evaluate("location.hash = 'view=lesson&lesson=1&step=1'")
        expect(page.locator("#lesson-step-h")).to_have_text(lessons.lesson(1).steps[0].title, timeout=STEP_MS)
        expect(page.locator("#lesson-question")).to_be_visible()
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=STEP_MS)
        fig = page.locator("figure:has(#plot-boundary)")
        # the show waits at step 0 (w = 0) while the prediction is open: the answer is not drawn
        expect(fig).to_have_attribute("data-watch", "paused", timeout=STEP_MS)
        expect(fig).to_have_attribute("data-step", "0", timeout=STEP_MS)
        assert page.evaluate("JSON.parse(document.querySelector('figure:has(#plot-boundary)').dataset.w)") == [0, 0, 0]
        page.evaluate("""() => { const f = document.querySelector('figure:has(#plot-boundary)'); window.__watch = [];
          new MutationObserver(() => window.__watch.push(f.dataset.watch)).observe(f, { attributes: true, attributeFilter: ['data-watch'] }); }""")
        good, _ = truth_and_wrong(1, 1)
        answer(page, "example", good)
        expect(page.locator(".lesson-right")).to_be_visible(timeout=STEP_MS)
        # answered: the run plays from w = 0 to its end, then rests on the final result
        page.wait_for_function("() => window.__watch.includes('playing') && window.__watch.at(-1) === 'end'", timeout=STEP_MS)
        assert page.evaluate("window.__watch.lastIndexOf('playing') < window.__watch.lastIndexOf('end')")
    finally:
        page.emulate_media(reduced_motion="reduce")


def test_lesson_predictions_count_in_the_exercise_score_its_result_link_and_check(lesson_page):
    page = lesson_page
    page.evaluate("location.hash = 'view=lesson&lesson=1&step=3'")
    expect(page.locator("#lesson-step-h")).to_have_text(lessons.lesson(1).steps[2].title, timeout=STEP_MS)
    good, _ = truth_and_wrong(1, 3)
    answer(page, "choice", good)
    expect(page.locator("#lesson-check .lesson-right, #lesson-check .lesson-wrong")).to_be_visible(timeout=STEP_MS)
    page.click("#learn")  # out of the lesson, to the lab and its exercise
    page.wait_for_selector('body[data-lesson="off"]', state="attached")
    open_tab(page, "practice")
    page.click("#exercise-start")
    page.wait_for_function("() => document.getElementById('exercise-link').value.includes('exl=')", timeout=STEP_MS)
    link = page.input_value("#exercise-link")
    r = handle({"cmd": "check", "link": link})  # the teacher's check replays the predictions
    assert r["ok"] and r["status"] == "genuine", r["reasons"]
    got = r["lessons"]
    assert got["answered"] >= 1 and any((a["lesson"], a["step"]) == (1, 3) for a in got["answers"])
    one_score = (f"Score {r['total']['score']} of {r['total']['answered']}"
                 f" ({got['score']} of {got['answered']} from lesson predictions)")
    expect(page.locator("#exercise-score")).to_contain_text(one_score)  # one score, summed as check sums it
    page.goto(link)  # reopened in a fresh page: the engine grades the link's predictions again
    page.reload()
    wait_ready_of(page)
    expect(page.locator("#exercise-score")).to_contain_text(one_score, timeout=STEP_MS)
    assert "exl=" in page.input_value("#exercise-link")
    page.click("#exercise-close")
    page.evaluate("location.hash = 'view=lesson&lesson=1&step=3'")  # the lesson shows the link's answer
    mine = next(a for a in got["answers"] if (a["lesson"], a["step"]) == (1, 3))  # the first (the walk's) answer
    expect(page.locator(f"#lesson-question input[value='{mine['answer']}']")).to_be_checked(timeout=STEP_MS)
    expect(page.locator("#lesson-check " + (".lesson-right" if mine["correct"] else ".lesson-wrong"))).to_be_visible()


def test_download_quiz_bank_writes_every_format_with_the_engines_answers(lesson_page, tmp_path):
    import io
    import xml.etree.ElementTree as ET
    import zipfile

    from perceptron_lab.quiz import qti3
    from perceptron_lab.quiz.items import bank

    page = lesson_page
    page.evaluate("location.hash = ''")
    page.wait_for_selector('body[data-lesson="off"]', state="attached")
    open_tab(page, "practice")
    page.click("#quiz-bank summary")
    with page.expect_download(timeout=STEP_MS) as dl:
        page.click("#quiz-download")
    path = tmp_path / "bank.zip"
    dl.value.save_as(path)
    outer = zipfile.ZipFile(path)
    assert sorted(outer.namelist()) == sorted(["bank-qti3.zip", "bank-qti12-canvas.zip", "bank-moodle.xml",
                                               "bank.gift.txt", "unit.imscc"])
    seed = int(page.input_value("#data-seed") or 0)
    items = bank(5, seed)  # CPython's engine: the answers the page's bank must name
    want = {it["id"]: (it["answer"]["options"][it["answer"]["correct"]] if it["answer"]["type"] == "choice"
                       else it["answer"]["value"]) for it in items}
    # Moodle XML: every question's right answer (the checks of tests/py/test_quiz_formats.py)
    root = ET.fromstring(outer.read("bank-moodle.xml"))
    got = {}
    for q in root.findall("question")[1:]:
        answers = q.findall("answer")
        right = [a.find("text").text for a in answers if a.get("fraction") == "100"]
        got[q.find("idnumber").text] = right[0] if q.get("type") == "multichoice" else float(right[0])
    assert got.keys() == want.keys()
    for k, v in want.items():
        assert got[k] == (v if isinstance(v, str) else pytest.approx(v, abs=1e-9)), k
    # QTI 3: the manifest names every item, each declares the same answer, and its picture is packed
    z = zipfile.ZipFile(io.BytesIO(outer.read("bank-qti3.zip")))
    ns = "{" + qti3.NS + "}"
    man = ET.fromstring(z.read("imsmanifest.xml"))
    refs = [r.get("href") for r in man.iter("{http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1}resource")]
    assert refs == [f"items/{it['id']}.xml" for it in items]
    for it in items:
        item = ET.fromstring(z.read(f"items/{it['id']}.xml"))
        assert z.read("items/" + item.find(f".//{ns}qti-item-body//{{*}}img").get("src"))[:8] == b"\x89PNG\r\n\x1a\n"
        correct = item.find(f"{ns}qti-response-declaration/{ns}qti-correct-response/{ns}qti-value").text
        if it["answer"]["type"] == "choice":
            assert item.find(f".//{ns}qti-simple-choice[@identifier='{correct}']").text == want[it["id"]]
        else:
            assert float(correct) == pytest.approx(want[it["id"]], abs=1e-9)
    # QTI 1.2 and the cartridge: zips whose manifests name only files they hold; GIFT: one entry per item
    for name in ("bank-qti12-canvas.zip", "unit.imscc"):
        inner = zipfile.ZipFile(io.BytesIO(outer.read(name)))
        hrefs = {f.get("href") for f in ET.fromstring(inner.read("imsmanifest.xml")).iter() if f.tag.endswith("file")}
        assert hrefs and hrefs <= set(inner.namelist()), name
    gift = outer.read("bank.gift.txt").decode("utf-8")
    assert all(f"::{it['title']}" in gift or it["id"] in gift for it in items)
    expect(page.locator("#quiz-status")).to_contain_text(f"{len(items)} questions")
