// node --test tests/js/: the exercise's pure checks, the answers in a link, and the SVG geometry.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  parseNumber, checkAnswer, tally, replay, worked, encodeAnswers, decodeAnswers, readExerciseLink,
  exerciseKeys, verdict, MAX_ANSWERS, answerWidth, isKernel,
} from "../../site/js/exercise/exercise-check.js";
import { clipLine, wrongPoints, dataBox } from "../../site/js/plot/boundary-svg.js";

// AND, x̃ = (x1, x2, 1), w = 0, η = 1: the first epoch worked by hand (seed 001's update rule).
const AND = [
  { t: 1, epoch: 1, index: 0, x: [0, 0, 1], y: -1, a: 0, ya: 0, mistake: true, w_before: [0, 0, 0], w_after: [0, 0, -1] },
  { t: 2, epoch: 1, index: 1, x: [0, 1, 1], y: -1, a: -1, ya: 1, mistake: false, w_before: [0, 0, -1], w_after: [0, 0, -1] },
  { t: 3, epoch: 1, index: 2, x: [1, 0, 1], y: -1, a: -1, ya: 1, mistake: false, w_before: [0, 0, -1], w_after: [0, 0, -1] },
  { t: 4, epoch: 1, index: 3, x: [1, 1, 1], y: 1, a: -1, ya: -1, mistake: true, w_before: [0, 0, -1], w_after: [1, 1, 0] },
];

test("typed numbers: decimal comma, minus sign, spaces; nonsense refused", () => {
  assert.deepEqual(parseNumber("0,5"), { value: 0.5 });
  assert.deepEqual(parseNumber(" −1 "), { value: -1 });
  assert.deepEqual(parseNumber("+2.25"), { value: 2.25 });
  assert.deepEqual(parseNumber("1e-3"), { value: 0.001 });
  for (const bad of ["", "  ", "1,2,3", "1.2,3", "abc", "1/2", "2+3", "0x10", "Infinity", "1e999", "NaN"]) {
    assert.ok("error" in parseNumber(bad), bad);
  }
});

test("an answer is right only when the mistake call and (for a mistake) every component are right", () => {
  assert.deepEqual(checkAnswer(AND[0], { mistake: true, w: [0, 0, -1] }), { right: true, mistakeRight: true, wRight: true });
  assert.deepEqual(checkAnswer(AND[0], { mistake: true, w: [0, 0, 1] }), { right: false, mistakeRight: true, wRight: false });
  assert.deepEqual(checkAnswer(AND[0], { mistake: false, w: null }), { right: false, mistakeRight: false, wRight: null });
  assert.deepEqual(checkAnswer(AND[1], { mistake: false, w: null }), { right: true, mistakeRight: true, wRight: null });
  assert.deepEqual(checkAnswer(AND[1], { mistake: true, w: [0, 0, -1] }), { right: false, mistakeRight: false, wRight: null });
  assert.equal(checkAnswer(AND[3], { mistake: true, w: [1, 1] }).right, false); // a component missing
  // η = 0.1: 0.1 + 0.2 typed as 0.3 is the engine's 0.30000000000000004.
  const v = { ...AND[3], w_after: [0.1 + 0.2, 1, 0] };
  assert.equal(checkAnswer(v, { mistake: true, w: [0.3, 1, 0] }).right, true);
  assert.equal(checkAnswer(v, { mistake: true, w: [0.31, 1, 0] }).right, false);
});

test("score and streaks", () => {
  const r = replay(AND, [{ mistake: true, w: [0, 0, -1] }, { mistake: false }, { mistake: true, w: [0, 0, -1] }, { mistake: true, w: [1, 1, 0] }]);
  assert.deepEqual(r.map((x) => x.right), [true, true, false, true]);
  assert.deepEqual(tally(r), { score: 3, answered: 4, streak: 1, best: 2 });
  assert.deepEqual(tally([]), { score: 0, answered: 0, streak: 0, best: 0 });
  assert.equal(replay(AND.slice(0, 1), [{ mistake: false }, { mistake: false }]).length, 1);
});

test("the worked arithmetic has the notes' numbers", () => {
  assert.deepEqual(worked(AND[0], 1), [
    "a = w·x̃ = 0·0 + 0·0 + 0·1 = 0",
    "y·a = (−1)·0 = 0 ≤ 0: a mistake, so w ← w + η·y·x̃.",
    "w ← (0, 0, 0) + (−1)·(0, 0, 1) = (0, 0, −1)",
  ]);
  assert.deepEqual(worked(AND[1], 1), [
    "a = w·x̃ = 0·0 + 0·1 + (−1)·1 = −1",
    "y·a = (−1)·(−1) = 1 > 0: no mistake, so w stays (0, 0, −1).",
  ]);
  assert.equal(worked(AND[3], 0.5)[2], "w ← (0, 0, −1) + 0.5·1·(1, 1, 1) = (1, 1, 0)");
});

