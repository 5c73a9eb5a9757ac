import { BasicTokenizer } from '@tokenlab/bpe';
import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { testingSolution } from '../implementation.js';

// A variable, not a literal: the repository's type check never reads the file a learner edits.
const starter = './starter.js';
const { buildVocab, compressionRatio, decode, encode, getStats, merge, train } = testingSolution
  ? await import('./solution.js')
  : ((await import(starter)) as typeof import('./solution.js'));

interface MinbpeRow {
  training_text_id: string;
  tokenizer: string;
  vocab_size: number;
  expected: { merges: [number, number, number][]; encode: { input: string; expected: number[] }[] };
}
const trainingTexts = new Map(
  readGolden<{ id: string; text: string }>('minbpe_training_texts').map((row) => [row.id, row.text]),
);
const basicRows = readGolden<MinbpeRow>('minbpe').filter(
  (row) => row.tokenizer === 'basic' && row.vocab_size === 320,
);

describe('step 1: getStats', () => {
  it('counts adjacent pairs', () => {
    expect(
      [...getStats([1, 2, 3, 1, 2])],
      'getStats([1, 2, 3, 1, 2]): (1,2) twice, (2,3) and (3,1) once',
    ).toEqual([
      ['1,2', 2],
      ['2,3', 1],
      ['3,1', 1],
    ]);
  });

  it('counts overlapping pairs', () => {
    expect(
      getStats([97, 97, 97]).get('97,97'),
      'getStats must count overlapping pairs: "aaa" has (97,97) twice',
    ).toBe(2);
  });

  it('keeps pairs in order of first occurrence', () => {
    expect([...getStats([5, 6, 1, 2, 5, 6]).keys()], 'use a Map and insert pairs as you meet them').toEqual([
      '5,6',
      '6,1',
      '1,2',
      '2,5',
    ]);
  });
});

describe('step 2: merge', () => {
  it("replaces the pair (the seed's example)", () => {
    expect(merge([5, 6, 6, 7, 9, 1], [6, 7], 99), 'merge([5, 6, 6, 7, 9, 1], (6, 7), 99)').toEqual([
      5, 6, 99, 9, 1,
    ]);
  });

  it('does not overlap', () => {
    expect(
      merge([97, 97, 97], [97, 97], 256),
      '"aaa" merging (97,97) is [256, 97]: scan left to right, skip 2',
    ).toEqual([256, 97]);
    expect(merge([97, 97, 97, 97], [97, 97], 256), '"aaaa" becomes [256, 256]').toEqual([256, 256]);
  });

  it('leaves a lone last id alone', () => {
    expect(merge([1, 2, 1], [2, 1], 300), 'the pair at the very end is merged too').toEqual([1, 300]);
    expect(merge([1], [1, 2], 300), 'a single id has no pair').toEqual([1]);
  });
});

describe('step 3: train', () => {
  it('learns the Wikipedia example', () => {
    expect(train('aaabdaaabac', 259), '"aaabdaaabac" learns aa, then aaa, then aaab').toEqual([
      [97, 97, 256],
      [256, 97, 257],
      [257, 98, 258],
    ]);
  });

  it('breaks ties by first occurrence, as minbpe', () => {
    expect(train('zyab', 257), 'all pairs occur once: the first one, (z, y), wins').toEqual([
      [122, 121, 256],
    ]);
  });

  it('stops when nothing is left to merge', () => {
    expect(train('ab', 300), '"ab" has one pair: one merge, then no pairs remain').toEqual([[97, 98, 256]]);
  });

  it.each(basicRows.map((row) => [row.training_text_id, row] as const))(
    "learns minbpe's 64 merges on %s",
    (_id, row) => {
      const merges = train(trainingTexts.get(row.training_text_id)!, 320);
      const firstDifference = merges.findIndex((m, i) => m.join() !== row.expected.merges[i]?.join());
      expect(
        firstDifference,
        `merge ${firstDifference} differs from minbpe: yours ${JSON.stringify(merges[firstDifference])}, minbpe ${JSON.stringify(row.expected.merges[firstDifference])} (ties go to the pair that occurs first)`,
      ).toBe(-1);
      expect(merges.length, 'vocab size 320 means 64 merges').toBe(64);
    },
  );
});

