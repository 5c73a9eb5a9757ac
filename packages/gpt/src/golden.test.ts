import { createHash } from 'node:crypto';
import { readGolden, readGoldenGzipJson, readGoldenText } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { DisallowedSpecialTokenError, type EncodingName, getEncoding } from './index.js';

type Ids = number[];
const GOLDEN_ENCODINGS = ['gpt2', 'r50k_base', 'p50k_base', 'cl100k_base', 'o200k_base'] as const;

describe('tiktoken_text_cases.jsonl: encode_ordinary ids', async () => {
  const rows = readGolden<{ id: string; input: string; expected: Record<string, Ids> }>(
    'tiktoken_text_cases',
  );
  for (const name of GOLDEN_ENCODINGS) {
    const encoding = await getEncoding(name);
    it(`${name}: all ${rows.length} rows equal, and encode(text) gives the same`, () => {
      let equal = 0;
      for (const row of rows) {
        const ids = encoding.encodeOrdinary(row.input);
        expect(ids, row.id).toEqual(row.expected[name]);
        expect(encoding.encode(row.input), row.id).toEqual(row.expected[name]);
        expect(encoding.decode(ids), row.id).toBe(row.input.replace(/\p{Cs}/gu, '\uFFFD'));
        equal++;
      }
      expect(equal).toBe(rows.length);
    });
  }
});

describe('tiktoken_special.jsonl: special-token semantics', async () => {
  interface Expected {
    encode_ordinary: Ids;
    encode_allowed_all: Ids;
    encode_disallowed_none: Ids;
    encode_default_throws: boolean;
    encode_default_error?: string;
    encode_default?: Ids;
  }
  const rows = readGolden<{ id: string; input: string; expected: Record<string, Expected> }>(
    'tiktoken_special',
  );
  for (const name of GOLDEN_ENCODINGS) {
    const encoding = await getEncoding(name);
    it(`${name}: ${rows.length} rows`, () => {
      for (const row of rows) {
        const expected = row.expected[name]!;
        expect(encoding.encodeOrdinary(row.input), row.id).toEqual(expected.encode_ordinary);
        expect(encoding.encode(row.input, { allowedSpecial: 'all' }), row.id).toEqual(
          expected.encode_allowed_all,
        );
        expect(encoding.encode(row.input, { allowedSpecial: [], disallowedSpecial: [] }), row.id).toEqual(
          expected.encode_disallowed_none,
        );
        if (expected.encode_default_throws) {
          expect(() => encoding.encode(row.input), row.id).toThrow(DisallowedSpecialTokenError);
          expect(() => encoding.encode(row.input), row.id).toThrow(expected.encode_default_error!);
        } else {
          expect(encoding.encode(row.input), row.id).toEqual(expected.encode_default);
        }
      }
    });
  }
});

describe('tiktoken_chunks.jsonl: 21 chunks of about 100 KB', async () => {
  const texts = new Map(
    readGolden<{ id: string; text: string }>('inputs_tiktoken_chunks').map((row) => [row.id, row.text]),
  );
  const rows = readGolden<{
    id: string;
    expected: Record<string, { n_tokens: number; ids_sha256_u32le: string; ids_sha256_json: string }>;
  }>('tiktoken_chunks');
  const fullIds = readGoldenGzipJson<Record<string, Record<string, Ids>>>('tiktoken_chunk_ids.json.gz');
  for (const name of ['cl100k_base', 'o200k_base'] as const) {
    const encoding = await getEncoding(name);
    it(`${name}: ids equal on every chunk (count, both hashes, full arrays)`, () => {
      for (const row of rows) {
        const text = texts.get(row.id)!;
        const ids = encoding.encodeOrdinary(text);
        const expected = row.expected[name]!;
        expect(ids.length, row.id).toBe(expected.n_tokens);
        const json = createHash('sha256').update(JSON.stringify(ids)).digest('hex');
        expect(json, row.id).toBe(expected.ids_sha256_json);
        const u32 = Buffer.from(new Uint32Array(ids).buffer);
        expect(createHash('sha256').update(u32).digest('hex'), row.id).toBe(expected.ids_sha256_u32le);
        expect(ids, row.id).toEqual(fullIds[row.id]![name]);
        expect(encoding.countTokens(text), row.id).toBe(expected.n_tokens);
      }
    });
  }
});

describe('gpt-tokenizer TestPlans.txt: 313 vectors', async () => {
  const text = readGoldenText('external/gpt-tokenizer-TestPlans.txt');
  const plans = [...text.matchAll(/EncodingName: (\S+)\nSample: (.*)\nEncoded: (\[.*\])/g)].map((match) => ({
    encoding: match[1] as EncodingName,
    sample: match[2]!,
    ids: JSON.parse(match[3]!) as Ids,
  }));
  it('parses every block', () => {
    expect(plans.length).toBe(313);
  });
  it('every vector matches', async () => {
    let equal = 0;
    for (const plan of plans) {
      const encoding = await getEncoding(plan.encoding);
      expect(encoding.encodeOrdinary(plan.sample), `${plan.encoding}: ${plan.sample}`).toEqual(plan.ids);
      equal++;
    }
    expect(equal).toBe(313);
  });
});