test("answers survive a link and hostile ones are refused", () => {
  const answers = [{ mistake: true, w: [0, 0, -1] }, { mistake: false, w: null }, { mistake: true, w: [0.5, -1e-7, 3] }];
  const text = encodeAnswers(answers);
  assert.equal(text, "m0~0~-1_n_m0.5~-1e-7~3");
  assert.deepEqual(decodeAnswers(text, 3), { answers });
  assert.deepEqual(decodeAnswers("", 3), { answers: [] });
  for (const bad of ["x", "m1~2~3~4", "m1~abc", "m1e999", "n__n", "m<script>", "m1;2", "N"]) {
    assert.ok("error" in decodeAnswers(bad, 3), bad);
  }
  assert.ok("error" in decodeAnswers(Array(MAX_ANSWERS + 1).fill("n").join("_"), 3));
  assert.equal(decodeAnswers(Array(MAX_ANSWERS).fill("n").join("_"), 3).answers.length, MAX_ANSWERS);
});

test("a result link reads back; its claim is checked against the replay", () => {
  const answers = [{ mistake: true, w: [0, 0, -1] }, { mistake: true, w: [0, 0, -1] }];
  const keys = exerciseKeys(answers, 1);
  const link = readExerciseLink(`#v=1&preset=and&${keys}`);
  assert.deepEqual(link, { answersText: "m0~0~-1_m0~0~-1", count: 2, score: 1, notices: [] });
  const results = replay(AND, decodeAnswers(link.answersText, 3).answers);
  assert.equal(verdict(link, results), "Replayed 2 answers: 1 right. This matches the link (1 of 2).");
  const forged = readExerciseLink(`#view=exercise&exn=2&exs=2&exa=${encodeURIComponent(link.answersText)}`);
  assert.match(verdict(forged, results), /claims 2 right of 2, which does not match/);
  assert.equal(readExerciseLink("#v=1&view=compare&exs=3"), null);
  const junk = readExerciseLink("#view=exercise&exn=<b>&exs=-1");
  assert.equal(junk.count, null);
  assert.equal(junk.notices.length, 1);
  assert.ok(!junk.notices[0].includes("<b>"));
});

// XOR, kernel perceptron, k̃(x, x′) = (x·x′ + 1)² + 1, α = 0, η = 1: worked by hand.
// k̃((0,0), ·) = 2; k̃((0,1), (1,0)) = 2; k̃((0,1), (1,1)) = k̃((1,0), (1,1)) = 5.
const XOR_POLY = [
  { t: 1, epoch: 1, index: 0, x: [0, 0], y: -1, a: 0, ya: 0, mistake: true, alpha_before: 0, alpha_after: 1, terms: [], terms_more: 0 },
  { t: 2, epoch: 1, index: 1, x: [0, 1], y: 1, a: -2, ya: -2, mistake: true, alpha_before: 0, alpha_after: 1,
    terms: [[0, 1, -1, 2]], terms_more: 0 },
  { t: 4, epoch: 1, index: 3, x: [1, 1], y: -1, a: 8, ya: -8, mistake: true, alpha_before: 0, alpha_after: 1,
    terms: [[0, 1, -1, 2], [1, 1, 1, 5], [2, 1, 1, 5]], terms_more: 0 },
];

test("kernel counts: the answer is the new αᵢ, one number", () => {
  assert.ok(isKernel(XOR_POLY[0]) && !isKernel(AND[0]));
  assert.equal(answerWidth({ algorithm: "kernel", visits: XOR_POLY }), 1);
  assert.equal(answerWidth({ algorithm: "online", visits: AND }), 3);
  assert.deepEqual(checkAnswer(XOR_POLY[2], { mistake: true, w: [1] }), { right: true, mistakeRight: true, wRight: true });
  assert.equal(checkAnswer(XOR_POLY[2], { mistake: true, w: [2] }).right, false);
  assert.equal(checkAnswer(XOR_POLY[2], { mistake: true, w: [1, 0] }).right, false);
  assert.equal(checkAnswer(XOR_POLY[2], { mistake: false, w: null }).mistakeRight, false);
  const right = { ...XOR_POLY[1], a: 2, ya: 2, mistake: false, alpha_after: 0 };
  assert.deepEqual(checkAnswer(right, { mistake: false, w: null }), { right: true, mistakeRight: true, wRight: null });
  assert.equal(decodeAnswers("m1_n_m3", answerWidth({ algorithm: "kernel" })).answers.length, 3);
  assert.ok("error" in decodeAnswers("m1~1", 1));
});

