// Predict the update: the lab shows w and the next example x̃, y; the student says whether it
// is a mistake (y·a ≤ 0) and, if so, types the new w (the kernel perceptron: the new count α_i
// of the example, its score f(x) = η·Σ α_j y_j k̃(x_j, x)). Each answer is checked against the
// engine's own visits (bridge "visits"), the arithmetic is shown when wrong, the boundary
// moves on. A result link (view=exercise, exn, exs, exa) replays the answers when reopened,
// at the start or pasted into the address bar later; while the exercise is open the address
// bar keeps view=exercise (exerciseShown), and closing it drops the view.
// Keyboard only: a form (Enter checks), radios, labelled fields, results in aria-live regions.
import { byId, el, clear, show, say as sayIn, setText } from "../page/dom.js";
import { t, tn } from "../i18n/i18n.js";
import { createPlot } from "../plot/boundary-svg.js";
import {
  parseNumber, checkAnswer, tally, replay, vec, num, sub, decodeAnswers, readExerciseLink, verdict,
  answerWidth,
} from "./exercise-check.js";
import { resultLink, copyResultLink } from "./result-link.js";
import { reportExercise } from "./exercise-report.js";
import { lmsDownload } from "./lms-download.js";
import { quizDownload } from "./quiz-download.js";
import { algorithmTraits } from "../state/state.js";
import { page } from "../state/page-state.js";
import { introText, questionText, visitText, counts, countsText } from "./exercise-words.js";
import { drawVisit } from "./exercise-picture.js";
import { showFeedback } from "./exercise-feedback.js";
import { predictionTally, onPrediction, restorePredictions } from "../lesson/lesson-answers.js";
import { algorithmWord } from "../i18n/lesson-words.js";

const LIMIT = 200; // visits fetched per exercise (the link carries at most 200 answers)

let call = null;    // (request) => Promise<bridge response>
let request = null; // () => {data, settings} | null (after marking what to fix)
let ex = null;      // {data, settings, res (visits response), dual, answers, results}
let startLink = readExerciseLink(typeof location === "undefined" ? "" : location.hash);
let starting = false; // start() is waiting for Python
let generation = 0;   // closing drops the answer of a start still on its way
let plot = null;
let goal = null;      // answers the exercise asks for (a link's exq), else every visit

export function initExercise(opts) {
  call = opts.call;
  request = opts.request;
  ensureCss();
  const section = byId("exercise") || el("section", { id: "exercise", class: "panel exercise" });
  if (!section.isConnected) (byId("compare") || byId("results")).after(section);
  section.className = "panel exercise";
  section.setAttribute("aria-labelledby", "exercise-h");
  plot = createPlot(t("The data and the boundary of the current w"));
  clear(section).append(
    el("h2", { id: "exercise-h", text: t("Predict the update") }),
    el("p", { class: "hint", id: "exercise-intro", text: introText(false) }),
    el("div", { class: "exercise-bar" },
      el("button", { type: "button", id: "exercise-start", text: t("Start the exercise"), on: { click: () => start() } }),
      el("button", { type: "button", id: "exercise-close", class: "secondary", text: t("Close the exercise"), hidden: true,
        on: { click: () => closeExercise() } })),
    lmsDownload(() => request()),
    quizDownload((r) => call(r), () => Number(page.get("data_seed")) || 0),
    el("p", { id: "exercise-message", class: "message", role: "status", attrs: { "aria-live": "polite" }, hidden: true }),
    el("div", { id: "exercise-body", hidden: true },
      el("p", { id: "exercise-on", class: "hint" }),
      el("p", { id: "exercise-score", class: "exercise-score", attrs: { "aria-live": "polite" } }),
      el("div", { class: "exercise-grid" },
        el("div", {},
          el("form", { id: "exercise-form", class: "exercise-form", attrs: { novalidate: true }, on: { submit: onSubmit, keydown: onKey } },
            el("p", { id: "exercise-question", class: "exercise-question" }),
            el("fieldset", { id: "exercise-mistake" },
              el("legend", { id: "exercise-mistake-legend", text: t("Is this example a mistake (y·a ≤ 0)?") }),
              radio("yes", t("Yes, a mistake")), radio("no", t("No, w stays"))),
            el("fieldset", { id: "exercise-new-w", hidden: true },
              el("legend", { id: "exercise-new-w-legend", text: t("The new w (a decimal comma is fine)") }),
              el("div", { id: "exercise-w-fields", class: "exercise-w-fields" })),
            el("p", { id: "exercise-input-error", class: "field-error", attrs: { "aria-live": "assertive" }, hidden: true }),
            // Checked on the button's click (Enter in a field clicks it too): a frame sandboxed
            // without allow-forms, as the embed snippet is, never fires the form's submit.
            el("button", { type: "submit", id: "exercise-check", text: t("Check"), on: { click: onSubmit } })),
          el("div", { id: "exercise-feedback", class: "exercise-feedback", role: "status", attrs: { "aria-live": "polite" } })),
        el("figure", { class: "exercise-figure" }, plot, el("figcaption", { id: "exercise-caption", class: "hint" }))),
      el("div", { class: "exercise-link" },
        el("label", { htmlFor: "exercise-link", text: t("Result link (this data, your answers, your score)") }),
        el("input", { id: "exercise-link", type: "text", readOnly: true }),
        el("button", { type: "button", id: "exercise-copy", class: "secondary", text: t("Copy result link"), on: { click: copyLink } }))),
  );
  for (const r of section.querySelectorAll("input[name=exercise-mistake]")) r.addEventListener("change", syncW);
  onPrediction(() => { if (ex) { scoreLine(); updateLink(); } }); // a lesson's prediction counts too
}

