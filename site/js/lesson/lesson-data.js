// The teacher's own data of a lesson link: its data link keys read exactly as share.js reads a
// run link's, made into the bridge's DATA object (the lesson engine runs the step on it where the
// step allows) and the lab's data values (the lab's Train runs it on screen). A CSV file's bytes
// are expanded here; the lab reads them (lesson-run.js placeCsv), and its reading is the DATA.
import { parseHash, readPoints, readCsv } from "../state/share.js";
import { presetRequest } from "../state/state.js";
import { t } from "../i18n/i18n.js";

// Said under the step's title when the link's CSV file cannot be used; the steps use their own data.
export const CSV_MISSING = t("This lesson link names a CSV file but does not carry it (it was too large for a link), so the steps here use the lesson's own data.");
export const CSV_BROKEN = t("The CSV data in this lesson link could not be read (the link may have been cut short), so the steps here use the lesson's own data.");
export const csvRefused = (why) => t("The CSV data in this lesson link was not accepted ({why}), so the steps here use the lesson's own data.", { why });

/** own (teacherData's answer, after placeCsv) -> the sentence to show beside the lesson when the
 * link's data cannot be used, else "". */
export function teacherDataNote(own) {
  return own?.error || "";
}

/** keys: {link key: text} (lesson-link.js's data) -> Promise<{spec, values, points?} | {csv, values}
 * | {error} | null>: null when there are none. A CSV file comes as {csv: {name, bytes, label, plot,
 * readAs}}: its spec is the lab's reading of it (lesson-run.js placeCsv). */
export async function teacherData(keys) {
  const pairs = Object.entries(keys || {});
  if (!pairs.length) return null;
  const link = parseHash(`v=1&${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`);
  if (!link) return null;
  const { values, data } = link;
  if (values.source === "preset") return { spec: presetRequest(values), values };
  if (values.source === "points" && data && !data.missing) {
    const points = data.points || await readPoints(data.z);
    return points ? { spec: { kind: "points", points }, values, points } : null;
  }
  if (values.source === "csv") {
    if (!data || data.missing) return { error: CSV_MISSING };
    const bytes = await readCsv(data.z);
    if (!bytes) return { error: CSV_BROKEN };
    const readAs = { csv_delimiter: values.csv_delimiter, csv_decimal: values.csv_decimal, csv_encoding: values.csv_encoding };
    return { csv: { name: data.name, bytes, label: values.label, plot: values.plot_features, readAs }, values };
  }
  return null;
}
