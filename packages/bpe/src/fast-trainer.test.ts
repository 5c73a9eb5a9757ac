import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counts.js';
import { chunkTable } from './chunk-table.js';
import { trainMerges } from './fast-trainer.js';
import { trainMergesReference } from './reference-trainer.js';
import { SplitPattern } from './split-pattern.js';

const training = readGolden<{ id: string; text: string }>('minbpe_training_texts');
const text = training.map((row) => row.text).join('\n');
const english = training.find((row) => row.id.includes('shakespeare'))!.text;
const encoder = new TextEncoder();

describe('the fast trainer beyond the small cases', () => {
  it('equals the reference loop through many merges, when the occurrence pool is compacted', () => {
    // Over a thousand merges make the trainer reclaim the blocks of pairs that no longer occur (its pool
    // starts at twice the first occurrences), once or more on this text. Merged-away nodes are also
    // walked many times to find left neighbours.
    const sample = english.slice(0, 12000);
    const chunks = SplitPattern.from('gpt4')
      .split(sample)
      .map((chunk) => encoder.encode(chunk));
    const reference = trainMergesReference(chunks, 1500);
    const fast = trainMerges(chunkTable(countChunks(sample, 'gpt4')), 1500);
    expect(fast.exhausted).toBe(false);
    expect(fast.merges).toEqual(reference.merges);
    expect(fast.counts).toEqual(reference.counts);
  });

  it('keeps counts above 32 bits exact (the weights leave the node array)', () => {
    const table = chunkTable(countChunks(text, 'gpt4'));
    const scale = 2 ** 33;
    const big = { ...table, counts: table.counts.map((count) => count * scale) };
    const small = trainMerges(table, 400);
    const scaled = trainMerges(big, 400);
    expect(scaled.merges).toEqual(small.merges);
    expect(scaled.counts).toEqual(small.counts.map((count) => count * scale));
  });
});
