// Shared links: the whole state of the lab in the URL's hash, driven by the PARAMS table.
//
//   #v=1&source=preset&preset=clouds&n=100&margin=0.3&spread=1&dseed=3&algorithm=online&...
//
// Every table entry with a `url` key is written when it applies (isActive) and read back
// through the table's `validate`, so there is no second list of parameters here. Next to
// the parameters a link may carry the data itself (not parameters, so not in the table):
//   pts=x1,x2,label;x1,x2,label;...        placed points (source=points)
//   ptz=<base64url of deflate-raw>         the same text, compressed (many points)
//   csv=<base64url of deflate-raw>         an uploaded CSV file's bytes (any encoding), when small enough
//   csvname=<file name>                    shown as text only
//   csvbig=1 / ptsbig=1                    the lab left the CSV / the points out: too large
// A link is input from a stranger: nothing from it is executed, sent to Python as code,
// or inserted as HTML; a bad value falls back to its default and is named in `notices`.
// Pure module (no DOM), so it can be tested on its own.
import { PARAMS, BY_NAME, defaults, isActive, validate } from "./state.js";
import { t, N_ } from "../i18n/i18n.js";
import { b64Bytes, deflate, parsePoints } from "./link-data.js";
import { pageLanguage } from "../i18n/current.js";
import { shippedFor, UNKNOWN_LANGUAGE } from "../i18n/language.js";

export const VERSION = 1;
/** Compressed data above this many characters is left out of a link. */
export const MAX_INLINE = 8000;
/** A hash longer than this is not read at all. */
export const MAX_HASH = 64 * 1024;
export { MAX_CSV_BYTES, MAX_POINTS, parsePoints, readPoints, readCsv, deflate, inflate } from "./link-data.js";

export const NOTICE = {
  csvTooBig: t("This link's data was a CSV file too large to put in a link: upload it again."),
  csvMissing: t("This link names a CSV file but doesn't contain its data: upload it again."),
  pointsTooMany: t("This link's points were too many to put in a link: place them again."),
  pointsMissing: t("This link is set to placed points but doesn't contain them: place them again."),
  csvBroken: t("The CSV data in this link could not be read (the link may have been cut short), so the default data is used."),
  csvRefused: (why) => t("The CSV data in this link was not accepted ({why}), so the default data is used.", { why }),
  plotOutOfRangePreset: (pair, count) => t("This link's features to plot ({first} and {second}) are not two different features of this data set's {count}, so features 1 and 2 are plotted.", { first: pair[0] + 1, second: pair[1] + 1, count }),
  plotOutOfRange: (pair, count) => t("This link's features to plot ({first} and {second}) are not two different features of the file's {count}, so features 1 and 2 are plotted.", { first: pair[0] + 1, second: pair[1] + 1, count }),
  // With the data panel hidden (an embedded lab, hide=data) there is nothing to upload with.
  uploadElsewhere: t("This link's data was a CSV file that is not in the link; this view has no file upload: open the full lab (link below the plot) and upload it there."),
  placeElsewhere: t("This link's points are not in the link; this view has no point editor: open the full lab (link below the plot) and place them there."),
  pointsBroken: t("The points in this link could not be read, so the default data is used."),
  tooLong: t("This link is too long to read, so the default settings are used."),
  garbled: t("Part of this link could not be read and was ignored."),
  // lang=: the page's language (i18n/language.js reads it at start); never echoed back.
  langUnknown: UNKNOWN_LANGUAGE,
};

// Links of an older version are brought up to date one step at a time:
// MIGRATIONS[k] turns the raw {urlKey: string} of a version-k link into a version-(k+1) one.
// Example for a future v2 that renames "fmap" to "features":
//   1: (q) => { if ("fmap" in q) { q.features = q.fmap; delete q.fmap; } return q; },
export const MIGRATIONS = {};

const BY_URL = new Map(PARAMS.filter((p) => p.url).map((p) => [p.url, p]));

// ------------------------------------------------------------------ values <-> text

function encodeValue(p, v) {
  switch (p.type) {
    case "bool": return v ? "1" : "0";
    case "pair":
    case "flags": return v.join(",");
    default: return String(v); // int, float (shortest round-trip form), enum, column
  }
}

function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** encodeURIComponent, keeping , ; : readable (they mean nothing special in a hash). */
function enc(s) {
  return encodeURIComponent(s).replace(/%2C/g, ",").replace(/%3B/g, ";").replace(/%3A/g, ":");
}

/**
 * The hash (without "#") for these values and data.
 * values: by parameter name (the view parameters are written only when not default).
 * data: a bridge DATA object ({kind: "preset"} | {kind: "points", points} | {kind: "csv", base64, label}).
 * csvName: the CSV file's name. -> Promise<{hash, omitted: null | "csv" | "points"}>
 */
