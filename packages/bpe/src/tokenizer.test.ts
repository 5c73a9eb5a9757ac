import { readGolden } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BasicTokenizer } from './basic.js';
import { encodeChunk } from './encode-chunk.js';
import { loadModel, ModelFileError, modelFileText, parseModel } from './model-file.js';
import { pairKey } from './pair.js';
import { RegexTokenizer } from './regex-tokenizer.js';
import { DisallowedSpecialTokenError } from './special-tokens.js';
import { getStats, merge } from './stats.js';

const shakespeare = readGolden<{ id: string; text: string }>('minbpe_training_texts')[0]!.text;

describe('getStats and merge (minbpe step functions)', () => {
  it('count overlapping pairs and merge without overlaps', () => {
    const stats = getStats([97, 97, 97]);
    expect(stats.get(pairKey(97, 97))).toBe(2);
    expect(merge([97, 97, 97], [97, 97], 256)).toEqual([256, 97]);
    expect(merge([1, 2, 3, 1, 2], [1, 2], 4)).toEqual([4, 3, 4]);
  });
});

describe('minbpe behaviour', () => {
  it('the Wikipedia example learns aa, aaa, aaab', () => {
    for (const tokenizer of [new BasicTokenizer(), new RegexTokenizer()]) {
      const summary = tokenizer.train('aaabdaaabac', 256 + 3);
      expect(summary.merges).toEqual([
        [97, 97],
        [256, 97],
        [257, 98],
      ]);
      expect(tokenizer.encode('aaabdaaabac')).toEqual([258, 100, 258, 97, 99]);
      expect(tokenizer.decode(tokenizer.encode('aaabdaaabac'))).toBe('aaabdaaabac');
    }
  });

  it('breaks ties by first occurrence, not by the smallest pair', () => {
    expect(new BasicTokenizer().train('zyab', 257).merges).toEqual([[122, 121]]);
    expect(new RegexTokenizer('gpt4').train('zy ab', 257).merges).toEqual([[122, 121]]);
  });

  it('untrained tokenizers round-trip any text through bytes', () => {
    for (const text of ['', '?', 'hello world!!!? (안녕하세요!) lol123 😉']) {
      expect(new BasicTokenizer().decode(new BasicTokenizer().encode(text))).toBe(text);
      expect(new RegexTokenizer().decode(new RegexTokenizer().encode(text))).toBe(text);
    }
  });

  it('decode replaces invalid UTF-8 and names unknown ids', () => {
    const tokenizer = new BasicTokenizer();
    expect(tokenizer.decode([0xe4, 0xbd])).toBe('\uFFFD');
    expect(tokenizer.decode([0xff, 104])).toBe('\uFFFDh');
    expect(() => tokenizer.decode([104, 9999])).toThrow('invalid token id 9999 at position 1');
  });
});

describe('bad input', () => {
  it('rejects a vocabulary smaller than the byte alphabet', () => {
    expect(() => new BasicTokenizer().train('abc', 255)).toThrow(/at least 256/);
    expect(() => new RegexTokenizer().train('abc', 300.5)).toThrow(/at least 256/);
  });

  it('trains on empty text to nothing, and says so', () => {
    const summary = new RegexTokenizer().train('', 300);
    expect(summary).toMatchObject({ merges: [], exhausted: true, vocabSize: 256 });
    expect(new BasicTokenizer().train('', 256)).toMatchObject({
      merges: [],
      exhausted: false,
      vocabSize: 256,
    });
  });

  it('names lone surrogates instead of encoding them silently', () => {
    expect(() => new RegexTokenizer().train('ab\uD800cd', 300)).toThrow(/lone surrogate U\+D800 at index 2/);
    expect(() => new RegexTokenizer().encode('x\uDC00')).toThrow(/index 1/);
  });

  it('rejects special tokens that collide with merges, bytes or each other', () => {
    const tokenizer = new RegexTokenizer();
    tokenizer.train(shakespeare.slice(0, 2000), 300);
    expect(() => tokenizer.registerSpecialTokens({ '<|x|>': 280 })).toThrow(/already the id of a merge/);
    expect(() => tokenizer.registerSpecialTokens({ '<|x|>': 65 })).toThrow(/at least 256/);
    expect(() => tokenizer.registerSpecialTokens({ '<|x|>': 400, '<|y|>': 400 })).toThrow(/share id 400/);
    tokenizer.registerSpecialTokens({ '<|x|>': 400 });
    expect(() => tokenizer.train('abc abc', 500)).toThrow(/would give to a merge/);
  });

  it('names the file and line of a corrupt .model file', () => {
    expect(() => parseModel('minbpe v2\n\n0\n', 'a.model')).toThrow(
      'a.model:1: unknown version header "minbpe v2"',
    );
    expect(() => parseModel('minbpe v1\n\n2\n<|a|> 300\n', 'b.model')).toThrow(/b\.model:5: file ends early/);
    expect(() => parseModel('minbpe v1\n\n0\n97 97\n97\n', 'c.model')).toThrow(
      /c\.model:5: expected a merge/,
    );
    expect(() => parseModel('minbpe v1\n\n0\n97 300\n', 'd.model')).toThrow(
      /d\.model:4: .* refers to id 300/,
    );
    expect(() => parseModel('minbpe v1\n\nx\n', 'e.model')).toThrow(ModelFileError);
    expect(() => parseModel('minbpe v1\n\n1\n<|a|> 256\n97 97\n', 'f.model')).toThrow(
      /f\.model:4: .* byte or merge id/,
    );
    expect(() => parseModel('', 'g.model')).toThrow(/g\.model:1: file ends early/);
  });
});

