// The worker has no catalog: it marks the sentences the page shows with N_ (tools/page_messages.mjs
// extracts them, the page says them with t()), and fills a message's {name} as the page's fill does,
// so that a sentence said in English here reads the same as one the page translates.
export const N_ = (msgid) => msgid;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function fill(text, params) {
  if (!params) return text;
  return text.replace(PLACEHOLDER, (m, k) => (Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m));
}
