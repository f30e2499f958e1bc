// Share links and embedding, on the page: read the link the page was opened with (and any
// link pasted into the address bar later), keep the address bar's hash equal to the last
// run, "Copy link" / "Copy embed code", embed mode and hide flags, and the notice naming
// what a link could not restore. The link format itself is in ../share.js.
import { byId, el, show, clear } from "./dom.js";
import { PARAMS, BY_NAME, settingsRequest } from "../state.js";
import {
  parseHash, buildHash, brokenData, readCsv, readPoints, valuesFromRequest, VIEW, NOTICE,
} from "../share.js";
import { writeField } from "./fields.js";
import { dataRequest, plotFeatures, loadCsvText, csvName, syncDataPanel } from "./data-panel.js";
import { setPoints } from "./points.js";
import { stepTo } from "./stepper.js";
import { runCompare, compareShown } from "./compare.js";

let values;             // the app's values (by parameter name), shared with main.js
let trainSoon;          // () => void: train once Python is ready and no run is going
let lastHash = null;    // the hash of the last run (or the link being opened)
let seq = 0;            // links applied so far (body[data-link-seq], for tests)
let notices = [];       // the notices on screen (#link-notice)
// The view of a link being opened ({step, compare}): checked against its run once the run
// is done (saveLink), then applied (applyLinkView).
let pending = null;
let after = null;
let wantCompare = false; // a link's comparison is on its way: keep view=compare meanwhile
let lastRun = null;      // {data, settings, csvName} of the run on screen

const HIDE = BY_NAME.hide.options;

// ------------------------------------------------------------------ opening a link

/**
 * Before the panels are built: read location.hash into `vals` (validated; defaults where the
 * link had nothing usable) and set the view (embed, hide). -> the parsed link, or null.
 */
export function readStartLink(vals) {
  const link = parseHash(location.hash);
  if (link) {
    Object.assign(vals, link.values);
    pending = linkView(link.values);
  }
  applyView(vals);
  return link;
}

function linkView(v) {
  return { step: v.step, compare: v.view === "compare" };
}

function hidden(panel) {
  return Array.isArray(values?.hide) && values.hide.includes(panel);
}

/** body[data-embed] and body[data-hide="data proof ..."]; the CSS does the rest (css/share.css). */
export function applyView(vals) {
  const b = document.body;
  if (vals.embed) b.dataset.embed = "1";
  else delete b.dataset.embed;
  const hide = Array.isArray(vals.hide) ? vals.hide : [];
  if (hide.length) b.dataset.hide = hide.join(" ");
  else delete b.dataset.hide;
}

/**
 * After the panels are built. opts: {values, link (from readStartLink), trainSoon}.
 */
