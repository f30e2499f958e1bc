// A gettext catalog's Plural-Forms rule, as the page uses it: which form of a plural message for n.
// The rule is a C expression in n; it is parsed here by a small recursive-descent reader, never
// evaluated as code (the page's policy forbids eval). Pure. (Reading a .po file: tools/page_messages.mjs.)

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
