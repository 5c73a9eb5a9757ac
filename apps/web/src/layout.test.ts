import { Utf8ByteTokenizer } from '@tokenlab/core';
import { describe, expect, it } from 'vitest';
import { clusterBoundaries, layoutTokens, SpanError } from './layout.js';

const tok = (text: string, start: number, end: number, id?: number) => ({
  text,
  start,
  end,
  ...(id === undefined ? {} : { id }),
});

describe('clusterBoundaries', () => {
  it('keeps an Arabic letter with its harakat and an emoji with its skin tone', () => {
    const text = 'بِسْمِ 👋🏽';
    const bounds = clusterBoundaries(text);
    const clusters = bounds.slice(0, -1).map((start, i) => text.slice(start, bounds[i + 1]));
    expect(clusters).toEqual(['بِ', 'سْ', 'مِ', ' ', '👋🏽']);
  });
});

describe('layoutTokens', () => {
  it('gives one piece per token and shows uncovered text as gaps', () => {
    const text = 'hi  you';
    const pieces = layoutTokens(text, [tok('hi', 0, 2), tok('you', 4, 7)]);
    expect(pieces).toEqual([
      { start: 0, end: 2, tokens: [0], ending: [0] },
      { start: 2, end: 4, tokens: [], ending: [] },
      { start: 4, end: 7, tokens: [1], ending: [1] },
    ]);
  });

  it('never tears a combining mark from its letter: the cluster is drawn once, shared', () => {
    // A tokenizer that puts the kasra (U+0650) in a token of its own, as Python's \w does.
    const text = 'بِسم';
    const pieces = layoutTokens(text, [tok('ب', 0, 1), tok('ِ', 1, 2), tok('سم', 2, 4)]);
    expect(pieces.map((p) => text.slice(p.start, p.end))).toEqual(['بِ', 'سم']);
    expect(pieces[0]).toEqual({ start: 0, end: 2, tokens: [0, 1], ending: [0, 1] });
  });

  it('shows byte-level tokens that split a character as sharing it', () => {
    const text = 'aé';
    const tokens = new Utf8ByteTokenizer().tokenize(text);
    const pieces = layoutTokens(text, tokens);
    expect(pieces).toEqual([
      { start: 0, end: 1, tokens: [0], ending: [0] },
      { start: 1, end: 2, tokens: [1, 2], ending: [1, 2] },
    ]);
  });

  it('puts a token that ends inside a shared cluster and goes on into its own piece', () => {
    // Token 0 = 'ab' + first byte of 'é'; token 1 = second byte of 'é' + 'cd'.
    const text = 'abécd';
    const pieces = layoutTokens(text, [tok('abé', 0, 3), tok('écd', 2, 5)]);
    expect(pieces).toEqual([
      { start: 0, end: 2, tokens: [0], ending: [] },
      { start: 2, end: 3, tokens: [0, 1], ending: [0] },
      { start: 3, end: 5, tokens: [1], ending: [1] },
    ]);
  });

  it('draws an empty token as an empty piece where it stands', () => {
    const pieces = layoutTokens('ab', [tok('a', 0, 1), tok('', 1, 1), tok('b', 1, 2)]);
    expect(pieces).toEqual([
      { start: 0, end: 1, tokens: [0], ending: [0] },
      { start: 1, end: 1, tokens: [1], ending: [1] },
      { start: 1, end: 2, tokens: [2], ending: [2] },
    ]);
  });

  it('covers the whole text exactly once, whatever the tokens', () => {
    const text = 'وَالْعَصْرِ ١٢٣ hello 👨‍👩‍👧 é';
    const pieces = layoutTokens(text, new Utf8ByteTokenizer().tokenize(text));
    expect(pieces.map((p) => text.slice(p.start, p.end)).join('')).toBe(text);
    // Every byte token ends in exactly one piece.
    expect(pieces.flatMap((p) => p.ending).sort((a, b) => a - b)).toEqual(
      Array.from({ length: new TextEncoder().encode(text).length }, (_, i) => i),
    );
  });

  it('rejects a span outside the text, naming the token', () => {
    expect(() => layoutTokens('ab', [tok('abc', 0, 3)])).toThrow(SpanError);
    expect(() => layoutTokens('ab', [tok('abc', 0, 3)])).toThrow('token 0 ("abc") has span [0, 3)');
  });
});

describe('clusterBoundaries on long texts', () => {
  it('agrees with one pass of Intl.Segmenter, across its chunk cuts', () => {
    const pieces = ['بِسْمِ ٱللَّهِ', ' hello\r\n', '👨‍👩‍👧', ' ؀١٢٣ ', 'é', '\n', 'x'];
    let text = '';
    for (let i = 0; text.length < 3000; i++) text += pieces[(i * 7) % pieces.length]!;
    const expected = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
      (s) => s.index,
    );
    expect(clusterBoundaries(text)).toEqual([...expected, text.length]);
  });
});