export async function buildHash(values, data = null, csvName = null) {
  const parts = [["v", String(VERSION)]];
  const vals = { ...values };
  if (data && data.kind) vals.source = data.kind;
  const def = defaults();
  for (const p of PARAMS) {
    if (!p.url) continue;
    const v = vals[p.name];
    if (v === null || v === undefined) continue;
    if (p.group === "view" ? sameValue(v, def[p.name]) : !isActive(p.name, vals)) continue;
    parts.push([p.url, encodeValue(p, v)]);
  }
  let omitted = null;
  if (data && data.kind === "points" && Array.isArray(data.points)) {
    const text = data.points.map((q) => q.map((x) => String(x)).join(",")).join(";");
    if (text.length <= MAX_INLINE) parts.push(["pts", text]);
    else {
      const z = await deflate(text);
      if (z !== null && z.length <= MAX_INLINE) parts.push(["ptz", z]);
      else { omitted = "points"; parts.push(["ptsbig", "1"]); }
    }
  } else if (data && data.kind === "csv" && typeof data.base64 === "string") {
    // base64 is 4/3 of the bytes: files up to 2 MB are tried.
    const z = data.base64.length <= 2_700_000 ? await deflate(b64Bytes(data.base64)) : null;
    if (z !== null && z.length <= MAX_INLINE) parts.push(["csv", z]);
    else { omitted = "csv"; parts.push(["csvbig", "1"]); }
    if (csvName) parts.push(["csvname", String(csvName).slice(0, 200)]);
  }
  if (pageLanguage() !== "en") parts.push(["lang", pageLanguage()]); // a link made in German opens in German
  return { hash: parts.map(([k, v]) => `${k}=${enc(v)}`).join("&"), omitted };
}

