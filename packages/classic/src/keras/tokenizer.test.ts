import { describe, expect, it } from 'vitest';
import { MAX_MATRIX_CELLS } from './matrix-size.js';
import { padSequences } from './pad-sequences.js';
import {
  KERAS_DEFAULT_FILTERS,
  KerasTokenizer,
  textToWordSequence,
  WordIndexTokenizer,
} from './tokenizer.js';

// Expected values follow keras-preprocessing's text.py step by step (counts, stable sort, dict order).
const TEXTS = ['The cat sat on the mat.', 'The dog ate my homework!', 'The cat ate'];

describe('textToWordSequence', () => {
  it('lowercases, filters punctuation (not the apostrophe) and drops empty words', () => {
    expect(textToWordSequence("Hello,  World! Don't\tstop\n")).toEqual(['hello', 'world', "don't", 'stop']);
    expect(KERAS_DEFAULT_FILTERS).toBe('!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n');
  });

  it('splits on a custom separator after the filters become that separator', () => {
    expect(textToWordSequence('a,b c.d', { split: ',' })).toEqual(['a', 'b c', 'd']);
    expect(textToWordSequence('A-B', { lower: false, filters: '' })).toEqual(['A-B']);
    expect(textToWordSequence('x y', { split: (text) => text.split('') })).toEqual(['x', ' ', 'y']);
  });

  it('rejects an empty separator as Python does', () => {
    expect(() => textToWordSequence('a', { split: '' })).toThrow(/empty/);
  });
});

describe('KerasTokenizer.fitOnTexts', () => {
  it('indexes words by count, ties in first-seen order, from 1', () => {
    const tokenizer = new KerasTokenizer();
    tokenizer.fitOnTexts(TEXTS);
    expect([...tokenizer.wordIndex]).toEqual([
      ['the', 1],
      ['cat', 2],
      ['ate', 3],
      ['sat', 4],
      ['on', 5],
      ['mat', 6],
      ['dog', 7],
      ['my', 8],
      ['homework', 9],
    ]);
    expect(tokenizer.indexWord.get(3)).toBe('ate');
    expect([...tokenizer.wordCounts]).toEqual([
      ['the', 4],
      ['cat', 2],
      ['sat', 1],
      ['on', 1],
      ['mat', 1],
      ['dog', 1],
      ['ate', 2],
      ['my', 1],
      ['homework', 1],
    ]);
    expect(tokenizer.wordDocs.get('the')).toBe(3);
    expect(tokenizer.wordDocs.get('cat')).toBe(2);
    expect(tokenizer.indexDocs.get(1)).toBe(3);
    expect(tokenizer.documentCount).toBe(3);
  });

  it('gives index 1 to the OOV token', () => {
    const tokenizer = new KerasTokenizer({ oovToken: '<OOV>' });
    tokenizer.fitOnTexts(TEXTS);
    expect(tokenizer.wordIndex.get('<OOV>')).toBe(1);
    expect(tokenizer.wordIndex.get('the')).toBe(2);
    expect(tokenizer.wordIndex.size).toBe(10);
  });

  it('takes lists of tokens as they are (lowercased) and characters at char level', () => {
    const lists = new KerasTokenizer();
    lists.fitOnTexts([['Hello', 'World.'], ['hello']]);
    expect([...lists.wordIndex.keys()]).toEqual(['hello', 'world.']);
    const chars = new KerasTokenizer({ charLevel: true });
    chars.fitOnTexts(['abca,']);
    expect([...chars.wordIndex]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      [',', 4],
    ]);
  });

  it('is also exported as WordIndexTokenizer', () => {
    expect(WordIndexTokenizer).toBe(KerasTokenizer);
  });
});

