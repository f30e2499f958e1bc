// Reads a gettext catalog (.po) as the page's own words: msgid -> msgstr (plural: a list of
// forms) and the header's Plural-Forms rule. Pure (no DOM, no fetch): the page, the tests and
// node read a catalog the same way. The rule is a C expression in n; it is parsed here by a
// small recursive-descent reader, never evaluated as code (the page's policy forbids eval).

function unquote(line) {
  const m = /^"(.*)"\s*$/.exec(line.trim());
  if (!m) throw new Error(`not a quoted string: ${line.slice(0, 60)}`);
  return m[1].replace(/\\(["\\nt])/g, (_, c) => ({ n: "\n", t: "\t" })[c] ?? c);
}

/** .po text -> {header: {name: value}, messages: Map(msgid -> {str: [forms], plural, fuzzy})}.
 * Throws on a line it cannot read (a catalog is the lab's own file: a mistake must show). */
export function parsePo(text) {
  const messages = new Map();
  let cur = null, field = null, fuzzy = false;
  const done = () => {
    if (cur && cur.msgid !== undefined) {
      const forms = cur.msgid_plural !== undefined ? Object.keys(cur).filter((k) => k.startsWith("msgstr[")).sort((a, b) => parseInt(a.slice(7)) - parseInt(b.slice(7))).map((k) => cur[k])
        : [cur.msgstr ?? ""];
      messages.set(cur.msgid, { str: forms, plural: cur.msgid_plural ?? null, fuzzy: cur.fuzzy });
    }
    cur = null; field = null;
  };
  for (const raw of String(text).split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") { done(); fuzzy = false; continue; }
    if (line.startsWith("#,")) { fuzzy = fuzzy || /\bfuzzy\b/.test(line); continue; }
    if (line.startsWith("#")) continue;
    const m = /^(msgid|msgid_plural|msgstr(?:\[\d+\])?|msgctxt)\s+(".*")$/.exec(line);
    if (m) {
      if (m[1] === "msgid" && cur && cur.msgid !== undefined) done();
      cur = cur || { fuzzy };
      field = m[1];
      cur[field] = unquote(m[2]);
    } else if (line.startsWith('"') && cur && field) {
      cur[field] += unquote(line);
    } else {
      throw new Error(`catalog line not understood: ${line.slice(0, 60)}`);
    }
  }
  done();
  const header = {};
  for (const h of (messages.get("")?.str[0] ?? "").split("\n")) {
    const i = h.indexOf(":");
    if (i > 0) header[h.slice(0, i).trim()] = h.slice(i + 1).trim();
  }
  messages.delete("");
  return { header, messages };
}

// ------------------------------------------------------------------ Plural-Forms

const TOKEN = /\s*(\d+|n|\?|:|\(|\)|==|!=|<=|>=|<|>|&&|\|\||%|!)/y;

/** "nplurals=2; plural=(n != 1);" -> {count, index(n)}; English's rule when there is none. */
export function pluralRule(header) {
  const m = /nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+);?/.exec(header || "");
  if (!m) return { count: 2, index: (n) => (n === 1 ? 0 : 1) };
  const tokens = [];
  const src = m[2];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.trim().length) {
    const at = TOKEN.lastIndex;
    const t = TOKEN.exec(src);
    if (!t) throw new Error(`Plural-Forms not understood at: ${src.slice(at, at + 20)}`);
    tokens.push(t[1]);
    if (/^\s*$/.test(src.slice(TOKEN.lastIndex))) break;
  }
  const tree = expression(tokens, 0);
  if (tree.next !== tokens.length) throw new Error("Plural-Forms has text left over");
  const count = Number(m[1]);
  return { count, index: (n) => Math.min(count - 1, Math.max(0, Number(tree.fn(n)))) };
}

// Precedence climbing over the C operators gettext allows: ?: || && == != < > <= >= %.
const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["%"]];
const OPS = {
  "||": (a, b) => +(a || b), "&&": (a, b) => +(a && b), "==": (a, b) => +(a === b), "!=": (a, b) => +(a !== b),
  "<": (a, b) => +(a < b), ">": (a, b) => +(a > b), "<=": (a, b) => +(a <= b), ">=": (a, b) => +(a >= b),
  "%": (a, b) => (b === 0 ? 0 : a % b),
};

function expression(tok, i) {
  const cond = binary(tok, i, 0);
  if (tok[cond.next] !== "?") return cond;
  const yes = expression(tok, cond.next + 1);
  if (tok[yes.next] !== ":") throw new Error("Plural-Forms: ? without :");
  const no = expression(tok, yes.next + 1);
  return { fn: (n) => (cond.fn(n) ? yes.fn(n) : no.fn(n)), next: no.next };
}

function binary(tok, i, level) {
  if (level === LEVELS.length) return unary(tok, i);
  let left = binary(tok, i, level + 1);
  while (LEVELS[level].includes(tok[left.next])) {
    const op = OPS[tok[left.next]], a = left.fn;
    const right = binary(tok, left.next + 1, level + 1);
    left = { fn: (n) => op(a(n), right.fn(n)), next: right.next };
  }
  return left;
}

function unary(tok, i) {
  const t = tok[i];
  if (t === "!") { const x = unary(tok, i + 1); return { fn: (n) => +!x.fn(n), next: x.next }; }
  if (t === "n") return { fn: (n) => n, next: i + 1 };
  if (/^\d+$/.test(t ?? "")) return { fn: () => Number(t), next: i + 1 };
  if (t === "(") {
    const x = expression(tok, i + 1);
    if (tok[x.next] !== ")") throw new Error("Plural-Forms: ( without )");
    return { fn: x.fn, next: x.next + 1 };
  }
  throw new Error(`Plural-Forms: unexpected ${t ?? "end"}`);
}
