import { describe, expect, it } from 'vitest';
import { CorpusRows } from './corpus-rows.js';

function pieces(rows: CorpusRows): [number[], number][] {
  const seen: [number[], number][] = [];
  rows.forEach((words, from, to, read) => {
    seen.push([Array.from(words.subarray(from, to)), read]);
  });
  return seen;
}

describe('CorpusRows', () => {
  it('replays the pieces in order with the words each read, once sealed', () => {
    const rows = new CorpusRows(1 << 16);
    rows.add(Int32Array.of(4, 0, 2, 9), 3, 4);
    rows.add(Int32Array.of(), 0, 2); // a sentence of unknown words still counts its words
    for (let i = 0; i < 500; i++) rows.add(Int32Array.of(i, i + 1), 2, 3); // past the first allocation
    expect(rows.complete).toBe(false);
    rows.seal();
    expect(rows.complete).toBe(true);
    expect(rows.length).toBe(502);
    const seen = pieces(rows);
    expect(seen.slice(0, 3)).toEqual([
      [[4, 0, 2], 4],
      [[], 2],
      [[0, 1], 3],
    ]);
    expect(seen[501]).toEqual([[499, 500], 3]);
  });

  it('gives up (and frees) past its bound, and keeps nothing with 0', async () => {
    const rows = new CorpusRows(40); // 4 bytes a word, 8 a piece
    rows.add(Int32Array.of(1, 2, 3, 4), 4, 4); // 24 bytes
    rows.add(Int32Array.of(5), 1, 1); // 36 bytes
    rows.add(Int32Array.of(6), 1, 1); // 48 bytes: over
    rows.seal();
    expect(rows.complete).toBe(false);
    expect(rows.length).toBe(0);
    const none = new CorpusRows(0);
    none.add(Int32Array.of(1), 1, 1);
    none.seal();
    expect(none.complete).toBe(false);
    const visited: number[] = [];
    const kept = new CorpusRows(1024);
    kept.add(Int32Array.of(7, 8), 2, 2);
    kept.seal();
    await kept.forEachAsync((words, from, to, read) => {
      visited.push(...words.subarray(from, to), read);
      return Promise.resolve();
    });
    expect(visited).toEqual([7, 8, 2]);
  });
});