describe('KerasTokenizer sequences', () => {
  it('drops unknown words, or maps them to the OOV index', () => {
    const plain = new KerasTokenizer();
    plain.fitOnTexts(TEXTS);
    expect(plain.textsToSequences(['The cat ate a fish'])).toEqual([[1, 2, 3]]);
    const oov = new KerasTokenizer({ oovToken: '<OOV>' });
    oov.fitOnTexts(TEXTS);
    expect(oov.textsToSequences(['The cat ate a fish'])).toEqual([[2, 3, 4, 1, 1]]);
  });

  it('limits sequences, not the index, with numWords', () => {
    const plain = new KerasTokenizer({ numWords: 3 });
    plain.fitOnTexts(TEXTS);
    expect(plain.wordIndex.size).toBe(9);
    expect(plain.textsToSequences(['the cat ate'])).toEqual([[1, 2]]);
    const oov = new KerasTokenizer({ numWords: 3, oovToken: '<OOV>' });
    oov.fitOnTexts(TEXTS);
    expect(oov.textsToSequences(['the cat ate'])).toEqual([[2, 1, 1]]);
    expect(oov.sequencesToTexts([[2, 3, 99]])).toEqual(['the <OOV> <OOV>']);
  });

  it('turns sequences back into texts', () => {
    const tokenizer = new KerasTokenizer();
    tokenizer.fitOnTexts(TEXTS);
    expect(tokenizer.sequencesToTexts([[1, 2, 3, 99], []])).toEqual(['the cat ate', '']);
  });
});

describe('KerasTokenizer matrices', () => {
  const tokenizer = new KerasTokenizer();
  tokenizer.fitOnTexts(TEXTS);
  const row = (values: Record<number, number>) =>
    Array.from({ length: 10 }, (_, index) => values[index] ?? 0);

  it('counts, frequencies and presence', () => {
    expect(tokenizer.textsToMatrix(['the the cat'], 'count')).toEqual([row({ 1: 2, 2: 1 })]);
    expect(tokenizer.textsToMatrix(['the the cat'], 'binary')).toEqual([row({ 1: 1, 2: 1 })]);
    expect(tokenizer.textsToMatrix(['the the cat'], 'freq')).toEqual([row({ 1: 2 / 3, 2: 1 / 3 })]);
    expect(tokenizer.textsToMatrix([''])).toEqual([row({})]);
  });

  it('weighs tf-idf as (1 + ln c) · ln(1 + N / (1 + df))', () => {
    const [weights] = tokenizer.textsToMatrix(['the the cat'], 'tfidf');
    expect(weights![1]).toBeCloseTo((1 + Math.log(2)) * Math.log(1 + 3 / 4), 12);
    expect(weights![2]).toBeCloseTo(Math.log(2), 12);
  });

  it('uses numWords columns and ignores larger indices', () => {
    const small = new KerasTokenizer({ numWords: 3 });
    small.fitOnTexts(TEXTS);
    expect(small.sequencesToMatrix([[1, 2, 5]], 'count')).toEqual([[0, 1, 1]]);
  });

  it('explains what is missing', () => {
    expect(() => new KerasTokenizer().textsToMatrix(['a'])).toThrow(/fit on some text data first/);
    expect(() => new KerasTokenizer({ numWords: 4 }).sequencesToMatrix([[1]], 'tfidf')).toThrow(/tfidf/);
    expect(() => tokenizer.sequencesToMatrix([[1]], 'nope' as 'count')).toThrow(/Unknown vectorization mode/);
  });

  it('refuses a width from a number before making it (a saved num_words of 1e8 crashed the process out of memory)', () => {
    const wide = new KerasTokenizer({ numWords: 1e8 });
    wide.fitOnTexts(['a b']);
    expect(() => wide.textsToMatrix(['a', 'b'])).toThrow(
      'textsToMatrix: 2 rows × 100,000,000 columns (numWords) is more than MAX_MATRIX_CELLS (134,217,728) cells; ' +
        'lower numWords or convert fewer texts at a time',
    );
    expect(() => wide.sequencesToMatrix([[1], [2]])).toThrow(
      /^sequencesToMatrix: 2 rows × 100,000,000 columns/,
    );
    const saved = wide.toJson();
    expect(() => KerasTokenizer.fromJson(saved).textsToMatrix(['a', 'b'])).toThrow(RangeError);
    expect(MAX_MATRIX_CELLS).toBe(2 ** 27);
  });

  it('refuses indices that are not whole and non-negative (they became hidden properties of a row)', () => {
    expect(() => tokenizer.sequencesToMatrix([[1], [2, -1]])).toThrow(
      'sequencesToMatrix: sequences[1][1] is -1, not an index (an integer ≥ 0)',
    );
    expect(() => tokenizer.sequencesToMatrix([[1.5]])).toThrow(/sequences\[0\]\[0\] is 1.5/);
    expect(() => tokenizer.sequencesToMatrix([['1' as never]])).toThrow(
      /sequences\[0\]\[0\] is 1, not an index/,
    );
  });
});

