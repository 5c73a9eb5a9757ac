// Through the package's subpaths, as a program that starts the counting first imports them.
import { countFileRanges } from '@tokenlab/bpe/count-files';
import { findInvalidUtf8 as coreFindInvalidUtf8 } from '@tokenlab/core';
import { findInvalidUtf8 } from '@tokenlab/core/utf8';
import { readGolden, tempFileWriter } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { countFileTable } from './count-file-table.js';

const texts = readGolden<{ id: string; text: string }>('minbpe_training_texts').map((row) => row.text);
const file = tempFileWriter('tokenlab-bpe-ranges-');

describe('countFileRanges (@tokenlab/bpe/count-files)', () => {
  it('gives the table of countFileTable, first positions included, on workers and in this thread', async () => {
    const files = [file(texts.join('\n')), file('tail line\r\nand \u0628\u0627\u0628 more\n')];
    for (const scanner of ['gpt2', 'gpt4'] as const) {
      const expected = await countFileTable(files, scanner, { workers: 1, rangeSize: 1 << 30 });
      expect(expected.lengths.length).toBeGreaterThan(100);
      for (const workers of [1, 2, 3]) {
        const table = await countFileRanges(files, scanner, { workers, rangeSize: 1024 });
        expect(table.bytes).toEqual(expected.bytes);
        expect(table.lengths).toEqual(expected.lengths);
        expect(table.counts).toEqual(expected.counts);
        expect(table.firsts).toEqual(expected.firsts);
      }
    }
  });

  it('reports the bytes counted as the workers go', async () => {
    const path = file(texts.join('\n'));
    const seen: number[] = [];
    await countFileRanges([path], 'gpt4', { workers: 2, rangeSize: 256, onProgress: (n) => seen.push(n) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toBe(Buffer.byteLength(texts.join('\n')));
  });

  it('names a missing file, and the file and byte of invalid UTF-8', async () => {
    const missing = `${file('')}.missing`;
    await expect(countFileRanges([missing], 'gpt4', { workers: 2 })).rejects.toThrow(missing);
    const good = file('fine text\nhere\n');
    const bad = file(
      Buffer.concat([Buffer.from('ok\nAnd more\nText '), Buffer.from([0xe2, 0x28]), Buffer.from('\nZ')]),
    );
    for (const workers of [1, 2])
      await expect(countFileRanges([good, bad], 'gpt4', { rangeSize: 4, workers })).rejects.toThrow(
        `${bad}: not valid UTF-8 at byte 17`,
      );
  });
});

describe('@tokenlab/core/utf8', () => {
  it('is the UTF-8 module of the core index, without the rest', () => {
    expect(findInvalidUtf8).toBe(coreFindInvalidUtf8);
    expect(findInvalidUtf8(new Uint8Array([0x61, 0xe2, 0x28]))).toBe(
      coreFindInvalidUtf8(new Uint8Array([0x61, 0xe2, 0x28])),
    );
  });
});