/** One score: the exercise's answers plus the lesson predictions (check sums them the same way). */
function scoreLine() {
  const s = tally(ex.results), l = predictionTally();
  byId("exercise-score").textContent = t("Score {score} of {answered}", { score: s.score + l.score, answered: s.answered + l.answered })
    + (l.answered ? " " + t("({score} of {answered} from lesson predictions)", { score: l.score, answered: l.answered }) : "")
    + " · " + t("streak {streak} (best {best})", { streak: s.streak, best: s.best });
}

function radio(value, label) {
  const id = `exercise-mistake-${value}`;
  return el("div", { class: "exercise-radio" },
    el("input", { type: "radio", id, name: "exercise-mistake", value }), el("label", { htmlFor: id, text: label }));
}

function ensureCss() {
  if (document.querySelector("link[href$='css/exercise.css']")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "css/exercise.css" }));
}

function say(text, kind = "info") {
  sayIn(byId("exercise-message"), text, kind);
}

function hiddenByLink() {
  return (page.get("hide") || []).includes("exercise");
}

/** Is the exercise open (or about to open for a link)? The address bar then keeps view=exercise. */
export function exerciseShown() {
  return !hiddenByLink() && (!!startLink || starting || !!ex);
}

function viewChanged() {
  page.set({ exerciseShown: exerciseShown() });
}

/**
 * A link pasted into the address bar of an open lab (its hash): an exercise link opens the
 * exercise once its run is done (exerciseLinkView); any other link closes an open exercise
 * (its view is the run only).
 */
export function expectExerciseLink(hash) {
  startLink = readExerciseLink(hash);
  if (!startLink) goal = null;
  if (!startLink && ex) closeExercise(false);
}

/** After a run of a link is done: open the exercise the link asked for (once). */
export function exerciseLinkView() {
  if (!startLink) return;
  const link = startLink;
  startLink = null;
  if (hiddenByLink()) return; // hide=exercise: the panel is not on the page
  goal = link.goal ?? null;
  start(link);
}

/** Close the exercise: its answers are dropped, the address bar drops view=exercise. */
export function closeExercise(announce = true) {
  ex = null;
  starting = false;
  generation++;
  show(byId("exercise-body"), false);
  show(byId("exercise-close"), false);
  setText(byId("exercise-start"), t("Start the exercise"));
  say(announce ? t("The exercise is closed.") : "");
  viewChanged();
  if (announce) byId("exercise-start").focus();
}

