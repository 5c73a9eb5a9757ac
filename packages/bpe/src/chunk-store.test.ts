import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counts.js';
import { ChunkStore, mergePositionedChunks } from './chunk-store.js';
import { growArray, mappedArray } from './mapped-array.js';
import { scanCl100kPiece } from './piece-scanners.js';

const text = 'The cat sat on the mat.\nقال الرجل: «السلام عليكم» 123 😀 the cat\r\n  the   end';

function fill(store: ChunkStore): void {
  for (let at = 0; at < text.length; ) {
    const next = scanCl100kPiece(text, at, text.length);
    store.add(text, at, next, at);
    at = next;
  }
}

describe('ChunkStore', () => {
  it('gives the same table with its arrays mapped or not, equal to countChunks', () => {
    const plain = new ChunkStore();
    const mapped = new ChunkStore({ mapped: true });
    fill(plain);
    fill(mapped);
    const a = mergePositionedChunks([plain.positioned()]);
    const b = mergePositionedChunks([mapped.positioned()]);
    expect([...b.bytes]).toEqual([...a.bytes]);
    expect([...b.lengths]).toEqual([...a.lengths]);
    expect([...b.counts]).toEqual([...a.counts]);
    expect([...b.firsts]).toEqual([...a.firsts]);
    const decoder = new TextDecoder();
    const chunks: Array<[string, number]> = [];
    for (let i = 0, offset = 0; i < a.lengths.length; offset += a.lengths[i++]!)
      chunks.push([decoder.decode(a.bytes.subarray(offset, offset + a.lengths[i]!)), a.counts[i]!]);
    expect(chunks).toEqual([...countChunks(text, 'gpt4')]);
  });
});

describe('mappedArray', () => {
  it('reserves at least 32 MiB, zeroed, and growArray keeps the elements', () => {
    const small = mappedArray(Float64Array, 10);
    expect(small.byteLength).toBeGreaterThanOrEqual(32 << 20);
    expect(small.every((value) => value === 0)).toBe(true);
    const ids = new Int32Array([5, 6, 7]);
    const grown = growArray(ids, 4, false);
    expect(grown.length).toBe(6);
    expect([...grown]).toEqual([5, 6, 7, 0, 0, 0]);
    const big = growArray(ids, 4, true);
    expect(big.length).toBeGreaterThanOrEqual(8 << 20);
    expect([...big.subarray(0, 4)]).toEqual([5, 6, 7, 0]);
  });
});
