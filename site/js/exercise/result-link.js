// The exercise's result link: the run's own link (without the view and old answer keys) plus
// the answers (exa, exn, exs, exq) and a lesson's predictions, which check and a reopened link
// regrade. The clipboard can be refused (no permission, an embed): then the link is selected.
import { t } from "../i18n/i18n.js";
import { tally, exerciseKeys } from "./exercise-check.js";
import { buildHash, valuesFromRequest } from "../state/share.js";
import { predictionKeys } from "../lesson/lesson-answers.js";

const STRIP = new Set(["view", "step", "exa", "exn", "exs", "exq", "exl", "exls"]);

/** {url, keys, tally} of the exercise `ex` asking for `goal` answers, or null when its run has no link. */
export async function resultLink(ex, goal) {
  const score = tally(ex.results);
  let hash;
  try {
    ({ hash } = await buildHash(valuesFromRequest(ex.data, ex.settings), ex.data));
  } catch {
    return null;
  }
  const kept = hash.split("&").filter((p) => !STRIP.has(p.split("=")[0]));
  const keys = [exerciseKeys(ex.answers, score.score, goal), predictionKeys()].filter(Boolean).join("&");
  return { url: `${location.origin}${location.pathname}#${kept.join("&")}&${keys}`, keys, tally: score };
}

/** Copies the link in `input`; `say` tells the student what happened. */
export async function copyResultLink(input, say) {
  try {
    await navigator.clipboard.writeText(input.value);
    say(t("The result link is copied."));
  } catch {
    input.select();
    say(t("Copy the selected link with Ctrl+C (⌘C)."));
  }
}