/** Start (or restart) on the data and settings now in the controls; replay a link's answers. */
export async function start(link = null) {
  const req = request();
  if (!req) { say(t("The exercise was not started: fix the value marked above."), "error"); return; }
  say(t("Preparing the exercise…"));
  byId("exercise-start").disabled = true;
  starting = true;
  const mine = ++generation;
  let res;
  try {
    res = await call({ cmd: "visits", data: req.data, settings: req.settings, limit: LIMIT });
  } catch (e) {
    res = { ok: false, error: { message: t("Python could not prepare the exercise.") } };
  }
  byId("exercise-start").disabled = false;
  if (mine !== generation) return; // closed (or started again) meanwhile
  starting = false;
  if (!res || !res.ok) {
    say(res?.error?.message || t("The exercise could not be prepared."), "error");
    viewChanged();
    return;
  }
  ex = { data: req.data, settings: req.settings, res, dual: dual(res), answers: [], results: [] };
  byId("exercise-intro").textContent = introText(ex.dual, res.threshold);
  byId("exercise-on").textContent = context(res);
  setText(byId("exercise-start"), t("Restart the exercise"));
  show(byId("exercise-close"), true);
  const byCount = ex.dual;
  byId("exercise-mistake-legend").textContent = questionText(byCount, res.threshold);
  byId("exercise-new-w-legend").textContent = byCount ? t("The new count αᵢ of this example (a whole number)")
    : t("The new w (a decimal comma is fine)");
  byId("exercise").querySelector("label[for=exercise-mistake-no]").textContent = byCount ? t("No, the counts stay") : t("No, w stays");
  clear(byId("exercise-feedback"));
  say("");
  viewChanged();
  if (link) {
    const d = decodeAnswers(link.answersText, answerWidth(res));
    if ("error" in d) {
      say(t("The answers in this link could not be read, so the exercise starts from the beginning."), "error");
    } else {
      ex.answers = d.answers.slice(0, res.visits.length);
      ex.results = replay(res.visits, ex.answers);
      // An assignment link (no answers yet) needs no verdict.
      const claims = ex.answers.length > 0 || (link.count ?? 0) > 0;
      say([claims ? verdict(link, ex.results) : "", ...link.notices].join(" ").trim());
    }
    // The link's lesson predictions, graded again by the engine, count in the score as before.
    if (await restorePredictions(link.lessonAnswers, (r) => call(r))) say(t("Some lesson answers in this link are not ones a lesson offers; they do not count."), "error");
  }
  show(byId("exercise-body"), true);
  await render();
  byId("exercise").scrollIntoView?.({ block: "start" });
  if (!link) byId("exercise-mistake-yes")?.focus();
}

/** The dual form (params.json weights "counts"): the student answers a count αᵢ, not a new w. */
function dual(res) {
  return algorithmTraits(res.algorithm)?.weights === "counts";
}

function context(res) {
  const n = res.dataset.n_train;
  const at = { data: res.dataset.name, algorithm: algorithmWord(res.algorithm) };
  if (dual(res)) {
    return tn("On {data} ({n} training example), the {algorithm} perceptron with k̃(x, x′) = {kernel}, as the data and settings were when the exercise started. Each example i keeps a count αᵢ of its mistakes (all 0 at the start); its score is f(x) = η·Σⱼ αⱼ·yⱼ·k̃(xⱼ, x), and a mistake adds 1 to its count.",
      "On {data} ({n} training examples), the {algorithm} perceptron with k̃(x, x′) = {kernel}, as the data and settings were when the exercise started. Each example i keeps a count αᵢ of its mistakes (all 0 at the start); its score is f(x) = η·Σⱼ αⱼ·yⱼ·k̃(xⱼ, x), and a mistake adds 1 to its count.",
      n, { ...at, kernel: res.kernel.text });
  }
  const note = algorithmTraits(res.algorithm)?.exercise_note;
  return `${tn("On {data} ({n} training example), the {algorithm} perceptron, x̃ = ({names}), as the data and settings were when the exercise started.",
    "On {data} ({n} training examples), the {algorithm} perceptron, x̃ = ({names}), as the data and settings were when the exercise started.",
    n, { ...at, names: res.w_names.join(", ") })} ${note ? t(note) : ""}`;
}

function visit() {
  return ex.res.visits[ex.answers.length] || null;
}

function names() {
  if (ex.dual) {
    const v = visit();
    return [`α${v ? sub(v.index + 1) : ""}`];
  }
  const n = ex.res.w_names || [];
  return n.map((s) => (s === "bias" ? "b" : s));
}

