import { requireText } from '@tokenlab/core';
import {
  BpeTokenizer,
  checkVocabSize,
  type SpecialTokens,
  type TokenizerTrainOptions,
} from './bpe-tokenizer.js';
import { chunkTable } from './chunk-table.js';
import { trainMerges } from './fast-trainer.js';
import { trainMergesReference } from './reference-trainer.js';
import type { TrainResult } from './train-progress.js';

const utf8 = new TextEncoder();

/**
 * minbpe's `BasicTokenizer`: byte-level BPE over the whole text as one sequence, no split pattern
 * (merges may cross spaces and lines). Encoding ignores special tokens, as minbpe's does.
 *
 * @example
 * ```ts
 * const tokenizer = new BasicTokenizer();
 * tokenizer.train('aaabdaaabac', 259);
 * tokenizer.encode('aaabdaaabac'); // [258, 100, 258, 97, 99]
 * ```
 */
export class BasicTokenizer extends BpeTokenizer {
  /** A tokenizer with no merges yet. */
  constructor() {
    super('bpe-basic');
  }

  /** Always `''`: a BasicTokenizer has no split pattern (minbpe writes an empty line). */
  get pattern(): string {
    return '';
  }

  protected forEachChunk(text: string, visit: (chunk: string) => void): void {
    if (text.length > 0) visit(text);
  }

  /**
   * Encode text to ids, as minbpe's `BasicTokenizer.encode`: special tokens are not matched.
   *
   * @example
   * ```ts
   * new BasicTokenizer().encode('hi'); // [104, 105]
   * ```
   */
  override encode(text: string): number[] {
    requireText(text, 'BasicTokenizer.encode');
    return this.encodeOrdinary(text);
  }

  /**
   * Learn merges from raw bytes (for a corpus held as bytes rather than as one string; the text must be
   * valid UTF-8 for the result to equal training on the decoded text).
   *
   * @example
   * ```ts
   * new BasicTokenizer().trainBytes(new TextEncoder().encode('aaab'), 257).merges; // [[97, 97]]
   * ```
   */
  trainBytes(bytes: Uint8Array, vocabSize: number, options: TokenizerTrainOptions = {}) {
    checkVocabSize(vocabSize);
    this.checkSpecialsFit(vocabSize);
    return this.adopt(this.learnBytes(bytes, vocabSize - 256, options));
  }

  /** @internal Used by `loadModel`: merges with ids 256, 257, ... and specials as minbpe's `load` leaves them. */
  static fromModel(
    merges: ReadonlyArray<readonly [number, number]>,
    specials: SpecialTokens,
  ): BasicTokenizer {
    const tokenizer = new BasicTokenizer();
    tokenizer.setMergeList(merges);
    tokenizer.loadSpecialTokens(specials);
    return tokenizer;
  }

  protected learn(text: string, numMerges: number, options: TokenizerTrainOptions): TrainResult {
    return this.learnBytes(utf8.encode(text), numMerges, options);
  }

  private learnBytes(bytes: Uint8Array, numMerges: number, options: TokenizerTrainOptions): TrainResult {
    if (options.trainer === 'reference') return trainMergesReference([bytes], numMerges, options);
    return trainMerges(chunkTable([[bytes, 1]]), numMerges, options);
  }
}
