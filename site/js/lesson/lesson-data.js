// The teacher's own data of a lesson link: its data link keys read exactly as share.js reads a
// run link's, made into the bridge's DATA object (the lesson engine runs the step on it where the
// step allows) and the lab's data values (the lab's Train runs it on screen).
import { parseHash, readPoints } from "../state/share.js";
import { presetRequest } from "../state/state.js";
import { t } from "../i18n/i18n.js";

// Said next to the lesson when its link carries a CSV file: a lesson's steps run on points or a
// preset (two features, the lab's own plots of them), so the teacher's file is not used.
export const CSV_NOT_READ = t("This lesson link carries a CSV file, which lessons do not read: they run on points or a preset data set, so the steps here use the lesson's own data. To teach on your data, put it in the lab as points (Data & settings), then add &view=lesson&lesson=1&step=1 to that run's link.");

/** keys -> the sentence to show beside the lesson when the link's data cannot be used, else "". */
export function teacherDataNote(keys) {
  const k = keys || {};
  return k.source === "csv" || "csv" in k || "csvbig" in k ? CSV_NOT_READ : "";
}

/** keys: {link key: text} (lesson-link.js's data) -> Promise<{spec, values, points?} | null>:
 * null when there are none, or for data the lesson cannot take from a link (a CSV file: teacherDataNote). */
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
  return null;
}
