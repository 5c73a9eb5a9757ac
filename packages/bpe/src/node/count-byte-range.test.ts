import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countChunks } from '../chunk-counts.js';
import { mergePositionedChunks, type PositionedChunks } from '../chunk-store.js';
import { SplitPattern } from '../split-pattern.js';
import { countByteRange } from './count-byte-range.js';

const dir = mkdtempSync(join(tmpdir(), 'tokenlab-bpe-range-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TEXT = [
  '\uFEFFThe cat sat.\n',
  "It's 2024, isn't it?  \r\n",
  'قال الرجل: «السلام عليكم»\r\n\r\n',
  'emoji 😀😀 and ﷽ here\rold Mac line\n',
  'The cat sat again.\n',
  'Numbers 1234567 and   spaces   \nend',
].join('');

/** The chunks with their counts, and each chunk's first file byte worked out from the text itself. */
function expected(pattern: string) {
  const text = TEXT.replace(/\r\n?/g, '\n');
  const counts = countChunks(text, pattern);
  const firsts = new Map<string, number>();
  // Walk the file's bytes beside the chunks: each '\r\n' is two bytes of one '\n'.
  let byte = 0;
  let raw = 0;
  for (const chunk of SplitPattern.from(pattern).split(text)) {
    if (!firsts.has(chunk)) firsts.set(chunk, byte);
    for (const character of chunk) {
      if (character === '\n' && TEXT[raw] === '\r') {
        byte += TEXT[raw + 1] === '\n' ? 2 : 1;
        raw += TEXT[raw + 1] === '\n' ? 2 : 1;
      } else {
        byte += Buffer.byteLength(character);
        raw += character.length;
      }
    }
  }
  return { chunks: [...counts.keys()], counts: [...counts.values()], firsts: [...firsts.values()] };
}

function rows(table: PositionedChunks) {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const chunks: string[] = [];
  for (let i = 0, at = 0; i < table.lengths.length; at += table.lengths[i++]!)
    chunks.push(decoder.decode(table.bytes.subarray(at, at + table.lengths[i]!)));
  return { chunks, counts: [...table.counts], firsts: [...table.firsts] };
}

describe('countByteRange', () => {
  const path = join(dir, 'tricky.txt');
  writeFileSync(path, TEXT);
  const size = Buffer.byteLength(TEXT);

  for (const pattern of ['gpt4', 'gpt2']) {
    it(`${pattern}: chunks, counts and first bytes on disk; shards add up to the whole`, () => {
      const whole = countByteRange(path, pattern, { pieceSize: 5 });
      expect([whole.start, whole.end, whole.size]).toEqual([0, size, size]);
      expect(rows(whole.table)).toEqual(expected(pattern));
      expect(rows(countByteRange(path, pattern).table)).toEqual(rows(whole.table));
      for (let a = 0; a <= size; a += 7)
        for (let b = a; b <= size + 3; b += 11) {
          const shards = [
            countByteRange(path, pattern, { end: a }),
            countByteRange(path, pattern, { start: a, end: b, pieceSize: 3 }),
            countByteRange(path, pattern, { start: b }),
          ];
          expect(shards[0]!.end).toBe(shards[1]!.start);
          expect(shards[1]!.end).toBe(shards[2]!.start);
          expect(rows(mergePositionedChunks(shards.map((shard) => shard.table)))).toEqual(rows(whole.table));
        }
    });
  }

  it('adds the offset to every first position, and refuses patterns without a safe cut', () => {
    const plain = countByteRange(path, 'gpt4');
    const shifted = countByteRange(path, 'gpt4', { offset: 1000 });
    expect([...shifted.table.firsts]).toEqual([...plain.table.firsts].map((first) => first + 1000));
    // Pieces without a '\r\n' (their bytes are the file's) get the offset too.
    const unix = join(dir, 'unix.txt');
    writeFileSync(unix, TEXT.replace(/\r\n?/g, '\n'));
    const unixPlain = countByteRange(unix, 'gpt4', { pieceSize: 9 });
    const unixShifted = countByteRange(unix, 'gpt4', { pieceSize: 9, offset: 1000 });
    expect(unixPlain.table.firsts.length).toBeGreaterThan(20);
    expect([...unixShifted.table.firsts]).toEqual([...unixPlain.table.firsts].map((first) => first + 1000));
    expect(() => countByteRange(path, '\\w+')).toThrow(/only the gpt2 and gpt4 patterns/);
  });
});
