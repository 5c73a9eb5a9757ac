/** Where a JSON text goes wrong: the UTF-16 offset, its line and column (1-based), and what is wrong. */
export interface JsonProblem {
  offset: number;
  line: number;
  column: number;
  message: string;
}

const WHITE_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const BAD_STRING = 'bad string (a control character, a bad escape or no closing quote)';
const HEX = /^[0-9a-fA-F]{4}$/;

/**
 * The first syntax error of a JSON text, or the first object key written twice (`JSON.parse` keeps the
 * last silently), with its line and column; `null` when the text is valid JSON without repeated keys.
 * Iterative (an explicit stack), so deep nesting cannot overflow the call stack; memory is linear in
 * the text.
 *
 * @example
 * ```ts
 * findJsonProblem('{"a": 1,\n "a": 2}'); // { offset: 10, line: 2, column: 2, message: 'key "a" appears twice (first at line 1)' }
 * ```
 */
export function findJsonProblem(text: string): JsonProblem | null {
  let at = 0;
  const problem = (message: string, offset = at): JsonProblem => ({
    ...lineColumn(text, offset),
    offset,
    message,
  });
  const skipSpace = (): void => {
    while (at < text.length && WHITE_SPACE.has(text.charCodeAt(at))) at++;
  };
  // Loops, not regexps: a regexp over a string of millions of characters can exhaust its stack.
  const readString = (): string | null => {
    const start = at;
    at++;
    for (;;) {
      const code = text.charCodeAt(at);
      if (Number.isNaN(code) || code < 0x20) return null;
      if (code === 0x22) break;
      if (code === 0x5c) {
        const escaped = text[at + 1];
        if (escaped === 'u') {
          if (!HEX.test(text.slice(at + 2, at + 6))) return null;
          at += 6;
        } else if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) at += 2;
        else return null;
      } else at++;
    }
    at++;
    return text.slice(start, at);
  };
  const digits = (): number => {
    const start = at;
    while (at < text.length && text.charCodeAt(at) >= 0x30 && text.charCodeAt(at) <= 0x39) at++;
    return at - start;
  };
  const readNumber = (): boolean => {
    if (text[at] === '-') at++;
    if (text[at] === '0') at++;
    else if (digits() === 0) return false;
    if (text[at] === '.') {
      at++;
      if (digits() === 0) return false;
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at++;
      if (text[at] === '+' || text[at] === '-') at++;
      if (digits() === 0) return false;
    }
    return true;
  };
  /** Open containers: for an object, the keys seen so far (with their offsets). */
  const stack: Array<Map<string, number> | null> = [];
  skipSpace();
  for (;;) {
    // A value is expected at `at`.
    skipSpace();
    const c = text[at];
    if (c === '{' || c === '[') {
      at++;
      skipSpace();
      const closing = c === '{' ? '}' : ']';
      if (text[at] === closing) {
        at++;
      } else {
        stack.push(c === '{' ? new Map() : null);
        if (c === '{') {
          const keyProblem = readKey(stack[stack.length - 1]!);
          if (keyProblem) return keyProblem;
        }
        continue;
      }
    } else if (c === '"') {
      if (readString() === null) return problem(BAD_STRING);
    } else if (c !== undefined && (c === '-' || (c >= '0' && c <= '9'))) {
      if (!readNumber()) return problem('bad number');
    } else if (text.startsWith('true', at)) at += 4;
    else if (text.startsWith('false', at)) at += 5;
    else if (text.startsWith('null', at)) at += 4;
    else return problem(c === undefined ? 'unexpected end of the text' : `unexpected ${JSON.stringify(c)}`);
    // After a value: close containers or move to the next element.
    for (;;) {
      skipSpace();
      const top = stack[stack.length - 1];
      if (top === undefined) {
        return at < text.length ? problem(`unexpected ${JSON.stringify(text[at])} after the value`) : null;
      }
      const closing = top ? '}' : ']';
      if (text[at] === closing) {
        at++;
        stack.pop();
        continue;
      }
      if (text[at] !== ',')
        return problem(
          at >= text.length
            ? 'unexpected end of the text'
            : `expected "," or "${closing}", got ${JSON.stringify(text[at])}`,
        );
      at++;
      if (top) {
        const keyProblem = readKey(top);
        if (keyProblem) return keyProblem;
      }
      break;
    }
  }

  /** Read `"key":` into `keys`, or the problem. */
  function readKey(keys: Map<string, number>): JsonProblem | null {
    skipSpace();
    const start = at;
    if (text[at] !== '"') return problem('expected a "quoted" key');
    const raw = readString();
    if (raw === null) return problem(BAD_STRING);
    const key = JSON.parse(raw) as string;
    const first = keys.get(key);
    if (first !== undefined)
      return problem(
        `key ${shorten(key)} appears twice (first at line ${lineColumn(text, first).line})`,
        start,
      );
    keys.set(key, start);
    skipSpace();
    if (text[at] !== ':') return problem('expected ":" after the key');
    at++;
    return null;
  }
}

/** 1-based line and column of `offset` in `text`. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * `value` as JSON, cut to 60 characters so an enormous string cannot flood an error message.
 *
 * @example
 * ```ts
 * shorten('x'.repeat(1e6)); // '"xxx…xxx...' (60 characters)
 * ```
 */
export function shorten(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
