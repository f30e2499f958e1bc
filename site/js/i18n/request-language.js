// Every request to Python carries the page's language (lang: "de"), so the sentences Python
// writes (the run's words, its errors) come back in it. One place: pyclient.js's call(), and
// its answers: answerInLanguage.
import { pageLanguage } from "./current.js";
import { t, pythonSaidInEnglish } from "./translate.js";

export function withLanguage(request) {
  if (!request || typeof request !== "object" || Array.isArray(request) || "lang" in request) return request;
  return { ...request, lang: pageLanguage() };
}

/** The worker's own failure of a call (a bug: Python raised where the bridge does not) comes in
 * English with its reason, why (worker.js has no catalog): said in the page's language. The
 * sentences Python could only say in English (answer.english) are marked lang="en" where shown. */
export function answerInLanguage(answer) {
  pythonSaidInEnglish(answer?.english);
  const e = answer?.error;
  if (e?.kind !== "internal" || typeof e.why !== "string") return answer;
  return { ...answer, error: { ...e, message: t("Something went wrong inside Perceptron Lab: {why}", { why: e.why }) } };
}
