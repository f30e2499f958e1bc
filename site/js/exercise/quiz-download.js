// t("Download quiz bank"): the question bank `python -m perceptron_lab quiz` writes (QTI 3.0, QTI 1.2
// for Canvas, Moodle XML, GIFT and a Common Cartridge unit), made by the page's own Python
// (bridge "quiz") and saved as one zip. Its variants run on data generated from the data seed in
// the controls, so the same seed gives the same bank here and on the command line.
import { el, byId, say as sayIn } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { siteBase } from "../page/site-address.js";
import { zip } from "./zip-writer.js";

const COUNT = 5; // variants of each kind: the page draws every picture (the command line: --count)

function say(text, kind = "info") {
  sayIn(byId("quiz-status"), text, kind);
}

/** The box; call(request) -> Promise (the Python client); seed() -> the data seed in the controls. */
export function quizDownload(call, seed) {
  return el("details", { id: "quiz-bank", class: "exercise-lms" },
    el("summary", { text: t("Download quiz bank (QTI, Moodle XML, GIFT, Common Cartridge)") }),
    el("p", { class: "hint", text: t("Questions your LMS shows and grades itself: {count} variants of each kind (the next update, the new w, will it converge, a bias by hand, the bound (R/γ)²), each with its picture, the engine's answer and feedback with the variant's numbers. The variants run on data generated from the data seed of Data & settings (0 unless you set one); python -m perceptron_lab quiz --seed with that seed writes the same bank.", { count: COUNT }) }),
    el("button", { type: "button", id: "quiz-download", class: "secondary", text: t("Download quiz bank"),
      on: { click: () => download(call, seed()) } }),
    el("p", { id: "quiz-status", class: "message", role: "status", attrs: { "aria-live": "polite" }, hidden: true }));
}

async function download(call, s) {
  const button = byId("quiz-download");
  button.disabled = true;
  say(t("Python is writing the question bank (a few seconds: it draws every picture)…"));
  let res;
  try {
    res = await call({ cmd: "quiz", count: COUNT, seed: s, url: siteBase().split("?")[0].split("#")[0] });
  } catch {
    res = { ok: false, error: { message: t("Python could not write the question bank.") } };
  }
  button.disabled = false;
  if (!res?.ok) { say(res?.error?.message || t("The question bank could not be written."), "error"); return; }
  const files = Object.entries(res.files).map(([name, b64]) => ({ name, data: Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)) }));
  const bytes = zip(files);
  const name = `perceptron-quiz-bank-seed${res.seed}.zip`;
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
  const a = el("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  say(t("{file} ({kb} KB): {n} questions in {files}. docs/embedding.md says how each LMS imports them.",
    { file: name, kb: (bytes.length / 1024).toFixed(0), n: res.questions, files: files.map((f) => f.name).join(", ") }));
}
