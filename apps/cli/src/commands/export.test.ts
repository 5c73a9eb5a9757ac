import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BasicTokenizer, RegexTokenizer } from '@tokenlab/bpe';
import { save } from '@tokenlab/bpe/node';
import { loadCorpus } from '@tokenlab/corpora';
import { get_encoding, Tiktoken } from 'tiktoken';
import { Tokenizer } from 'tokenizers';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCapture, tiktokenRankFile } from '../testing.js';

const dir = mkdtempSync(join(tmpdir(), 'tokenlab-export-'));
const model = join(dir, 'small.model');
const SAMPLES = [
  'The quick brown fox jumps over the lazy dog.\n',
  "Taylor Swift's 2023 tour: 146 shows, $2.07 billion!",
  'جلس القط على الحصيرة، وكان سعيداً.  ',
  '   spaces\t\ttabs\r\nand 👋 emoji',
];

/** Ids of `tokenlab encode ARGS` for `text`. */
async function encode(args: string[], text: string): Promise<number[]> {
  const run = await runCapture(['encode', ...args, '--json', '--special-as-text'], text);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

beforeAll(async () => {
  const english = (await loadCorpus('taylorswift')).slice(0, 30_000);
  const arabic = (await loadCorpus('udhr-ar')).slice(0, 10_000);
  const tokenizer = new RegexTokenizer('gpt4');
  tokenizer.train(`${english}\n${arabic}`, 400);
  await save(tokenizer, model.replace(/\.model$/, ''));
});

describe('tokenlab export and the model file options', () => {
  it('.tiktoken: tiktoken (WASM) loads our file and gives our ids, and so does --tiktoken', async () => {
    const run = await runCapture(['export', '--format', 'tiktoken', '--model', model]);
    expect(run.code).toBe(0);
    const file = join(dir, 'small.tiktoken');
    expect(run.stdout).toContain(`wrote ${file}`);
    const pattern = /^pattern: (.*)$/m.exec(run.stdout)![1]!;
    const reference = new Tiktoken(readFileSync(file, 'utf8'), {}, pattern);
    try {
      for (const text of SAMPLES) {
        const ours = await encode(['--model', model], text);
        expect([...reference.encode_ordinary(text)], text).toEqual(ours);
        expect(await encode(['--tiktoken', file, '--pattern', 'gpt4'], text), text).toEqual(ours);
        const decoded = await runCapture(['decode', '--tiktoken', file], ours.join(' '));
        expect(decoded.stdout, text).toBe(text);
      }
    } finally {
      reference.free();
    }
  });

  it('tokenizer.json: Hugging Face tokenizers loads our file and gives our ids, and so does --tokenizer-json', async () => {
    const file = join(dir, 'small.tokenizer.json');
    const run = await runCapture(['export', '--format', 'hf', '--model', model]);
    expect(run.code).toBe(0);
    const reference = Tokenizer.fromFile(file);
    for (const text of SAMPLES) {
      const ours = await encode(['--model', model], text);
      const theirs = (await reference.encode(text, null, { addSpecialTokens: false })).getIds();
      expect(theirs, text).toEqual(ours);
      expect(await encode(['--tokenizer-json', file], text), text).toEqual(ours);
      const tokens = await runCapture(['tokenize', '--tokenizer-json', file, '--json', '--spans'], text);
      const spans: { id: number; start: number; end: number }[] = JSON.parse(tokens.stdout);
      expect(
        spans.map((token) => token.id),
        text,
      ).toEqual(ours);
    }
    const viaTiktoken = await runCapture(
      ['tokenize', '--tiktoken', join(dir, 'small.tiktoken'), '--pattern', 'gpt4', '--json'],
      'hello world',
    );
    const viaJson = await runCapture(['tokenize', '--tokenizer-json', file, '--json'], 'hello world');
    expect(JSON.parse(viaTiktoken.stdout)).toEqual(JSON.parse(viaJson.stdout));
    expect(JSON.parse(viaJson.stdout).join('')).toBe('hello world');
  });

  it('a tokenizer.json written by Hugging Face tokenizers loads here and gives its ids', async () => {
    const ours = join(dir, 'small.tokenizer.json');
    await runCapture(['export', '--format', 'hf', '--model', model]);
    const reference = Tokenizer.fromFile(ours);
    const written = join(dir, 'written-by-hf.json');
    reference.save(written);
    for (const text of SAMPLES) {
      const theirs = (await reference.encode(text, null, { addSpecialTokens: false })).getIds();
      expect(await encode(['--tokenizer-json', written], text), text).toEqual(theirs);
    }
  });

  it("a .tiktoken file made from tiktoken's own gpt2 ranks gives tiktoken's ids", async () => {
    const reference = get_encoding('gpt2');
    try {
      const file = join(dir, 'gpt2.tiktoken');
      writeFileSync(file, tiktokenRankFile(reference));
      for (const text of SAMPLES) {
        expect(await encode(['--tiktoken', file, '--pattern', 'gpt2'], text), text).toEqual([
          ...reference.encode_ordinary(text),
        ]);
      }
    } finally {
      reference.free();
    }
  });

  it('a basic model: a pattern that keeps the whole text one piece, which tiktoken, --tiktoken and the hf file agree on', async () => {
    const basic = new BasicTokenizer();
    basic.train(`${(await loadCorpus('taylorswift')).slice(0, 20_000)}\nجلس القط على الحصيرة`, 400);
    const basicModel = join(dir, 'basic.model');
    await save(basic, basicModel.replace(/\.model$/, ''));
    const run = await runCapture(['export', '--format', 'tiktoken', '--model', basicModel]);
    expect(run.code).toBe(0);
    // An empty pattern, which it printed, is taken by neither tiktoken nor --pattern.
    expect(run.stdout).toContain('pattern: [\\s\\S]+\n');
    expect(run.stderr).toContain('is a basic model, which does not split its text');
    const file = join(dir, 'basic.tiktoken');
    const reference = new Tiktoken(readFileSync(file, 'utf8'), {}, '[\\s\\S]+');
    await runCapture(['export', '--format', 'hf', '--model', basicModel]);
    const hf = Tokenizer.fromFile(join(dir, 'basic.tokenizer.json'));
    try {
      for (const text of SAMPLES) {
        const ours = await encode(['--model', basicModel], text);
        expect([...reference.encode_ordinary(text)], text).toEqual(ours);
        expect(await encode(['--tiktoken', file, '--pattern', '[\\s\\S]+'], text), text).toEqual(ours);
        expect((await hf.encode(text, null, { addSpecialTokens: false })).getIds(), text).toEqual(ours);
        expect(await encode(['--tokenizer-json', join(dir, 'basic.tokenizer.json')], text), text).toEqual(
          ours,
        );
      }
    } finally {
      reference.free();
    }
    const empty = await runCapture(['encode', '--tiktoken', file, '--pattern', ''], 'hi');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("--pattern '' splits nothing");
  });

  it('says what is not supported yet, and what is missing', async () => {
    const wordPiece = join(dir, 'wordpiece.json');
    writeFileSync(wordPiece, JSON.stringify({ model: { type: 'WordPiece', vocab: {} } }));
    const refused = await runCapture(['encode', '--tokenizer-json', wordPiece], 'hi');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('WordPiece models are not supported yet');
    const noPattern = await runCapture(['encode', '--tiktoken', join(dir, 'small.tiktoken')], 'hi');
    expect(noPattern.code).toBe(2);
    expect(noPattern.stderr).toContain('--tiktoken needs --pattern');
    const badFormat = await runCapture(['export', '--format', 'sentencepiece', '--model', model]);
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toContain('--format must be tiktoken or hf');
  });
});