async function render() {
  const v = visit();
  const s = tally(ex.results);
  scoreLine();
  byId("exercise").dataset.score = String(s.score);
  byId("exercise").dataset.answered = String(s.answered);
  const form = byId("exercise-form");
  for (const r of form.querySelectorAll("input[name=exercise-mistake]")) r.checked = false;
  syncW();
  const done = !v || (goal !== null && s.answered >= goal);
  form.querySelector("#exercise-mistake").disabled = done;
  byId("exercise-check").disabled = done;
  if (done && v) {
    setText(byId("exercise-question"), t("That is the {goal} answers this exercise asks for: {right} right.", { goal, right: s.score }));
  } else if (done) {
    byId("exercise-question").textContent = ex.res.run_ends
      ? t("The run ends here ({status}): every example has been visited.", { status: ex.res.status })
      : t("That is every visit this exercise holds ({n}).", { n: ex.res.visits.length });
  } else if (ex.dual) {
    byId("exercise-question").textContent = visitText(v)
      + `x${sub(v.index + 1)} = ${vec(v.x)}, y = ${v.y > 0 ? "+1" : "−1"}, η = ${num(ex.res.eta)}; `
      + `${countsText(counts(ex))}.`;
  } else {
    const w = ex.answers.length ? ex.res.visits[ex.answers.length - 1].w_after : v.w_before;
    byId("exercise-question").textContent = visitText(v)
      + `w = ${vec(w)}, x̃ = ${vec(v.x)}, y = ${v.y > 0 ? "+1" : "−1"}, η = ${num(ex.res.eta)}.`;
  }
  drawVisit(plot, ex, v, byId("exercise-caption"));
  await updateLink();
}

function syncW() {
  const yes = byId("exercise-mistake-yes")?.checked;
  const box = byId("exercise-new-w");
  show(box, !!yes);
  const fields = byId("exercise-w-fields");
  if (!ex) return;
  const want = names().map((n) => `${t("new {name}", { name: n })} `).join("|");
  if (fields.dataset.names === want) return;
  fields.dataset.names = want;
  clear(fields).append(...names().map((n, i) => el("label", { class: "exercise-w" },
    `${t("new {name}", { name: n })} `, el("input", { id: `exercise-w-${i}`, type: "text", inputMode: "decimal", autocomplete: "off" }))));
}

function onKey(e) {
  // Enter on a radio checks too (forms submit on Enter only from text fields).
  if (e.key === "Enter" && e.target?.type === "radio") { e.preventDefault(); byId("exercise-check").click(); }
}

async function onSubmit(e) {
  e.preventDefault();
  const v = visit();
  if (!v) return;
  const err = byId("exercise-input-error");
  const choice = byId("exercise-form").querySelector("input[name=exercise-mistake]:checked")?.value;
  if (!choice) return inputError(t("Choose yes or no first."), "exercise-mistake-yes");
  let w = null;
  if (choice === "yes") {
    w = [];
    for (let i = 0; i < names().length; i++) {
      const r = parseNumber(byId(`exercise-w-${i}`).value);
      if ("error" in r) return inputError(`${t("new {name}", { name: names()[i] })}: ${r.error}`, `exercise-w-${i}`);
      w.push(r.value);
    }
  }
  show(err, false);
  const answer = { mistake: choice === "yes", w };
  const result = checkAnswer(v, answer);
  ex.answers.push(answer);
  ex.results.push(result);
  showFeedback(clear(byId("exercise-feedback")), v, answer, result, ex);
  for (let i = 0; i < names().length; i++) { const f = byId(`exercise-w-${i}`); if (f) f.value = ""; }
  await render();
  byId(byId("exercise-check").disabled ? "exercise-copy" : "exercise-mistake-yes").focus();
}

function inputError(text, focusId) {
  const err = byId("exercise-input-error");
  err.textContent = text;
  show(err, true);
  byId(focusId)?.focus();
}

async function updateLink() {
  const link = await resultLink(ex, goal);
  if (!link) return;
  byId("exercise-link").value = link.url;
  reportExercise(ex, link.tally, goal, link.keys, link.url);
}

const copyLink = () => copyResultLink(byId("exercise-link"), say);

export { start as startExercise };
