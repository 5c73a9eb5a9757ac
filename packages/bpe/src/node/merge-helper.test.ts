import { fileURLToPath } from 'node:url';
import { readGolden, runAsInputPrograms, tempFileWriter } from '@tokenlab/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countChunks } from '../chunk-counts.js';
import { type ChunkTable, chunkTable } from '../chunk-table.js';
import { trainMerges, trainMergesInSegments } from '../fast-trainer.js';
import type { MergeHelper } from '../merge-helper.js';
import { trainMergesReference } from '../reference-trainer.js';
import { seededRandom } from '../test-random.js';
import { type NodeMergeHelper, startMergeHelper } from './merge-helper.js';

const training = readGolden<{ id: string; text: string }>('minbpe_training_texts');
const text = training.map((row) => row.text).join('\n');
const english = training.find((row) => row.id.includes('shakespeare'))!.text;
const encoder = new TextEncoder();

/** The chunks of `table`, each repeated by its count, for the reference loop. */
function chunksOf(table: ChunkTable): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0, offset = 0; i < table.lengths.length; i++) {
    const chunk = table.bytes.subarray(offset, offset + table.lengths[i]!);
    for (let k = 0; k < table.counts[i]!; k++) chunks.push(chunk);
    offset += table.lengths[i]!;
  }
  return chunks;
}

/** `helper` with a count of the merges it was given a share of. */
function counted(helper: MergeHelper): MergeHelper & { jobs: number } {
  return {
    jobs: 0,
    get minRecords() {
      return helper.minRecords;
    },
    get ready() {
      return helper.ready;
    },
    attach: (arrays, vocab) => helper.attach(arrays, vocab),
    begin(left, right, id, from, to, pool) {
      this.jobs++;
      helper.begin(left, right, id, from, to, pool);
    },
    end: () => helper.end(),
    detach: () => helper.detach(),
  };
}

/** Random words of Latin and Arabic letters with counts 1 to 3, until their bytes reach `size`. */
function randomWords(seed: number, size: number): ChunkTable {
  const next = seededRandom(seed);
  const letters = ['a', 'b', 'c', 'd', 'e', 'ا', 'ل', 'م', 'ن', ' '];
  const words = new Map<string, number>();
  let bytes = 0;
  while (bytes < size) {
    let word = '';
    for (let k = 2 + Math.floor(next() * 10); k > 0; k--)
      word += letters[Math.floor(next() * letters.length)];
    if (!words.has(word)) bytes += encoder.encode(word).length;
    words.set(word, (words.get(word) ?? 0) + 1 + Math.floor(next() * 3));
  }
  return chunkTable(words);
}

