import { FUZZ_RUNS } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeByteCut, safeByteCut } from './byte-cuts.js';
import { isSafeCut, wordEdges } from './safe-cuts.js';

const utf8 = new TextEncoder();
/** Characters around which the cut rules differ: ASCII and other white space, CR/LF, letters of 1-4 bytes, digits, marks. */
const ALPHABET = [
  ' ',
  '\t',
  '\v',
  '\f',
  '\n',
  '\r',
  '\u0085',
  '\u00a0',
  '\u3000',
  'a',
  'Z',
  '7',
  '.',
  "'",
  '"',
  ',',
  '_',
  '|',
  'é',
  'ب',
  'َ',
  '中',
  '𝐀',
  '😀',
];

/** The UTF-16 index of each byte offset of `text`'s UTF-8 that starts a character (-1 inside one). */
function unitIndexOfBytes(text: string): number[] {
  const index: number[] = [];
  let unit = 0;
  for (const char of text) {
    const length = utf8.encode(char).length;
    index.push(unit);
    for (let k = 1; k < length; k++) index.push(-1);
    unit += char.length;
  }
  index.push(unit);
  return index;
}

describe('safe byte cuts', () => {
  it('are the places the rules name', () => {
    const at = (text: string, place: number) => {
      const bytes = utf8.encode(text);
      return isSafeByteCut(bytes, 0, bytes.length, place);
    };
    expect(at('one two', 3)).toBe(true);
    expect(at('one  two', 4)).toBe(false);
    expect(at('one\ttwo', 3)).toBe(true);
    expect(at('one.\nTwo', 5)).toBe(true);
    expect(at('one\n\nTwo', 5)).toBe(false);
    expect(at('one\r\nTwo', 5)).toBe(false);
    expect(at('one\n2', 4)).toBe(false);
    expect(at('بب بب', 4)).toBe(true);
    expect(at('.\n𝐀', 2)).toBe(true);
    expect(at('\u3000 x', 3)).toBe(false);
    expect(at(' x', 0)).toBe(false);
  });

  it('are never next to bytes that are not UTF-8', () => {
    expect(isSafeByteCut(Uint8Array.of(0x61, 0xc3, 0x20, 0x61), 0, 4, 2)).toBe(false);
    expect(isSafeByteCut(Uint8Array.of(0x61, 0x80, 0x20, 0x61), 0, 4, 2)).toBe(false);
    expect(isSafeByteCut(Uint8Array.of(0x61, 0xe2, 0x82, 0x0a, 0x61), 0, 5, 4)).toBe(false);
    expect(isSafeByteCut(Uint8Array.of(0x61, 0x0a, 0x0a, 0xc3), 0, 4, 3)).toBe(false);
  });

  it('are safe cuts of the text, between characters, in every random text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        const bytes = utf8.encode(text);
        const units = unitIndexOfBytes(text);
        const edges = wordEdges(['<|endoftext|>']);
        for (let place = 0; place <= bytes.length; place++) {
          if (isSafeByteCut(bytes, 0, bytes.length, place)) {
            expect(units[place], `${JSON.stringify(text)} at byte ${place}`).toBeGreaterThan(0);
            expect(isSafeCut(text, units[place]!), `${JSON.stringify(text)} at byte ${place}`).toBe(true);
          }
          // With word edges: the same places as in the text (ASCII pairs read the same in both).
          const withEdges = isSafeByteCut(bytes, 0, bytes.length, place, edges);
          if (withEdges) expect(units[place]).toBeGreaterThan(0);
          if (units[place]! > 0)
            expect(withEdges, `${JSON.stringify(text)} at byte ${place}`).toBe(
              isSafeByteCut(bytes, 0, bytes.length, place) ||
                (isSafeCut(text, units[place]!, edges) && !isSafeCut(text, units[place]!)),
            );
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('find the first cut at or after a place, the same whatever part of the file is read', () => {
    const text = `${'x'.repeat(70_000)} y${'ب'.repeat(40_000)}\nب z`;
    const bytes = utf8.encode(text);
    const reads: Array<[number, number]> = [];
    const read = (start: number, end: number) => {
      reads.push([start, end]);
      return bytes.slice(start, end);
    };
    expect(safeByteCut(read, 0, bytes.length, 5)).toBe(70_000);
    expect(reads.length).toBe(2);
    expect(safeByteCut(read, 0, bytes.length, 70_001)).toBe(70_002 + 80_000 + 1);
    expect(safeByteCut(read, 0, bytes.length, bytes.length - 1)).toBe(bytes.length);
    // A text that starts later cuts only inside itself.
    expect(safeByteCut(read, 70_000, bytes.length, 70_000)).toBe(70_002 + 80_000 + 1);
    for (const [start, end] of reads) expect(end - start).toBeLessThanOrEqual((1 << 16) + 9);
  });
});
