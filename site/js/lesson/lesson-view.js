// One lesson step on screen: its words, its question, Back / Next. Builds DOM only (no Python).
import { el, clear } from "../page/dom.js";

/** Render step `v` (the bridge's lesson answer) into `root`; handlers: onAnswer(text), onMove(delta), onLesson(n). */
export function renderStep(root, v, catalogue, handlers) {
  clear(root);
  const head = el("div", { class: "lesson-head" },
    el("label", { class: "lesson-pick", text: "Lesson " },
      picker(catalogue, v.lesson, handlers.onLesson)),
    el("p", { class: "lesson-pos", text: `Step ${v.step} of ${v.steps}` }));
  const title = el("h2", { id: "lesson-step-h", class: "lesson-title", text: v.title, attrs: { tabindex: "-1" } });
  const words = el("div", { class: "lesson-words" }, v.text.map((t) => el("p", { text: t })));
  const figure = v.figure ? el("figure", { class: "lesson-figure" },
    el("img", { src: v.figure, alt: v.figure_alt || "" })) : (v.figure_alt ? el("p", { class: "hint", text: v.figure_alt }) : null);
  const ask = v.question ? question(v, handlers.onAnswer) : null;
  const nav = el("nav", { class: "lesson-nav", attrs: { "aria-label": "Lesson steps" } },
    el("button", { type: "button", id: "lesson-back", class: "secondary", text: "◀ Back",
      disabled: v.step <= 1 && v.lesson <= 1, on: { click: () => handlers.onMove(-1) } }),
    el("button", { type: "button", id: "lesson-next", text: nextLabel(v, catalogue),
      disabled: v.step >= v.steps && v.lesson >= catalogue.length, on: { click: () => handlers.onMove(1) } }));
  root.append(...[head, title, words, figure, ask, nav].filter(Boolean));
}

function nextLabel(v, catalogue) {
  if (v.step < v.steps) return "Next ▶";
  return v.lesson < catalogue.length ? "Next lesson ▶" : "The end";
}

function picker(catalogue, current, onLesson) {
  const s = el("select", { id: "lesson-select", on: { change: (e) => onLesson(Number(e.target.value)) } },
    catalogue.map((c) => el("option", { value: String(c.number), text: `${c.number}. ${c.title}`,
      selected: c.number === current })));
  return s;
}

function question(v, onAnswer) {
  const q = v.question;
  const form = el("form", { class: "lesson-question", id: "lesson-question" });
  const legend = el("legend", { text: `Predict: ${q.prompt}` });
  const set = el("fieldset", {}, legend);
  if (q.answer === "vector") {
    set.append(el("label", { text: "Your answer " }, el("input", { type: "text", name: "answer", id: "lesson-answer",
      attrs: { inputmode: "decimal", autocomplete: "off", placeholder: "e.g. a, b, c" } })));
  } else {
    for (const c of q.choices) {
      set.append(el("label", { class: "lesson-choice" },
        el("input", { type: "radio", name: "answer", value: c.value }), ` ${c.label}`));
    }
  }
  const result = el("div", { class: "lesson-check", id: "lesson-check", attrs: { role: "status" } });
  form.append(set, el("button", { type: "submit", id: "lesson-submit", text: "Check my prediction" }), result);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const data = new FormData(form).get("answer");
    if (data === null || String(data).trim() === "") {
      result.replaceChildren(el("p", { class: "field-error", text: "Choose or type an answer first." }));
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
  if (!c.valid) {
    node.replaceChildren(el("p", { class: "field-error", text: c.message }));
    return;
  }
  node.replaceChildren(...[
    el("p", { class: c.correct ? "lesson-right" : "lesson-wrong",
      text: c.correct ? `Right: ${c.truth}.` : `Not this time: the run says ${c.truth}.` }),
    c.explain ? el("p", { text: c.explain }) : null,
    ...(v.reveal || []).map((t) => el("p", { text: t }))].filter(Boolean));
}
