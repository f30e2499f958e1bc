// Build one form control (label + control + hint + error slot) from a PARAMS entry,
// and show / clear the error message next to the control that caused it.
import { el } from "./dom.js";
import { validate } from "../state/state.js";
import { t } from "../i18n/i18n.js";

const slots = new Map(); // name -> {control, error, hint}

function describe(slot) {
  const ids = [slot.hint?.id, slot.error.hidden ? null : slot.error.id].filter(Boolean);
  if (ids.length) slot.control.setAttribute("aria-describedby", ids.join(" "));
  else slot.control.removeAttribute("aria-describedby");
}

/** Register an error slot for a name (used for params and for "data"). */
export function registerSlot(name, control, error, hint = null, p = null) {
  const slot = { control, error, hint, p };
  slots.set(name, slot);
  describe(slot);
  return slot;
}

function errorSlot(name, id) {
  return el("p", { class: "field-error", id, hidden: true, attrs: { "data-for": name } });
}

export function setFieldError(name, message) {
  const slot = slots.get(name);
  if (!slot) return false;
  slot.error.textContent = message;
  slot.error.hidden = false;
  slot.control.setAttribute("aria-invalid", "true");
  slot.control.closest(".field")?.classList.add("has-error");
  describe(slot);
  return true;
}

export function clearFieldError(name) {
  const slot = slots.get(name);
  if (!slot) return;
  slot.error.textContent = "";
  slot.error.hidden = true;
  slot.control.removeAttribute("aria-invalid");
  slot.control.closest(".field")?.classList.remove("has-error");
  describe(slot);
}

export function clearAllErrors(filter = () => true) {
  for (const name of slots.keys()) if (filter(name)) clearFieldError(name);
}

export function focusField(name) {
  const slot = slots.get(name);
  if (!slot) return;
  const target = slot.control.matches("fieldset") ? slot.control.querySelector("input:checked, input, select") : slot.control;
  target?.focus({ preventScroll: true });
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  // Centre the whole field (label, control, message): a sticky Train bar may cover the bottom.
  (slot.control.closest(".field, section") || slot.control)
    .scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
}

/** Current raw value of a rendered control. */
function readRaw(p, control) {
  if (p.type === "bool") return control.checked;
  if (control.matches("fieldset")) return control.querySelector("input:checked")?.value;
  return control.value;
}

function optionHint(p, value) {
  const o = p.options?.find((x) => x.value === value);
  // A preset's own hint says all there is: the list of every kind of preset is not about it.
  if (o?.hint && p.name === "preset") return `${t(o.hint)}.`;
  return o?.hint ? `${t(p.hint)}. ${t(o.hint)}.` : t(p.hint);
}

/**
 * Render a field for parameter p with value; onValue(name, value) is called with a
 * validated value, or the error is shown next to the control.
 */
export function renderField(p, value, onValue) {
  const hintId = `${p.id}-hint`;
  const hint = el("p", { class: "hint", id: hintId, text: optionHint(p, value) });
  const error = errorSlot(p.name, `${p.id}-error`);
  let control;
  let root;

  const commit = () => {
    const raw = readRaw(p, control);
    const r = validate(p.name, raw);
    if ("error" in r) { setFieldError(p.name, r.error); return; }
    clearFieldError(p.name);
    if (p.options) hint.textContent = optionHint(p, r.value);
    onValue(p.name, r.value);
  };

  if (p.type === "bool") {
    control = el("input", { type: "checkbox", id: p.id, name: p.name, checked: !!value });
    control.addEventListener("change", commit);
    root = el("div", { class: "field field-bool" },
      el("div", { class: "check" }, control, el("label", { attrs: { for: p.id }, text: t(p.label) })),
      hint, error);
  } else if (p.type === "enum" && p.name === "source") {
    control = el("fieldset", { id: p.id, class: "segmented" },
      el("legend", { text: t(p.label) }),
      p.options.map((o) => {
        const rid = `${p.id}-${o.value}`;
        const input = el("input", { type: "radio", id: rid, name: p.name, value: o.value, checked: o.value === value });
        input.addEventListener("change", commit);
        return el("span", { class: "seg" }, input, el("label", { attrs: { for: rid }, text: t(o.label) }));
      }));
    root = el("div", { class: "field field-source" }, control, hint, error);
  } else if (p.type === "enum") {
    control = el("select", { id: p.id, name: p.name },
      p.options.map((o) => el("option", { value: o.value, text: t(o.label), selected: o.value === value })));
    control.addEventListener("change", commit);
    root = el("div", { class: "field" }, el("label", { attrs: { for: p.id }, text: t(p.label) }), control, hint, error);
  } else {
    const isInt = p.type === "int";
    // Decimals in a text box: a number box would hand "0,1" over as "" (or not at all), so a
    // decimal comma could not be read or refused with its own message (state.js validate).
    control = el("input", {
      type: isInt ? "number" : "text", id: p.id, name: p.name, value: String(value),
      attrs: { step: isInt ? "1" : "any", min: p.min, max: p.page_max ?? p.max, inputmode: isInt ? "numeric" : "decimal", autocomplete: "off" },
    });
    control.addEventListener("change", commit);
    control.addEventListener("input", () => clearFieldError(p.name));
    root = el("div", { class: "field" }, el("label", { attrs: { for: p.id }, text: t(p.label) }), control, hint, error);
  }
  if (p.when) root.dataset.when = p.when.name;
  registerSlot(p.name, control, error, hint, p);
  return { root, control, commit };
}

/**
 * Validate the rendered controls of these parameter names (their current raw text, which
 * may be invalid even though the last valid value is kept); show every error.
 * -> {values: {name: value}, bad: [names]}
 */
export function validateFields(names) {
  const values = {};
  const bad = [];
  for (const name of names) {
    const slot = slots.get(name);
    if (!slot?.p) continue;
    const r = validate(name, readRaw(slot.p, slot.control));
    if ("error" in r) { setFieldError(name, r.error); bad.push(name); } else { clearFieldError(name); values[name] = r.value; }
  }
  return { values, bad };
}

/** Put a value into the rendered control of a table parameter (e.g. from a shared link); clears its error. */
export function writeField(name, value) {
  const slot = slots.get(name);
  if (!slot?.p) return false;
  writeValue(slot.p, slot.control, value);
  clearFieldError(name);
  if (slot.p.options && slot.hint) slot.hint.textContent = optionHint(slot.p, value);
  return true;
}

/** Put a value into a rendered control (e.g. after loading a shared URL). */
function writeValue(p, control, value) {
  if (p.type === "bool") control.checked = !!value;
  else if (control.matches("fieldset")) control.querySelectorAll("input").forEach((i) => { i.checked = i.value === value; });
  else control.value = String(value);
}

/**
 * A note about the last run under a field (e.g. the standardize notice about constant
 * columns); "" removes it. Each successful run replaces it.
 */
export function setFieldNote(name, text) {
  const slot = slots.get(name);
  if (!slot) return;
  const field = slot.control.closest(".field");
  let note = field?.querySelector(".field-note");
  if (!text) { note?.remove(); return; }
  if (!note) {
    note = el("p", { class: "hint field-note", id: `${slot.control.id}-note`, attrs: { role: "status" } });
    field.append(note);
  }
  note.textContent = text;
}
