import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { BasicTokenizer } from '../basic.js';
import { countChunks } from '../chunk-counts.js';
import { modelFileText } from '../model-file.js';
import { RegexTokenizer } from '../regex-tokenizer.js';
import {
  countChunksParallel,
  countFileChunks,
  loadModelFile,
  readCorpusBytes,
  readTextBlocks,
  save,
} from './index.js';

const texts = readGolden<{ id: string; text: string }>('minbpe_training_texts').map((row) => row.text);
const corpus = texts.join('\n');
const dir = mkdtempSync(join(tmpdir(), 'tokenlab-bpe-'));

describe('files', () => {
  it('save writes minbpe files that load back', async () => {
    const tokenizer = new RegexTokenizer('gpt2');
    tokenizer.train(texts[0]!, 300);
    tokenizer.registerSpecialTokens({ '<|endoftext|>': 100257 });
    const [model, vocab] = await save(tokenizer, join(dir, 'tok'));
    expect(readFileSync(model, 'utf8')).toBe(modelFileText(tokenizer));
    expect(readFileSync(vocab, 'utf8')).toMatch(/^\[\\u0000\] 0\n/);
    const loaded = await loadModelFile(model);
    expect(loaded).toBeInstanceOf(RegexTokenizer);
    expect(loaded.encode('Hello<|endoftext|>', { allowedSpecial: 'all' })).toEqual(
      tokenizer.encode('Hello<|endoftext|>', { allowedSpecial: 'all' }),
    );
    const basic = new BasicTokenizer();
    basic.train(texts[1]!, 280);
    await save(basic, join(dir, 'basic'));
    expect((await loadModelFile(join(dir, 'basic.model'))).merges).toEqual(basic.merges);
    await expect(loadModelFile(join(dir, 'basic.vocab'))).rejects.toThrow(/expected a minbpe \.model file/);
  });

  it('a corrupt model file is reported with its path and line', async () => {
    const path = join(dir, 'bad.model');
    writeFileSync(path, 'minbpe v1\n\n0\n97 97\n97 x\n');
    await expect(loadModelFile(path)).rejects.toThrow(`${path}:5: expected a merge`);
    // A special token with a byte that is not UTF-8: named by its line, not loaded as U+FFFD.
    const latin1 = join(dir, 'latin1.model');
    writeFileSync(
      latin1,
      Buffer.concat([
        Buffer.from('minbpe v1\n\n1\n<|caf'),
        Buffer.from([0xe9]),
        Buffer.from('|> 256\n97 97\n'),
      ]),
    );
    await expect(loadModelFile(latin1)).rejects.toThrow(`${latin1}:4: not valid UTF-8 at byte 18`);
  });
});

describe('streamed and parallel chunk counts equal the single-thread counts', () => {
  const expected = countChunks(corpus, 'gpt4');

  it('streaming files in small blocks and pieces, on two workers', async () => {
    const a = join(dir, 'a.txt');
    const b = join(dir, 'b.txt');
    writeFileSync(a, texts.slice(0, 2).join('\n'));
    writeFileSync(b, texts.slice(2).join('\n'));
    for (const pattern of ['gpt4', 'gpt2'] as const) {
      const counts = await countFileChunks([a, b], pattern, { blockSize: 4096, pieceSize: 8192, workers: 2 });
      expect([...counts]).toEqual([...countChunks(corpus, pattern)]);
    }
    const single = await countFileChunks([a, b], 'gpt4', { blockSize: 1000, pieceSize: 3000, workers: 1 });
    expect([...single]).toEqual([...expected]);
  });

  it('in memory, on two workers', async () => {
    const counts = await countChunksParallel(corpus, 'gpt4', { pieceSize: 5000, workers: 2 });
    expect([...counts]).toEqual([...expected]);
    const tokenizer = new RegexTokenizer('gpt4');
    expect(tokenizer.trainFromCounts(counts, 320).merges).toEqual(
      new RegexTokenizer('gpt4').train(corpus, 320).merges,
    );
  });

  it('reads files as Python text mode does: CRLF as LF, invalid UTF-8 named', async () => {
    const crlf = join(dir, 'crlf.txt');
    writeFileSync(crlf, 'one\r\ntwo\rthree\n');
    expect([...(await countFileChunks([crlf], 'gpt4', { blockSize: 4 }))]).toEqual([
      ...countChunks('one\ntwo\nthree\n', 'gpt4'),
    ]);
    expect(new TextDecoder().decode(await readCorpusBytes([crlf, crlf]))).toBe(
      'one\ntwo\nthree\n\none\ntwo\nthree\n',
    );
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, Buffer.from([0x61, 0xff, 0x62]));
    await expect(countFileChunks([bad], 'gpt4')).rejects.toThrow(/bad\.txt: not valid UTF-8/);
    await expect(readCorpusBytes([bad])).rejects.toThrow(/bad\.txt: not valid UTF-8 at byte 1/);
    // Read in blocks, the byte is named in the whole file, whichever block it falls in.
    const readAll = async (path: string, blockSize: number) => {
      for await (const _ of readTextBlocks([path], { blockSize })) {
      }
    };
    const late = join(dir, 'late.txt');
    writeFileSync(late, Buffer.concat([Buffer.from('caf\u00e9 '.repeat(1000)), Buffer.from([0xc3, 0x28])]));
    for (const blockSize of [1, 3, 1000, 1 << 20])
      await expect(readAll(late, blockSize), `blocks of ${blockSize}`).rejects.toThrow(
        `${late}: not valid UTF-8 at byte 6000`,
      );
    const cut = join(dir, 'cut.txt');
    writeFileSync(cut, Buffer.from([0x61, 0xf0, 0x9f]));
    await expect(readAll(cut, 2)).rejects.toThrow(
      `${cut}: not valid UTF-8 (the file ends inside a character, from byte 1)`,
    );
  });
});
