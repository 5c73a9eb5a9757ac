import { describe, expect, it } from 'vitest';
import { huffmanTree } from './huffman-tree.js';
import { createTrainingMemory, type TrainingMemory } from './kernels/word2vec-kernels.js';
import { NegativeSampler } from './negative-sampler.js';
import { SeededRandom } from './random.js';
import { vocabularyFromCounts } from './vocabulary.js';
import { type TrainerSettings, trainingLayout, Word2VecTrainer } from './word2vec-trainer.js';

const COUNTS = [90, 60, 41, 40, 22, 13, 13, 9, 5, 5, 4, 2];
const WORDS = COUNTS.map((_, i) => `w${i}`);

/**
 * Trains the same sentences from the same weights twice: through the WebAssembly sentence loops, and through
 * the JavaScript loops over the same kernels (the sentence loops hidden). Both must give the same bits.
 */
function trainTwice(settings: TrainerSettings): [Int32Array, Int32Array] {
  const vocabulary = vocabularyFromCounts(WORDS, COUNTS, 500, 0);
  const sampler = settings.negative > 0 ? NegativeSampler.fromTable(vocabulary.negativeTable) : undefined;
  const tree = settings.hs ? huffmanTree(COUNTS) : undefined;
  const rows = WORDS.length;
  const steps = tree ? (tree.offsets[rows] as number) : 0;
  const { bytes, layout } = trainingLayout(rows, settings, 1, sampler?.starts.length ?? 0, steps);
  const results: Int32Array[] = [];
  for (const loops of [true, false]) {
    const created = createTrainingMemory(bytes, false);
    expect(created.simd).toBe(true);
    const memory: TrainingMemory = loops
      ? created
      : { ...created, kernels: { ...created.kernels, cbowSentence: undefined, skipGramSentence: undefined } };
    if (sampler) {
      new Int32Array(memory.buffer, layout.negativeTable, rows).set(sampler.table);
      new Int32Array(memory.buffer, layout.negativeStarts, sampler.starts.length).set(sampler.starts);
    }
    if (tree) {
      new Int32Array(memory.buffer, layout.treeOffsets, rows + 1).set(tree.offsets);
      new Int32Array(memory.buffer, layout.treePoints, steps).set(tree.points);
      new Int32Array(memory.buffer, layout.treeCodes, steps).set(tree.codes);
    }
    const weights = new Float32Array(memory.buffer, 0, layout.scratch / 4);
    const init = new SeededRandom(5);
    for (let i = 0; i < rows * settings.vectorSize; i++) weights[i] = (init.nextFloat() - 0.5) / 4;
    const tables = { keepThreshold: vocabulary.keepThreshold, sampler, tree };
    const trainer = new Word2VecTrainer(memory, layout, settings, tables, new SeededRandom(9), 0);
    const draw = new SeededRandom(11);
    for (let s = 0; s < 40; s++) {
      const sentence = Int32Array.from({ length: 3 + (s % 9) }, () => draw.nextUint32() % rows);
      trainer.trainRows(sentence, sentence.length, 0.05);
    }
    // The weight matrices' bits (the sampler's and tree's tables after them are integers).
    const matrices = settings.negative > 0 ? layout.negativeTable : layout.treeOffsets;
    results.push(new Int32Array(weights.buffer.slice(0, matrices)));
  }
  return results as [Int32Array, Int32Array];
}

describe('Word2VecTrainer', () => {
  for (const sg of [false, true])
    for (const [hs, negative] of [
      [true, 0],
      [true, 3],
      [false, 3],
    ] as const) {
      it(`the WebAssembly sentence loop equals the JavaScript one (${sg ? 'skip-gram' : 'CBOW'}, hs ${hs}, negative ${negative})`, () => {
        const settings = { vectorSize: 10, window: 3, sg, hs, negative, cbowMean: true };
        const [loops, javascript] = trainTwice(settings);
        const first = loops.findIndex((value, i) => value !== javascript[i]);
        expect([first, loops[first], javascript[first]]).toEqual([-1, undefined, undefined]);
        // Training moved the weights (the comparison is not between two untouched copies).
        const init = new SeededRandom(5);
        const before = new Float32Array([(init.nextFloat() - 0.5) / 4]);
        expect(loops[0]).not.toBe(new Int32Array(before.buffer)[0]);
      });
    }
});
