import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { BasicTokenizer } from './basic.js';
import { loadModel, modelFileText, vocabFileText } from './model-file.js';
import { RegexTokenizer } from './regex-tokenizer.js';
import { DisallowedSpecialTokenError } from './special-tokens.js';

interface EncodeCase {
  input: string;
  expected: number[];
  decode_roundtrip: boolean;
}
interface SpecialCase {
  input: string;
  encode_allowed_all: number[];
  encode_allowed_none: number[];
  decode_allowed_all_roundtrip: boolean;
  encode_none_raise?: number[];
  encode_none_raise_error?: string;
}
interface MinbpeRow {
  id: string;
  training_text_id: string;
  tokenizer: 'basic' | 'regex_gpt2' | 'regex_gpt4';
  pattern: string;
  vocab_size: number;
  special_tokens?: Record<string, number>;
  error?: string;
  expected?: {
    merges: Array<[number, number, number]>;
    model_file: string;
    vocab_file: string;
    encode: EncodeCase[];
    special?: SpecialCase[];
    special_model_file?: string;
    special_vocab_file?: string;
  };
}

const texts = new Map(
  readGolden<{ id: string; text: string }>('minbpe_training_texts').map((row) => [row.id, row.text]),
);
const rows = readGolden<MinbpeRow>('minbpe');

function create(row: MinbpeRow): BasicTokenizer | RegexTokenizer {
  if (row.tokenizer === 'basic') return new BasicTokenizer();
  return new RegexTokenizer(row.pattern);
}

describe('parity with minbpe (golden/minbpe.jsonl)', () => {
  it('covers every row', () => {
    expect(rows.length).toBe(24);
  });

  for (const row of rows) {
    it(row.id, () => {
      const tokenizer = create(row);
      const summary = tokenizer.train(texts.get(row.training_text_id)!, row.vocab_size);
      if (row.error) {
        // minbpe raised "max() arg is an empty sequence": we stop cleanly and say how far we got.
        expect(row.error).toMatch(/empty sequence/);
        expect(summary.exhausted).toBe(true);
        expect(summary.vocabSize).toBeLessThan(row.vocab_size);
        return;
      }
      const expected = row.expected!;
      expect(summary.exhausted).toBe(false);
      expect(tokenizer.merges.map(([a, b, id]) => [a, b, id])).toEqual(expected.merges);
      expect(modelFileText(tokenizer)).toBe(expected.model_file);
      expect(vocabFileText(tokenizer)).toBe(expected.vocab_file);
      for (const c of expected.encode) {
        const ids = tokenizer.encode(c.input);
        expect(ids, c.input).toEqual(c.expected);
        expect(tokenizer.decode(ids) === c.input).toBe(c.decode_roundtrip);
      }
      const reloaded = loadModel(expected.model_file, `${row.id}.model`);
      expect(reloaded.merges).toEqual(tokenizer.merges);
      expect(modelFileText(reloaded)).toBe(expected.model_file);
      for (const c of expected.encode) expect(reloaded.encode(c.input)).toEqual(c.expected);

      if (!row.special_tokens) return;
      const regex = tokenizer as RegexTokenizer;
      regex.registerSpecialTokens(row.special_tokens);
      expect(modelFileText(regex)).toBe(expected.special_model_file);
      expect(vocabFileText(regex)).toBe(expected.special_vocab_file);
      for (const c of expected.special!) {
        expect(regex.encode(c.input, { allowedSpecial: 'all' }), c.input).toEqual(c.encode_allowed_all);
        expect(regex.encode(c.input, { allowedSpecial: 'none' }), c.input).toEqual(c.encode_allowed_none);
        expect(regex.decode(c.encode_allowed_all) === c.input).toBe(c.decode_allowed_all_roundtrip);
        if (c.encode_none_raise_error) {
          expect(() => regex.encode(c.input)).toThrow(DisallowedSpecialTokenError);
        } else {
          expect(regex.encode(c.input)).toEqual(c.encode_none_raise);
        }
      }
      const special = loadModel(expected.special_model_file!, `${row.id}.special.model`) as RegexTokenizer;
      expect([...special.specialTokens]).toEqual(Object.entries(row.special_tokens));
      for (const c of expected.special!)
        expect(special.encode(c.input, { allowedSpecial: 'all' })).toEqual(c.encode_allowed_all);
    });
  }
});
