import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { caseVariants } from './case-variants.js';
import { findall } from './match.js';

/** The four pairs Python's re equates and JavaScript's one-to-one case mappings do not link. */
const PAIRS = [
  [0x390, 0x1fd3], // ΐ ΐ
  [0x3b0, 0x1fe3], // ΰ ΰ
  [0x3d1, 0x3f4], // ϑ ϴ (through θ)
  [0xfb05, 0xfb06], // ﬅ ﬆ
];

// Expected values are CPython 3.11's re.findall on the same inputs.
describe('case-insensitive matching as Python re does it', () => {
  it.each(
    PAIRS.flatMap(([a, b]) => [
      [String.fromCodePoint(a!), String.fromCodePoint(b!)],
      [String.fromCodePoint(b!), String.fromCodePoint(a!)],
    ]),
  )('a scoped (?i:%s) matches %s, as a character and in a class', (written, other) => {
    expect(findall(`a|(?i:${written})`, other)).toEqual([other]);
    expect(findall(`x(?i:[${written}])`, `x${other}`)).toEqual([`x${other}`]);
  });

  it('equates exactly the characters Python 3.11 equates, for every code point below U+20000', () => {
    // Made by fixtures/make-python-case-classes.py with CPython 3.11 (Unicode 14).
    const table: { classes: number[][]; unassigned: [number, number][] } = JSON.parse(
      readFileSync(new URL('./fixtures/python-case-classes.json', import.meta.url), 'utf8'),
    );
    const classOf = new Map<number, number[]>();
    for (const members of table.classes) for (const member of members) classOf.set(member, members);
    // Characters newer than Python's Unicode may have case mappings in this JavaScript engine.
    const assigned = new Uint8Array(0x20000).fill(1);
    for (const [from, to] of table.unassigned) assigned.fill(0, from, to + 1);
    const differences: string[] = [];
    for (let codePoint = 0; codePoint < 0x20000; codePoint++) {
      if ((codePoint >= 0xd800 && codePoint <= 0xdfff) || !assigned[codePoint]) continue;
      const ours = caseVariants(codePoint)
        .filter((variant) => assigned[variant])
        .sort((x, y) => x - y);
      const python = classOf.get(codePoint) ?? [codePoint];
      if (ours.join() !== python.join())
        differences.push(`U+${codePoint.toString(16)}: ${ours.join()} != ${python.join()}`);
    }
    expect(differences).toEqual([]);
  });

  it('keeps U+0345, a combining mark that folds to ι, out of \\w under (?i)', () => {
    expect(findall(String.raw`(?i)[^\W\d_]`, 'aι\u0345')).toEqual(['a', 'ι']);
    expect(findall(String.raw`(?i)a\W`, 'a\u0345')).toEqual(['a\u0345']);
  });

  it('sees a word boundary beside a literal whose case variants differ in being word characters', () => {
    // (?i)ι also matches U+0345, which is no word character.
    expect(findall(String.raw`(?i)\Bι`, 'aι\u0345')).toEqual(['ι']);
    expect(findall(String.raw`(?i)ι\b`, 'ι\u0345 ι')).toEqual(['ι', 'ι']);
  });

  it('still accepts a case-insensitive backreference under a global (?i)', () => {
    expect(findall(String.raw`(?i)(\w+) \1`, 'Ab aB')).toEqual(['Ab']);
  });
});
