// "Download for your LMS": a SCORM package of the exercise on the run in the controls, for a
// course's gradebook with no server of ours (the LMS gives the package its SCORM API). The
// package frames this lab at its own address with the run's settings, the data and settings
// panels hidden (the student answers the exercise the teacher set), and the step-through,
// comparison, downloads and hand-weights panels hidden too (they would show the updates), and
// Train (the graded run is the link's: the student has nothing to retrain). Embed mode hides
// this box itself (css/share.css): it is the author's, never the student's.
import { el, byId, say as sayIn } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { localDecimal } from "../page/format.js";
import { buildHash, valuesFromRequest } from "../state/share.js";
import { embedTitle } from "../page/embed.js";
import { siteBase } from "../page/site-address.js";
import { csvName } from "../data/csv-upload.js";
import { scormPackage } from "./scorm-package.js";
import { MAX_ANSWERS } from "./exercise-check.js";
import { BY_NAME } from "../state/state.js";
import { readWholeNumber } from "../state/number.js";

// The exercise follows one example at a time: the algorithms whose update is one example's (params.json per_example).
const EXERCISE = BY_NAME.algorithm.options.filter((o) => o.per_example).map((o) => o.value);
const VIEW_KEYS = new Set(["embed", "hide", "view", "step", "present", "play", "exa", "exn", "exs", "exq"]);
export const PACKAGE_HIDE = "data,settings,steps,compare,downloads,hand,train";

function say(text, kind = "info") {
  sayIn(byId("lms-status"), text, kind);
}

function field(id, label, control, hint) {
  return el("div", { class: "field" }, el("label", { attrs: { for: id }, text: label }), control,
    hint ? el("p", { class: "hint", id: `${id}-hint`, text: hint }) : null);
}

/** The box (a closed <details>); request(): {data, settings} of the controls, or null. */
export function lmsDownload(request) {
  return el("details", { id: "lms", class: "exercise-lms" },
    el("summary", { text: t("Download for your LMS (SCORM)") }),
    el("p", { class: "hint", text: t("A small SCORM package of this exercise, on the data and settings now in the controls: upload it to Moodle, Canvas, Open edX, Blackboard, … as a SCORM activity. Each student answers in this lab (at its address here) and the course's gradebook gets the score, completion and every answer. No server needed.") }),
    field("lms-version", t("SCORM version"), el("select", { id: "lms-version" },
      el("option", { value: "1.2", text: t("SCORM 1.2 (Moodle, most LMS)") }),
      el("option", { value: "2004", text: t("SCORM 2004, 4th edition") }))),
    field("lms-questions", t("Answers asked for"), el("input", { id: "lms-questions", type: "number", value: "10",
      min: "1", max: String(MAX_ANSWERS), step: "1", attrs: { "aria-describedby": "lms-questions-hint" } }),
    t("1 to {max}; fewer if the run ends sooner.", { max: MAX_ANSWERS })),
    field("lms-mastery", t("Pass mark (% right)"), el("input", { id: "lms-mastery", type: "number", value: "80",
      min: "0", max: "100", step: "1" })),
    el("button", { type: "button", id: "lms-download", text: t("Download the package"), on: { click: () => download(request) } }),
    el("p", { id: "lms-status", class: "message", role: "status", attrs: { "aria-live": "polite" }, hidden: true }));
}

function whole(id, lo, hi, what) {
  const r = readWholeNumber(byId(id).value);
  const v = "value" in r ? r.value : NaN;
  if (!(v >= lo && v <= hi)) return { error: t("{what} must be a whole number from {lo} to {hi}.", { what, lo, hi }) };
  return { value: v };
}

/** The lab's address for the package: this page, the run's link, the exercise view and exq. */
export function packageLab(base, hash, questions) {
  const kept = hash.split("&").filter((p) => !VIEW_KEYS.has(p.split("=")[0]));
  return `${base}#${kept.join("&")}&embed=1&hide=${PACKAGE_HIDE}&view=exercise&exq=${questions}`;
}

async function download(request) {
  const q = whole("lms-questions", 1, MAX_ANSWERS, t("Answers asked for"));
  const m = whole("lms-mastery", 0, 100, t("The pass mark"));
  if (q.error || m.error) { say(q.error || m.error, "error"); return; }
  const req = request();
  if (!req) { say(t("No package was made: fix the value marked above."), "error"); return; }
  if (!EXERCISE.includes(req.settings.algorithm)) {
    const names = BY_NAME.algorithm.options.filter((o) => o.per_example).map((o) => t(o.label));
    say(t("The exercise follows one example at a time: choose {names} or {last}.", { names: names.slice(0, -1).join(", "), last: names.at(-1) }), "error");
    return;
  }
  const values = valuesFromRequest(req.data, req.settings);
  const { hash, omitted } = await buildHash(values, req.data, req.data.kind === "csv" ? csvName() : null);
  if (omitted) {
    say(omitted === "csv" ? t("No package was made: the CSV file is too large to go into the lab's address. Use a preset, fewer points or a smaller file.")
      : t("No package was made: the points are too large to go into the lab's address. Use a preset, fewer points or a smaller file."), "error");
    return;
  }
  const version = byId("lms-version").value;
  const title = t("Perceptron Lab exercise: {run}", { run: embedTitle(values).replace(/^Perceptron Lab: /, "") });
  const lab = packageLab(siteBase().split("?")[0], hash, q.value);
  const pkg = scormPackage({ lab, title, version, mastery: m.value / 100 });
  const url = URL.createObjectURL(new Blob([pkg.bytes], { type: "application/zip" }));
  const a = el("a", { href: url, download: pkg.name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  byId("lms").dataset.lab = lab; // what the package frames (tests, and people reading the DOM)
  say(t("{file} ({kb} KB): SCORM {version}, {n} answers, pass mark {mark} %. It frames this lab at this address: keep the lab here while the course uses it.",
    { file: pkg.name, kb: localDecimal((pkg.bytes.length / 1024).toFixed(1)), version, n: q.value, mark: m.value }));
}
