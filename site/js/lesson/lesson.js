// The Learn path: a lesson step beside the lab's plot. The step's run goes through the lab's own
// controls and Train (lesson-run.js); its words, question and check come from Python (bridge
// "lesson"); its place is the address bar (lesson-link.js), so Back / Forward and links work.
import { byId, el } from "../page/dom.js";
import { announce } from "../access/live-region.js";
import { lessonLink, parseLessonLink } from "./lesson-link.js";
import { applyRun, placeCsv } from "./lesson-run.js";
import { teacherData, teacherDataNote } from "./lesson-data.js";
import { recordPrediction, restoredPrediction } from "./lesson-answers.js";
import { syncHidden } from "../page/tabs.js";
import { holdShowWhile, holdAtStart, releaseShow } from "../steps/watch.js";
import { renderStep, showChangeError, showCheck, stageBox, stageFigure, fillAnswer, bringIntoView } from "./lesson-view.js";
import { truthWord } from "../i18n/lesson-words.js";
import { t } from "../i18n/i18n.js";

let call = null;
let train = null;
let catalogue = [];
let at = null; // {lesson, step, keep}
let shown = null; // the bridge's answer for the step on screen
let changed = {}; // the student's changes to this step's run (its @change keys), kept in the link (try.KEY)
let own = { keys: "{}", data: null }; // the teacher's data of the link (lesson-data.js), read once

/** opts: call(request) -> Promise (the Python client), train() (the lab's Train, queued if busy). */
export function initLesson(opts) {
  ({ call, train } = opts);
  const root = el("section", { id: "lesson", class: "lesson", attrs: { "aria-labelledby": "lesson-step-h" }, hidden: true });
  byId("side")?.prepend(root);
  // While a question is open the run's status is hidden: say why in its place, not an empty row.
  document.querySelector("#results .stage-head")?.append(el("p", { class: "status-line lesson-status-wait", id: "lesson-status-wait",
    text: t("Status: after your prediction (answer the question beside the plot).") }));
  // A cold lesson link: the step's words and its plot appear together (the plot waits for the words).
  document.querySelector("#results .stage-cell")?.prepend(el("p", { class: "results-empty lesson-step-wait", id: "lesson-step-wait",
    text: t("The lesson's step is on its way: its words and its plot appear together.") }));
  // Predict, then see: while a step's question is open the big plot waits before the first update.
  holdShowWhile(() => at !== null && document.body.dataset.lessonAsk === "open");
  byId("learn")?.addEventListener("click", () => (at ? leave() : go({ lesson: 1, step: 1, keep: {}, data: {}, changes: {} }, "push")));
  window.addEventListener("popstate", () => {
    const link = parseLessonLink(location.hash);
    if (link) go(link, "none");
    else if (at) leave(false);
  });
  const link = parseLessonLink(location.hash);
  if (link) go(link, "none");
}

/** Is a lesson on screen (the address bar is the lesson's, not the run's)? */
export function lessonOn() {
  return at !== null;
}

function leave(write = true) {
  at = null;
  shown = null;
  byId("lesson").hidden = true;
  stageFigure(null);
  document.body.dataset.lessonAsk = "done";
  document.body.dataset.lesson = "off";
  document.body.dataset.lessonStep = "ready";
  syncHidden(); // tabs measured while the lesson hid their panels (a cold lesson link) come back
  releaseShow();
  byId("learn")?.setAttribute("aria-pressed", "false");
  if (write) history.pushState(null, "", location.pathname + location.search);
}

