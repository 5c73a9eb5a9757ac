import { isDeepStrictEqual } from 'node:util';
import { CodePointTokenizer, type Token, utf8ByteLength } from '@tokenlab/core';
import { describe, expect, it } from 'vitest';
import { stemTokenizer } from './stem-tokenizer.js';
import { cutFrom, type LineCuts, pieceCounter, tokenStore } from './token-store.js';
import { lineCutsOf, loadTokenizer, TOKENIZERS } from './tokenizers.js';

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
    expect(cutFrom('one two  three', 4)).toBe(7);
    expect(cutFrom('one two  three', 8)).toBe(14);
    expect(cutFrom('a\u00a0 b c', 1)).toBe(4);
    expect(cutFrom(' lead', 0)).toBe(5);
  });

  it('finds word edges only when asked: ASCII punctuation after an ASCII letter or digit', () => {
    const json = '{"id":12,"ok":true}';
    expect(cutFrom(json, 0)).toBe(json.length);
    expect(cutFrom(json, 0, { wordEdges: true })).toBe(4);
    expect(cutFrom(json, 5, { wordEdges: true })).toBe(12); // not at '2,': a comma may sit inside a number
    // Not before the marks that join words or numbers, nor after punctuation.
    expect(cutFrom("don't 3.14 a-b a_b 1,5 x|", 1, { wordEdges: true })).toBe(5);
    expect(cutFrom("3.14,a-b,a_b'|x", 0, { wordEdges: true })).toBe(15);
    expect(cutFrom('حصل"x', 0, { wordEdges: true })).toBe(5);
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

/**
 * A line without spaces of `length` units or more: minified JSON, URLs, CSS, base64, escapes, numbers
 * of every form, Arabic and emoji inside strings, and special tokens (one id each in the GPT columns).
 */
function spacelessLine(seed: number, length: number): string {
  const pieces = [
    '{"id":',
    '12',
    '-3.5e-7',
    '0x1F',
    ',"name":"item_12",',
    '"ok":true}',
    '[null,false,1,2]',
    '"a\\"b\\\\c\\n"',
    '"\\u0041"',
    'https://example.com/a?b=1&c=d#top',
    'a{color:red;}',
    '<div>x</div>',
    'QmFzZTY0+/==',
    "it's",
    "don't",
    '"حصل":"على"',
    '"بِسْمِ"',
    '٣٤٥',
    '😀',
    '👍🏽',
    '<|endoftext|>',
    '<|fim_prefix|>',
    '1,000.50',
    '(50%)',
    '...',
    '--',
    'snake_case',
    'CamelCase99',
    '\u00e9',
    'é',
  ];
  let next = seed;
  const random = (n: number) => {
    next = (Math.imul(next, 1103515245) + 12345) >>> 0;
    return (next >>> 16) % n;
  };
  let line = '';
  while (line.length < length) line += pieces[random(pieces.length)]!;
  return line;
}

/** `tokens` of a string that starts at unit `shift` and UTF-8 byte `byteShift` of the whole. */
function shifted(tokens: readonly Token[], shift: number, byteShift: number): Token[] {
  return tokens.map((token) => ({
    ...token,
    start: token.start + shift,
    end: token.end + shift,
    ...(token.bytes
      ? { bytes: [token.bytes[0] + byteShift, token.bytes[1] + byteShift] as [number, number] }
      : {}),
  }));
}

/** Every place of `line` where `cuts` allows a cut, in order. */
function cutsOf(line: string, cuts: LineCuts): number[] {
  const found: number[] = [];
  for (let at = cutFrom(line, 1, cuts); at < line.length; at = cutFrom(line, at + 1, cuts)) found.push(at);
  return found;
}

describe('cuts of long lines', () => {
  const lineLocal = TOKENIZERS.filter((candidate) => candidate.lineLocal);
  const tokenizers = async () => [
    ...(await Promise.all(
      lineLocal.map(
        async (entry) => [entry.id, await loadTokenizer(entry.id), lineCutsOf(entry.id)] as const,
      ),
    )),
    ['stems (Porter, ISRI)', await stemTokenizer('porter isri'), lineCutsOf('stems')] as const,
    ['stems (Lancaster, ISRI)', await stemTokenizer('lancaster isri'), lineCutsOf('stems')] as const,
  ];

  it('leave every token of every line-local tokenizer whole, at every place they allow', async () => {
    const lines = [longLine(11, 400), longLine(12, 400), spacelessLine(13, 400), spacelessLine(14, 400)];
    lines.push(lines.map((line, i) => (i % 2 === 0 ? line : line.replaceAll(' ', ''))).join(''));
    const broken: string[] = [];
    let checked = 0;
    for (const [id, tokenizer, cuts] of await tokenizers()) {
      for (const line of lines) {
        const whole = tokenizer.tokenize(line);
        for (const at of cutsOf(line, cuts)) {
          const left = tokenizer.tokenize(line.slice(0, at));
          const right = shifted(tokenizer.tokenize(line.slice(at)), at, utf8ByteLength(line, 0, at));
          checked++;
          if (!isDeepStrictEqual([...left, ...right], whole)) {
            broken.push(
              `${id}: ${JSON.stringify(line.slice(at - 12, at))} | ${JSON.stringify(line.slice(at, at + 12))}`,
            );
            break;
          }
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(5000);
  });

  it('are word edges for the tokenizers whose tokens end there, and not for the whitespace tokenizer', () => {
    const withEdges = TOKENIZERS.filter((entry) => lineCutsOf(entry.id).wordEdges).map((entry) => entry.id);
    expect(withEdges).toEqual(
      expect.arrayContaining(['wordpunct', 'arabic', 'bpe-regex-en', 'cl100k_base', 'o200k_base']),
    );
    expect(withEdges).not.toContain('whitespace');
    expect(lineCutsOf('bpe-trained').wordEdges).toBe(true);
  });
});

describe('tokenStore on long lines', () => {
  const entries = TOKENIZERS.filter((candidate) => candidate.lineLocal);
  const tokenizers = async () => [
    ...(await Promise.all(
      entries.map(async (entry) => [entry.id, await loadTokenizer(entry.id), lineCutsOf(entry.id)] as const),
    )),
    ['stems (Porter, ISRI)', await stemTokenizer('porter isri'), lineCutsOf('stems')] as const,
    ['stems (Lancaster, ISRI)', await stemTokenizer('lancaster isri'), lineCutsOf('stems')] as const,
  ];

  it('gives every line-local tokenizer the tokens of the whole line, piece by piece, wherever the view is', async () => {
    for (const [id, tokenizer, cuts] of await tokenizers()) {
      for (const [seed, long] of [
        [1, longLine(1, 9000)],
        [2, longLine(2, 9000)],
        [3, spacelessLine(3, 9000)],
      ] as const) {
        // A long line between two short ones: the long one is cut into pieces of 2,048 units or so.
        const text = `short line\n${long}\nlast`;
        const whole = tokenizer.tokenize(text);
        const store = tokenStore(tokenizer, true, { cuts, longPart: 100 });
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
        expect(pieceCounter(tokenizer, cuts, 100)(long), `${id}, seed ${seed}`).toBe(
          tokenizer.tokenize(long).length,
        );
      }
    }
  });

  it('tokenizes a megabyte of minified JSON only around the view', async () => {
    const cl100k = await loadTokenizer('cl100k_base');
    const asked: number[] = [];
    const recording = {
      name: 'recording',
      tokenize: (text: string) => {
        asked.push(text.length);
        return cl100k.tokenize(text);
      },
    };
    const text = spacelessLine(5, 1_000_000).replaceAll(' ', '');
    const store = tokenStore(recording, true, { cuts: lineCutsOf('cl100k_base') });
    store.setText(text);
    expect(store.tokensIn(500_000, 500_300)).toEqual(
      cl100k.tokenize(text).filter((token) => token.end > 500_000 && token.start < 500_300),
    );
    expect(Math.max(...asked)).toBeLessThan(4096);
    // Without word edges (the whitespace tokenizer's cuts), such a line is one piece.
    asked.length = 0;
    const whole = tokenStore(recording, true, { cuts: {} });
    whole.setText(text);
    whole.tokensIn(500_000, 500_300);
    expect(asked).toEqual([text.length]);
  });

  it('finds the same pieces again after an edit before them, and the tokens of the edited text', async () => {
    const tokenizer = await loadTokenizer('cl100k_base');
    const store = tokenStore(tokenizer, true, { cuts: lineCutsOf('cl100k_base'), longPart: 100 });
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
