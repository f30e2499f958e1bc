// Numbers for people, the same everywhere on the page. No DOM: node --test imports it.

/** Number for people: up to `digits` significant digits, no trailing zeros; "−" for minus. */
export function fmt(x, digits = 4) {
  if (x === null || x === undefined) return "—";
  if (typeof x !== "number") return String(x);
  if (!Number.isFinite(x)) return x > 0 ? "∞" : x < 0 ? "−∞" : "—";
  let s;
  if (x !== 0 && (Math.abs(x) >= 1e6 || Math.abs(x) < 1e-4)) s = x.toExponential(digits - 1).replace(/\.?0+e/, "e");
  else s = String(Number(x.toPrecision(digits)));
  return s.replace(/^-/, "−");
}

export function pct(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return "—";
  return `${Number((x * 100).toFixed(1))} %`;
}
