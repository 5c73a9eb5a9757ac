import fc from 'fast-check';
import { get_encoding } from 'tiktoken';
import { describe, expect, it } from 'vitest';
import { getEncoding } from './index.js';

// Fragments that stress the split patterns where JavaScript and Rust regexes differ, and the merges.
const FRAGMENTS = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  ' \n',
  '\x0b',
  '\x0c',
  '\x85',
  '\xa0',
  '\ufeff',
  '\u2000',
  '\u2028',
  '\u3000',
  '\u200b',
  '\u180e',
  '0',
  '7',
  '123',
  '45678',
  '٣',
  '²',
  "'s",
  "'S",
  "'t",
  "'re",
  "'RE",
  "'Ve",
  "'ll",
  "'LL",
  "'d",
  "'M",
  "'ſ",
  "'",
  '"',
  'don',
  'I',
  'HELLO',
  'Hello',
  'hello',
  'xYz',
  'ǅ',
  'ß',
  'é',
  'e\u0301',
  '👍',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '👋🏽',
  'مَرْحَبًا',
  'بِسْمِ',
  'ٱللَّهِ',
  'ـٰ',
  'ال',
  '،',
  '؟',
  '中文',
  'こんにちは',
  '!',
  '?!',
  '...',
  '/',
  '//',
  'ʰ',
  'ー',
  'ǅ',
  'Σς',
  '\u0301',
  '\u064e',
  'HELLOمرحبا',
  'مرحباHELLO',
  'aʰB',
  'Ⅻ',
  '½',
  '\u00a0x',
  '\u3000\n',
  '\t\n ',
  'x\u0301y',
  '<|endoftext|>',
  '<|',
  '|>',
  '\ud800',
  '\udc00',
  '\ud83d',
  '$',
  '€',
  '\u0000',
  '\u00ad',
];

const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(...FRAGMENTS),
      fc.string({ maxLength: 4 }),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(''));

describe('property: equal ids to the tiktoken package on generated text', () => {
  for (const name of ['r50k_base', 'p50k_base', 'cl100k_base', 'o200k_base'] as const) {
    it(name, async () => {
      const ours = await getEncoding(name);
      const wasm = get_encoding(name);
      try {
        fc.assert(
          fc.property(text, (sample) => {
            expect(ours.encodeOrdinary(sample)).toEqual([...wasm.encode_ordinary(sample)]);
          }),
          { numRuns: 1500 },
        );
      } finally {
        wasm.free();
      }
    });
  }
});
