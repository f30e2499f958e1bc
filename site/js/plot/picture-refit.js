// A picture drawn for a box that has since changed is drawn again. The big plot is drawn for the
// box it had when the run was asked for; that box can change afterwards (a link's notices above the
// plot go away, the window is resized, a phone turns), and the picture, fitted into the new box,
// leaves bands above and below it or shrinks its text. Once the box has held still, the boundary
// picture (Python's `plots` request) and the step-through's scenes (stepper.js refitFrames) are
// asked again at the new box. Never a loop: a box within SLACK px of the picture's is left alone, a
// box is asked for once, and a run is redrawn at most MAX_REFITS times.
import { byId } from "../page/dom.js";
import { page } from "../state/page-state.js";
import { plotBox } from "./plots.js";

export const SLACK = 3;        // px: rounding and a scrollbar's coming and going are no new box
export const SETTLE_MS = 400;  // the box holds still this long (a window dragged wider sends many)
export const MAX_REFITS = 4;   // a run's pictures drawn again at most this often

/** True when a picture drawn for box `drawn` ([w, h] CSS px) should be drawn again for box `now`. */
export function outgrown(drawn, now, slack = SLACK) {
  if (!Array.isArray(drawn) || !Array.isArray(now)) return false;
  return Math.abs(drawn[0] - now[0]) > slack || Math.abs(drawn[1] - now[1]) > slack;
}

/** What to do for the run on screen when its box is `now`: "picture" (ask Python for the boundary
 * at `now`), or null. memo: {drawn (the picture's box), asked (boxes asked for), refits}. Pure. */
export function refitWanted(memo, now) {
  if (!memo || !outgrown(memo.drawn, now) || memo.refits >= MAX_REFITS) return null;
  if (memo.asked.some((b) => !outgrown(b, now))) return null; // asked for already (or on its way)
  return "picture";
}

/** Start watching the big plot's box. call: Python's (a `plots` request); idle(): Python is ready
 * and no run is going; refitSteps(slack): the step-through's scenes asked again where stale;
 * onPicture(res): the run's picture (and its axes' geometry) is a new one. */
export function initPictureRefit({ call, idle, refitSteps, onPicture = () => {} }) {
  const img = byId("plot-boundary");
  let memo = null;   // the run on screen: its picture's box and what was asked for it
  let timer = null;
  const soon = () => { clearTimeout(timer); timer = setTimeout(check, SETTLE_MS); };

  page.on(["result"], ({ result }) => {
    // Python drew the run's picture for the box of its request (a run computed ahead: Python's
    // takeover asks at that same box; before it there is no picture of Python's to redraw).
    memo = { res: result.res, drawn: result.settings?.plot_px ?? null, asked: [], refits: 0 };
    if (memo.drawn) img.dataset.drawnFor = memo.drawn.join("x");
  });
  // Python's picture can arrive after the box changed (a run computed ahead, taken over): look
  // again when a run ends.
  page.on(["runState", "pyState"], soon);

  async function check() {
    timer = null;
    const m = memo;
    if (!m || !m.res?.plots?.boundary) return;
    // Not while a run goes or the steps play (new scenes would restart them): once they stop.
    if (!idle() || page.get("watch") === "playing" || byId("stepper")?.dataset.playing === "true") { soon(); return; }
    refitSteps(SLACK);
    const now = plotBox("boundary");
    if (refitWanted(m, now) !== "picture") return;
    m.asked.push(now);
    m.refits++;
    const r = await call({ cmd: "plots", kinds: ["boundary"], sizes: { boundary: now } });
    if (memo !== m || !r?.ok || typeof r.plots?.boundary !== "string") return;
    if (!idle()) {
      // A run began while Python drew: its own picture is coming, and this one would flash the old
      // run first. Unasked again, in case the new run ends without a picture (an error).
      m.asked.pop();
      m.refits--;
      return;
    }
    m.drawn = now;
    // The <img> shows the final picture also under a step drawn over it (the view covers it, and
    // it is what shows once the view goes); a PNG frame of Python's (by visit) stays until the
    // step-through moves.
    const showsFinal = img.getAttribute("src") === m.res.plots.boundary;
    m.res.plots.boundary = r.plots.boundary;  // the show settles on it (watch.js settle)
    if (r.plot_alt?.boundary) m.res.plot_alt.boundary = r.plot_alt.boundary;
    if (r.boundary_geometry) m.res.boundary_geometry = r.boundary_geometry;
    if (showsFinal) img.src = r.plots.boundary;
    img.dataset.drawnFor = now.join("x");
    onPicture(m.res);
    soon(); // the box may have moved again while Python drew
  }

  new ResizeObserver(soon).observe(img);
}
