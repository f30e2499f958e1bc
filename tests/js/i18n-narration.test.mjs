// What a screen reader hears and a braille display shows, in German and Spanish: the run's end,
// an update, the line and a point of the boundary plot, the mistakes curve, its braille line and
// the erase control's report, each from the catalog, with the language's decimal mark and no
// English left. Seed 001's AND (tests/js/run-description.test.mjs works the numbers by hand).
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useLanguage } from "../../site/js/i18n/current.js";
import { pluralRule } from "../../site/js/i18n/po.js";
import { parsePo } from "../../tools/page_messages.mjs";
import { updateSentence, runSentence, lineSentence, pointSentence, boundarySummary, mistakesSummary, accuracySummary }
  from "../../site/js/access/run-description.js";
import { mistakesBraille } from "../../site/js/access/braille-line.js";
import { erasedSentence } from "../../site/js/access/stored-data.js";

const speak = (lang) => {
  if (lang === "en") return useLanguage("en", new Map(), (n) => (n === 1 ? 0 : 1));
  const c = parsePo(readFileSync(new URL(`../../site/locale/${lang}/page.po`, import.meta.url), "utf8"));
  useLanguage(lang, c.messages, pluralRule(c.header["Plural-Forms"]).index);
};
afterEach(() => speak("en"));

const POINTS = [[0, 0, -1], [0, 1, -1], [1, 0, -1], [1, 1, 1]];
const RES = { ok: true, points: POINTS, settings: { algorithm: "averaged", bias: true, feature_map: "none" },
  feature_names: ["x1", "x2"], labels: { "-1": "0", "+1": "1" }, dataset: { name: "AND" },
  status: "converged", converged_epoch: 9, epochs: 100, updates: 18, w: [3, 2, -4], train_accuracy: 1,
  epoch_mistakes: [2, 3, 3, 2, 2, 3, 2, 1, 0], epoch_accuracy: [0.5, 0.25, 0.75, 1] };
const FRAME3 = { step: 3, t: 3, epoch: 2, index: 0, w: [1, 1, -1], n_wrong: 2 };
const ERASED = { before: { caches: [{ files: 40 }], workers: 1, snapshot: { folders: 1, files: 1, bytes: 12_500_000 },
  keys: ["perceptron-lab:access"], databases: [], usage: 20_000_000 },
after: { caches: [], snapshot: { folders: 0 }, keys: [], databases: [], usage: 0 } };

/** Every sentence a reader gets of the run above. */
const said = () => [runSentence(RES), updateSentence(FRAME3, { total: 18, res: RES }), lineSentence(RES, [3, 2, -4]),
  pointSentence(RES, [3, 2, -4], 3), boundarySummary(RES, [1, 1, -1], 3, 18), mistakesSummary(RES), mistakesSummary(RES, 3),
  accuracySummary(RES), mistakesBraille(RES), erasedSentence(ERASED)];

// Words of the English sentences that no German or Spanish sentence of the lab contains ("Update" is German too).
const ENGLISH = /\b(the|of|was|is|are|now|after|before|epoch|point|points|mistakes|line|side|trained|converged|stopped|erased|files?|so far|in total|wrong)\b/i;

test("German: the notes' words, a decimal comma, vectors split by ';', no English word left", () => {
  speak("de");
  const s = said();
  assert.equal(s[0], "Trainiert auf AND mit „Gemittelt“: ab Epoche 9 keine Fehler mehr; es trainierte weiter, alle 100 Epochen lang. "
    + "18 Updates, w = (3; 2; −4); Trainingsgenauigkeit 100 %.");
  assert.equal(s[1], "Update 3 von 18: Beispiel (0; 0) wurde falsch klassifiziert, w ist jetzt (1; 1; −1); 2 Punkte falsch.");
  assert.match(s[2], /^Die Gerade: 3·x1 \+ 2·x2 − 4 = 0\. Sie schneidet die x1-Achse bei x1 = 1,333 und die x2-Achse bei x2 = 2\./);
  assert.equal(s[3], "Punkt 4 von 4: (1; 1), Label +1 (1): auf der +1-Seite, richtig klassifiziert, Margin 0,277 (Abstand zur Geraden 0,277).");
  assert.match(s[4], /2 von 4 Punkten liegen auf der falschen Seite\.$/);
  assert.match(s[9], /^Gelöscht: 1 Cache mit den Dateien der Seite \(40 Dateien\), der Offline-Service-Worker, .*\(1 Datei, 12,5 MB\).*; 20,0 MB freigegeben\./);
  for (const x of s) assert.doesNotMatch(x.replace(/\bAND\b/, ""), ENGLISH, x);
});

test("Spanish: the notes' words, a decimal comma, plural forms by the catalog's rule, no English word left", () => {
  speak("es");
  const s = said();
  assert.equal(s[0], "Entrenado sobre AND con «Promediado»: los errores cesaron en la época 9; siguió entrenando durante las 100 épocas. "
    + "18 actualizaciones, w = (3; 2; −4); exactitud de entrenamiento 100 %.");
  assert.equal(updateSentence({ ...FRAME3, n_wrong: 1 }, { total: 18, res: RES }),
    "Actualización 3 de 18: el ejemplo (0; 0) se clasificó mal, w es ahora (1; 1; −1); 1 punto mal clasificado.");
  assert.match(s[7], /^Exactitud de entrenamiento por época: 50 % tras la época 1, 100 % tras la época 4\.$/);
  assert.match(s[6], /^Errores por época hasta ahora, épocas 1 a 3 de 9: 2, 3, 3; 8 hasta ahora\.$/);
  for (const x of s) assert.doesNotMatch(x.replace(/\bAND\b/, ""), ENGLISH, x);
});

test("English stays as the msgids say (the catalogs' fallback)", () => {
  assert.match(runSentence(RES), /^Trained on AND with Averaged: mistakes stopped in epoch 9; it trained on for all 100 epochs\. 18 updates, w = \(3, 2, −4\)/);
  assert.match(erasedSentence(ERASED), /^Erased 1 cache of the page's files \(40 files\), the offline service worker, .*20\.0 MB freed\. The next visit/);
});