describe('step 4: encode', () => {
  const wikipedia = [
    [97, 97, 256],
    [256, 97, 257],
    [257, 98, 258],
  ] as [number, number, number][];

  it('encodes with the Wikipedia merges', () => {
    expect(encode('aaabdaaabac', wikipedia), 'minbpe gives [258, 100, 258, 97, 99]').toEqual([
      258, 100, 258, 97, 99,
    ]);
  });

  it('applies merges in learned order, not text order', () => {
    // (98, 99) was learned before (97, 98): "abc" must become [97, 256], not [256', 99].
    expect(
      encode('abc', [
        [98, 99, 256],
        [97, 98, 257],
      ]),
      'merge the pair with the earliest-learned merge first',
    ).toEqual([97, 256]);
  });

  it("gives minbpe's ids on held-out text", () => {
    const row = basicRows[0]!;
    const merges = row.expected.merges;
    for (const { input, expected } of row.expected.encode.slice(0, 10)) {
      expect(encode(input, merges), `encode(${JSON.stringify(input)})`).toEqual(expected);
    }
  });

  it('agrees with BasicTokenizer from @tokenlab/bpe', () => {
    const text = 'the cat sat on the mat; the cat ate the rat. القط على الحصيرة';
    const merges = train(text, 280);
    const reference = new BasicTokenizer();
    reference.train(text, 280);
    expect(merges, 'the same merges as BasicTokenizer.train').toEqual(reference.merges.map((m) => [...m]));
    expect(encode('the rat sat', merges), 'the same ids as BasicTokenizer.encode').toEqual(
      reference.encode('the rat sat'),
    );
  });
});

describe('steps 5 and 6: buildVocab and decode', () => {
  it('knows the bytes behind every id', () => {
    const vocab = buildVocab([
      [97, 97, 256],
      [256, 98, 257],
    ]);
    expect(vocab.size, '256 bytes plus 2 merges').toBe(258);
    expect(vocab.get(65), 'a byte stands for itself').toEqual([65]);
    expect(vocab.get(257), '257 is (256, 98) = "aa" + "b"').toEqual([97, 97, 98]);
  });

  it('round-trips text through encode and decode', () => {
    const text = 'hello world, مرحبا بالعالم 👋';
    const merges = train(text.repeat(3), 300);
    expect(decode(encode(text, merges), merges), 'decode(encode(text)) must give the text back').toBe(text);
  });

  it('replaces bytes that are not valid UTF-8', () => {
    expect(decode([128], []), 'the seed: decode([128]) is "\\uFFFD" (errors="replace")').toBe('\uFFFD');
    expect(decode([104, 105, 226, 130], []), 'a cut-off € after "hi"').toBe('hi\uFFFD');
  });

  it('refuses an unknown id', () => {
    expect(() => decode([300], []), 'an id with no bytes must throw').toThrow(/300/);
  });
});

describe('step 7: compression', () => {
  it('measures bytes per token', () => {
    const merges = train('aaabdaaabac', 259);
    expect(compressionRatio('aaabdaaabac', merges), '11 bytes in 5 tokens').toBeCloseTo(2.2, 12);
    expect(compressionRatio('xyz', merges), 'no merge applies: 1 byte per token').toBe(1);
  });

  it('packs more than one Arabic letter (2 bytes) into a token', () => {
    const row = basicRows.find((r) => r.training_text_id.includes('-ar-'))!;
    const text = trainingTexts.get(row.training_text_id)!;
    const ratio = compressionRatio(text, row.expected.merges);
    expect(
      ratio,
      `minbpe's 64 merges on its Arabic training text: ${ratio.toFixed(2)} bytes per token`,
    ).toBeGreaterThan(2);
  });
});
