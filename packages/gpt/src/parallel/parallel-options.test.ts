import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_WORKER_THREADS } from '@tokenlab/core';
import { describe, expect, it } from 'vitest';
import { getEncoding } from '../registry.js';
import { encodeFileParallel } from './encode-file.js';
import { EncodePool } from './encode-pool.js';
import { encodeBatch, encodeParallel, encodeStreamParallel } from './parallel-encode.js';
import { checkParallelOptions } from './parallel-options.js';

describe('options of the parallel encoders', () => {
  const bad: Array<[string, unknown, RegExp]> = [
    ['pieceSize', Number.NaN, /pieceSize must be a whole number of at least 1, got NaN/],
    ['pieceSize', 0, /pieceSize must be a whole number of at least 1, got 0/],
    ['pieceSize', -5, /got -5/],
    ['pieceSize', 1.5, /got 1\.5/],
    ['pieceSize', Number.POSITIVE_INFINITY, /got Infinity/],
    ['pieceSize', '1000', /got '1000' \(a string\)/],
    ['threads', Number.NaN, /threads must be a whole number from 1 to 256, got NaN/],
    ['threads', 0, /got 0/],
    ['threads', -1, /got -1/],
    ['threads', 2.5, /got 2\.5/],
    ['threads', MAX_WORKER_THREADS + 1, /got 257/],
    ['threads', Number.POSITIVE_INFINITY, /got Infinity/],
  ];

  it('names the function, the option and the value it cannot take', () => {
    for (const [option, value, message] of bad) {
      const check = () => checkParallelOptions('encodeParallel', { [option]: value });
      expect(check, `${option} ${String(value)}`).toThrow(RangeError);
      expect(check, `${option} ${String(value)}`).toThrow(message);
      expect(check, `${option} ${String(value)}`).toThrow(new RegExp(`^encodeParallel: ${option} must`));
    }
    expect(() => checkParallelOptions('encodeParallel', { threads: 2, pieceSize: 1 })).not.toThrow();
    expect(() => checkParallelOptions('encodeParallel', {})).not.toThrow();
  });

  it('is checked by every entry point before any work (a pieceSize of 0 cut the text into pieces of one unit)', async () => {
    const enc = await getEncoding('cl100k_base');
    const text = 'hello world, مرحبا بالعالم. '.repeat(200);
    const path = join(mkdtempSync(join(tmpdir(), 'tokenlab-options-')), 'text.txt');
    writeFileSync(path, text);
    for (const [option, value, message] of bad) {
      const options = { threads: 2, ordinary: true, [option]: value } as never;
      const label = `${option} ${String(value)}`;
      await expect(encodeParallel(enc, text, options), label).rejects.toThrow(RangeError);
      await expect(encodeParallel(enc, text, options), label).rejects.toThrow(message);
      await expect(encodeFileParallel(enc, path, options), label).rejects.toThrow(/^encodeFileParallel: /);
      await expect(encodeBatch(enc, [text], options), label).rejects.toThrow(/^encodeBatch: /);
      const stream = encodeStreamParallel(enc, [text], options);
      await expect(stream.next(), label).rejects.toThrow(/^encodeStreamParallel: /);
      if (option === 'threads')
        expect(() => new EncodePool(enc, options), label).toThrow(/^EncodePool: threads/);
    }
  });
});
