import { CharTokenizer } from '@tokenlab/core';
import { loadCorpus } from '@tokenlab/corpora';
import { beforeAll, describe, expect, it } from 'vitest';
import { testingSolution } from '../implementation.js';

// A variable, not a literal: the repository's type check never reads the file a learner edits.
const starter = './starter.js';
const { buildVocabulary, charToIndex, contextTargetPairs, decode, encode, splitTrainVal } = testingSolution
  ? await import('./solution.js')
  : ((await import(starter)) as typeof import('./solution.js'));

let shakespeare = '';
beforeAll(async () => {
  shakespeare = await loadCorpus('tinyshakespeare');
});

describe('the vocabulary', () => {
  it('holds each distinct character once, sorted', () => {
    expect(buildVocabulary('hello world'), 'sorted(set("hello world"))').toEqual([
      ' ',
      'd',
      'e',
      'h',
      'l',
      'o',
      'r',
      'w',
    ]);
  });

  it('treats an emoji as one character and sorts by code point, as Python does', () => {
    // '😄' is U+1F604 (two UTF-16 units in JS); 'Ｕ' is U+FF35. By code point 'Ｕ' comes first,
    // by UTF-16 unit (JS's default sort) the emoji would.
    expect(
      buildVocabulary('😄Ｕ😄'),
      'iterate the string with for...of or [...text] (code points), and sort with a code point comparator, not the default sort',
    ).toEqual(['Ｕ', '😄']);
  });

  it("is tinyshakespeare's 65 characters", () => {
    const vocabulary = buildVocabulary(shakespeare);
    expect(vocabulary.join(''), 'the seed prints these 65 characters').toBe(
      "\n !$&',-.3:;?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    );
    expect(vocabulary, 'the same vocabulary as CharTokenizer.fromText').toEqual(
      CharTokenizer.fromText(shakespeare).vocabulary,
    );
  });

  it('maps characters to their index', () => {
    const stoi = charToIndex(['a', 'b', 'c']);
    expect([...stoi], 'charToIndex(["a","b","c"]) is a→0, b→1, c→2').toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
  });
});

describe('encode and decode', () => {
  it("give the seed's ids for 'Hello World!'", () => {
    const vocabulary = buildVocabulary(shakespeare);
    expect(encode(vocabulary, 'Hello World!'), "the seed's [encoder] line").toEqual([
      20, 43, 50, 50, 53, 1, 35, 53, 56, 50, 42, 2,
    ]);
    expect(
      decode(vocabulary, [20, 43, 50, 50, 53, 1, 35, 53, 56, 50, 42, 2]),
      "the seed's [decoder] line",
    ).toBe('Hello World!');
  });

  it('round-trip the whole corpus', () => {
    const vocabulary = buildVocabulary(shakespeare);
    const ids = encode(vocabulary, shakespeare);
    expect(ids.length, 'one id per character: 1,115,394 for tinyshakespeare').toBe(1_115_394);
    expect(ids.slice(0, 9), "the seed's data[:9]").toEqual([18, 47, 56, 57, 58, 1, 15, 47, 58]);
    expect(decode(vocabulary, ids) === shakespeare, 'decode(encode(text)) must give the text back').toBe(
      true,
    );
  });

  it('encode characters outside the BMP as one id each', () => {
    const vocabulary = buildVocabulary('ab😄');
    expect(
      encode(vocabulary, '😄a'),
      'an emoji is one character: iterate code points, not UTF-16 units',
    ).toEqual([2, 0]);
  });

  it('refuse an unknown character with a message that names it', () => {
    const vocabulary = buildVocabulary('abc');
    expect(
      () => encode(vocabulary, 'abz'),
      'encode must throw when a character is not in the vocabulary',
    ).toThrow(/z/);
  });
});

describe('training examples', () => {
  it('split 90% / 10% at int(0.9 * n)', () => {
    const [train, val] = splitTrainVal([...'abcdefghijk']);
    expect(train.length, 'floor(0.9 * 11) = 9 items for training').toBe(9);
    expect(val, 'the rest for validation').toEqual(['j', 'k']);
  });

  it("hide blockSize examples in a block of blockSize + 1 ids (the seed's t=0..7 lines)", () => {
    const block = [18, 47, 56, 57, 58, 1, 15, 47, 58];
    const examples = contextTargetPairs(block, 8);
    expect(examples.length, 'a block of 9 ids holds 8 examples').toBe(8);
    expect(examples[0], 't=0 -> context=[18] -> target=47').toEqual({ context: [18], target: 47 });
    expect(examples[4], 't=4 -> context=[18, 47, 56, 57, 58] -> target=1').toEqual({
      context: [18, 47, 56, 57, 58],
      target: 1,
    });
    expect(examples[7], 't=7 -> context=[18, 47, 56, 57, 58, 1, 15, 47] -> target=58').toEqual({
      context: [18, 47, 56, 57, 58, 1, 15, 47],
      target: 58,
    });
  });

  it('never read past the end of a short block', () => {
    expect(contextTargetPairs([5, 6, 7], 8), 'only 2 examples fit in 3 ids').toEqual([
      { context: [5], target: 6 },
      { context: [5, 6], target: 7 },
    ]);
  });
});
