// Tiny DOM helpers. Text is always set with textContent: never innerHTML.

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

export function setText(node, text) {
  node.textContent = text === null || text === undefined ? "" : String(text);
  return node;
}

export function show(node, visible) {
  if (node) node.hidden = !visible;
}

/** Number for people: up to `digits` significant digits, no trailing zeros; "−" for minus. */
export function fmt(x, digits = 4) {
  if (x === null || x === undefined) return "—";
  if (typeof x !== "number") return String(x);
  if (!Number.isFinite(x)) return x > 0 ? "∞" : x < 0 ? "−∞" : "—";
  let s;
  if (x !== 0 && (Math.abs(x) >= 1e6 || Math.abs(x) < 1e-4)) s = x.toExponential(digits - 1).replace(/\.?0+e/, "e");
  else s = String(Number(x.toPrecision(digits)));
  return s.replace(/^-/, "−");
}

export function pct(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return "—";
  return `${Number((x * 100).toFixed(1))} %`;
}
