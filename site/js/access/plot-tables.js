// The numbers behind each plot as a table (caption, column headers, one row header per row):
// what a screen reader walks cell by cell instead of looking at the picture. From the train
// answer the page already has (epoch_mistakes, epoch_accuracy, w and w_names, points), never
// from the picture. Pure (no DOM): table-view.js draws them, node --test checks the numbers.
import { fmt } from "../page/format.js";
import { t } from "../i18n/i18n.js";
import { algorithmTraits } from "../state/state.js";
import { plotLine } from "./run-description.js";

/** {caption, head: [column names], rows: [[cells]]}; the first cell of a row is its header. */
function table(caption, head, rows) {
  return { caption, head, rows };
}

const label = (y) => (y > 0 ? "+1" : "−1");

function mistakes(res) {
  const em = res.epoch_mistakes;
  if (!Array.isArray(em) || !em.length) return null;
  const total = em.reduce((a, b) => a + b, 0);
  return table(t("Mistakes per epoch ({epochs} epochs, {total} in total)", { epochs: em.length, total }), [t("Epoch"), t("Mistakes")],
    em.map((m, i) => [String(i + 1), String(m)]));
}

function accuracy(res) {
  const acc = res.epoch_accuracy;
  if (!Array.isArray(acc) || !acc.length) return null;
  return table(t("Training accuracy per epoch ({epochs} epochs)", { epochs: acc.length }), [t("Epoch"), t("Training accuracy (%)")],
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

export const PLOT_TABLES = { boundary: points, projection: points, mistakes, accuracy, weights };

/** The table behind plot `kind` for a train answer, or null when the run has none. */
export function plotTable(kind, res) {
  const make = PLOT_TABLES[kind];
  return make && res && res.ok !== false ? make(res) : null;
}
