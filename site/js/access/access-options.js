// How much the screen reader hears of a run, and its sound track: the reader's own
// preferences (kept in this browser, not in shared links: a link gives a class the same run,
// not the sender's screen reader or speakers). Sound is off until turned on; the Stop
// button silences it at once (WCAG 1.4.2). Single-key shortcuts (presenter mode's space and T)
// can be turned off (WCAG 2.1.4): a speech-input user's words must not train or play.
import { el, byId } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { SAY_LEVELS, DEFAULT_SAY } from "./run-description.js";
import { audioAvailable, unlockAudio, stopTrack } from "./sound-player.js";

const KEY = "perceptron-lab:access";
const prefs = { say: DEFAULT_SAY, sound: false, keys: true };
let onPlay = () => false;

function load() {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(KEY) || "{}");
    if (SAY_LEVELS.some((o) => o.value === v.say)) prefs.say = v.say;
    prefs.sound = v.sound === true;
    prefs.keys = v.keys !== false;
  } catch { /* storage blocked or bad: the defaults */ }
}

function save() {
  try { globalThis.localStorage?.setItem(KEY, JSON.stringify(prefs)); } catch { /* storage blocked */ }
}

export function sayLevel() {
  return prefs.say;
}

/** Do single character keys (space, T) act as shortcuts? */
export function singleKeysOn() {
  return prefs.keys;
}

export function soundOn() {
  return prefs.sound;
}

/** The controls, placed in the Steps tab (or at the end of the results). */
export function initAccessOptions({ play }) {
  load();
  onPlay = play;
  const say = el("select", { id: "say-level", on: { change: (e) => { prefs.say = e.target.value; save(); } } },
    SAY_LEVELS.map((o) => el("option", { value: o.value, text: o.label, selected: o.value === prefs.say })));
  const sound = el("input", { type: "checkbox", id: "sound-on", checked: prefs.sound, disabled: !audioAvailable(),
    on: { change: (e) => { prefs.sound = e.target.checked; save(); if (prefs.sound) unlockAudio(); else stopTrack(); } } });
  const button = el("button", { type: "button", id: "sound-play", class: "secondary", text: t("Play its sound"),
    disabled: !audioAvailable(), on: { click: () => toggle() } });
  const keys = el("input", { type: "checkbox", id: "single-keys", checked: prefs.keys,
    on: { change: (e) => { prefs.keys = e.target.checked; save(); } } });
  const box = el("div", { id: "access-options", class: "access-options", attrs: { role: "group", "aria-labelledby": "access-options-h" } },
    el("span", { id: "access-options-h", class: "access-options-h visually-hidden", text: t("Screen reader, sound and keys:") }),
    el("label", { class: "access-say" }, t("Says") + " ", say),
    el("label", { class: "check" }, sound, " " + t("Hear it learn")),
    button,
    el("label", { class: "check", title: t("Presenter mode: space plays or pauses, T trains. Off: only ◀ ▶, Page Up / Page Down and Esc") },
      keys, " " + t("Single-key shortcuts")),
    audioAvailable() ? null : el("span", { class: "hint", text: t("This browser has no Web Audio, so the lab cannot play sound.") }));
  // Behind the Steps tab, with the step-through's other options: on a 1280 × 800 projector
  // the side column's first screen holds Train, the update and the data choice.
  const slot = byId("access-slot");
  if (slot) slot.append(box);
  else (byId("results") || document.querySelector("main") || document.body).append(box);
  return box;
}

function toggle() {
  const b = byId("sound-play");
  if (b.dataset.playing === "true") { stopTrack(); return; }
  unlockAudio();
  onPlay();
}

/** The Play/Stop button follows the player. */
export function soundPlaying(on) {
  const b = byId("sound-play");
  if (!b) return;
  b.dataset.playing = String(on);
  b.textContent = on ? t("Stop the sound") : t("Play its sound");
}
