// @ts-check
// A catalogue's plural rule, the ``plural=`` expression of its Plural-Forms header ("(n > 1)" in
// French, "0" in Korean, "(n != 1)" in English), read into a function of the count: the page picks
// a counted message's form by the same rule as the server's gettext, with no language named here.
// The expression is C's, as gettext writes it: n, whole numbers, ! % < <= > >= == != && || ?: and
// parentheses. Read by a small parser (no eval: the pages' Content-Security-Policy forbids it).

const TOKEN = /\s*(\d+|n|&&|\|\||[<>!=]=|[-+*\/%<>!?:()])/y;

const BINARY = [
  ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"],
];

/** @type {Object<string, (a: number, b: number) => number>} */
const APPLY = {
  "||": (a, b) => Number(a !== 0 || b !== 0), "&&": (a, b) => Number(a !== 0 && b !== 0),
  "==": (a, b) => Number(a === b), "!=": (a, b) => Number(a !== b),
  "<": (a, b) => Number(a < b), "<=": (a, b) => Number(a <= b), ">": (a, b) => Number(a > b), ">=": (a, b) => Number(a >= b),
  "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b,
  "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b,
};

/** @param {string} text @returns {string[]} */
function tokens(text) {
  const found = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.trimEnd().length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`not a plural rule: ${JSON.stringify(text)} (at ${start})`);
    found.push(match[1]);
  }
  return found;
}

/**
 * The plural form's index for a count, by the rule ``expression`` (a Plural-Forms ``plural=``).
 *
 *   pluralRule("(n > 1)")(1) === 0; pluralRule("(n != 1)")(0) === 1; pluralRule("0")(7) === 0
 *
 * @param {string} expression
 * @returns {(n: number) => number}
 */
export function pluralRule(expression) {
  const list = tokens(expression);
  let at = 0;
  const peek = () => list[at];
  const take = (expected) => {
    if (expected !== undefined && list[at] !== expected) throw new Error(`not a plural rule: ${JSON.stringify(expression)}`);
    return list[at++];
  };

  /** @returns {(n: number) => number} */
  function ternary() {
    const test = binary(0);
    if (peek() !== "?") return test;
    take("?");
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (test(n) !== 0 ? yes(n) : no(n));
  }

  /** @param {number} level @returns {(n: number) => number} */
  function binary(level) {
    if (level === BINARY.length) return unary();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek())) {
      const apply = APPLY[take()];
      const first = left;
      const right = binary(level + 1);
      left = (n) => apply(first(n), right(n));
    }
    return left;
  }

  /** @returns {(n: number) => number} */
  function unary() {
    if (peek() === "!") {
      take();
      const operand = unary();
      return (n) => Number(operand(n) === 0);
    }
    if (peek() === "(") {
      take("(");
      const inner = ternary();
      take(")");
      return inner;
    }
    const token = take();
    if (token === "n") return (n) => n;
    if (/^\d+$/.test(token ?? "")) return () => Number(token);
    throw new Error(`not a plural rule: ${JSON.stringify(expression)}`);
  }

  const rule = ternary();
  if (at !== list.length) throw new Error(`not a plural rule: ${JSON.stringify(expression)}`);
  return rule;
}
