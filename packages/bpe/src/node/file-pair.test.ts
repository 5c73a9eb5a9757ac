import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGolden } from '@tokenlab/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { BasicTokenizer } from '../basic.js';
import { vocabFileText } from '../model-file.js';
import { RegexTokenizer } from '../regex-tokenizer.js';
import { writeFilePair } from './file-pair.js';
import { save, verifyModelPair } from './model-io.js';

const texts = readGolden<{ id: string; text: string }>('minbpe_training_texts').map((row) => row.text);
const dir = mkdtempSync(join(tmpdir(), 'tokenlab-pair-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function trained(text: string, vocabSize: number): RegexTokenizer {
  const tokenizer = new RegexTokenizer('gpt4');
  tokenizer.train(text, vocabSize);
  return tokenizer;
}

describe('writeFilePair', () => {
  it('never mixes the files of concurrent writers of the same pair', async () => {
    const a = join(dir, 'mix-a');
    const b = join(dir, 'mix-b');
    for (let round = 0; round < 20; round++) {
      const writers = Array.from({ length: 4 }, (_, i) => {
        const text = `writer ${i} round ${round} `.repeat(1000 * (i + 1));
        return writeFilePair({ path: a, text }, { path: b, text });
      });
      await Promise.all(writers);
      expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    }
    expect(readdirSync(dir).filter((name) => name.startsWith('mix-'))).toEqual(['mix-a', 'mix-b']);
  });

  it('leaves the old pair and no temporary files when aborted before the renames', async () => {
    const a = join(dir, 'abort-a');
    const b = join(dir, 'abort-b');
    await writeFilePair({ path: a, text: 'old a' }, { path: b, text: 'old b' });
    const controller = new AbortController();
    controller.abort();
    await expect(
      writeFilePair({ path: a, text: 'new a' }, { path: b, text: 'new b' }, { signal: controller.signal }),
    ).rejects.toThrow();
    expect([readFileSync(a, 'utf8'), readFileSync(b, 'utf8')]).toEqual(['old a', 'old b']);
    expect(readdirSync(dir).filter((name) => name.startsWith('abort-'))).toEqual(['abort-a', 'abort-b']);
  });

  it('leaves the old pair and no temporary files when one of the two cannot be written', async () => {
    const a = join(dir, 'fail-a');
    const b = join(dir, 'fail-b');
    await writeFilePair({ path: a, text: 'old a' }, { path: b, text: 'old b' });
    for (const [first, second] of [
      [a, join(dir, 'no-such-folder', 'fail-b')],
      [join(dir, 'no-such-folder', 'fail-a'), b],
    ] as const)
      await expect(
        writeFilePair({ path: first, text: 'new' }, { path: second, text: 'new' }),
      ).rejects.toThrow(/ENOENT/);
    expect([readFileSync(a, 'utf8'), readFileSync(b, 'utf8')]).toEqual(['old a', 'old b']);
    expect(readdirSync(dir).filter((name) => name.startsWith('fail-'))).toEqual(['fail-a', 'fail-b']);
  });

  it('takes over the lock of a writer that died, and waits for one that lives', async () => {
    const a = join(dir, 'lock-a');
    const b = join(dir, 'lock-b');
    writeFileSync(`${a}.lock`, '999999999');
    await writeFilePair({ path: a, text: 'x' }, { path: b, text: 'x' });
    expect(readdirSync(dir).filter((name) => name.startsWith('lock-'))).toEqual(['lock-a', 'lock-b']);
    writeFileSync(`${a}.lock`, String(process.pid));
    await expect(
      writeFilePair({ path: a, text: 'y' }, { path: b, text: 'y' }, { lockTimeoutMs: 100 }),
    ).rejects.toThrow(`${a}.lock: another process (${process.pid}) has been writing these files`);
    expect(readFileSync(a, 'utf8')).toBe('x');
    rmSync(`${a}.lock`);
  });
});

describe('save and verifyModelPair', () => {
  it('writes pairs that verify, and tells a mixed pair', async () => {
    const small = trained(texts[0]!, 270);
    const large = trained(texts[0]!, 300);
    const prefix = join(dir, 'tok');
    await save(small, prefix);
    expect(await verifyModelPair(prefix)).toBe(true);
    const smallVocab = readFileSync(`${prefix}.vocab`, 'utf8');
    await save(large, prefix);
    expect(await verifyModelPair(prefix)).toBe(true);
    writeFileSync(`${prefix}.vocab`, smallVocab);
    expect(await verifyModelPair(prefix)).toBe(false);
  });

  it('tells a .vocab cut short, grown by a byte or changed in one byte, checking it part by part', async () => {
    // Over a megabyte of .vocab (one long word: tokens of thousands of letters), so that it is
    // written and checked in several parts.
    const tokenizer = new BasicTokenizer();
    tokenizer.train(`${'ab'.repeat(40_000)}${'xyz'.repeat(3000)}`, 400);
    const prefix = join(dir, 'parts');
    await save(tokenizer, prefix);
    const vocab = readFileSync(`${prefix}.vocab`);
    expect(vocab.length).toBeGreaterThan(1 << 20);
    expect(vocab.toString('utf8')).toBe(vocabFileText(tokenizer));
    expect(await verifyModelPair(prefix)).toBe(true);
    for (const damaged of [
      vocab.subarray(0, vocab.length - 1),
      Buffer.concat([vocab, Buffer.from('\n')]),
      Buffer.concat([vocab.subarray(0, 700_000), Buffer.from('b'), vocab.subarray(700_001)]),
    ]) {
      writeFileSync(`${prefix}.vocab`, damaged);
      expect(await verifyModelPair(prefix)).toBe(false);
    }
  });

  it('writes the parts of a text given in parts one after another', async () => {
    const a = join(dir, 'parts-a');
    const b = join(dir, 'parts-b');
    const parts = [
      'one ',
      'x'.repeat(3 << 20),
      ' مرحبا ',
      ...Array.from({ length: 1000 }, (_, i) => `${i},`),
    ];
    await writeFilePair({ path: a, text: parts }, { path: b, text: parts.join('') });
    expect(readFileSync(a, 'utf8')).toBe(parts.join(''));
    expect(readFileSync(b, 'utf8')).toBe(parts.join(''));
  });

  it('keeps concurrent saves of different models to one prefix in pairs', async () => {
    const tokenizers = [270, 280, 290, 300].map((size) => trained(texts[1]!, size));
    const prefix = join(dir, 'race');
    for (let round = 0; round < 10; round++) {
      await Promise.all(tokenizers.map((tokenizer) => save(tokenizer, prefix)));
      expect(await verifyModelPair(prefix)).toBe(true);
    }
  });

  it('refuses a prefix that names no file', async () => {
    const tokenizer = trained(texts[0]!, 260);
    for (const prefix of ['', `${dir}/`, '.', `${dir}/.`])
      await expect(save(tokenizer, prefix)).rejects.toThrow(/names no file \(it would write hidden/);
  });
});
