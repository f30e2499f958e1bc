// A curve as one line of Unicode braille (U+2800 block), for a refreshable braille display:
// each cell holds two values as two columns of up to four raised dots, filled from the bottom
// like bars, so a reader's fingers feel the mistakes per epoch fall. Pure (no DOM).

// The dot bits of a cell's columns, bottom row first: left dots 7, 3, 2, 1; right 8, 6, 5, 4.
import { t } from "../i18n/i18n.js";

const LEFT = [0x40, 0x04, 0x02, 0x01];
const RIGHT = [0x80, 0x20, 0x10, 0x08];

export const BRAILLE_MAX_CELLS = 40; // a common braille display's width

/** How many dots (0–4) a value gets: 0 for none, else at least one, four for the largest. */
export function dotLevel(v, top) {
  if (!(v > 0) || !(top > 0)) return 0;
  return Math.min(4, Math.max(1, Math.ceil((4 * v) / top)));
}

/** The values in at most 2·maxCells columns: a longer curve is cut into equal runs of
 * consecutive values, each shown by its largest (a spike is never lost). */
export function columns(values, maxCells = BRAILLE_MAX_CELLS) {
  const n = values.length, k = 2 * maxCells;
  if (n <= k) return values.slice();
  const out = [];
  for (let j = 0; j < k; j++) {
    const a = Math.floor((j * n) / k), b = Math.floor(((j + 1) * n) / k);
    out.push(Math.max(...values.slice(a, b)));
  }
  return out;
}

/** The line: "" for no values. */
export function brailleLine(values, maxCells = BRAILLE_MAX_CELLS) {
  const cols = columns((values || []).map(Number), maxCells);
  const top = Math.max(0, ...cols);
  let s = "";
  for (let i = 0; i < cols.length; i += 2) {
    let bits = 0;
    const l = dotLevel(cols[i], top);
    for (let r = 0; r < l; r++) bits |= LEFT[r];
    if (i + 1 < cols.length) {
      const q = dotLevel(cols[i + 1], top);
      for (let r = 0; r < q; r++) bits |= RIGHT[r];
    }
    s += String.fromCodePoint(0x2800 + bits);
  }
  return s;
}

/** The sentence beside the mistakes plot's description. */
export function mistakesBraille(res) {
  const em = res?.epoch_mistakes;
  if (!Array.isArray(em) || !em.length) return "";
  return em.length > 2 * BRAILLE_MAX_CELLS
    ? t("Mistakes per epoch in braille, two epochs a cell ({epochs} epochs in {cells} cells, each column the most of its epochs): {braille}",
      { epochs: em.length, cells: BRAILLE_MAX_CELLS, braille: brailleLine(em) })
    : t("Mistakes per epoch in braille, two epochs a cell: {braille}", { braille: brailleLine(em) });
}
