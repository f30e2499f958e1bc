// Every request to Python carries the page's language (lang: "de"), so the sentences Python
// writes (the run's words, its errors) come back in it. One place: pyclient.js's call().
import { pageLanguage } from "./current.js";

export function withLanguage(request) {
  if (!request || typeof request !== "object" || Array.isArray(request) || "lang" in request) return request;
  return { ...request, lang: pageLanguage() };
}
