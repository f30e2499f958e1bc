// The tables behind the plots (site/js/access/plot-tables.js) for AND worked by hand (seed 001:
// x̃ = (x₁, x₂, 1), w₀ = 0, η = 1, fixed order): 9 epochs of 2 3 3 2 2 3 2 1 0 mistakes, the
// answer w = (3, 2, −4). Scores w·x̃ of (0,0), (0,1), (1,0), (1,1): −4, −2, −1, 1; ‖(3, 2)‖ = √13.
import { test } from "node:test";
import assert from "node:assert/strict";

import { plotTable } from "../../site/js/access/plot-tables.js";

const AND = {
  ok: true, status: "converged", settings: { algorithm: "online", bias: true, feature_map: "none", standardize: false },
  epoch_mistakes: [2, 3, 3, 2, 2, 3, 2, 1, 0], epoch_accuracy: [0.25, 0.5, 0.75, 0.5, 0.5, 0.75, 0.5, 1, 1],
  w: [3, 2, -4], w_names: ["x1", "x2", "1 (bias)"], feature_names: ["x1", "x2"],
  points: [[0, 0, -1], [0, 1, -1], [1, 0, -1], [1, 1, 1]],
};

test("mistakes: one row per epoch, headed by the epoch, the total in the caption", () => {
  const t = plotTable("mistakes", AND);
  assert.deepEqual(t.head, ["Epoch", "Mistakes"]);
  assert.deepEqual(t.rows, [["1", "2"], ["2", "3"], ["3", "3"], ["4", "2"], ["5", "2"], ["6", "3"], ["7", "2"], ["8", "1"], ["9", "0"]]);
  assert.match(t.caption, /9 epochs, 18 in total/);
});

test("accuracy in per cent, weights by component", () => {
  assert.deepEqual(plotTable("accuracy", AND).rows.map((r) => r[1]), ["25", "50", "75", "50", "50", "75", "50", "100", "100"]);
  const w = plotTable("weights", AND);
  assert.deepEqual(w.rows, [["x1", "3"], ["x2", "2"], ["1 (bias)", "−4"]]);
});

test("points: score, margin (score·y/‖(3,2)‖) and verdict worked by hand", () => {
  const t = plotTable("boundary", AND);
  assert.deepEqual(t.head, ["Point", "x1", "x2", "Label", "Score w·x̃", "Margin", "Classified"]);
  const r13 = Math.sqrt(13);
  const margins = [4 / r13, 2 / r13, 1 / r13, 1 / r13]; // every point on its own side
  t.rows.forEach((r, i) => {
    assert.equal(r[4].replace("−", "-"), String([-4, -2, -1, 1][i]));
    assert.ok(Math.abs(Number(r[5]) - margins[i]) < 5e-4, `${r[5]} vs ${margins[i]}`);
    assert.equal(r[6], "correct");
  });
  assert.match(t.caption, /4 training points .*\(0 misclassified\)/);
  // After update 1 (w = (0, 0, −1)) the line is gone; at w = (1, 1, −1) (1,0) and (0,1) sit on 0: +1, wrong.
  const mid = plotTable("boundary", { ...AND, w: [1, 1, -1] });
  assert.deepEqual(mid.rows.map((r) => r[6]), ["correct", "misclassified", "misclassified", "correct"]);
});

test("the voted perceptron's answer is a vote, so its points carry no score; no data, no table", () => {
  const t = plotTable("boundary", { ...AND, settings: { ...AND.settings, algorithm: "voted" } });
  assert.deepEqual(t.head, ["Point", "x1", "x2", "Label"]);
  assert.equal(plotTable("boundary", { ...AND, points: null }), null);
  assert.equal(plotTable("mistakes", { ok: false }), null);
});

test("kernel and multiclass regions: each point's class beside the predicted class (issue 35 item 2)", () => {
  // iris multiclass, three rows as bridge/figures.py point_rows sends them (the prediction uses all 4 features).
  const res = { ok: true, settings: { algorithm: "multiclass" }, w: null,
    point_rows: { features: ["sepal length (cm)", "sepal width (cm)"],
      rows: [[5.1, 3.5, "setosa", "setosa"], [7, 3.2, "versicolor", "virginica"], [6.3, 3.3, "virginica", "virginica"]] } };
  const t = plotTable("boundary", res);
  assert.deepEqual(t.head, ["Point", "sepal length (cm)", "sepal width (cm)", "Class", "Predicted class", "Classified"]);
  assert.deepEqual(t.rows[1], ["2", "7", "3.2", "versicolor", "virginica", "misclassified"]);
  assert.deepEqual(t.rows.map((r) => r[5]), ["correct", "misclassified", "correct"]);
  assert.match(t.caption, /3 training points .*\(1 misclassified\)/);
});

// XOR, online, fixed order (seed 001): the four updates w = (0,0,−1), (0,1,0), (1,1,1), (0,0,0) in epoch 1,
// after which w is back at 0: a cycle of one epoch.
const XOR = {
  ok: true, status: "cycled", epochs: 1, cycle: { epoch: 1, period: 1 }, settings: { algorithm: "online" },
  w: [0, 0, 0], u: null,
  trace: { total: 4, subsampled: false, step: [1, 2, 3, 4], epoch: [1, 1, 1, 1], index: [0, 1, 2, 3],
    w: [[0, 0, -1], [0, 1, 0], [1, 1, 1], [0, 0, 0]] },
};

test("cycle and trajectory: the w after each update of the lap, from the trace", () => {
  const c = plotTable("cycle", XOR);
  assert.deepEqual(c.head, ["Update", "Epoch", "Example", "w after it"]);
  assert.deepEqual(c.rows, [["1", "1", "1", "(0, 0, −1)"], ["2", "1", "2", "(0, 1, 0)"], ["3", "1", "3", "(1, 1, 1)"], ["4", "1", "4", "(0, 0, 0)"]]);
  assert.match(c.caption, /4 updates of one cycle/);
  const tr = plotTable("trajectory", XOR);
  assert.equal(tr.rows.length, 4);
  assert.match(tr.caption, /each of the 4 updates/);
  assert.equal(plotTable("cycle", { ...XOR, cycle: null }), null); // no cycle, no table
});

test("proof: u·w and ‖w‖ after each update, worked by hand; none without a separator u", () => {
  const res = { ...XOR, u: [0.6, 0.8, 0], trace: { ...XOR.trace, step: [1, 2], epoch: [1, 1], index: [0, 1], w: [[0, 0, -1], [1, 1, 0]] } };
  const p = plotTable("proof", res);
  assert.deepEqual(p.head, ["Update", "u·w", "‖w‖"]);
  assert.deepEqual(p.rows, [["1", "0", "1"], ["2", "1.4", "1.41421"]]);
  assert.equal(plotTable("proof", XOR), null);
});

test("a run of one epoch is one epoch in the captions (heard through Orca as \"1 epochs\")", () => {
  const XOR = { ...AND, status: "cycled", epoch_mistakes: [4], epoch_accuracy: [0.5], w: [0, 0, 0] };
  assert.match(plotTable("mistakes", XOR).caption, /\(1 epoch, 4 in total\)/);
  assert.match(plotTable("accuracy", XOR).caption, /\(1 epoch\)$/);
  assert.match(plotTable("accuracy", AND).caption, /\(9 epochs\)$/);
});
