// Opening a shared link: the link the page was opened with, and any link pasted into the
// address bar of an open lab later. Values go into the controls, the link's data into the
// data panel, and a notice names what could not be restored. Format: ../state/share.js.
import { PARAMS } from "../state/state.js";
import SCHEMA from "../state/params.js";
import { parseHash, brokenData, readCsv, readPoints, NOTICE } from "../state/share.js";
import { writeField } from "../page/fields.js";
import { syncDataPanel } from "../data/data-panel.js";
import { syncSettingsPanel } from "../run/settings-panel.js";
import { loadCsvBytes, csvInfo, lastCsvError } from "../data/csv-upload.js";
import { setPoints } from "../data/points.js";
import { showNotices } from "../page/link-notice.js";
import { expectLink, currentHash, replaceHash } from "./address-bar.js";
import { t } from "../i18n/i18n.js";
import { applyView } from "../page/embed.js";
import { expectExerciseLink } from "../exercise/exercise.js";
import { page } from "../state/page-state.js";

const values = page.values;
let trainSoon;          // () => void: train once Python is ready and no run is going
let seq = 0;            // links applied so far (page state linkSeq: body[data-link-seq], for tests)
let startLink = null;

const hashOf = () => location.hash.replace(/^#/, "");

/**
 * Before the panels are built: read location.hash into the page state (validated; defaults
 * where the link had nothing usable) and set the view (embed, hide). -> the parsed link, or null.
 */
export function readStartLink() {
  startLink = parseHash(location.hash);
  if (startLink) expectLink(hashOf(), startLink.values); // its values into the page state
  applyView(values);
  return startLink;
}

/** After the panels are built: put the start link's data in place; follow later links. */
export function initOpenLink(opts) {
  ({ trainSoon } = opts);
  const link = startLink;
  if (link) applyData(link, true).then(() => finish(link));
  window.addEventListener("hashchange", onHashChange);
}

function onHashChange() {
  if (document.body.dataset.lesson === "on") return; // a lesson step's address (js/lesson/lesson.js)
  const hash = hashOf();
  const link = parseHash(hash);
  if (!link) {
    // An in-page anchor (#results): keep the address bar shareable.
    if (currentHash()) replaceHash(currentHash());
    return;
  }
  if (hash === currentHash()) return; // e.g. Back to the entry of the run on screen
  openLink(hash, link);
}

/** A link pasted into the address bar of an open lab: set everything, then train. */
async function openLink(hash, link) {
  expectLink(hash, link.values); // its values into the page state
  expectExerciseLink(hash); // view=exercise: the exercise opens (and replays) once the run is done
  for (const p of PARAMS) if (p.group !== "view") writeField(p.name, values[p.name]);
  syncDataPanel();
  syncSettingsPanel();
  applyView(values);
  await applyData(link, false);
  finish(link);
}

/**
 * Put the link's data into the data panel. At the start only data that arrives late
 * (compressed) asks for a run: the page trains the rest by itself once Python is ready.
 */
async function applyData(link, atStart) {
  const d = link.data;
  let late = false;
  if (d && d.kind === "points" && !d.missing) {
    let pts = d.points;
    if (!pts) { late = true; pts = await readPoints(d.z); }
    if (pts) setPoints(pts);
    else fallBack(link, NOTICE.pointsBroken);
  } else if (d && d.kind === "csv" && !d.missing) {
    late = true;
    const bytes = await readCsv(d.z);
    const v = link.values;
    const readAs = { csv_delimiter: v.csv_delimiter, csv_decimal: v.csv_decimal, csv_encoding: v.csv_encoding };
    let ok = bytes !== null && await loadCsvBytes(d.name, bytes, v.label, v.plot_features, readAs);
    if (!ok && bytes !== null && Object.values(readAs).some((x) => x !== "auto")) {
      // The link's way of reading does not fit its bytes (a hand-edited link): read as guessed.
      const why = lastCsvError();
      ok = await loadCsvBytes(d.name, bytes, v.label, v.plot_features);
      if (ok) link.notices.push(t("This link's way of reading its CSV data did not work ({why}), so the file is read as guessed.", { why: why || t("see the data panel") }));
    }
    // Name the real cause: a link cut short, or data Python refused (too many rows, a bad label column).
    if (!ok) fallBack(link, bytes === null ? NOTICE.csvBroken : NOTICE.csvRefused(lastCsvError() || t("see the data panel")));
    else {
      const pair = link.values.plot_features, count = csvInfo().feature_names.length;
      const asked = Array.isArray(pair) && (pair[0] !== 0 || pair[1] !== 1);
      if (asked && count > 2 && !(pair[0] < count && pair[1] < count && pair[0] !== pair[1])) {
        link.notices.push(NOTICE.plotOutOfRange(pair, count));
      }
    }
  }
  if (link.values.source === "preset") checkPresetPlot(link);
  const missing = !!(d && d.missing);
  if (!missing && (late || !atStart)) trainSoon();
}

/** A preset's features to plot must be two of its features (params.json's datasets table; the
 * generated and Boolean presets have two): else the page plots 1 and 2 and the notice says so. */
function checkPresetPlot(link) {
  const pair = link.values.plot_features;
  const count = (SCHEMA.datasets[link.values.preset] || [0, 2])[1];
  const asked = Array.isArray(pair) && (pair[0] !== 0 || pair[1] !== 1);
  if (asked && !(pair[0] < count && pair[1] < count && pair[0] !== pair[1])) {
    link.notices.push(NOTICE.plotOutOfRangePreset(pair, count));
  }
}

/** The link's data is unusable: default data source, the settings stay. */
function fallBack(link, notice) {
  brokenData(link, notice);
  page.set({ source: link.values.source });
  writeField("source", values.source);
  syncDataPanel();
}

function finish(link) {
  const noData = Array.isArray(values.hide) && values.hide.includes("data");
  const elsewhere = { [NOTICE.csvTooBig]: NOTICE.uploadElsewhere, [NOTICE.csvMissing]: NOTICE.uploadElsewhere,
    [NOTICE.pointsTooMany]: NOTICE.placeElsewhere, [NOTICE.pointsMissing]: NOTICE.placeElsewhere };
  showNotices(noData ? link.notices.map((n) => elsewhere[n] || n) : link.notices);
  page.set({ linkSeq: ++seq });
}
