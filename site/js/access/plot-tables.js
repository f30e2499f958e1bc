// The numbers behind each plot as a table (caption, column headers, one row header per row):
// what a screen reader walks cell by cell instead of looking at the picture. From the train
// answer the page already has (epoch_mistakes, epoch_accuracy, w and w_names, points), never
// from the picture. Pure (no DOM): table-view.js draws them, node --test checks the numbers.
import { fmt, vectorSep } from "../page/format.js";
import { t, tn } from "../i18n/i18n.js";
import { algorithmTraits } from "../state/state.js";
import { plotLine } from "./run-description.js";
import { cycleInfo } from "../plot/cycle-lap.js";

/** {caption, head: [column names], rows: [[cells]]}; the first cell of a row is its header. */
function table(caption, head, rows) {
  return { caption, head, rows };
}

const label = (y) => (y > 0 ? "+1" : "−1");

function mistakes(res) {
  const em = res.epoch_mistakes;
  if (!Array.isArray(em) || !em.length) return null;
  const total = em.reduce((a, b) => a + b, 0);
  // Heard through Orca: "(1 epochs, 4 in total)" for XOR, which stops in its first epoch.
  return table(tn("Mistakes per epoch ({n} epoch, {total} in total)", "Mistakes per epoch ({n} epochs, {total} in total)", em.length, { total }),
    [t("Epoch"), t("Mistakes")],
    em.map((m, i) => [String(i + 1), String(m)]));
}

function accuracy(res) {
  const acc = res.epoch_accuracy;
  if (!Array.isArray(acc) || !acc.length) return null;
  return table(tn("Training accuracy per epoch ({n} epoch)", "Training accuracy per epoch ({n} epochs)", acc.length),
    [t("Epoch"), t("Training accuracy (%)")],
    acc.map((a, i) => [String(i + 1), fmt(a * 100, 4)]));
}

function weights(res) {
  if (!Array.isArray(res.w)) return null;
  const names = Array.isArray(res.w_names) && res.w_names.length === res.w.length ? res.w_names : res.w.map((_, i) => `w${i + 1}`);
  const which = algorithmTraits(res.settings?.algorithm)?.votes ? t("the last w of the vote") : t("the answer w");
  return table(t("The weights: {which}, one row per component of x̃", { which }), [t("Component"), t("Weight")],
    res.w.map((v, i) => [String(names[i]), fmt(v, 6)]));
}

/** The training points with, where the plot is one line of w, their score w·x̃, margin
 * (signed distance to the line, positive on the point's own side) and whether w is right. */
function points(res) {
  if (res.point_rows) return regionPoints(res.point_rows);
  const pts = res.points;
  if (!Array.isArray(pts) || !pts.length) return null;
  const votes = algorithmTraits(res.settings?.algorithm)?.votes;
  const L = votes ? null : plotLine(res, res.w);
  const [n1, n2] = (res.feature_names || ["x1", "x2"]).map(String);
  const head = [t("Point"), n1, n2, t("Label")];
  if (!L) {
    return table(t("The {n} training points (no single line of w to score them by)", { n: pts.length }), head,
      pts.map((p, i) => [String(i + 1), fmt(p[0], 6), fmt(p[1], 6), label(p[2])]));
  }
  const norm = Math.hypot(L.a, L.b);
  const rows = pts.map((p, i) => {
    const s = L.a * p[0] + L.b * p[1] + L.c;
    const right = (s >= 0 ? 1 : -1) === (p[2] > 0 ? 1 : -1);
    return [String(i + 1), fmt(p[0], 6), fmt(p[1], 6), label(p[2]), fmt(s, 6),
      norm ? fmt((p[2] * s) / norm, 4) : t("no line"), right ? t("correct") : t("misclassified")];
  });
  const wrong = rows.filter((r) => r[6] === t("misclassified")).length;
  return table(t("The {n} training points with their scores under the answer w ({wrong} misclassified)", { n: pts.length, wrong }),
    [...head, t("Score w·x̃"), t("Margin"), t("Classified")], rows);
}

/** A kernel or multiclass run's regions: no one line of w, so each point's class beside the class
 * its answer predicts (bridge/figures.py point_rows, from the run, over all its features). */
function regionPoints(pr) {
  if (!Array.isArray(pr.rows) || !pr.rows.length) return null;
  const k = pr.features.length;
  const rows = pr.rows.map((r, i) => [String(i + 1), ...r.slice(0, k).map((v) => fmt(v, 6)), r[k], r[k + 1],
    r[k] === r[k + 1] ? t("correct") : t("misclassified")]);
  const wrong = rows.filter((r) => r[r.length - 1] === t("misclassified")).length;
  return table(t("The {n} training points with the class the answer predicts for each ({wrong} misclassified)", { n: rows.length, wrong }),
    [t("Point"), ...pr.features.map(String), t("Class"), t("Predicted class"), t("Classified")], rows);
}

const vec = (w) => `(${w.map((v) => fmt(v, 6)).join(vectorSep())})`;

/** Recorded updates k of the trace as rows: update, epoch, example, w after it. */
function updateRows(tr, ks) {
  return ks.map((k) => [String(tr.step[k]), String(tr.epoch[k]), String(tr.index[k] + 1), vec(tr.w[k])]);
}
const UPDATE_HEAD = () => [t("Update"), t("Epoch"), t("Example"), t("w after it")];

function trace(res) {
  const tr = res.trace;
  return tr && Array.isArray(tr.w) && tr.w.length && Array.isArray(tr.w[0]) ? tr : null;
}

/** The cycle plot's weight vectors: the updates of one lap, read from the trace (cycle-text.js). */
function cycle(res) {
  const info = cycleInfo(res), tr = trace(res);
  if (!info || !tr) return null;
  const ks = Array.from({ length: info.n }, (_, j) => info.start + j);
  return table(t("The {n} updates of one cycle (up to epoch {epoch}), w after each", { n: info.n, epoch: info.epoch }),
    UPDATE_HEAD(), updateRows(tr, ks));
}

/** The trajectory plot draws the direction of w after each recorded update: those w. */
function trajectory(res) {
  const tr = trace(res);
  if (!tr) return null;
  const caption = tr.subsampled
    ? t("w after {n} of the {total} updates (the plot draws its direction)", { n: tr.w.length, total: tr.total })
    : t("w after each of the {n} updates (the plot draws its direction)", { n: tr.w.length });
  return table(caption, UPDATE_HEAD(), updateRows(tr, tr.w.map((_, k) => k)));
}

/** The proof plot's two quantities along the recorded updates: u·w (u: the unit separator the
 * run's theory found) and ‖w‖; the bounds they are drawn against are the plot's and its text's. */
function proof(res) {
  const tr = trace(res), u = res.u;
  if (!tr || !Array.isArray(u) || u.length !== tr.w[0].length) return null;
  const dot = (w) => w.reduce((a, v, i) => a + v * u[i], 0);
  return table(t("The two quantities of the convergence proof after each update ({n} updates)", { n: tr.w.length }),
    [t("Update"), t("u·w"), t("‖w‖")], tr.w.map((w, k) => [String(tr.step[k]), fmt(dot(w), 6), fmt(Math.hypot(...w), 6)]));
}

export const PLOT_TABLES = { boundary: points, projection: points, mistakes, accuracy, weights, cycle, trajectory, proof };

/** The table behind plot `kind` for a train answer, or null when the run has none. */
export function plotTable(kind, res) {
  const make = PLOT_TABLES[kind];
  return make && res && res.ok !== false ? make(res) : null;
}