describe('a merge helper thread', () => {
  // Every list of 2 records or more is shared, so that the helper merges in nearly every step.
  let helper: NodeMergeHelper;
  beforeAll(async () => {
    helper = startMergeHelper({ minRecords: 2 });
    const started = Date.now();
    while (!helper.ready && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 10));
    expect(helper.ready).toBe(true);
  }, 40_000);
  afterAll(() => helper.close());

  it('gives the merges and counts of one thread, sharing most merges', () => {
    const tables: Array<[string, ChunkTable]> = [
      ['the training texts, GPT-4 chunks', chunkTable(countChunks(text, 'gpt4'))],
      ['random Latin and Arabic words', randomWords(5, 60_000)],
    ];
    for (const [name, table] of tables) {
      const alone = trainMerges(table, 1500);
      const sharing = counted(helper);
      const shared = trainMerges(table, 1500, { helper: sharing });
      expect(shared.merges, name).toEqual(alone.merges);
      expect(shared.counts, name).toEqual(alone.counts);
      expect(shared.exhausted, name).toBe(alone.exhausted);
      expect(sharing.jobs, name).toBeGreaterThan(300);
    }
    // And the reference loop's, on a part small enough for it.
    const small = chunkTable(countChunks(english.slice(0, 6000), 'gpt4'));
    expect(trainMerges(small, 400, { helper }).merges).toEqual(
      trainMergesReference(chunksOf(small), 400).merges,
    );
  });

  it('keeps long chunks (chains of segments) whole on one side of the cut', () => {
    // Segments of 1 to 7 bytes make most lists hold several segments of one chunk, where the cut must
    // not fall; occurrences across two segments and emptied segments occur throughout.
    const next = seededRandom(9);
    const ties = Array.from({ length: 3000 }, () => 'ab '[Math.floor(next() * 3)]).join('');
    const tables: Array<[string, ChunkTable]> = [
      ['ties, a few long chunks', chunkTable(countChunks(`${ties} ${ties.slice(7)}`, 'gpt2'))],
      ['english in regex chunks', chunkTable(countChunks(english.slice(0, 8000), 'gpt4'))],
      ['one long chunk', chunkTable([[encoder.encode(english.slice(0, 5000)), 2]])],
    ];
    for (const [name, table] of tables)
      for (const segment of [1, 2, 3, 7]) {
        const alone = trainMergesInSegments(table, 400, segment);
        const shared = trainMergesInSegments(table, 400, segment, { helper });
        expect(shared.merges, `${name}, segments of ${segment}`).toEqual(alone.merges);
        expect(shared.counts, `${name}, segments of ${segment}`).toEqual(alone.counts);
      }
  });

  it('keeps counts above 32 bits and ids above 16 bits exact', () => {
    const table = chunkTable(countChunks(english.slice(0, 20000), 'gpt4'));
    const big = { ...table, counts: table.counts.map((count) => count * 2 ** 33) };
    expect(trainMerges(big, 600, { helper })).toEqual(trainMerges(big, 600));
    // 70,000 merges asked for: 32-bit records.
    const wide = trainMerges(table, 70_000, { helper });
    expect(wide).toEqual(trainMerges(table, 70_000));
  });

  it('serves one training after another, and trains alone while not ready', () => {
    const table = randomWords(8, 20_000);
    const expected = trainMerges(table, 300);
    for (let round = 0; round < 3; round++) expect(trainMerges(table, 300, { helper })).toEqual(expected);
    const notReady: MergeHelper = {
      minRecords: 2,
      ready: false,
      attach: () => {},
      begin: () => {
        throw new Error('begin on a helper that is not ready');
      },
      end: () => {
        throw new Error('end on a helper that is not ready');
      },
      detach: () => {},
    };
    expect(trainMerges(table, 300, { helper: notReady })).toEqual(expected);
  });

  it('starts from `node -e` and from a program on stdin, and does not keep the process alive unclosed', () => {
    const line = 'the cat sat on the mat, the cat sat on the hat\n';
    const file = tempFileWriter('tokenlab-helper-')(line.repeat(2000));
    const script = [
      "const { countFileTable, startMergeHelper } = await import('@tokenlab/bpe/node');",
      `const table = await countFileTable([${JSON.stringify(file)}], 'gpt4', { workers: 2, rangeSize: 4096 });`,
      'const helper = startMergeHelper();',
      'const started = Date.now();',
      'while (!helper.ready && Date.now() - started < 20000) await new Promise((r) => setTimeout(r, 5));',
      "console.log(table.lengths.length, helper.ready ? 'ready' : 'not ready');",
    ].join('\n');
    for (const run of runAsInputPrograms(script, fileURLToPath(new URL('../..', import.meta.url)))) {
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe(`${countChunks(line, 'gpt4').size} ready\n`);
      expect(run.status).toBe(0);
    }
  }, 60_000);

  it('refuses a share of fewer than 2 records, and closes twice without harm', async () => {
    expect(() => startMergeHelper({ minRecords: 1 })).toThrow(/minRecords must be an integer of at least 2/);
    expect(() => startMergeHelper({ minRecords: 2.5 })).toThrow(/minRecords/);
    const other = startMergeHelper();
    await other.close();
    await other.close();
    expect(other.ready).toBe(false);
    expect(other.failure).toBeUndefined();
    expect(helper.failure).toBeUndefined();
  });
});