test("kernel counts: the worked arithmetic shows the kernel sum with numbers", () => {
  assert.deepEqual(worked(XOR_POLY[2], 1, "(x·x′ + 1)^2 + 1"), [
    "k̃(x, x′) = (x·x′ + 1)^2 + 1; f(x₄) = η·Σⱼ αⱼ·yⱼ·k̃(xⱼ, x₄) over the examples j with αⱼ > 0.",
    "f(x₄) = 1·(−1)·2 + 1·1·5 + 1·1·5 = 8 (j = 1, 2, 3)",
    "y·f(x₄) = (−1)·8 = −8 ≤ 0: a mistake, so α₄ ← α₄ + 1 = 0 + 1 = 1.",
  ]);
  assert.deepEqual(worked(XOR_POLY[0], 1), [
    "Every α is still 0, so f(x₁) = 0.",
    "y·f(x₁) = (−1)·0 = 0 ≤ 0: a mistake, so α₁ ← α₁ + 1 = 0 + 1 = 1.",
  ]);
  const half = { ...XOR_POLY[1], a: -1, ya: -1, terms_more: 3 };
  assert.equal(worked(half, 0.5)[0], "f(x₂) = 0.5·[1·(−1)·2 + … (3 more terms)] = −1 (j = 1, …)");
  const right = { ...XOR_POLY[1], a: 3, ya: 3, mistake: false, alpha_before: 2, alpha_after: 2 };
  assert.equal(worked(right, 1)[1], "y·f(x₂) = 1·3 = 3 > 0: no mistake, so α₂ stays 2.");
});

test("the line w1·x + w2·y + b = 0 clipped to the box", () => {
  const box = { x0: -1, x1: 2, y0: -1, y1: 2 };
  // AND by the notes: 20x + 20y − 30 = 0 is y = 1.5 − x.
  const sorted = (seg) => seg && [...seg].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  assert.deepEqual(sorted(clipLine(20, 20, -30, box)), [[-0.5, 2], [2, -0.5]]);
  assert.deepEqual(sorted(clipLine(0, 1, -0.5, box)), [[-1, 0.5], [2, 0.5]]); // horizontal
  assert.deepEqual(sorted(clipLine(1, 0, -0.5, box)), [[0.5, -1], [0.5, 2]]); // vertical
  assert.deepEqual(sorted(clipLine(1, -1, 0, box)), [[-1, -1], [2, 2]]); // through two corners: no duplicates
  assert.equal(clipLine(0, 0, 1, box), null);
  assert.equal(clipLine(1, 1, -100, box), null); // outside
  const and = [[0, 0, -1], [0, 1, -1], [1, 0, -1], [1, 1, 1]];
  assert.deepEqual(wrongPoints(and, 20, 20, -30), []);
  assert.deepEqual(wrongPoints(and, 0, 0, 0), [0, 1, 2, 3]); // w = 0 errs on everything
  assert.deepEqual(wrongPoints(and, 1, 1, -1), [1, 2]); // a = 0 on (0,1) and (1,0): on the line is wrong
  const b = dataBox(and);
  assert.ok(b.x0 < 0 && b.x1 > 1 && b.y0 < 0 && b.y1 > 1);
});

test("exq: the answers an exercise asks for, read and written only when given", () => {
  assert.equal(exerciseKeys([{ mistake: false, w: null }], 1, 6), "view=exercise&exq=6&exn=1&exs=1&exa=n");
  assert.equal(exerciseKeys([], 0), "view=exercise&exn=0&exs=0");
  const link = readExerciseLink("#v=1&view=exercise&exq=6&exn=0&exs=0");
  assert.equal(link.goal, 6);
  assert.deepEqual(link.notices, []);
  assert.equal("goal" in readExerciseLink("#view=exercise&exn=0&exs=0"), false);
  for (const bad of ["0", "201", "x", "-1"]) {
    const l = readExerciseLink(`#view=exercise&exq=${bad}`);
    assert.equal(l.goal, null, bad);
    assert.equal(l.notices.length, 1, bad);
  }
  assert.equal(readExerciseLink(`#view=exercise&exq=${MAX_ANSWERS}`).goal, MAX_ANSWERS);
});
