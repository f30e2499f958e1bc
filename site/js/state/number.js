// The one reader of a number a person typed (settings fields, the points table, the exercise
// and the hand weights): decimal notation only, never 0x10, 0b1, 1_000 or Infinity; a decimal
// point or a decimal comma ("0,5" is 0.5, as in most of Europe); the minus sign − as well as -;
// spaces around it. "1,000" is refused with both readings named: a thousands separator or a
// decimal comma? (The lab never guesses which.)
import { t } from "../i18n/i18n.js";

const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

/**
 * Text -> {value} | {error}. label names the field in the messages (e.g. "Learning rate η");
 * without one the messages speak of the number itself.
 */
export function readNumber(text, label = null) {
  const raw = String(text ?? "").trim();
  const s = raw.replace(/\u2212/g, "-");
  const shown = raw.slice(0, 20);
  if (s === "") return { error: label ? t("Enter a number for {field}.", { field: label }) : t("Enter a number.") };
  if (!DECIMAL.test(s)) {
    return { error: label ? t("{field} must be a number written with digits, e.g. 0.5 or 0,5.", { field: label })
      : t("“{text}” is not a number (write e.g. −1 or 0,5).", { text: shown }) };
  }
  if (/^[+-]?\d{1,3},\d{3}$/.test(s)) {
    const [a, b] = s.replace(/^[+-]/, "").split(",");
    const may = { text: shown, whole: `${a}${b}`, part: `${a}.${b}`, field: label };
    return { error: label ? t("“{text}” could mean {whole} or {part}: write {whole} or {part} for {field}.", may) : t("“{text}” could mean {whole} or {part}: write {whole} or {part}.", may) };
  }
  const v = Number(s.replace(",", "."));
  if (!Number.isFinite(v)) return { error: label ? t("{field} must be a number.", { field: label }) : t("That number is too large.") };
  return { value: v };
}

/** A whole number a person typed (epochs, seeds, the LMS package's counts): digits with a sign
 * (− as well as -), spaces around; never 7.5, 1e2 or 0x10. Text -> {value} | {error}; the
 * caller checks the range (a value beyond 2^53 is not exact, so no range may hold it). */
export function readWholeNumber(text, label = null) {
  const raw = String(text ?? "").trim();
  const s = raw.replace(/\u2212/g, "-");
  if (s === "") return { error: label ? t("Enter a whole number for {field}.", { field: label }) : t("Enter a whole number.") };
  if (!/^[+-]?\d+$/.test(s)) return { error: label ? t("{field} must be a whole number.", { field: label }) : t("“{text}” is not a whole number.", { text: raw.slice(0, 20) }) };
  return { value: Number(s) };
}