describe('special tokens', () => {
  const tokenizer = new RegexTokenizer();
  tokenizer.train(shakespeare.slice(0, 5000), 300);
  tokenizer.registerSpecialTokens({ '<|endoftext|>': 100257, '<|end|>': 100258 });

  it('match as minbpe: all, none, none_raise, or a set', () => {
    const text = 'a<|endoftext|>b<|end|>';
    expect(tokenizer.encode(text, { allowedSpecial: 'all' })).toEqual([97, 100257, 98, 100258]);
    expect(tokenizer.encode(text, { allowedSpecial: new Set(['<|end|>']) }).slice(-1)).toEqual([100258]);
    expect(tokenizer.encode(text, { allowedSpecial: 'none' })).toEqual(tokenizer.encodeOrdinary(text));
    expect(() => tokenizer.encode(text)).toThrow(DisallowedSpecialTokenError);
    expect(tokenizer.decode(tokenizer.encode(text, { allowedSpecial: 'all' }))).toBe(text);
  });

  it("refuse minbpe's positional allowed_special by name (it set no option, silently)", () => {
    const text = 'a<|endoftext|>b';
    expect(() => tokenizer.encode(text, 'all' as never)).toThrow(
      "encode: the options are an object such as { allowedSpecial: 'all' }, got 'all' (minbpe's allowed_special? it is the option allowedSpecial here)",
    );
    expect(() => tokenizer.encode('ab', new Set(['<|end|>']) as never)).toThrow(
      /got a Set \(minbpe's allowed_special/,
    );
    expect(() => tokenizer.encode('ab', ['<|end|>'] as never)).toThrow(/got an array/);
    expect(() => tokenizer.encode('ab', null as never)).toThrow(/got null$/);
    expect(tokenizer.encode('ab', undefined)).toEqual(tokenizer.encodeOrdinary('ab'));
  });

  it('give spans with tokenize', () => {
    const tokens = tokenizer.tokenize('hi<|end|>é');
    expect(tokens.map((t) => t.text)).toContain('<|end|>');
    expect(tokens.at(-1)!.end).toBe(10);
  });

  it('survive a .model round trip', () => {
    const loaded = loadModel(modelFileText(tokenizer), 'x.model');
    expect(loaded).toBeInstanceOf(RegexTokenizer);
    expect(loaded.encode('x<|end|>', { allowedSpecial: 'all' })).toEqual(
      tokenizer.encode('x<|end|>', { allowedSpecial: 'all' }),
    );
  });
});

describe('encoding', () => {
  const tokenizer = new RegexTokenizer('gpt4');
  tokenizer.train(shakespeare, 556);
  const merges = new Map(tokenizer.merges.map(([a, b, id]) => [pairKey(a, b), id]));

  it('the heap path for long chunks equals the simple loop', () => {
    const ids = [...new TextEncoder().encode(shakespeare.slice(0, 3000))];
    // The basic loop, applied to the whole sequence: minbpe's encode.
    let expected = ids.slice();
    for (;;) {
      const stats = getStats(expected);
      let best: number | undefined;
      for (const key of stats.keys()) {
        const id = merges.get(key);
        if (id !== undefined && (best === undefined || id < merges.get(best)!)) best = key;
      }
      if (best === undefined) break;
      expected = merge(expected, [Math.floor(best / 2 ** 21), best % 2 ** 21], merges.get(best)!);
    }
    expect(encodeChunk(ids, merges)).toEqual(expected);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(32, 101, 116, 104, 97, 115, 111, 110), { minLength: 49, maxLength: 200 }),
        (chunk) => {
          const short = encodeChunk(chunk.slice(0, 48), merges);
          expect(encodeChunk(chunk, merges).length).toBeGreaterThan(0);
          expect(short.length).toBeLessThanOrEqual(48);
          let reference: number[] = chunk.slice();
          for (;;) {
            let bestId = Number.POSITIVE_INFINITY;
            let pair: [number, number] = [0, 0];
            for (let i = 0; i + 1 < reference.length; i++) {
              const id = merges.get(pairKey(reference[i]!, reference[i + 1]!));
              if (id !== undefined && id < bestId) {
                bestId = id;
                pair = [reference[i]!, reference[i + 1]!];
              }
            }
            if (bestId === Number.POSITIVE_INFINITY) break;
            reference = merge(reference, pair, bestId);
          }
          expect(encodeChunk(chunk, merges)).toEqual(reference);
        },
      ),
      { numRuns: 200, seed: 3 },
    );
  });

  it('fromMerges with a byte shuffle encodes in the shuffled space and decodes back', () => {
    const shuffle = Array.from({ length: 256 }, (_, b) => 255 - b);
    const h = 255 - 104;
    const i = 255 - 105;
    const shuffled = RegexTokenizer.fromMerges([[[h, i], 256]], {
      byteShuffle: shuffle,
      specialTokens: { '<|e|>': 999 },
    });
    expect(shuffled.encode('hi!')).toEqual([256, 255 - 33]);
    expect(shuffled.decode([256, 255 - 33, 999])).toBe('hi!<|e|>');
    expect(() => RegexTokenizer.fromMerges([[104, 105, 100]])).toThrow(/\[256/);
    expect(() => RegexTokenizer.fromMerges([[104, 300, 301]])).toThrow(/earlier merge/);
  });
});