async function go(link, history_) {
  const first = at === null;
  changed = link.changes || {};
  at = link;
  if (first) {
    document.body.dataset.lessonStep = "loading";
    document.body.dataset.lessonAsk = "open"; // a run finishing before the words waits at its start
  }
  document.body.dataset.lesson = "on";
  byId("learn")?.setAttribute("aria-pressed", "true");
  const root = byId("lesson");
  root.hidden = false;
  if (history_ !== "none") {
    const url = `#${lessonLink(link.lesson, link.step, link.keep, link)}`;
    if (history_ === "push") history.pushState(null, "", url);
    else history.replaceState(null, "", url);
  }
  if (!catalogue.length) {
    root.replaceChildren(el("p", { class: "hint", text: t("The lesson appears as soon as Python has loaded.") }));
    const cat = await call({ cmd: "lesson" });
    if (!cat?.ok) return fail(root, cat);
    catalogue = cat.lessons;
  }
  const n = Math.min(link.lesson, catalogue.length);
  const k = Math.min(link.step, catalogue[n - 1].steps);
  const keys = JSON.stringify(link.data || {});
  if (own.keys !== keys) {
    let data = await teacherData(link.data);
    if (data?.csv) data = await placeCsv(data); // read by the lab as a run link's file is
    own = { keys, data };
  }
  if (at !== link) return;
  const ask = (changes) => call({ cmd: "lesson", lesson: n, step: k, changes, data: own.data?.spec, plot_px: stageBox(), dpr: Math.min(3, Math.max(1, window.devicePixelRatio || 1)) });
  let v = await ask(changed);
  let refused = "";
  if (at === link && !v?.ok && Object.keys(changed).length) {
    // A link's change the step does not take (edited by hand, another lesson's): the step without it.
    refused = t("{why} The step is shown without the link's change.", { why: v?.error?.message || t("This link's change could not be used.") });
    changed = {};
    link.changes = {};
    v = await ask(changed);
    if (at === link && v?.ok) history.replaceState(null, "", `#${lessonLink(n, k, link.keep, link)}`);
  }
  if (at !== link) return; // the student moved on meanwhile
  if (!v?.ok) return fail(root, v);
  if (n !== link.lesson || k !== link.step) { at = { ...link, lesson: n, step: k }; history.replaceState(null, "", `#${lessonLink(n, k, link.keep, link)}`); }
  shown = v;
  renderStep(root, v, catalogue, { onAnswer: answer, onMove: move, onChange: change, onLesson: (m) => go({ ...link, lesson: m, step: 1, changes: {} }, "push") });
  document.body.dataset.lessonStep = "ready";
  const note = teacherDataNote(own.data);
  if (note) byId("lesson-step-h").after(el("p", { class: "field-error", id: "lesson-data-note", text: note }));
  if (refused) byId("lesson-step-h").after(el("p", { class: "field-error", id: "lesson-link-error", text: refused }));
  if (applyRun(v.run, v.own_data ? own.data : null) || first) train(); // its show waits if the step asks first (watch.js)
  else if (document.body.dataset.lessonAsk === "open") holdAtStart();
  else releaseShow();
  announce(t("Lesson {n}, step {k} of {steps}: {title}. {text}", { n, k, steps: v.steps, title: v.title, text: v.text.join(" ") }), `lesson-${n}-${k}`, { keep: true });
  const mine = v.question && !v.own_data ? restoredPrediction(n, k) : null; // from a reopened result link
  if (mine && JSON.stringify(mine.changes) === JSON.stringify(changed)) { fillAnswer(mine.answer); answer(mine.answer); }
  if (!first) byId("lesson-step-h")?.focus({ preventScroll: true });
  if (!first && !matchMedia("(min-width: 60em)").matches) byId("results")?.scrollIntoView({ block: "start" }); // a phone: the new step's plot first, not the last verdict's scroll
}

function move(delta) {
  const { lesson, step } = at;
  const to = (l, s) => go({ ...at, lesson: l, step: s, changes: {} }, "push"); // a change belongs to its step
  const steps = catalogue[lesson - 1].steps;
  if (delta > 0) {
    if (step < steps) to(lesson, step + 1);
    else if (lesson < catalogue.length) to(lesson + 1, 1);
  } else if (step > 1) to(lesson, step - 1);
  else if (lesson > 1) to(lesson - 1, catalogue[lesson - 2].steps);
}

/** The student changed the run: the step again with their values (its words stay true for it). */
async function change(values) {
  const link = at;
  const v = await call({ cmd: "lesson", lesson: shown.lesson, step: shown.step, changes: values, data: own.data?.spec });
  if (at !== link) return;
  if (!v?.ok) { showChangeError(v?.error?.message); return; }
  go({ ...link, changes: values }, "replace"); // the link reopens the changed run
}

async function answer(text) {
  const link = at;
  const v = await call({ cmd: "lesson", lesson: shown.lesson, step: shown.step, changes: changed, data: own.data?.spec, answer: text });
  if (at !== link || !v?.ok) return;
  shown = v;
  const node = byId("lesson-check");
  showCheck(node, v);
  bringIntoView(node); // the verdict, not under Back / Next
  const c = v.check;
  if (c.valid) releaseShow();
  // The prediction counts in the exercise's score and result link (not on a teacher's own data:
  // the link carries the exercise's run only, so check could not replay it).
  if (c.valid && !v.own_data) recordPrediction(v.lesson, v.step, text, changed, c.correct);
  announce(c.valid ? `${c.correct ? t("Right: {truth}.", { truth: truthWord(c.truth) }) : t("Not this time: the run says {truth}.", { truth: truthWord(c.truth) })} ${c.explain} ${(v.reveal || []).join(" ")}` : c.message,
    `lesson-check-${Date.now()}`, { keep: true });
}

function fail(root, res) {
  document.body.dataset.lessonStep = "ready";
  root.replaceChildren(el("p", { class: "field-error", text: res?.error?.message || t("The lesson could not be loaded.") }));
}
