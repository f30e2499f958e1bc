// One lesson step on screen: its words, its question, Back / Next. Builds DOM only (no Python).
import { el, clear } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { PARAMS } from "../state/state.js";
import { choiceLabel, truthWord } from "../i18n/lesson-words.js";

const BY_URL = new Map(PARAMS.filter((p) => p.url).map((p) => [p.url, p]));

/** Render step `v` (the bridge's lesson answer) into `root`; handlers: onAnswer(text), onMove(delta), onLesson(n). */
export function renderStep(root, v, catalogue, handlers) {
  clear(root);
  const head = el("div", { class: "lesson-head" },
    el("label", { class: "lesson-pick", text: t("Lesson") + " " },
      picker(catalogue, v.lesson, handlers.onLesson)),
    el("p", { class: "lesson-pos", text: t("Step {step} of {total}", { step: v.step, total: v.steps }) }));
  const title = el("h2", { id: "lesson-step-h", class: "lesson-title", text: v.title, attrs: { tabindex: "-1" } });
  const words = el("div", { class: "lesson-words" }, v.text.map((t) => el("p", { text: t })));
  stageFigure(v);
  const figure = !v.figure && v.figure_alt ? el("p", { class: "hint", text: v.figure_alt }) : null;
  const tryIt = v.change?.length ? changes(v, handlers.onChange) : null;
  const ask = v.question ? question(v, handlers.onAnswer) : null;
  // Predict, then see: the run's numbers wait until the question is answered.
  document.body.dataset.lessonAsk = v.question && !v.check ? "open" : "done";
  const nav = el("nav", { class: "lesson-nav", attrs: { "aria-label": t("Lesson steps") } },
    el("button", { type: "button", id: "lesson-back", class: "secondary", text: t("◀ Back"),
      disabled: v.step <= 1 && v.lesson <= 1, on: { click: () => handlers.onMove(-1) } }),
    el("button", { type: "button", id: "lesson-next", text: nextLabel(v, catalogue),
      disabled: v.step >= v.steps && v.lesson >= catalogue.length, on: { click: () => handlers.onMove(1) } }));
  // The prediction comes before "Try it": changing the run first would answer the question.
  root.append(...[head, title, words, figure, ask, tryIt, nav].filter(Boolean));
}

function nextLabel(v, catalogue) {
  if (v.step < v.steps) return t("Next ▶");
  return v.lesson < catalogue.length ? t("Next lesson ▶") : t("The end");
}

function picker(catalogue, current, onLesson) {
  const s = el("select", { id: "lesson-select", on: { change: (e) => onLesson(Number(e.target.value)) } },
    catalogue.map((c) => el("option", { value: String(c.number), text: `${c.number}. ${c.title}`,
      selected: c.number === current })));
  return s;
}

/** Put a kept answer back into the open question's field (a reopened result link's). */
export function fillAnswer(text) {
  const form = document.getElementById("lesson-question");
  if (!form) return;
  for (const input of form.querySelectorAll("input[name=answer]")) {
    if (input.type === "radio") input.checked = input.value === text;
    else input.value = text;
  }
}

function question(v, onAnswer) {
  const q = v.question;
  const form = el("form", { class: "lesson-question", id: "lesson-question" });
  const legend = el("legend", { text: t("Predict: {prompt}", { prompt: q.prompt }) });
  const set = el("fieldset", {}, legend);
  if (q.answer === "vector") {
    set.append(el("label", { text: t("Your answer") + " " }, el("input", { type: "text", name: "answer", id: "lesson-answer",
      attrs: { inputmode: "decimal", autocomplete: "off", placeholder: t("e.g. a, b, c") } })));
  } else {
    for (const c of q.choices) {
      set.append(el("label", { class: "lesson-choice" },
        el("input", { type: "radio", name: "answer", value: c.value }), ` ${choiceLabel(c.label)}`));
    }
  }
  const result = el("div", { class: "lesson-check", id: "lesson-check", attrs: { role: "status" } });
  form.append(set, el("button", { type: "submit", id: "lesson-submit", text: t("Check my prediction") }), result);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const data = new FormData(form).get("answer");
    if (data === null || String(data).trim() === "") {
      result.replaceChildren(el("p", { class: "field-error", text: t("Choose or type an answer first.") }));
      return;
    }
    onAnswer(String(data));
  });
  if (v.check) showCheck(result, v);
  return form;
}

