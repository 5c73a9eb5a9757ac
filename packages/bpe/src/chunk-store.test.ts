import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counts.js';
import { ChunkStore, mergePositionedChunks, type PositionedChunks } from './chunk-store.js';
import { interleaveByFirst } from './interleave-by-first.js';
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

/**
 * Deal each segment's chunks to the store its number names, positions increasing through the text
 * (as ranges are dealt to workers); returns one store that saw every chunk.
 */
function deal(
  segments: ReadonlyArray<readonly [readonly string[], number]>,
  stores: ChunkStore[],
): ChunkStore {
  const whole = new ChunkStore();
  let position = 0;
  for (const [chunks, store] of segments)
    for (const chunk of chunks) {
      stores[store]!.add(chunk, 0, chunk.length, position);
      whole.add(chunk, 0, chunk.length, position);
      position += chunk.length;
    }
  return whole;
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

/** A table as rows, chunks decoded. */
function rows(table: PositionedChunks): Array<[string, number, number]> {
  const decoder = new TextDecoder();
  const out: Array<[string, number, number]> = [];
  for (let i = 0, offset = 0; i < table.lengths.length; offset += table.lengths[i++]!)
    out.push([
      decoder.decode(table.bytes.subarray(offset, offset + table.lengths[i]!)),
      table.counts[i]!,
      table.firsts[i]!,
    ]);
  return out;
}

/** What merging means, written plainly: union in part order, counts summed, smallest first, stable sort by it. */
function plainMerge(parts: readonly PositionedChunks[]): Array<[string, number, number]> {
  const byChunk = new Map<string, [string, number, number]>();
  for (const part of parts)
    for (const [chunk, count, first] of rows(part)) {
      const row = byChunk.get(chunk);
      if (row === undefined) byChunk.set(chunk, [chunk, count, first]);
      else {
        row[1] += count;
        row[2] = Math.min(row[2], first);
      }
    }
  return [...byChunk.values()].sort((a, b) => a[2] - b[2]);
}

describe('mergePositionedChunks', () => {
  const pieces = ['the', ' cat', ' the', '\n', 'قال', ' الرجل', '😀', ' 1', '23', '.', ' ', 'é'];
  it('adds up parts in increasing order (as the count workers make them), in any order or overlapping', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.array(fc.constantFrom(...pieces), { maxLength: 6 }), fc.nat(3)), {
          maxLength: 12,
        }),
        fc.nat(3),
        fc.constantFrom('dealt', 'reversed', 'overlapping'),
        (segments, extra, layout) => {
          // Each segment of chunks goes to the part its number names; positions increase in each part.
          const stores = Array.from({ length: 4 }, () => new ChunkStore());
          const whole = deal(segments, stores);
          let parts = stores.map((store) => store.positioned());
          if (layout === 'reversed') parts = parts.map(reversed);
          if (layout === 'overlapping') parts = [...parts, parts[extra]!];
          const merged = rows(mergePositionedChunks(parts));
          expect(merged).toEqual(plainMerge(parts));
          if (layout !== 'overlapping') expect(merged).toEqual(rows(whole.positioned()));
        },
      ),
      { numRuns: 500, seed: 9 },
    );
  });
});

describe('ChunkStore.partitioned and interleaveByFirst', () => {
  const pieces = [
    'the',
    ' cat',
    ' the',
    '\n',
    'قال',
    ' الرجل',
    '😀',
    ' 1',
    '23',
    '.',
    ' ',
    'é',
    'a longer chunk',
  ];
  it('split stores by hash so that adding up part by part, then interleaving, gives the whole table', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.array(fc.constantFrom(...pieces), { maxLength: 6 }), fc.nat(2)), {
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 5 }),
        fc.nat(19),
        (segments, parts, mappedOne) => {
          // Ranges dealt to three stores (as to three workers), positions increasing through the text.
          // One run in twenty with mapped stores (their arrays are large).
          const stores = Array.from({ length: 3 }, () => new ChunkStore({ mapped: mappedOne === 0 }));
          const whole = deal(segments, stores);
          const split = stores.map((store) => store.partitioned(parts));
          for (const [s, store] of stores.entries()) {
            expect(split[s]!.length).toBe(parts);
            // Each part keeps the store's order; together they are the store's table.
            const all = split[s]!.flatMap(rows);
            expect(all.sort((a, b) => a[2] - b[2])).toEqual(rows(store.positioned()));
          }
          // A chunk is in the same part in every store.
          const partOf = new Map<string, number>();
          for (const tables of split)
            for (const [part, table] of tables.entries())
              for (const [chunk] of rows(table)) {
                expect(partOf.get(chunk) ?? part).toBe(part);
                partOf.set(chunk, part);
              }
          const sums = Array.from({ length: parts }, (_, part) =>
            mergePositionedChunks(split.map((tables) => tables[part]!)),
          );
          expect(rows(interleaveByFirst(sums))).toEqual(rows(whole.positioned()));
        },
      ),
      { numRuns: 300, seed: 17 },
    );
  });

  it('refuses more than 256 parts', () => {
    expect(() => new ChunkStore().partitioned(257)).toThrow(RangeError);
    expect(() => new ChunkStore().partitioned(0)).toThrow(RangeError);
  });
});

function reversed(table: PositionedChunks): PositionedChunks {
  const encoder = new TextEncoder();
  const back = rows(table).reverse();
  const bytes = encoder.encode(back.map((row) => row[0]).join(''));
  return {
    bytes,
    lengths: Int32Array.from(back, (row) => encoder.encode(row[0]).length),
    counts: Float64Array.from(back, (row) => row[1]),
    firsts: Float64Array.from(back, (row) => row[2]),
  };
}

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