describe('KerasTokenizer texts', () => {
  it('names a text that is neither a string nor an array of strings (a number gave "text.map is not a function")', () => {
    const tokenizer = new KerasTokenizer();
    expect(() => tokenizer.fitOnTexts([42 as never])).toThrow(
      'fitOnTexts: expected each text as a string or an array of strings, got a number',
    );
    expect(() => tokenizer.fitOnTexts([['a', 7] as never])).toThrow(
      /fitOnTexts: .* got an array holding a number/,
    );
    expect(() => tokenizer.textsToSequences([null as never])).toThrow(/^textsToSequences: .* got null/);
    expect(() => tokenizer.textsToMatrix([{} as never])).toThrow(/^textsToMatrix: .* got an object/);
    // Nothing was counted from the refused texts.
    expect(tokenizer.wordIndex.size).toBe(0);
  });
});

describe('KerasTokenizer JSON', () => {
  it('writes the config the way Keras to_json does', () => {
    const tokenizer = new KerasTokenizer();
    tokenizer.fitOnTexts(['b a a']);
    const json = tokenizer.toJson();
    expect(json.startsWith('{"class_name": "Tokenizer", "config": {"num_words": null, "filters": ')).toBe(
      true,
    );
    expect(json).toContain('"word_counts": "{\\"b\\": 1, \\"a\\": 2}"');
    expect(json).toContain('"word_index": "{\\"a\\": 1, \\"b\\": 2}"');
    expect(json).toContain('"index_word": "{\\"1\\": \\"a\\", \\"2\\": \\"b\\"}"');
    expect(JSON.parse(json).config.filters).toBe(KERAS_DEFAULT_FILTERS);
  });

  it('escapes non-ASCII words as Python does and reads them back', () => {
    const tokenizer = new KerasTokenizer({ oovToken: '<OOV>', numWords: 5 });
    tokenizer.fitOnTexts(['كتب الولد', 'الولد 2020']);
    const json = tokenizer.toJson();
    expect(json).toContain('\\\\u0627\\\\u0644\\\\u0648\\\\u0644\\\\u062f');
    const restored = KerasTokenizer.fromJson(json);
    expect([...restored.wordIndex]).toEqual([...tokenizer.wordIndex]);
    expect([...restored.wordCounts]).toEqual([...tokenizer.wordCounts]);
    expect([...restored.indexDocs]).toEqual([...tokenizer.indexDocs]);
    expect(restored.numWords).toBe(5);
    expect(restored.textsToSequences(['الولد كتب شيئا'])).toEqual(
      tokenizer.textsToSequences(['الولد كتب شيئا']),
    );
    expect(restored.toJson()).toBe(json);
  });

  it('reads a tokenizer saved by Keras, keeping the written order of number-like words', () => {
    const keras =
      '{"class_name": "Tokenizer", "config": {"num_words": null, "filters": "", "lower": true, "split": " ", ' +
      '"char_level": false, "oov_token": null, "document_count": 1, "word_counts": "{\\"x\\": 1, \\"2020\\": 1}", ' +
      '"word_docs": "{\\"x\\": 1, \\"2020\\": 1}", "index_docs": "{\\"1\\": 1, \\"2\\": 1}", ' +
      '"index_word": "{\\"1\\": \\"x\\", \\"2\\": \\"2020\\"}", "word_index": "{\\"x\\": 1, \\"2020\\": 2}"}}';
    const tokenizer = KerasTokenizer.fromJson(keras);
    expect([...tokenizer.wordCounts.keys()]).toEqual(['x', '2020']);
    expect(tokenizer.textsToSequences(['2020 x'])).toEqual([[2, 1]]);
    expect(tokenizer.toJson()).toBe(keras);
  });

  it('names what is wrong with a bad JSON', () => {
    expect(() => KerasTokenizer.fromJson('nope')).toThrow(/not a Keras tokenizer JSON/);
    expect(() => KerasTokenizer.fromJson('{"config": {}}')).toThrow(/word_index/);
  });
});

