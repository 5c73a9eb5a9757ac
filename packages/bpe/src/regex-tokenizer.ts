import {
  BpeTokenizer,
  checkVocabSize,
  type MergeRule,
  type SpecialTokens,
  type TokenizerTrainOptions,
  type TrainSummary,
} from './bpe-tokenizer.js';
import { type ChunkCounts, countChunks } from './chunk-counts.js';
import { type ChunkTable, chunkTable } from './chunk-table.js';
import { trainMerges } from './fast-trainer.js';
import { trainMergesReference } from './reference-trainer.js';
import { type DroppedText, type PatternSpec, SplitPattern } from './split-pattern.js';
import type { TrainResult } from './train-progress.js';

const utf8 = new TextEncoder();

/**
 * Options of {@link RegexTokenizer.fromMerges}.
 *
 * @example
 * ```ts
 * const options: FromMergesOptions = { pattern: 'gpt2', specialTokens: { '<|eot|>': 257 } };
 * RegexTokenizer.fromMerges([[104, 105, 256]], options).encode('hi'); // [256]
 * ```
 */
export interface FromMergesOptions {
  /** The split pattern (default GPT-4). */
  pattern?: PatternSpec;
  /** Special tokens to register. */
  specialTokens?: SpecialTokens;
  /**
   * A permutation of the 256 bytes applied to raw bytes before merging and undone in `decode` (minbpe's
   * `GPT4Tokenizer` uses cl100k's byte ranks here).
   */
  byteShuffle?: ArrayLike<number>;
  /** A name for listings (default `bpe-regex`). */
  name?: string;
}

/**
 * Merges as `[left, right, id]` triples, or as `[[left, right], id]` entries (a `Map` from pair to id).
 *
 * @example
 * ```ts
 * const merges: MergesInput = new Map([[[104, 105], 256]]); // or [[104, 105, 256]]
 * RegexTokenizer.fromMerges(merges).encode('hi hi'); // [256, 32, 256]
 * ```
 */
export type MergesInput = Iterable<
  readonly [number, number, number] | readonly [readonly [number, number], number]
>;

/**
 * minbpe's `RegexTokenizer`: the text is first cut into chunks by a split pattern (GPT-4's by default),
 * merges never cross chunks, and special tokens can be registered and matched in `encode`.
 *
 * @example
 * ```ts
 * const tokenizer = new RegexTokenizer('gpt4');
 * tokenizer.train(text, 512);
 * tokenizer.registerSpecialTokens({ '<|endoftext|>': 100257 });
 * tokenizer.encode('hi<|endoftext|>', { allowedSpecial: 'all' });
 * ```
 */
export class RegexTokenizer extends BpeTokenizer {
  private splitPattern: SplitPattern;

  /** A tokenizer with no merges, splitting with `pattern` (`'gpt4'` by default, `'gpt2'`, or any pattern). */
  constructor(pattern: PatternSpec = 'gpt4') {
    super('bpe-regex');
    this.splitPattern = SplitPattern.from(pattern);
  }

  /**
   * A tokenizer from given merges, for example merges recovered from a tiktoken rank file. Merge ids need
   * not be consecutive, but each must be greater than its parts' ids, and parts must be bytes (0–255,
   * after `byteShuffle`) or earlier merges.
   *
   * @example
   * ```ts
   * const t = RegexTokenizer.fromMerges([[104, 105, 256]], { pattern: 'gpt4', specialTokens: { '<|end|>': 1000 } });
   * t.encode('hi'); // [256]
   * ```
   */
  static fromMerges(merges: MergesInput, options: FromMergesOptions = {}): RegexTokenizer {
    const tokenizer = new RegexTokenizer(options.pattern ?? 'gpt4');
    if (options.name) tokenizer.name = options.name;
    const rules: MergeRule[] = [];
    for (const entry of merges) {
      if (Array.isArray(entry[0])) {
        const [[left, right], id] = entry as readonly [readonly [number, number], number];
        rules.push([left, right, id]);
      } else rules.push(entry as MergeRule);
    }
    tokenizer.setMerges(rules, false, options.byteShuffle);
    if (options.specialTokens) tokenizer.registerSpecialTokens(options.specialTokens);
    return tokenizer;
  }

  /** The split pattern as written into `.model` files. */
  get pattern(): string {
    return this.splitPattern.source;
  }

  /** The resolved split pattern. */
  get split(): SplitPattern {
    return this.splitPattern;
  }

  protected forEachChunk(text: string, visit: (chunk: string) => void): void {
    this.splitPattern.forEachChunk(text, visit);
  }

  /**
   * What of `text` no chunk of the split pattern covers, which `decode(encode(text))` would lose: see
   * {@link SplitPattern.findDropped}. `train` calls `options.onDroppedText` with it when given.
   *
   * @example
   * ```ts
   * new RegexTokenizer(String.raw`\w+`).findDropped('Hello, world'); // { start: 5, end: 7, total: 2 }
   * ```
   */
  findDropped(text: string): DroppedText | null {
    return this.splitPattern.findDropped(text);
  }

  protected learn(text: string, numMerges: number, options: TokenizerTrainOptions): TrainResult {
    if (options.onDroppedText) {
      const dropped = this.splitPattern.findDropped(text);
      if (dropped) options.onDroppedText(dropped);
    }
    if (options.trainer === 'reference') {
      const chunks = this.splitPattern.split(text).map((chunk) => utf8.encode(chunk));
      return trainMergesReference(chunks, numMerges, options);
    }
    return trainMerges(chunkTable(countChunks(text, this.splitPattern)), numMerges, options);
  }

  /**
   * Train from chunk counts made elsewhere (by `countChunks`, the worker-thread counter, another process):
   * the same merges as training on the text, provided the counts are in first-appearance order.
   *
   * @example
   * ```ts
   * const counts = countChunks(text, 'gpt4');
   * new RegexTokenizer('gpt4').trainFromCounts(counts, 512);
   * ```
   */
  trainFromCounts(
    counts: ChunkCounts | Iterable<readonly [string | Uint8Array, number]> | ChunkTable,
    vocabSize: number,
    options: TokenizerTrainOptions = {},
  ): TrainSummary {
    checkVocabSize(vocabSize);
    this.checkSpecialsFit(vocabSize);
    return this.adopt(trainMerges(chunkTable(counts), vocabSize - 256, options));
  }

  /** @internal Used by `loadModel`: merges with ids 256, 257, ... and specials as minbpe's `load` leaves them. */
  static fromModel(
    pattern: PatternSpec,
    merges: ReadonlyArray<readonly [number, number]>,
    specials: SpecialTokens,
  ): RegexTokenizer {
    const tokenizer = new RegexTokenizer(pattern);
    tokenizer.setMergeList(merges);
    tokenizer.loadSpecialTokens(specials);
    return tokenizer;
  }
}