/** The engine's verdict and the reveal, with the run's numbers. */
export function showCheck(node, v) {
  const c = v.check;
  if (c.valid) document.body.dataset.lessonAsk = "done";
  if (!c.valid) {
    node.replaceChildren(el("p", { class: "field-error", text: c.message }));
    return;
  }
  node.replaceChildren(...[
    el("p", { class: c.correct ? "lesson-right" : "lesson-wrong",
      text: c.correct ? t("Right: {truth}.", { truth: truthWord(c.truth) }) : t("Not this time: the run says {truth}.", { truth: truthWord(c.truth) }) }),
    c.explain ? el("p", { text: c.explain }) : null,
    ...(v.reveal || []).map((t) => el("p", { text: t }))].filter(Boolean));
}

/** Scroll the lesson so that node (the verdict) is seen above Back / Next, which stay in view
 * over the lesson's end: the side's own scroll on a wide screen, the page's on a phone. */
export function bringIntoView(node) {
  const nav = document.querySelector(".lesson-nav");
  const cover = nav ? nav.getBoundingClientRect().height : 0;
  const side = node.closest(".side");
  const own = !!side && side.scrollHeight > side.clientHeight + 1;
  const box = own ? side.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  const r = node.getBoundingClientRect();
  const shift = Math.min(r.bottom - (box.bottom - cover), r.top - box.top); // never past its top
  if (shift <= 0) return;
  if (own) side.scrollTop += shift;
  else window.scrollBy(0, shift);
}

/** A step whose plot is not the boundary (the proof, the mistakes, the cycle, the cosine) shows
 * that figure of its run on the stage, in the boundary's place; null puts the boundary back. */
export function stageFigure(v) {
  const cell = document.querySelector("#results .stage-cell");
  let fig = document.getElementById("lesson-figure");
  if (!v?.figure) {
    fig?.remove();
    document.body.dataset.lessonFigure = "off";
    return;
  }
  if (!fig) {
    fig = el("figure", { id: "lesson-figure", class: "fig lesson-figure" }, el("img", { alt: "" }), el("figcaption"),
      el("p", { class: "lesson-figure-wait", text: t("Predict first: this step's plot appears once you have answered.") }));
    cell?.prepend(fig);
  }
  fig.querySelector("img").src = v.figure;
  fig.querySelector("img").alt = v.figure_alt || "";
  fig.querySelector("figcaption").textContent = v.figure_alt || "";
  document.body.dataset.lessonFigure = "on";
}

/** The stage's size in CSS pixels, for the step's figure. */
export function stageBox() {
  const cell = document.querySelector("#results .stage-cell");
  const r = cell ? cell.getBoundingClientRect() : { width: 640, height: 480 };
  const w = Math.round(Math.min(Math.max(r.width || 640, 280), 1600));
  const room = (r.height || w * 0.7) - 72; // the caption under it (a line or two)
  const h = Math.round(Math.min(Math.max(Math.min(room, w * 0.75), 240), 1200));
  return [w, h];
}

/** The settings this step lets the student change (its @change keys), with the run's values. */
function changes(v, onChange) {
  const form = el("form", { class: "lesson-change", id: "lesson-change" });
  const set = el("fieldset", {}, el("legend", { text: t("Try it: change the run") }));
  for (const key of v.change) {
    const p = BY_URL.get(key);
    set.append(el("label", { class: "lesson-change-field" }, `${p?.label ? t(p.label) : key} `,
      el("input", { type: "text", name: key, value: String(v.run[key] ?? p?.default ?? ""),
        attrs: { inputmode: "decimal", autocomplete: "off", "data-key": key } })));
  }
  const error = el("p", { class: "field-error", id: "lesson-change-error", hidden: true, attrs: { role: "alert" } });
  form.append(set, el("button", { type: "submit", class: "secondary", id: "lesson-change-run", text: t("Run it") }), error);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const out = {};
    for (const [k, val] of new FormData(form).entries()) out[k] = String(val).trim().replace("−", "-").replace(",", ".");
    onChange(out);
  });
  return form;
}

/** A change the engine refused: its message next to the fields. */
export function showChangeError(message) {
  const node = document.getElementById("lesson-change-error");
  if (!node) return;
  node.textContent = message || "";
  node.hidden = !message;
}
