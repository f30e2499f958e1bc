// The run budget's estimate against hand-worked numbers from params.json's limits
// (12 µs per example, 0.3 µs per value of x̃ = features + 1, pocket × 6, ask above 10 s).
import test from "node:test";
import assert from "node:assert/strict";
import { estimate, overBudget, askText } from "../../site/js/ui/budget.js";

const near = (a, b) => assert.ok(Math.abs(a - b) < 1e-9 * Math.max(1, b), `${a} != ${b}`);

test("a pocket link on 5000 generated points for 1000 epochs is asked for", () => {
  const est = estimate({ kind: "preset", name: "overlap", n: 5000 }, { algorithm: "pocket", epochs: 1000 }, null);
  near(est.seconds, 5000 * 1000 * (12 + 3 * 0.3) * 6 / 1e6); // 387 s
  assert.ok(overBudget(est));
  assert.match(askText(est), /5,000 rows × 2 features × 1,000 epochs \(up to about 7 min in this tab\)/);
});

test("the Boolean presets and the defaults run by themselves", () => {
  const est = estimate({ kind: "preset", name: "and" }, { algorithm: "voted", epochs: 1000 }, null);
  near(est.seconds, 4 * 1000 * (12 + 3 * 0.3) / 1e6);
  assert.ok(!overBudget(est));
  assert.ok(!overBudget(estimate({ kind: "preset", name: "clouds", n: 100 }, { algorithm: "online", epochs: 100 }, null)));
});

test("a CSV file counts its rows and features; poly2 widens x̃", () => {
  const info = { n: 200000, feature_names: ["a", "b", "c"] };
  const est = estimate({ kind: "csv", text: "" }, { algorithm: "online", epochs: 1000, feature_map: "poly2" }, info);
  near(est.seconds, 200000 * 1000 * (12 + (9 + 1) * 0.3) / 1e6); // poly2 of 3 features: 9
  assert.equal(est.rows, 200000);
  assert.ok(overBudget(est));
});

test("real data sets are sized as shipped: iris with two plotted features runs by itself", () => {
  // iris: 150 rows; the request holds 2 features: 150 × 100 × (12 + 3·0.3) µs × 6 (pocket) = 1.161 s.
  const est = estimate({ kind: "preset", name: "iris", classes: ["versicolor", "virginica"], features: [2, 3] },
    { algorithm: "pocket", epochs: 100 }, null);
  assert.deepEqual([est.rows, est.features], [150, 2]);
  assert.ok(Math.abs(est.seconds - 1.161) < 1e-9, est.seconds);
  assert.ok(!overBudget(est));
  // digits with all 64 features, pocket, 1000 epochs: 1797 × 1000 × (12 + 65·0.3) × 6 µs ≈ 340 s: asked first.
  assert.ok(overBudget(estimate({ kind: "preset", name: "digits" }, { algorithm: "pocket", epochs: 1000 }, null)));
});
