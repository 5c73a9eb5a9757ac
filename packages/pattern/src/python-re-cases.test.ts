import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findall, finditer } from './match.js';

interface Case {
  pattern: string;
  text: string;
  flags: string;
  findall: (string | string[])[];
  /** Python spans, in code points. */
  spans: [number, number][];
}

// Expected values were produced by CPython 3.11 `re.findall` / `re.finditer` on the same inputs.
const cases: Case[] = JSON.parse(
  readFileSync(new URL('./fixtures/python-re-cases.json', import.meta.url), 'utf8'),
);

/** Python code point offset to UTF-16 offset. */
function utf16Offset(text: string, codePointOffset: number): number {
  let units = 0;
  let index = 0;
  for (const char of text) {
    if (index === codePointOffset) return units;
    units += char.length;
    index++;
  }
  return units;
}

describe('Python re parity table', () => {
  it.each(cases.map((c) => [JSON.stringify(c.pattern), c] as const))('%s', (_, c) => {
    const options = { flags: c.flags };
    expect(findall(c.pattern, c.text, options)).toEqual(c.findall);
    const spans = [...finditer(c.pattern, c.text, options)].map((m) => [m.start, m.end]);
    expect(spans).toEqual(c.spans.map(([s, e]) => [utf16Offset(c.text, s), utf16Offset(c.text, e)]));
  });
});