/** Does this hash hold a link (as opposed to an in-page anchor such as #results)? */
export function isLinkHash(hash) {
  const h = String(hash || "").replace(/^#/, "");
  return h.includes("=") && !/(^|&)view=lesson(&|$)/.test(h); // a lesson's place: js/lesson/lesson-link.js
}

/**
 * Read a hash (with or without "#"). Never throws.
 * -> null when the hash is not a link; else
 *    {values: every parameter by name (defaults where the link had nothing valid),
 *     data: null | {kind: "points", points} | {kind: "points", z} | {kind: "csv", z, name} | {kind: "csv", missing: true},
 *     notices: [text for people], ignored: [labels of the invalid values]}
 * Compressed data (z) is expanded later with readPoints / readCsv (async).
 * The second argument ({version, migrations}) exists for tests of the migration path.
 */
export function parseHash(hash, { version: current = VERSION, migrations = MIGRATIONS } = {}) {
  let h = String(hash ?? "");
  if (h.startsWith("#")) h = h.slice(1);
  if (!isLinkHash(h)) return null;
  const out = { values: defaults(), data: null, notices: [], ignored: [] };
  if (h.length > MAX_HASH) {
    out.notices.push(NOTICE.tooLong);
    return out;
  }
  // Raw pairs; the first of a repeated key wins (named in a notice); undecodable pairs are dropped.
  let q = Object.create(null); // keys from a stranger: no prototype to trip over
  const repeated = new Set();
  let garbled = false;
  for (const part of h.split("&")) {
    if (!part) continue;
    const i = part.indexOf("=");
    const k = i < 0 ? part : part.slice(0, i);
    const v = i < 0 ? "" : part.slice(i + 1);
    let key, val;
    try {
      key = decodeURIComponent(k);
      val = decodeURIComponent(v);
    } catch {
      garbled = true;
      continue;
    }
    if (!Object.prototype.hasOwnProperty.call(q, key)) q[key] = val;
    else if (q[key] !== val) repeated.add(key);
  }

  // Version: missing means 1 (the first); older versions are migrated; unknown -> defaults.
  const vRaw = q.v ?? "1";
  let version = /^\d{1,6}$/.test(vRaw) ? Number(vRaw) : NaN;
  if (!(version >= 1 && version <= current)) {
    const shown = /^\d{1,6}$/.test(vRaw) ? ` (v=${vRaw})` : "";
    out.notices.push(t("This link was made by a different version of Perceptron Lab{version}, so the default settings are used.", { version: shown }));
    return out;
  }
  try {
    while (version < current) q = Object.assign(Object.create(null), migrations[version++](Object.assign(Object.create(null), q)));
  } catch {
    out.notices.push(t("This link could not be brought up to date, so the default settings are used."));
    return out;
  }
  if (garbled) out.notices.push(NOTICE.garbled);
  if (typeof q.lang === "string" && !shippedFor(q.lang)) out.notices.push(NOTICE.langUnknown);

  // Parameters, through the table. Unknown keys are ignored.
  for (const key of Object.keys(q)) {
    const raw = q[key];
    const p = BY_URL.get(key);
    if (!p) continue;
    const r = raw.length > 1000 ? { error: "too long" } : validate(p.name, raw);
    if ("error" in r) out.ignored.push(p.label);
    else out.values[p.name] = r.value;
  }
  // A value that does not apply (e.g. margin for AND) stays as given; it is not used.

  // The data of the source.
  const src = out.values.source;
  if (src === "points") {
    if (typeof q.pts === "string") {
      const pts = parsePoints(q.pts);
      if (pts) out.data = { kind: "points", points: pts };
      else brokenData(out, NOTICE.pointsBroken);
    } else if (typeof q.ptz === "string") {
      out.data = { kind: "points", z: q.ptz };
    } else {
      out.data = { kind: "points", missing: true };
      out.notices.push(q.ptsbig === "1" ? NOTICE.pointsTooMany : NOTICE.pointsMissing);
    }
  } else if (src === "csv") {
    if (typeof q.csv === "string") {
      const name = typeof q.csvname === "string" ? cleanName(q.csvname) : "";
      out.data = { kind: "csv", z: q.csv, name: name || "data.csv" };
    } else {
      out.data = { kind: "csv", missing: true };
      out.notices.push(q.csvbig === "1" ? NOTICE.csvTooBig : NOTICE.csvMissing);
    }
  }
  // A key given twice with different values: say which value counts (only for keys of ours:
  // nothing the stranger wrote is echoed, only the validated value's text).
  const twice = [];
  for (const key of repeated) {
    const p = BY_URL.get(key);
    if (p) twice.push(t("This link gives {what} more than once; the first value counts, so {what} is {value}.", { what: t(p.label), value: shownValue(p, out.values[p.name]) }));
    else if (DATA_KEYS[key]) twice.push(t("This link gives {what} more than once; the first one is used.", { what: t(DATA_KEYS[key]) }));
  }
  out.notices.unshift(...twice);
  if (out.ignored.length) {
    out.notices.unshift(t("Some values in this link were not valid, so their defaults are used: {list}.", { list: out.ignored.map((l) => t(l)).join(", ") }));
  }
  return out;
}

const DATA_KEYS = {
  v: N_("its version"), pts: N_("its points"), ptz: N_("its points"), csv: N_("its CSV data"), csvname: N_("its CSV file name"),
};

/** A validated value for people: option labels, on / off, numbers as they are. */
function shownValue(p, v) {
  if (p.type === "bool") return v ? t("on") : t("off");
  if (p.type === "enum") { const o = p.options.find((x) => x.value === v); return o?.label ? t(o.label) : String(v); }
  if (p.type === "flags") return v.length ? v.map((x) => p.options.find((o) => o.value === x)?.label ?? x).map((s) => t(s)).join(", ") : t("none");
  if (p.type === "pair") return t("feature {first} and feature {second}", { first: v[0] + 1, second: v[1] + 1 });
  if (p.type === "column") return v === null ? t("the last column") : t("column {n}", { n: v + 1 });
  return String(v);
}

/** The link's data could not be read: fall back to the default source (the settings stay). */
export function brokenData(link, notice) {
  const def = defaults();
  link.values.source = def.source;
  link.data = null;
  if (!link.notices.includes(notice)) link.notices.push(notice);
}

/** A file name for display: printable characters only, at most 120. */
function cleanName(s) {
  return String(s).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "").trim().slice(0, 120);
}

// ------------------------------------------------------------------ from a train request

/**
 * Parameter values (by name) from the bridge request of a run: DATA (by the table's request
 * keys) + SETTINGS; the view parameters come from `view` (the current values).
 */
export function valuesFromRequest(data, settings, view = {}) {
  const out = defaults();
  for (const p of PARAMS) {
    if (p.group === "view") { if (p.name in view) out[p.name] = view[p.name]; continue; }
    const src = (p.request ?? p.group) === "settings" ? settings : data; // e.g. plot_features, main_plot
    if (src && p.key in src && src[p.key] !== undefined) out[p.name] = src[p.key];
  }
  if (data && data.kind) out.source = data.kind;
  // A real preset trained on the two plotted features only: the request holds them as
  // `features` (and plots its columns 0 and 1).
  if (data && Array.isArray(data.features) && data.features.length === 2) {
    out.feature_set = "plotted";
    out.plot_features = [...data.features];
  }
  return out;
}

/** The view parameter names (embed, hide, ...). */
export const VIEW = PARAMS.filter((p) => p.group === "view").map((p) => p.name);
export { BY_NAME };
