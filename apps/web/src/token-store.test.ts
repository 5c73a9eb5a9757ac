import { CodePointTokenizer } from '@tokenlab/core';
import { describe, expect, it } from 'vitest';
import { stemTokenizer } from './stem-tokenizer.js';
import { pieceCounter, spaceCutFrom, tokenStore } from './token-store.js';
import { loadTokenizer, TOKENIZERS } from './tokenizers.js';

// Lines of every kind the cut must survive: blank lines, indentation, trailing spaces, CRLF, tabs,
// numbers, both scripts, a URL and a line ending in punctuation.
const TEXT = [
  'The tokenizer doesn\'t split "New York" — it\'s 3.14 times faster!',
  'حصل على جائزة في 16 فبراير 2014 في لندن.',
  '',
  '  indented line with  two spaces',
  'trailing spaces   ',
  'crlf line\r',
  'العدد ٣٤٥ و 2024 (50%) https://example.com/a?b=1',
  '\ttab\there',
  'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ',
  'x',
  'last line without newline',
].join('\n');

describe('tokenStore', () => {
  it('hands out tokens by range and counts in slices', () => {
    const store = tokenStore(new CodePointTokenizer(), true);
    store.setText('one\ntwo');
    expect(store.count).toBeUndefined();
    expect(store.countUntil(Number.POSITIVE_INFINITY)).toBe(true);
    expect(store.count).toBe(7);
    expect(store.tokensIn(4, 5)).toEqual([{ text: 't', start: 4, end: 5, id: 116 }]);
  });

  for (const entry of TOKENIZERS.filter((candidate) => candidate.lineLocal)) {
    it(`${entry.id} cuts the text part by part exactly as it cuts it whole`, async () => {
      const tokenizer = await loadTokenizer(entry.id);
      const whole = tokenizer.tokenize(TEXT);
      const store = tokenStore(tokenizer, true);
      store.setText(TEXT);
      expect(store.tokensIn(0, TEXT.length)).toEqual(whole);
      store.countUntil(Number.POSITIVE_INFINITY);
      expect(store.count).toBe(whole.length);
      // A range in the middle gives the tokens that overlap it.
      const from = TEXT.indexOf('16');
      const to = TEXT.indexOf('لندن');
      expect(store.tokensIn(from, to)).toEqual(whole.filter((t) => t.end > from && t.start < to));
    });
  }

  it('gives whole-text tokenizers the same tokens by range', async () => {
    const tokenizer = await loadTokenizer('punkt-en');
    const whole = tokenizer.tokenize(TEXT);
    const store = tokenStore(tokenizer, false);
    store.setText(TEXT);
    const from = TEXT.indexOf('16');
    expect(store.tokensIn(from, from + 1)).toEqual(whole.filter((t) => t.end > from && t.start < from + 1));
    expect(store.countUntil(0)).toBe(true);
    expect(store.count).toBe(whole.length);
  });

  it('finds the cuts of long lines before a space that follows a non-space', () => {
    expect(spaceCutFrom('one two  three', 4)).toBe(7);
    expect(spaceCutFrom('one two  three', 8)).toBe(14);
    expect(spaceCutFrom('a\u00a0 b c', 1)).toBe(4);
    expect(spaceCutFrom(' lead', 0)).toBe(5);
  });
});

/** A line of `length` units or more, of every kind of word, space and mark a cut could meet. */
function longLine(seed: number, length: number): string {
  const pieces = [
    'the',
    "doesn't",
    "it's",
    'New',
    'York',
    '3.14',
    '2024',
    '(50%)',
    'https://example.com/a?b=1',
    '—',
    '...',
    'حصل',
    'على',
    'جائزة',
    'بِسْمِ',
    'اللَّهِ',
    '٣٤٥',
    '،',
    '؟',
    '😀',
    '👍🏽',
    '中文',
    'é',
    'straße',
    "'s",
    "'LL",
  ];
  const gaps = [' ', ' ', ' ', '  ', '\t', ' \t ', '\u00a0', '\u00a0 ', '', ' \u200f'];
  let next = seed;
  const random = (n: number) => {
    next = (Math.imul(next, 1103515245) + 12345) >>> 0;
    return (next >>> 16) % n;
  };
  let line = '';
  while (line.length < length) line += pieces[random(pieces.length)]! + gaps[random(gaps.length)]!;
  return line;
}

describe('tokenStore on long lines', () => {
  const entries = TOKENIZERS.filter((candidate) => candidate.lineLocal);
  const tokenizers = async () => [
    ...(await Promise.all(entries.map(async (entry) => [entry.id, await loadTokenizer(entry.id)] as const))),
    ['stems (Porter, ISRI)', await stemTokenizer('porter isri')] as const,
    ['stems (Lancaster, ISRI)', await stemTokenizer('lancaster isri')] as const,
  ];

  it('gives every line-local tokenizer the tokens of the whole line, piece by piece, wherever the view is', async () => {
    for (const [id, tokenizer] of await tokenizers()) {
      for (const seed of [1, 2]) {
        // A long line between two short ones: the long one is cut into pieces of 2,048 units or so.
        const text = `short line\n${longLine(seed, 9000)}\nlast`;
        const whole = tokenizer.tokenize(text);
        const store = tokenStore(tokenizer, true, { cutsBeforeSpaces: true, longPart: 100 });
        store.setText(text);
        for (const [from, to] of [
          [0, text.length],
          [2000, 2600],
          [4090, 4100],
          [text.length - 700, text.length],
          [0, 15],
        ] as const) {
          const expected = whole.filter((token) =>
            token.start === token.end
              ? token.start >= from && token.start < to
              : token.end > from && token.start < to,
          );
          expect(store.tokensIn(from, to), `${id}, seed ${seed}, [${from}, ${to})`).toEqual(expected);
        }
        // The worker's count of the long line, piece by piece, is the count of the whole line.
        const line = text.split('\n')[1]!;
        expect(pieceCounter(tokenizer, 100)(line), `${id}, seed ${seed}`).toBe(
          tokenizer.tokenize(line).length,
        );
      }
    }
  });

  it('finds the same pieces again after an edit before them, and the tokens of the edited text', async () => {
    const tokenizer = await loadTokenizer('cl100k_base');
    const store = tokenStore(tokenizer, true, { cutsBeforeSpaces: true, longPart: 100 });
    let text = longLine(3, 20_000);
    store.setText(text);
    store.tokensIn(0, text.length);
    text = `${text.slice(0, 10_000)}x${text.slice(10_000)}`;
    store.setText(text);
    expect(store.tokensIn(15_000, 15_500)).toEqual(
      tokenizer.tokenize(text).filter((token) => token.end > 15_000 && token.start < 15_500),
    );
  });
});