export function initShare(opts) {
  ({ values, trainSoon } = opts);
  buildPanel();
  const link = opts.link;
  if (link) {
    lastHash = location.hash.replace(/^#/, "");
    applyData(link, true).then(() => finish(link));
  }
  window.addEventListener("hashchange", onHashChange);
  // The stepper moved or the comparison was shown: the address bar follows.
  document.addEventListener("viewchange", (e) => {
    if (e.target?.id === "stepper") values.step = Number(e.detail?.step) || 0;
    if (e.target?.id === "compare") wantCompare = false;
    writeAddress();
  });
}

function onHashChange() {
  const hash = location.hash.replace(/^#/, "");
  const link = parseHash(hash);
  if (!link) {
    // An in-page anchor (#results): keep the address bar shareable.
    if (lastHash) replaceHash(lastHash);
    return;
  }
  if (hash === lastHash) return; // e.g. Back to the entry of the run on screen
  lastHash = hash;
  openLink(link);
}

/** A link pasted into the address bar of an open lab: set everything, then train. */
async function openLink(link) {
  Object.assign(values, link.values);
  pending = linkView(link.values);
  for (const p of PARAMS) if (p.group !== "view") writeField(p.name, values[p.name]);
  syncDataPanel();
  applyView(values);
  await applyData(link, false);
  finish(link);
}

/**
 * Put the link's data into the data panel. At the start only data that arrives late
 * (compressed) asks for a run: the page trains the rest by itself once Python is ready.
 */
async function applyData(link, atStart) {
  const d = link.data;
  let late = false;
  if (d && d.kind === "points" && !d.missing) {
    let pts = d.points;
    if (!pts) { late = true; pts = await readPoints(d.z); }
    if (pts) setPoints(pts);
    else fallBack(link, NOTICE.pointsBroken);
  } else if (d && d.kind === "csv" && !d.missing) {
    late = true;
    const text = await readCsv(d.z);
    const ok = text !== null && await loadCsvText(d.name, text, link.values.label, link.values.plot_features);
    if (!ok) fallBack(link, NOTICE.csvBroken);
  }
  const missing = !!(d && d.missing);
  if (!missing && (late || !atStart)) trainSoon();
}

/** The link's data is unusable: default data source, the settings stay. */
function fallBack(link, notice) {
  brokenData(link, notice);
  values.source = link.values.source;
  writeField("source", values.source);
  syncDataPanel();
}

function finish(link) {
  showNotices(link.notices);
  document.body.dataset.linkSeq = String(++seq);
}

function showNotices(list) {
  notices = [...list];
  const box = byId("link-notice");
  if (!box) return;
  clear(box);
  if (!notices.length) { show(box, false); return; }
  for (const text of notices) box.append(el("p", { text }));
  box.append(el("button", {
    type: "button", class: "secondary small", text: "Dismiss",
    on: { click: () => { notices = []; clear(box); show(box, false); } },
  }));
  show(box, true);
}

// ------------------------------------------------------------------ writing links

function replaceHash(hash) {
  try {
    history.replaceState(history.state, "", `#${hash}`);
  } catch {
    // Some sandboxes refuse; the Copy link button still works.
  }
}

/** The view parameters now: embed, hide, the step on screen, whether the comparison is shown. */
function view(extra = {}) {
  const out = {};
  for (const name of VIEW) out[name] = values[name];
  out.view = wantCompare || compareShown() ? "compare" : "main";
  return { ...out, ...extra };
}

/**
 * After a successful run: the address bar holds the link of exactly that run. The view of a
 * link being opened is checked against the run here (step: 0..its recorded updates) and
 * applied by applyLinkView() once the run is on screen; any other run starts at step 0.
 */
export function saveLink(data, settings, res = null) {
  lastRun = { data, settings, csvName: data.kind === "csv" ? csvName() : null };
  let step = 0;
  if (pending) {
    const total = Array.isArray(res?.trace?.w) ? res.trace.w.length : 0;
    if (pending.step > total) {
      showNotices(notices.concat(`This link asks for step ${pending.step} of the step-through, but this run has ` +
        `${total} step${total === 1 ? "" : "s"}, so the step-through starts at step 0.`));
    } else step = pending.step;
    after = { step, compare: pending.compare && !hidden("compare") };
    wantCompare = after.compare;
    pending = null;
  }
  values.step = step;
  return writeAddress();
}

/** After saveLink and the step-through's new result: show the link's step and comparison. */
export function applyLinkView() {
  const a = after;
  after = null;
  if (!a) return;
  if (a.step > 0) stepTo(a.step);
  if (a.compare) {
    byId("compare")?.scrollIntoView({ block: "start" });
    runCompare();
  }
}

// One address-bar write at a time; changes meanwhile are written once it is done.
let writing = null;
let writeAgain = false;

function writeAddress() {
  if (writing) { writeAgain = true; return writing; }
  writing = (async () => {
    do {
      writeAgain = false;
      try {
        if (!lastRun) break;
        const { data, settings, csvName: name } = lastRun;
        const { hash } = await buildHash(valuesFromRequest(data, settings, view()), data, name);
        if (!writeAgain) { lastHash = hash; replaceHash(hash); }
      } catch {
        // A link is a convenience: never let it break a run.
      }
    } while (writeAgain);
    writing = null;
  })();
  return writing;
}

/** The link of what the controls show now. -> {url, omitted, dataError} */
async function currentLink(extraView = {}) {
  const d = dataRequest();
  const data = "error" in d ? { kind: values.source } : d.data;
  const settings = { ...settingsRequest(values), plot_features: plotFeatures() };
  // The step belongs to the run on screen: a link of other data or settings starts at 0.
  const sameRun = !!lastRun && JSON.stringify([lastRun.data, lastRun.settings]) === JSON.stringify([data, settings]);
  const vals = valuesFromRequest(data, settings, view({ ...(sameRun ? {} : { step: 0 }), ...extraView }));
  const { hash, omitted } = await buildHash(vals, data, data.kind === "csv" ? csvName() : null);
  const base = location.href.split("#")[0];
  return { url: `${base}#${hash}`, omitted, dataError: "error" in d };
}

function attr(s) {
  return String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function shortLabel(name, value) {
  const o = BY_NAME[name].options.find((x) => x.value === value);
  return (o ? o.label : String(value)).replace(/\s*\(.*\)\s*$/, "");
}

/** "Perceptron Lab: Two clouds, Online" */
export function embedTitle(vals) {
  const data = vals.source === "preset" ? shortLabel("preset", vals.preset)
    : vals.source === "csv" ? "CSV data" : "Placed points";
  return `Perceptron Lab: ${data}, ${shortLabel("algorithm", vals.algorithm)}`;
}

export function embedCode(url, title) {
  return `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="640" style="border:0" ` +
    'loading="lazy" sandbox="allow-scripts allow-same-origin"></iframe>';
}

// ------------------------------------------------------------------ the panel

function buildPanel() {
  const slot = byId("share");
  if (!slot) return;
  const hideBoxes = HIDE.map((o) => {
    const id = `embed-hide-${o.value}`;
    return el("span", { class: "check" },
      el("input", { type: "checkbox", id, value: o.value }),
      el("label", { attrs: { for: id }, text: o.label }));
  });
  clear(slot).append(
    el("h3", { id: "share-h", text: "Share and embed" }),
    el("p", { class: "hint", text: "The link holds the data, every setting and the seed: opening it repeats this exact run." }),
    el("div", { class: "buttons share-buttons" },
      el("button", { type: "button", id: "copy-link", class: "secondary", text: "Copy link", on: { click: copyLink } }),
      el("button", { type: "button", id: "copy-embed", class: "secondary", text: "Copy embed code", on: { click: copyEmbed } })),
    el("details", { id: "embed-options", class: "embed-options" },
      el("summary", { text: "Embed options: panels to hide" }),
      el("fieldset", {},
        el("legend", { class: "visually-hidden", text: "Panels to hide in the embedded lab" }),
        el("div", { class: "hide-boxes" }, hideBoxes)),
      el("p", { class: "hint", text: "The embedded lab always keeps the plots and the Train button." })),
    el("label", { attrs: { for: "share-text" }, class: "visually-hidden", text: "Text to copy" }),
    el("input", { type: "text", id: "share-text", class: "share-text", readOnly: true, hidden: true, attrs: { spellcheck: "false" } }),
    el("p", { id: "share-note", class: "hint share-note", attrs: { role: "status", "aria-live": "polite" } }),
  );
}

function chosenHide() {
  return HIDE.map((o) => o.value).filter((v) => byId(`embed-hide-${v}`)?.checked);
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

/** Copy with the clipboard API; when refused, select the text in the read-only box. */
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
    note(`${what} copied.${extra}`);
  } else {
    box.focus();
    box.select();
    note(`${what} is selected in the box above: press Ctrl+C (⌘C on a Mac) to copy it.${extra}`);
  }
  box.dataset.kind = what === "Link" ? "link" : "embed";
}

function warnings(link) {
  if (link.dataError) return " The data has a problem (see the data panel), so the link leaves it out.";
  if (link.omitted === "csv") return " The CSV file is too large to put in a link: whoever opens it must upload the file again.";
  if (link.omitted === "points") return " There are too many points to put in a link.";
  return "";
}

async function copyLink() {
  const link = await currentLink();
  await copy(link.url, "Link", warnings(link));
}

async function copyEmbed() {
  const link = await currentLink({ embed: true, hide: chosenHide() });
  await copy(embedCode(link.url, embedTitle(values)), "Embed code", warnings(link));
}
