// The t("Share and embed") panel under the results: t("Copy link"), t("Copy embed code") with the
// panels to hide, and the read-only box that holds the text when the clipboard is refused.
// A copied link holds the run on screen (the one the address bar holds); when the controls
// changed since, the note says so plainly.
import { byId, el, show, clear } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { BY_NAME, settingsRequest } from "../state/state.js";
import { buildHash, valuesFromRequest } from "../state/share.js";
import { dataRequest, plotFeatures } from "../data/data-panel.js";
import { csvName } from "../data/csv-upload.js";
import { runOnScreen, currentView } from "./address-bar.js";
import { embedCode, embedTitle } from "../page/embed.js";
import { siteBase } from "../page/site-address.js";

const HIDE = BY_NAME.hide.options;
let values; // the page state's values (read-only: page-state.js)

export function initSharePanel(vals) {
  values = vals;
  const slot = byId("share");
  if (!slot) return;
  const hideBoxes = HIDE.map((o) => {
    const id = `embed-hide-${o.value}`;
    return el("span", { class: "check" },
      el("input", { type: "checkbox", id, value: o.value }),
      el("label", { attrs: { for: id }, text: t(o.label) }));
  });
  clear(slot).append(
    el("h3", { id: "share-h", text: t("Share and embed") }),
    el("p", { class: "hint", text: t("The link holds the data, every setting and the seed: opening it repeats this exact run.") }),
    el("div", { class: "buttons share-buttons" },
      el("button", { type: "button", id: "copy-link", class: "secondary", text: t("Copy link"), on: { click: copyLink } }),
      el("button", { type: "button", id: "copy-embed", class: "secondary", text: t("Copy embed code"), on: { click: copyEmbed } })),
    el("details", { id: "embed-options", class: "embed-options" },
      el("summary", { text: t("Embed options: panels to hide") }),
      el("fieldset", {},
        el("legend", { class: "visually-hidden", text: t("Panels to hide in the embedded lab") }),
        el("div", { class: "hide-boxes" }, hideBoxes)),
      el("p", { class: "hint", text: t("The embedded lab always keeps the plots and the Train button.") })),
    el("label", { attrs: { for: "share-text" }, class: "visually-hidden", text: t("Text to copy") }),
    el("input", { type: "text", id: "share-text", class: "share-text", readOnly: true, hidden: true, attrs: { spellcheck: "false" } }),
    el("p", { id: "share-note", class: "hint share-note", attrs: { role: "status", "aria-live": "polite" } }),
  );
}

/** What the controls show now: {data, settings, dataError}. */
function controlsRequest() {
  const d = dataRequest();
  const data = "error" in d ? { kind: values.source } : d.data;
  return { data, settings: { ...settingsRequest(values), plot_features: plotFeatures() }, dataError: "error" in d };
}

/**
 * The link to copy -> {url, omitted, dataError, changed}: the run on screen (changed: the
 * controls differ from it); before any run, what the controls show.
 */
async function linkToCopy(extraView = {}) {
  const now = controlsRequest();
  const run = runOnScreen();
  // Compared as a link holds them: the run's settings also carry its plots' size (plot_px,
  // dpr, scale: this screen's), which no control sets and no link holds.
  const asLink = (r) => JSON.stringify([r.data, valuesFromRequest(r.data, r.settings)]);
  const changed = !!run && asLink(run) !== asLink(now);
  const src = run || { ...now, csvName: now.data.kind === "csv" ? csvName() : null };
  // The step belongs to the run on screen: without one the link starts at step 0.
  const vals = valuesFromRequest(src.data, src.settings, currentView({ ...(run ? {} : { step: 0 }), ...extraView }));
  const { hash, omitted } = await buildHash(vals, src.data, src.csvName);
  const base = siteBase();
  return { url: `${base}#${hash}`, omitted, dataError: !run && now.dataError, changed };
}

function note(text) {
  const n = byId("share-note");
  if (n) n.textContent = text;
}

function clipboardAllowed() {
  const policy = document.permissionsPolicy || document.featurePolicy;
  try {
    return !policy || policy.allowsFeature("clipboard-write");
  } catch {
    return true;
  }
}

/** Copy with the clipboard API; when refused, select the text in the read-only box. what: "link" | "embed". */
async function copy(text, what, extra = "") {
  const box = byId("share-text");
  box.value = text;
  show(box, true);
  let copied = false;
  if (navigator.clipboard && typeof navigator.clipboard.writeText === "function" && clipboardAllowed()) {
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      copied = false;
    }
  }
  if (copied) {
    note((what === "link" ? t("Link copied.") : t("Embed code copied.")) + extra);
  } else {
    box.focus();
    box.select();
    note((what === "link" ? t("The link is selected in the box above: press Ctrl+C (⌘C on a Mac) to copy it.")
      : t("The embed code is selected in the box above: press Ctrl+C (⌘C on a Mac) to copy it.")) + extra);
  }
  box.dataset.kind = what;
}

function warnings(link) {
  const out = [];
  if (link.changed) {
    out.push(` ${t("It holds the run on screen; the data or settings changed since, and those changes are not in it: press Train, then copy again to share them.")}`);
  }
  if (link.dataError) out.push(` ${t("The data has a problem (see the data panel), so the link leaves it out.")}`);
  else if (link.omitted === "csv") out.push(` ${t("The CSV file is too large to put in a link: whoever opens it must upload the file again.")}`);
  else if (link.omitted === "points") out.push(` ${t("There are too many points to put in a link.")}`);
  return out.join("");
}

async function copyLink() {
  const link = await linkToCopy();
  await copy(link.url, "link", warnings(link));
}

async function copyEmbed() {
  const hide = chosenHide();
  const link = await linkToCopy({ embed: true, hide });
  const run = runOnScreen();
  const title = embedTitle(run ? valuesFromRequest(run.data, run.settings) : values);
  await copy(embedCode(link.url, title, hide), "embed", warnings(link));
}

function chosenHide() {
  return HIDE.map((o) => o.value).filter((v) => byId(`embed-hide-${v}`)?.checked);
}
