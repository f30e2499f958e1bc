// The teacher's own data of a lesson link: its data link keys read exactly as share.js reads a
// run link's, made into the bridge's DATA object (the lesson engine runs the step on it where the
// step allows) and the lab's data values (the lab's Train runs it on screen).
import { parseHash, readPoints } from "../state/share.js";
import { presetRequest } from "../state/state.js";

/** keys: {link key: text} (lesson-link.js's data) -> Promise<{spec, values, points?} | null>:
 * null when there are none, or for data the lesson cannot take from a link yet (a CSV file). */
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
