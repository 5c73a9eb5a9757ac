import { describe, expect, it } from 'vitest';
import { BasicTokenizer } from './basic.js';
import { loadModel, modelFileText } from './model-file.js';
import { RegexTokenizer } from './regex-tokenizer.js';

const TEXT = 'the cat sat on the mat, the cat ate: é ß 日本語 العربية والعربية 😀 done done\n';

function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

describe('a freshly trained tokenizer (tables built when first needed)', () => {
  it('encodes, decodes and lists its vocabulary as one given the same merges', () => {
    for (const make of [() => new RegexTokenizer('gpt4'), () => new BasicTokenizer()]) {
      const trained = make();
      trained.train(TEXT.repeat(5), 350);
      // Loading installs the merges the checked, eager way.
      const fromMerges = loadModel(modelFileText(trained), 'trained.model');
      // Decoding first, then encoding: either may be the first to build the tables.
      const ids = fromMerges.encode(TEXT);
      expect(trained.decode(ids)).toBe(TEXT);
      expect(trained.encode(TEXT)).toEqual(ids);
      expect(trained.vocab).toEqual(fromMerges.vocab);
      expect(trained.vocabSize).toBe(256 + trained.merges.length);
      expect(trained.merges.length).toBeGreaterThan(40);
    }
  });

  it('refuses special ids of bytes and merges, before and after its tables are built', () => {
    const trained = new RegexTokenizer('gpt4');
    trained.train(TEXT.repeat(5), 300);
    expect(thrown(() => trained.registerSpecialTokens({ '<|x|>': 299 }))).toMatch(/299/);
    expect(thrown(() => trained.registerSpecialTokens({ '<|x|>': 65 }))).toMatch(/65/);
    trained.registerSpecialTokens({ '<|x|>': 300 });
    expect(trained.encode('<|x|>', { allowedSpecial: 'all' })).toEqual([300]);
    expect(thrown(() => trained.registerSpecialTokens({ '<|y|>': 299 }))).toMatch(/299/);
    // Training again with a special id the new merges would take is refused, as before.
    expect(thrown(() => trained.train(TEXT.repeat(5), 400))).toMatch(/special token "<\|x\|>" has id 300/);
  });

  it('byte lengths and decoding of unknown ids behave as before the tables exist', () => {
    const trained = new BasicTokenizer();
    trained.train(TEXT.repeat(5), 300);
    expect(thrown(() => trained.decode([300]))).toBe('invalid token id 300 at position 0');
    expect(thrown(() => trained.decode([-1]))).toBe('invalid token id -1 at position 0');
    expect(trained.decode([299]).length).toBeGreaterThan(0);
  });
});
