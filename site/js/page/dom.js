// Tiny DOM helpers. Text is always set with textContent: never innerHTML.
// fmt / pct live in format.js (no DOM, so node can test them); re-exported for the panels.
export { fmt, pct } from "./format.js";
import { englishLeft } from "../i18n/translate.js";

/** A node's whole text; English the page fell back to in another language (a message its
 * catalog lacks) is marked lang="en" there, so a screen reader says it as English (WCAG 3.1.2). */
export function setText(node, text) {
  node.textContent = text;
  if (englishLeft(text)) {
    node.setAttribute("lang", "en");
    node.dataset.englishLeft = "";
  } else if (node.dataset && "englishLeft" in node.dataset) {
    node.removeAttribute("lang");
    delete node.dataset.englishLeft;
  }
  return node;
}

/** el("p", {class: "x", id: "y", text: "hi", attrs: {...}, on: {click() {}}}, child, ...) */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") setText(node, v);
    else if (k === "attrs") for (const [a, av] of Object.entries(v)) { if (av !== undefined && av !== null && av !== false) node.setAttribute(a, av === true ? "" : String(av)); }
    else if (k === "data") for (const [a, av] of Object.entries(v)) node.dataset[a] = String(av);
    else if (k === "on") for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    else node[k] = v;
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function byId(id) {
  return document.getElementById(id);
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

export function show(node, visible) {
  if (node) node.hidden = !visible;
}

/** A message line: its text, its kind ("info" | "error", for the style) and shown only when there is text. */
export function say(node, text, kind = "info") {
  setText(node, text || "");
  node.dataset.kind = kind;
  show(node, !!text);
}
