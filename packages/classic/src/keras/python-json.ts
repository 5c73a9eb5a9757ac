/**
 * JSON as Python's `json.dumps` writes it with its defaults (`', '` and `': '` separators,
 * non-ASCII escaped as `\uXXXX`), so that a tokenizer saved here reads back in Keras and compares
 * byte for byte with one saved there.
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : pythonFloat(value);
  if (typeof value === 'string') return asciiString(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (value instanceof Map) {
    return `{${[...value].map(([key, entry]) => `${asciiString(String(key))}: ${pythonJsonDumps(entry)}`).join(', ')}}`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, entry]) => `${asciiString(key)}: ${pythonJsonDumps(entry)}`).join(', ')}}`;
}

function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return String(value);
}

function asciiString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) out += '\\"';
    else if (code === 0x5c) out += '\\\\';
    else if (code === 0x0a) out += '\\n';
    else if (code === 0x0d) out += '\\r';
    else if (code === 0x09) out += '\\t';
    else if (code === 0x08) out += '\\b';
    else if (code === 0x0c) out += '\\f';
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += text[i];
  }
  return `${out}"`;
}

const STRING_TOKEN = /"(?:[^"\\]|\\.)*"/y;
const NUMBER_TOKEN = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|NaN|-?Infinity/y;
const SPACE = /\s*/y;

/**
 * The entries of a flat JSON object (string keys, string or number values) in the order they are
 * written. `JSON.parse` would move integer-like keys ("2020") to the front, and Keras' word counts
 * depend on first-seen order.
 */
export function orderedJsonEntries(json: string): [string, string | number][] {
  const entries: [string, string | number][] = [];
  let at = 0;
  const skipSpace = () => {
    SPACE.lastIndex = at;
    SPACE.exec(json);
    at = SPACE.lastIndex;
  };
  const expect = (char: string) => {
    skipSpace();
    if (json[at] !== char) throw new Error(`expected '${char}' at offset ${at} of ${json.slice(0, 40)}…`);
    at++;
  };
  const readToken = (pattern: RegExp, what: string): string => {
    skipSpace();
    pattern.lastIndex = at;
    const match = pattern.exec(json);
    if (!match) throw new Error(`expected ${what} at offset ${at} of ${json.slice(0, 40)}…`);
    at = pattern.lastIndex;
    return match[0];
  };
  expect('{');
  skipSpace();
  if (json[at] === '}') return entries;
  for (;;) {
    const key = JSON.parse(readToken(STRING_TOKEN, 'a string key')) as string;
    expect(':');
    skipSpace();
    const value =
      json[at] === '"'
        ? (JSON.parse(readToken(STRING_TOKEN, 'a string')) as string)
        : Number(readToken(NUMBER_TOKEN, 'a number'));
    entries.push([key, value]);
    skipSpace();
    if (json[at] === ',') {
      at++;
      continue;
    }
    expect('}');
    return entries;
  }
}
