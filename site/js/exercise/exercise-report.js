// The exercise, told to the page around the lab: in a frame (an LMS's SCORM launch page, or any
// course page), after the exercise opens and after every answer, the lab posts
//   {type: "perceptron-lab:exercise", answered, score, goal, max, done, keys, link, answers}
// keys: the result's link keys (view=exercise&exq=…&exn=…&exs=…&exa=…), what a launch page keeps
// to resume; link: the whole result link (what `python -m perceptron_lab check` grades);
// answers: [{t, right, response, correct}] in words, for the LMS's interactions.
// Only the exercise's own numbers and links go out, so any parent may read them ("*").
import { num, vec } from "./exercise-check.js";

function framed() {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

function said(answer, kernel) {
  if (!answer.mistake) return "no mistake";
  return kernel ? `mistake; new alpha_i = ${num(answer.w[0])}` : `mistake; new w = ${vec(answer.w)}`;
}

function wanted(visit, kernel) {
  if (!visit.mistake) return "no mistake";
  return kernel ? `mistake; new alpha_i = ${num(visit.alpha_after)}` : `mistake; new w = ${vec(visit.w_after)}`;
}

/**
 * ex: {res (visits response), dual (answers are counts αᵢ), answers, results}; t: its tally; goal: the answers asked for (or
 * null: every visit); keys, link: the result link's keys and the link itself.
 */
export function reportExercise(ex, t, goal, keys, link) {
  if (!framed()) return;
  const kernel = ex.dual;
  const max = Math.min(goal ?? Infinity, ex.res.visits.length);
  const answers = ex.answers.map((a, i) => {
    const v = ex.res.visits[i];
    // Plain text (the LMS stores strings of at most 255 characters): "−" written as "-".
    const plain = (s) => s.replace(/\u2212/g, "-").slice(0, 250);
    return { t: v.t, right: ex.results[i].right, response: plain(said(a, kernel)), correct: plain(wanted(v, kernel)) };
  });
  window.parent.postMessage({
    type: "perceptron-lab:exercise", answered: t.answered, score: t.score, goal, max,
    done: t.answered >= max, keys, link, answers,
  }, "*");
}
