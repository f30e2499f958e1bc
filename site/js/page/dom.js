// Tiny DOM helpers. Text is always set with textContent: never innerHTML.
// fmt / pct live in format.js (no DOM, so node can test them); re-exported for the panels.
export { fmt, pct } from "./format.js";

/** el("p", {class: "x", id: "y", text: "hi", attrs: {...}, on: {click() {}}}, child, ...) */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
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
  node.textContent = text || "";
  node.dataset.kind = kind;
  show(node, !!text);
}
