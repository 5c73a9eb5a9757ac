import { readGolden } from '@tokenlab/test-support';
import { Tokenizer } from 'tokenizers';
import { describe, expect, it } from 'vitest';
import { BasicTokenizer } from './basic.js';
import { byteToUnicode, huggingFaceExport, huggingFaceFromRanks, tiktokenExport } from './export.js';
import { RegexTokenizer } from './regex-tokenizer.js';

const training = readGolden<{ id: string; text: string }>('minbpe_training_texts');
const heldout = readGolden<{ id: string; heldout?: string[] }>('inputs_bpe').find((row) => row.heldout)!
  .heldout!;

describe('exports', () => {
  it('the byte-to-unicode map is a bijection onto printable characters', () => {
    const map = byteToUnicode();
    expect(new Set(map).size).toBe(256);
    expect(map[32]).toBe('Ġ');
    expect(map[10]).toBe('Ċ');
  });

  for (const [name, make] of [
    ['regex gpt4', () => new RegexTokenizer('gpt4')],
    ['regex gpt2', () => new RegexTokenizer('gpt2')],
    ['basic', () => new BasicTokenizer()],
  ] as const) {
    it(`${name}: the Hugging Face tokenizer.json gives the same ids with the tokenizers package`, async () => {
      const tokenizer = make();
      tokenizer.train(training.map((row) => row.text).join('\n'), 556);
      tokenizer.registerSpecialTokens({ '<|endoftext|>': 100257 });
      const hf = Tokenizer.fromString(JSON.stringify(huggingFaceExport(tokenizer)));
      for (const text of [...heldout, 'a<|endoftext|>b']) {
        const encoding = await hf.encode(text, null, { addSpecialTokens: false });
        const ours =
          tokenizer instanceof RegexTokenizer
            ? tokenizer.encode(text, { allowedSpecial: 'all' })
            : tokenizer.encode(text);
        if (tokenizer instanceof BasicTokenizer && text.includes('<|endoftext|>')) continue;
        expect(encoding.getIds(), text).toEqual(ours);
      }
    });
  }

  it('a tokenizer.json made from tiktoken ranks gives the ids of the ranks, with the tokenizers package', async () => {
    const tokenizer = new RegexTokenizer('gpt4');
    tokenizer.train(training.map((row) => row.text).join('\n'), 556);
    const { ranks, pattern } = tiktokenExport(tokenizer);
    const tokens: Uint8Array[] = [];
    for (const line of ranks.trimEnd().split('\n')) {
      const [b64, rank] = line.split(' ');
      tokens[Number(rank)] = new Uint8Array(Buffer.from(b64!, 'base64'));
    }
    const hf = Tokenizer.fromString(JSON.stringify(huggingFaceFromRanks(tokens, pattern)));
    for (const text of heldout) {
      const encoding = await hf.encode(text, null, { addSpecialTokens: false });
      expect(encoding.getIds(), text).toEqual(tokenizer.encode(text));
    }
  });

  it('ranks that are not one merge of two lower ranks are refused, naming the rank', () => {
    const tokens = Array.from({ length: 256 }, (_, byte) => Uint8Array.of(byte));
    tokens.push(new TextEncoder().encode('abc'));
    expect(() => huggingFaceFromRanks(tokens, '')).toThrow(/rank 256 is not made by one merge/);
  });

  it('the .tiktoken ranks list every token by id, in base64', () => {
    const tokenizer = new RegexTokenizer('gpt4');
    tokenizer.train(training[0]!.text, 300);
    const { ranks, pattern } = tiktokenExport(tokenizer);
    const lines = ranks.trimEnd().split('\n');
    expect(lines.length).toBe(300);
    expect(lines[0]).toBe('AA== 0');
    expect(lines[32]).toBe('IA== 32');
    const [b64, rank] = lines[256]!.split(' ');
    expect(rank).toBe('256');
    expect(Buffer.from(b64!, 'base64')).toEqual(Buffer.from(tokenizer.vocab.get(256)!));
    expect(pattern).toBe(tokenizer.pattern);
  });
});