describe('padSequences', () => {
  const sequences = [[1, 2, 3], [4], []];

  it('pads and truncates at the front by default, to the longest sequence', () => {
    expect(padSequences(sequences)).toEqual([
      [1, 2, 3],
      [0, 0, 4],
      [0, 0, 0],
    ]);
    expect(padSequences(sequences, { maxlen: 2 })).toEqual([
      [2, 3],
      [0, 4],
      [0, 0],
    ]);
  });

  it('pads and truncates at the back when asked, with any value', () => {
    expect(padSequences(sequences, { maxlen: 2, padding: 'post', truncating: 'post', value: -1 })).toEqual([
      [1, 2],
      [4, -1],
      [-1, -1],
    ]);
    expect(padSequences(sequences, { maxlen: 4, padding: 'post' })).toEqual([
      [1, 2, 3, 0],
      [4, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
  });

  it('handles the edges and rejects bad options clearly', () => {
    expect(padSequences([])).toEqual([]);
    expect(padSequences([[1, 2]], { maxlen: 0 })).toEqual([[]]);
    expect(() => padSequences([[1]], { padding: 'middle' as 'pre' })).toThrow(
      /padding must be 'pre' or 'post'/,
    );
    expect(() => padSequences([[1]], { truncating: 'x' as 'pre' })).toThrow(/truncating/);
    expect(() => padSequences([[1]], { maxlen: -1 })).toThrow(/maxlen/);
    // Rows × maxlen beyond MAX_MATRIX_CELLS is refused before anything is made, whoever chose the width.
    expect(() => padSequences([[1], [2]], { maxlen: 1e9 })).toThrow(
      'padSequences: 2 rows × 1,000,000,000 columns (maxlen) is more than MAX_MATRIX_CELLS',
    );
    // One long sequence among many short ones: input of 23,422 numbers, a batch of 134 million cells.
    const oneLong = [new Array<number>(13_422).fill(1), ...Array.from({ length: 10_000 }, () => [1])];
    expect(() => padSequences(oneLong)).toThrow(
      /^padSequences: 10,001 rows × 13,422 columns \(the longest sequence\) .*; give a smaller maxlen$/,
    );
    expect(padSequences(oneLong.slice(0, 50))).toHaveLength(50);
  });
});

describe('the README example', () => {
  it('gives the sequences the README shows', () => {
    const tokenizer = new KerasTokenizer({ oovToken: '<OOV>', numWords: 1000 });
    tokenizer.fitOnTexts(['The cat sat on the mat.', 'The dog ate my homework!']);
    const sequences = tokenizer.textsToSequences(['the cat ate a fish']);
    expect(sequences).toEqual([[2, 3, 8, 1, 1]]);
    expect(padSequences(sequences, { maxlen: 6 })).toEqual([[0, 2, 3, 8, 1, 1]]);
  });
});
