// Numbers for people, the same everywhere on the page, with the page language's decimal mark
// (i18n/current.js; never used for links, exports or requests). No DOM: node --test imports it.
import { decimalMark, localDecimal } from "../i18n/current.js";

/** The text's decimal point as the page's language writes it ("0.5" -> "0,5" in German). */
export { localDecimal }; // in i18n/current.js, so state/ (below page/) can use it too

/** Between the numbers of a vector: "; " where the decimal mark is a comma ((0,5; 1), not (0,5, 1)). */
export const vectorSep = () => (decimalMark() === "," ? "; " : ", ");

/** Number for people: up to `digits` significant digits, no trailing zeros; "−" for minus. */
export function fmt(x, digits = 4) {
  if (x === null || x === undefined) return "—";
  if (typeof x !== "number") return String(x);
  if (!Number.isFinite(x)) return x > 0 ? "∞" : x < 0 ? "−∞" : "—";
  let s;
  if (x !== 0 && (Math.abs(x) >= 1e6 || Math.abs(x) < 1e-4)) s = x.toExponential(digits - 1).replace(/\.?0+e/, "e");
  else s = String(Number(x.toPrecision(digits)));
  return localDecimal(s.replace(/^-/, "−"));
}

export function pct(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return "—";
  return `${localDecimal(String(Number((x * 100).toFixed(1))))} %`;
}
