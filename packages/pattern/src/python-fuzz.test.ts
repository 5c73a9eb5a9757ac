import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compilePythonPattern } from './compile.js';
import { PythonPatternError } from './error.js';
import { finditer } from './match.js';

interface FuzzCase {
  pattern: string;
  flags: string;
  /** Python's error message, when re.compile refused the pattern. */
  error?: string;
  position?: number | null;
  text?: string;
  /** Python's match spans, in code points. */
  spans?: [number, number][];
}

// Made once by fixtures/make-python-fuzz-cases.py with CPython 3.11's re (random patterns and texts:
// astral characters, lone surrogates, combining marks, RTL marks, NUL, the Turkish i's).
const cases: FuzzCase[] = readFileSync(new URL('./fixtures/python-fuzz-cases.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line));

/** Python code point offsets to UTF-16 offsets. */
function utf16Offsets(text: string): number[] {
  const offsets = [0];
  let units = 0;
  for (const char of text) {
    units += char.length;
    offsets.push(units);
  }
  return offsets;
}

function compile(c: FuzzCase) {
  return compilePythonPattern(c.pattern, { flags: c.flags, dialect: 're' });
}

describe('the pattern translator against Python re on random patterns', () => {
  it('refuses, with a position, every pattern Python re refuses', () => {
    const accepted: string[] = [];
    for (const c of cases.filter((c) => c.error !== undefined)) {
      try {
        compile(c);
        accepted.push(`${JSON.stringify(c.pattern)} (${c.flags}): Python says ${c.error}`);
      } catch (error) {
        expect(error).toBeInstanceOf(PythonPatternError);
        expect((error as PythonPatternError).message).toMatch(/at position \d+/);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('finds exactly the matches Python finds, or refuses the pattern', () => {
    const differences: string[] = [];
    let compared = 0;
    for (const c of cases.filter((c) => c.error === undefined)) {
      let compiled: ReturnType<typeof compile>;
      try {
        compiled = compile(c);
      } catch (error) {
        expect(error).toBeInstanceOf(PythonPatternError);
        continue;
      }
      const text = c.text!;
      const offsets = utf16Offsets(text);
      const expected = c.spans!.map(([start, end]) => [offsets[start], offsets[end]]);
      const actual = [...finditer(compiled, text)].map((m) => [m.start, m.end]);
      compared++;
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        differences.push(
          `${JSON.stringify(c.pattern)} (${c.flags}) on ${JSON.stringify(text)}: ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`,
        );
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(cases.length / 2);
  });
});
