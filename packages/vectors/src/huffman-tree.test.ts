import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { huffmanTree } from './huffman-tree.js';

describe('huffmanTree as gensim 4.2', () => {
  it('the same codes and points as gensim on 300 words with many tied counts', async () => {
    // scripts/make-huffman-fixture.py: gensim's Word2Vec(hs=1) vocabulary, in gensim's order.
    const fixture: { counts: number[]; codes: number[][]; points: number[][] } = JSON.parse(
      await readFile(new URL('../test/fixtures/huffman.json', import.meta.url), 'utf8'),
    );
    const tree = huffmanTree(fixture.counts);
    fixture.counts.forEach((_, row) => {
      expect(tree.path(row)).toEqual({ codes: fixture.codes[row], points: fixture.points[row] });
    });
    expect(new Set(fixture.counts).size).toBeLessThan(fixture.counts.length / 2);
  });

  it('small trees by hand; one word has an empty path', () => {
    // (2,#2) and (3,#1) merge into #3 (count 5); then heapq pops #0 before #3: #0 is the root's left child.
    const tree = huffmanTree([5, 3, 2]);
    expect([0, 1, 2].map((row) => tree.path(row))).toEqual([
      { codes: [0], points: [1] },
      { codes: [1, 1], points: [1, 0] },
      { codes: [1, 0], points: [1, 0] },
    ]);
    expect(huffmanTree([7]).path(0)).toEqual({ codes: [], points: [] });
    expect(() => huffmanTree([])).toThrow('at least one word');
  });
});
