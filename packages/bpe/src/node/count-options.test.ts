import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_WORKER_THREADS } from '@tokenlab/core';
import { describe, expect, it } from 'vitest';
import { countChunksParallel, countFileChunks } from './corpus.js';
import { countByteRange } from './count-byte-range.js';
import { countFileTable } from './count-file-table.js';
import { countFileRanges } from './count-files.js';
import { checkCountOptions } from './count-options.js';
import { ChunkCountPool } from './count-workers.js';
import { readTextBlocks } from './text-blocks.js';

const BAD_WORKERS: unknown[] = [
  Number.NaN,
  -1,
  2.5,
  Number.POSITIVE_INFINITY,
  MAX_WORKER_THREADS + 1,
  1e6,
  '2',
];
const BAD_SIZES: unknown[] = [Number.NaN, 0, -3, 1.5, Number.POSITIVE_INFINITY, '1024'];

describe('options of the counting functions', () => {
  it('names the function, the option and the value it cannot take', () => {
    for (const workers of BAD_WORKERS) {
      const check = () => checkCountOptions('countChunksParallel', { workers } as never);
      expect(check, String(workers)).toThrow(RangeError);
      expect(check, String(workers)).toThrow(
        /^countChunksParallel: workers must be a whole number from 0 to 256, got /,
      );
    }
    expect(() => checkCountOptions('here', { workers: '2' } as never)).toThrow(/got '2' \(a string\)$/);
    for (const name of ['pieceSize', 'rangeSize', 'blockSize'])
      for (const value of BAD_SIZES)
        expect(() => checkCountOptions('here', { [name]: value }), `${name} ${String(value)}`).toThrow(
          new RegExp(`^here: ${name} must be a whole number of at least 1, got `),
        );
    expect(() =>
      checkCountOptions('here', { workers: 0, pieceSize: 1, rangeSize: 1, blockSize: 1 }),
    ).not.toThrow();
  });

  it('is checked by every entry point before a worker starts (workers: 1e6 ran the process out of memory)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tokenlab-count-options-')), 'text.txt');
    const text = 'hello world, مرحبا بالعالم. '.repeat(100);
    writeFileSync(path, text);
    const calls: Array<[string, (options: object) => Promise<unknown>]> = [
      ['countChunksParallel', (options) => countChunksParallel(text, 'gpt4', options)],
      ['countFileChunks', (options) => countFileChunks([path], 'gpt4', options)],
      ['countFileTable', (options) => countFileTable([path], 'gpt4', options)],
      ['countFileRanges', (options) => countFileRanges([path], 'gpt4', options)],
    ];
    for (const [name, call] of calls)
      for (const workers of BAD_WORKERS)
        await expect(call({ workers }), `${name} ${String(workers)}`).rejects.toThrow(
          new RegExp(`^${name}: workers must be`),
        );
    for (const pieceSize of BAD_SIZES) {
      await expect(countChunksParallel(text, 'gpt4', { pieceSize } as never)).rejects.toThrow(
        /pieceSize must be/,
      );
      expect(() => countByteRange(path, 'gpt4', { pieceSize } as never)).toThrow(
        /^countByteRange: pieceSize must be/,
      );
    }
    await expect(countFileRanges([path], 'gpt4', { rangeSize: 0 })).rejects.toThrow(
      /^countFileRanges: rangeSize/,
    );
    await expect(readTextBlocks([path], { blockSize: Number.NaN }).next()).rejects.toThrow(
      /^readTextBlocks: blockSize/,
    );
    expect(() => new ChunkCountPool({ workers: 1e6 })).toThrow(/^ChunkCountPool: workers must be/);
  });

  it('still counts with the edge values allowed', async () => {
    const text = 'the cat sat on the mat. '.repeat(50);
    const one = await countChunksParallel(text, 'gpt4', { workers: 0 });
    const two = await countChunksParallel(text, 'gpt4', { workers: 2, pieceSize: 1 });
    expect([...two]).toEqual([...one]);
    expect(one.get(' cat')).toBe(50);
  });
});
