// The page's state, in one place: every parameter's value (by params.json name), where Python
// and the run are (pyState, runState), the run on screen (result: {res, settings, data}, with
// hasResult), the view (tab, step, compareShown, exerciseShown) and what the main plots show. Modules read it (get, or the read-only `values`), change it with
// set(patch) and hear of changes with on(keys, fn); nothing else carries state between them.
// A set is heard even when a value is unchanged, as an attribute write is by a MutationObserver:
// a comparison run again opens its tab again. Subscribers run at once, in the order they
// subscribed, after the mirrors are written (a subscriber that looks at the page sees them).
// The body's data-* attributes (and a few of the plots' figures') are such a mirror: CSS and
// the end-to-end tests read them; the page never reads them back. Pure: no DOM here (main.js
// points the BODY mirror at document.body.dataset).
import { defaults } from "./state.js";

/**
 * A store: initial values by key; onError(e) gets a subscriber's exception (the others still
 * hear the change), by default thrown again outside the set, as an event listener's is.
 */
export function createPageState(initial = {}, { onError = (e) => queueMicrotask(() => { throw e; }) } = {}) {
  const state = { ...initial };
  const subs = [];
  const mirrors = [];
  const write = (target, name, text) => {
    if (text === null) delete target[name];
    else target[name] = text;
  };

  function get(key) {
    return state[key];
  }

  function set(patch) {
    const keys = Object.keys(patch);
    Object.assign(state, patch);
    for (const { target, table } of mirrors) {
      for (const k of keys) if (k in table) write(target, table[k].name, table[k].encode(state[k]));
    }
    for (const s of [...subs]) {
      if (!s.on) continue;
      const heard = keys.filter((k) => s.keys.has(k));
      if (!heard.length) continue;
      try {
        s.fn(Object.fromEntries(heard.map((k) => [k, state[k]])));
      } catch (e) {
        onError(e);
      }
    }
  }

  /** fn({key: value, ...}) after each set naming any of keys; -> off() */
  function on(keys, fn) {
    const s = { keys: new Set(keys), fn, on: true };
    subs.push(s);
    return () => {
      s.on = false;
      const i = subs.indexOf(s);
      if (i >= 0) subs.splice(i, 1);
    };
  }

  /** Write the keys of `table` ({key: {name, encode}}) into target (a DOMStringMap, or any
   * object) now and after every set: encode(value) -> text, or null for no attribute. */
  function mirror(target, table) {
    mirrors.push({ target, table });
    for (const k of Object.keys(table)) write(target, table[k].name, table[k].encode(state[k]));
  }

  // Read-only and live: for code that reads many keys or hands the map to the schema's functions
  // (isActive(name, values), settingsRequest(values)).
  const values = new Proxy(state, {
    set(_t, key) { throw new TypeError(`page state: set({${String(key)}}) changes it, not an assignment`); },
    deleteProperty(_t, key) { throw new TypeError(`page state: ${String(key)} cannot be deleted`); },
    defineProperty(_t, key) { throw new TypeError(`page state: set({${String(key)}}) changes it`); },
  });

  return { get, set, on, mirror, values };
}

const text = (v) => (v === null || v === undefined ? null : String(v));
const flag = (v) => (v ? "1" : null);
const json = (v) => (v === undefined ? null : JSON.stringify(v));
const as = (name, encode = text) => ({ name, encode });

/**
 * The body's data-* attributes: data-py-state (loading | runtime | packages | app | ready |
 * error), data-py-retries, data-run-state (idle | asking | running | done | cancelled | error),
 * data-tab, data-link-seq (links applied: tests), data-has-result, data-embed, data-present,
 * data-hide ("data proof ..."), data-offline (+ -build: offline.js), data-snapshot (+ -why,
 * -refused: snapshot-maker.js).
 */
export const BODY = {
  pyState: as("pyState"), pyRetries: as("pyRetries"), runState: as("runState"), tab: as("tab"),
  linkSeq: as("linkSeq"), hasResult: as("hasResult", flag), embed: as("embed", flag), present: as("present", flag),
  hide: as("hide", (v) => (Array.isArray(v) && v.length ? v.join(" ") : null)),
  offline: as("offline"), offlineBuild: as("offlineBuild"),
  snapshot: as("snapshot"), snapshotWhy: as("snapshotWhy"), snapshotRefused: as("snapshotRefused", (v) => (v ? "true" : null)),
};

/** The boundary plot's figure: the step it shows (none: the answer), its w, and the show
 * (watch: playing | end | stopped; steps/watch.js). */
export const BOUNDARY_FIGURE = { plotStep: as("step"), plotW: as("w", json), watch: as("watch") };

/** The mistakes plot's figure: the epochs it is grown to while a run plays (none: all). */
export const MISTAKES_FIGURE = { plotEpochs: as("epochs") };

/** The page's one store: the parameters' defaults (a link's values come in with set) and the
 * states index.html's body starts in. */
export const page = createPageState({ ...defaults(), pyState: "loading", runState: "idle" });
