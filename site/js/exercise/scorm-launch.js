// The launch page's script of the SCORM package (scorm-package.js writes `launch`'s source into
// the zip as launch.js, so it must stay self-contained: no imports, nothing from outside it).
// The LMS opens the package's index.html; this finds the LMS's SCORM API (API for 1.2,
// API_1484_11 for 2004) in the windows above it, starts the attempt, frames the lab on its
// exercise (the lab's own address, with the run's settings), and reports what the lab posts
// (exercise/exercise-report.js): each answer as an interaction at once; the score, completion and
// pass/fail when the student has given the answers the exercise asks for, and the result link as
// the attempt's comment. The result's link keys go into suspend_data, so reopening the package
// replays the answers given so far.

/** config: {lab (the lab's URL with #… view=exercise&exq=N), version "1.2" | "2004", mastery 0..1,
 * words (scorm-words.js: the sentences in the package's language, with {placeholders})}. */
export function launch(config, win = window) {
  const doc = win.document;
  const v12 = config.version === "1.2";
  const status = doc.getElementById("status");
  const frame = doc.getElementById("lab");
  const say = (text) => { status.textContent = text; };
  const word = (key, params = {}) => String(config.words?.[key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m));
  const labOrigin = new URL(config.lab).origin;

  // The SCORM run-time's discovery: the API object on this window's parents, then its opener's.
  function findIn(w) {
    const name = v12 ? "API" : "API_1484_11";
    for (let n = 0; w && n < 30; n++) {
      try {
        if (w[name]) return w[name];
      } catch {
        // A window of another origin on the way up: not the LMS's.
      }
      if (w.parent === w) break;
      w = w.parent;
    }
    return null;
  }
  const api = findIn(win) || (win.opener ? findIn(win.opener) : null);
  const K = v12
    ? { status: "cmi.core.lesson_status", raw: "cmi.core.score.raw", min: "cmi.core.score.min",
      max: "cmi.core.score.max", exit: "cmi.core.exit", time: "cmi.core.session_time",
      suspend: "cmi.suspend_data", count: "cmi.interactions._count", mastery: "cmi.student_data.mastery_score" }
    : { status: "cmi.completion_status", raw: "cmi.score.raw", min: "cmi.score.min", max: "cmi.score.max",
      exit: "cmi.exit", time: "cmi.session_time", suspend: "cmi.suspend_data", count: "cmi.interactions._count",
      mastery: "cmi.scaled_passing_score", scaled: "cmi.score.scaled", success: "cmi.success_status" };
  const get = (k) => String((v12 ? api.LMSGetValue(k) : api.GetValue(k)) ?? "");
  const set = (k, v) => String(v12 ? api.LMSSetValue(k, String(v)) : api.SetValue(k, String(v))) === "true";
  const commit = () => (v12 ? api.LMSCommit("") : api.Commit(""));
  const started = Date.now();
  let open = false;

  function start() {
    if (!api) {
      say(word("noLms"));
      return "";
    }
    open = String(v12 ? api.LMSInitialize("") : api.Initialize("")) === "true";
    if (!open) {
      say(word("notStarted"));
      return "";
    }
    const now = get(K.status);
    if (now === "not attempted" || now === "unknown" || now === "") set(K.status, "incomplete");
    commit();
    const kept = get(K.suspend);
    // Only the lab's own result keys are put back into its address (a link is input: checked).
    return /^view=exercise(&ex[qns]=\d{1,4})*(&exa=[A-Za-z0-9.~_%+-]*)?$/.test(kept) ? kept : "";
  }

  let base = 0;       // interactions the LMS had before this session
  let sent = 0;       // answers of the current attempt already sent as interactions
  let finished = false;

  function stamp() {
    const d = new Date();
    const two = (x) => String(x).padStart(2, "0");
    const time = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    return v12 ? time : `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${time}`;
  }

  function interaction(i, a) {
    const p = `cmi.interactions.${i}.`;
    set(`${p}id`, `example-${a.t}`);
    set(`${p}type`, "fill-in");
    if (!v12) set(`${p}description`, word("description", { t: a.t }));
    set(`${p}${v12 ? "student_response" : "learner_response"}`, a.response);
    set(`${p}correct_responses.0.pattern`, a.correct);
    set(`${p}result`, a.right ? "correct" : (v12 ? "wrong" : "incorrect"));
    set(`${p}${v12 ? "time" : "timestamp"}`, stamp());
    set(`${p}weighting`, "1");
  }

  function finish(r) {
    const max = Math.max(r.max, 1);
    const mastery = Number.parseFloat(get(K.mastery));
    if (v12) {
      // SCORM 1.2 scores are 0 to 100: the percentage of right answers.
      const pct = Math.round((100 * r.score) / max);
      set(K.min, 0); set(K.max, 100); set(K.raw, pct);
      const pass = Number.isFinite(mastery) && get(K.mastery) !== "" ? mastery : 100 * config.mastery;
      set(K.status, pct >= pass ? "passed" : "failed");
    } else {
      set(K.min, 0); set(K.max, max); set(K.raw, r.score);
      const scaled = r.score / max;
      set(K.scaled, Number(scaled.toFixed(4)));
      set(K.status, "completed");
      const pass = Number.isFinite(mastery) && get(K.mastery) !== "" ? mastery : config.mastery;
      set(K.success, scaled >= pass ? "passed" : "failed");
    }
    // The result link, for a teacher's `python -m perceptron_lab check` (the LMS shows the comment).
    if (typeof r.link === "string" && r.link.length <= 4000) {
      if (v12) set("cmi.comments", r.link);
      else {
        const n = Number.parseInt(get("cmi.comments_from_learner._count"), 10) || 0;
        set(`cmi.comments_from_learner.${n}.comment`, r.link);
      }
    }
    finished = true;
    say(word("done", r));
  }

  function onMessage(e) {
    const r = e.data;
    if (e.source !== frame.contentWindow || e.origin !== labOrigin || !r || r.type !== "perceptron-lab:exercise") return;
    if (!open || !Array.isArray(r.answers)) return;
    if (r.answered < sent) sent = 0; // the exercise was restarted: its answers come again, as new interactions
    for (; sent < r.answers.length; sent++) interaction(base++, r.answers[sent]);
    if (typeof r.keys === "string" && r.keys.length <= (v12 ? 4096 : 64000)) set(K.suspend, r.keys);
    if (r.done && !finished) finish(r);
    else if (!finished) say(word("answered", r));
    commit();
  }

  function duration() {
    const s = Math.round((Date.now() - started) / 1000);
    if (!v12) return `PT${s}S`;
    const two = (x) => String(x).padStart(2, "0");
    return `${String(Math.floor(s / 3600)).padStart(4, "0")}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  }

  function end() {
    if (!open) return;
    open = false;
    set(K.time, duration());
    set(K.exit, finished ? (v12 ? "" : "normal") : "suspend");
    commit();
    if (v12) api.LMSFinish(""); else api.Terminate("");
  }

  const resume = start();
  if (open) {
    base = Number.parseInt(get(K.count), 10) || 0;
    const n = /(?:^|&)exn=(\d+)/.exec(resume);
    sent = n ? Number(n[1]) : 0; // replayed answers were sent in an earlier session
    say(word("loading"));
  }
  win.addEventListener("message", onMessage);
  win.addEventListener("pagehide", end);
  win.addEventListener("beforeunload", end);
  frame.src = resume ? `${config.lab.replace(/&view=exercise(&exq=\d+)?/, "")}&${resume}` : config.lab;
  return { end };
}
