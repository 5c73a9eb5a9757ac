import { MAX_WORKER_THREADS, optionNames, requireOptionNames } from '@tokenlab/core';
import { CorpusRows } from './corpus-rows.js';
import { type HuffmanTree, huffmanTree } from './huffman-tree.js';
import { createTrainingMemory, type TrainingMemory } from './kernels/word2vec-kernels.js';
import { KeyedVectors } from './keyed-vectors.js';
import { NegativeSampler } from './negative-sampler.js';
import { OptionError, requireOptionsObject, shownValue } from './option-error.js';
import { SeededRandom } from './random.js';
import type { StartTrainingThread, TrainingThread, TrainingThreadReply } from './training-threads.js';
import { type Vocabulary, VocabularyCounter, vocabularyFromCounts } from './vocabulary.js';
import {
  checkWeights,
  MAX_SENTENCE_ROWS,
  type TrainerSettings,
  type TrainingLayout,
  type TrainingTables,
  trainingLayout,
  Word2VecTrainer,
  type Word2VecWeights,
} from './word2vec-trainer.js';

/**
 * Parameters of {@link Word2Vec.train}, named and defaulted as gensim's `Word2Vec`.
 *
 * @example
 * ```ts
 * const options: Word2VecOptions = { sg: true, hs: true, negative: 0, vectorSize: 50, minCount: 2, seed: 1 };
 * ```
 */
export interface Word2VecOptions {
  /** Dimension of the vectors (default 100); at most {@link MAX_VECTOR_SIZE}. */
  vectorSize?: number;
  /** Largest distance between the current and a context word (default 5); each position draws a window in 1..window. */
  window?: number;
  /** Words seen fewer times are ignored (default 5). */
  minCount?: number;
  /** Bound on distinct words held while counting, pruning rare ones as gensim's `max_vocab_size` (default: none). */
  maxVocabSize?: number;
  /** Keep at most this many words, raising `minCount` as gensim's `max_final_vocab` (default: none). */
  maxFinalVocab?: number;
  /** Down-sampling threshold of frequent words (default 1e-3; 0 turns it off). */
  sample?: number;
  /** Skip-gram when true, CBOW when false (default false, as gensim's `sg=0`). */
  sg?: boolean;
  /** Hierarchical softmax over gensim's Huffman tree (default false, as gensim's `hs=0`). */
  hs?: boolean;
  /** Negative samples per positive one (default 5; 0 turns negative sampling off, then `hs` is needed). */
  negative?: number;
  /** CBOW averages the context vectors when true (default), sums them when false (gensim's `cbow_mean`). */
  cbowMean?: boolean;
  /** Initial learning rate (default 0.025). */
  alpha?: number;
  /** Learning rate reached at the end, decaying linearly (default 0.0001). */
  minAlpha?: number;
  /** Passes over the corpus (default 5). */
  epochs?: number;
  /** Seed of the initial vectors, down-sampling, windows and negative samples (default 1, as gensim). */
  seed?: number;
  /**
   * Training threads (default 1: training runs in the calling thread, deterministic for a seed). More
   * train in parallel on shared weights without locks, as gensim's `workers` (not deterministic); they
   * need {@link Word2VecOptions.threads} and the asynchronous `trainAsync`.
   */
  workers?: number;
  /** Starts a training thread when `workers` > 1: `startWorkerThread` of `@tokenlab/vectors/node` in Node. */
  threads?: StartTrainingThread;
  /** Called after each epoch, and every {@link Word2VecOptions.progressEvery} tokens. */
  onProgress?: (progress: Word2VecProgress) => void;
  /** Also report progress each time this many more tokens have been read (default 0: only after each epoch). */
  progressEvery?: number;
  /** See {@link TrainCallOptions.corpusCacheBytes}. */
  corpusCacheBytes?: number;
}

/** Every option of {@link Word2VecOptions}, for the check of unknown names (gensim's `vector_size` and so on). */
const WORD2VEC_OPTIONS = optionNames<Word2VecOptions>()([
  'vectorSize',
  'window',
  'minCount',
  'maxVocabSize',
  'maxFinalVocab',
  'sample',
  'sg',
  'hs',
  'negative',
  'cbowMean',
  'alpha',
  'minAlpha',
  'epochs',
  'seed',
  'workers',
  'threads',
  'onProgress',
  'progressEvery',
  'corpusCacheBytes',
]);

/**
 * The options a model keeps (those that shape it; callbacks are per call), defaults filled in.
 *
 * @example
 * ```ts
 * const settings: Word2VecSettings = model.options;
 * settings.vectorSize; // 100 unless chosen otherwise
 * ```
 */
export type Word2VecSettings = Readonly<
  Required<
    Omit<
      Word2VecOptions,
      'onProgress' | 'progressEvery' | 'maxVocabSize' | 'maxFinalVocab' | 'threads' | 'corpusCacheBytes'
    >
  >
> & {
  /** Bound on distinct words while counting (gensim's `max_vocab_size`); undefined: none. */
  readonly maxVocabSize: number | undefined;
  /** Most words kept (gensim's `max_final_vocab`); undefined: no limit. */
  readonly maxFinalVocab: number | undefined;
};

/**
 * What {@link Word2VecOptions.onProgress} receives.
 *
 * @example
 * ```ts
 * Word2Vec.train(sentences, { onProgress: (p: Word2VecProgress) => console.log(p.epoch, p.tokensRead, p.alpha) });
 * ```
 */
export interface Word2VecProgress {
  /** The epoch being trained (1-based); after an epoch, the one just finished. */
  epoch: number;
  /** Total number of epochs of the run. */
  epochs: number;
  /** Whether `epoch` is finished. */
  epochDone: boolean;
  /** Corpus tokens read so far in this run, over all epochs. */
  tokensRead: number;
  /** Tokens actually trained on so far in this run (known words kept by down-sampling). */
  tokensTrained: number;
  /** Current learning rate. */
  alpha: number;
}

/**
 * Options of {@link Word2Vec.train} continuing a model (`model.train(corpus, …)`).
 *
 * @example
 * ```ts
 * model.train(sentences, { epochs: 2 }); // two more epochs of the planned schedule
 * ```
 */
export interface TrainCallOptions {
  /**
   * How many epochs to train now. While the planned epochs are not all done (a model from
   * {@link Word2Vec.buildVocab} or a saved half-trained one): at most the remaining ones, default all of them,
   * continuing the same learning-rate schedule. Once they are done: a new run of this many epochs (default
   * the model's `epochs`), the learning rate decaying again from `alpha` to `minAlpha`, as gensim's second
   * `train` call (its epoch length taken as the tokens counted by the vocabulary scan).
   */
  epochs?: number;
  /** Called after each epoch, and every `progressEvery` tokens. */
  onProgress?: (progress: Word2VecProgress) => void;
  /** Also report progress each time this many more tokens have been read (default 0). */
  progressEvery?: number;
  /** Training threads for this call (default the model's `workers`); see {@link Word2VecOptions.workers}. */
  workers?: number;
  /** Starts a training thread when `workers` > 1 (see {@link Word2VecOptions.threads}). */
  threads?: StartTrainingThread;
  /**
   * The first epoch of the call keeps the corpus as vocabulary rows (4 bytes a known word, 8 a sentence)
   * up to this many bytes, and the later epochs train from them instead of reading the corpus again
   * (the same sentences in the same order, so the same vectors). A corpus beyond it is read every epoch.
   * Default: the size of the weights, so that training memory stays within twice the weights; 0 reads
   * every epoch.
   */
  corpusCacheBytes?: number;
}

/** Every option of {@link TrainCallOptions}, for the check of unknown names. */
const TRAIN_CALL_OPTIONS = optionNames<TrainCallOptions>()([
  'epochs',
  'onProgress',
  'progressEvery',
  'workers',
  'threads',
  'corpusCacheBytes',
]);

/**
 * A corpus: token arrays, one per sentence. `Word2Vec` reads it once to count words and once per epoch, so
 * it must be re-iterable: an array, an object whose iterator starts afresh each time (such as
 * `lineSentences` of `@tokenlab/vectors/node`), or a function returning a fresh (async) iterable. An
 * iterator that can be read only once is reported when the second pass finds it empty.
 *
 * @example
 * ```ts
 * const corpus: Corpus = () => readSentences('big.txt'); // an async generator over the file
 * ```
 */
export type Corpus =
  | Iterable<readonly string[]>
  | AsyncIterable<readonly string[]>
  | (() => Iterable<readonly string[]> | AsyncIterable<readonly string[]>);

/**
 * A synchronous corpus: what {@link Word2Vec.train} accepts.
 *
 * @example
 * ```ts
 * const corpus: SyncCorpus = [['the', 'cat'], ['the', 'dog']];
 * ```
 */
export type SyncCorpus = Iterable<readonly string[]> | (() => Iterable<readonly string[]>);

/**
 * Largest accepted {@link Word2VecOptions.vectorSize}: beyond it, a typo (10^6) would ask for gigabytes.
 *
 * @example
 * ```ts
 * Word2Vec.train(sentences, { vectorSize: MAX_VECTOR_SIZE + 1 }); // throws RangeError
 * ```
 */
export const MAX_VECTOR_SIZE = 10_000;

/** gensim hands sentences to the trainer in pieces of at most 10,000 words, and its threads jobs of about as many. */
const MAX_WORDS_IN_BATCH = MAX_SENTENCE_ROWS;
/** Jobs waiting or running per training thread: enough to keep it busy while this thread waits for a core. */
const JOBS_PER_THREAD = 4;
/**
 * Everything a model is: what the model file (`formatModel`, `saveModel`) holds to continue training exactly.
 *
 * @example
 * ```ts
 * const state: Word2VecState = model.state();
 * state.epochsDone; // epochs of the current run already trained
 * ```
 */
export interface Word2VecState {
  /** The parameters. */
  settings: Word2VecSettings;
  /** The words, most frequent first. */
  words: string[];
  /** Their corpus counts. */
  counts: number[];
  /** Tokens of the corpus counted by the vocabulary scan (the learning-rate schedule's epoch length). */
  totalTokens: number;
  /** The weights. */
  weights: Word2VecWeights;
  /** Epochs of the current run. */
  runEpochs: number;
  /** Epochs of the current run already trained. */
  epochsDone: number;
  /** State of the random stream. */
  randomState: number;
}

/**
 * A word2vec model trained here: skip-gram or CBOW with negative sampling and/or hierarchical softmax,
 * gensim's parameters and defaults, single-threaded and deterministic for a given seed. `wv` holds the word
 * vectors. Training can stop and continue (see {@link Word2Vec.buildVocab} and {@link Word2Vec.train}).
 *
 * @example
 * ```ts
 * import { Word2Vec } from '@tokenlab/vectors';
 * const model = Word2Vec.train([['the', 'cat', 'sat'], ['the', 'dog', 'sat']], { minCount: 1, seed: 1 });
 * model.wv.similarity('cat', 'dog');
 * ```
 */
export class Word2Vec {
  /** The parameters used, defaults filled in. */
  readonly options: Word2VecSettings;
  /** Corpus count of each word of `wv`, in row order. */
  readonly counts: readonly number[];
  /** The Huffman tree of hierarchical softmax (with `hs`). */
  readonly tree: HuffmanTree | undefined;
  private readonly vocabulary: Vocabulary;
  private weights: Word2VecWeights;
  /** The memory the weights live in while trained, and where; undefined until the first training of loaded weights. */
  private training: { memory: TrainingMemory; layout: TrainingLayout } | undefined;
  private tables: TrainingTables | undefined;
  private readonly random: SeededRandom;
  private runEpochs: number;
  private epochsDone: number;
  private cachedWv: KeyedVectors | undefined;

  private constructor(state: Word2VecState) {
    this.options = state.settings;
    this.vocabulary = vocabularyFromCounts(
      state.words,
      state.counts,
      state.totalTokens,
      state.settings.sample,
    );
    this.counts = state.counts;
    this.tree = state.settings.hs ? huffmanTree(state.counts) : undefined;
    this.weights = state.weights;
    this.random = new SeededRandom(state.randomState);
    this.training = undefined;
    this.runEpochs = state.runEpochs;
    this.epochsDone = state.epochsDone;
  }

  /**
   * The word vectors (gensim's `wv`): a view of the input weights, rebuilt after more training.
   *
   * @example
   * ```ts
   * model.wv.mostSimilar({ positive: ['king'], topn: 5 });
   * ```
   */
  get wv(): KeyedVectors {
    this.cachedWv ??= new KeyedVectors(this.vocabulary.words, this.weights.input, this.options.vectorSize);
    return this.cachedWv;
  }

  /**
   * Epochs of the current run already trained, and how many it has.
   *
   * @example
   * ```ts
   * model.progress; // { epochsDone: 2, epochs: 5 }
   * ```
   */
  get progress(): {
    /** Epochs of the current run already trained. */
    epochsDone: number;
    /** Epochs of the current run. */
    epochs: number;
  } {
    return { epochsDone: this.epochsDone, epochs: this.runEpochs };
  }

  /**
   * Trains on `corpus` (token arrays from any tokenizer): counts the words, then trains all epochs. Errors,
   * before anything is trained: an empty corpus, a vocabulary empty after `minCount`, an out-of-range
   * parameter; during training: a weight that is not finite or beyond ±10,000 (a learning rate far too large),
   * reported with the epoch.
   *
   * @example
   * ```ts
   * const model = Word2Vec.train(sentences, { sg: true, vectorSize: 50, minCount: 2, seed: 7 });
   * model.wv.mostSimilar({ positive: ['king'], topn: 5 });
   * ```
   */
  static train(corpus: SyncCorpus, options: Word2VecOptions = {}): Word2Vec {
    const model = Word2Vec.buildVocab(corpus, options);
    model.train(corpus, {
      onProgress: options.onProgress,
      progressEvery: options.progressEvery,
      workers: options.workers,
      corpusCacheBytes: options.corpusCacheBytes,
    });
    return model;
  }

  /**
   * {@link Word2Vec.train} over a corpus that may be asynchronous, such as a file read line by line: it is
   * read once to count words and once per epoch, never held in memory (unless its rows fit in
   * {@link TrainCallOptions.corpusCacheBytes}: then the later epochs train from the rows of the first).
   *
   * @example
   * ```ts
   * import { lineSentences } from '@tokenlab/vectors/node';
   * const model = await Word2Vec.trainAsync(lineSentences('corpus.txt'), { epochs: 5 });
   * ```
   */
  static async trainAsync(corpus: Corpus, options: Word2VecOptions = {}): Promise<Word2Vec> {
    const model = await Word2Vec.buildVocabAsync(corpus, options);
    await model.trainAsync(corpus, {
      onProgress: options.onProgress,
      progressEvery: options.progressEvery,
      workers: options.workers,
      threads: options.threads,
      corpusCacheBytes: options.corpusCacheBytes,
    });
    return model;
  }

  /**
   * Counts the words of `corpus` and sets up an untrained model (gensim's `build_vocab`); `model.train`
   * then trains it, possibly a few epochs at a time.
   *
   * @example
   * ```ts
   * const model = Word2Vec.buildVocab(sentences, { epochs: 5, minCount: 1 });
   * model.train(sentences, { epochs: 2 }); // the first two of five epochs
   * ```
   */
  static buildVocab(corpus: SyncCorpus, options: Word2VecOptions = {}): Word2Vec {
    const settings = checkOptions(options);
    const counter = new VocabularyCounter(settings);
    for (const sentence of open(corpus) as Iterable<readonly string[]>) counter.add(sentence);
    return Word2Vec.initialise(settings, counter.finish());
  }

  /**
   * {@link Word2Vec.buildVocab} over a corpus that may be asynchronous.
   *
   * @example
   * ```ts
   * const model = await Word2Vec.buildVocabAsync(lineSentences('corpus.txt'), { minCount: 5 });
   * ```
   */
  static async buildVocabAsync(corpus: Corpus, options: Word2VecOptions = {}): Promise<Word2Vec> {
    const settings = checkOptions(options);
    const counter = new VocabularyCounter(settings);
    for await (const sentence of open(corpus)) counter.add(sentence);
    return Word2Vec.initialise(settings, counter.finish());
  }

  /**
   * A model from its full state (as a model file holds it); the state is checked for consistent sizes.
   *
   * @example
   * ```ts
   * const copy = Word2Vec.fromState(model.state());
   * ```
   */
  static fromState(state: Word2VecState): Word2Vec {
    const settings = checkOptions(state.settings);
    const { words, counts, weights } = state;
    const size = settings.vectorSize;
    if (words.length === 0 || counts.length !== words.length)
      throw new Error(`a model needs words and one count per word, got ${words.length} and ${counts.length}`);
    const expect = (name: string, matrix: Float32Array | undefined, rows: number, wanted: boolean) => {
      if (!wanted) {
        if (matrix) throw new Error(`${name} given but not used by these settings`);
        return;
      }
      if (!matrix || matrix.length !== rows * size)
        throw new Error(`${name} must hold ${rows} × ${size} values, got ${matrix?.length ?? 'none'}`);
    };
    expect('input weights', weights.input, words.length, true);
    expect('negative-sampling weights', weights.outputNegative, words.length, settings.negative > 0);
    expect('hierarchical-softmax weights', weights.outputHierarchical, words.length - 1, settings.hs);
    if (!(state.epochsDone >= 0 && state.epochsDone <= state.runEpochs))
      throw new Error(`epochs done (${state.epochsDone}) must be within the run's ${state.runEpochs}`);
    return new Word2Vec({ ...state, settings });
  }

  private static initialise(settings: Word2VecSettings, vocabulary: Vocabulary): Word2Vec {
    const rows = vocabulary.words.length;
    const size = settings.vectorSize;
    if (rows * size > 2 ** 28) {
      throw new RangeError(
        `${rows} words × ${size} dimensions is more than 2^28 values per matrix; lower vectorSize or raise minCount`,
      );
    }
    const random = new SeededRandom(settings.seed);
    // The weights are made in the memory training works on, so that training needs no copy of them.
    const threads = Math.max(1, settings.workers);
    const sampler = settings.negative > 0 ? NegativeSampler.fromTable(vocabulary.negativeTable) : undefined;
    const tree = settings.hs ? huffmanTree(vocabulary.counts) : undefined;
    const tables = { keepThreshold: vocabulary.keepThreshold, sampler, tree };
    const training = allocateTraining(rows, settings, threads, threads > 1, tables);
    const { input } = training.weights;
    for (let i = 0; i < input.length; i++) input[i] = (random.nextFloat() * 2 - 1) / size;
    const model = new Word2Vec({
      settings,
      words: vocabulary.words,
      counts: vocabulary.counts,
      totalTokens: vocabulary.totalTokens,
      weights: training.weights,
      runEpochs: settings.epochs,
      epochsDone: 0,
      randomState: random.state,
    });
    model.training = { memory: training.memory, layout: training.layout };
    model.tables = { keepThreshold: model.vocabulary.keepThreshold, sampler, tree: model.tree };
    return model;
  }

  /**
   * The training memory for `threads` threads (shared between threads when `shared`): the current one
   * when it fits, else a new one the weights are copied into (the model's weights then live there).
   */
  private trainingMemory(threads: number, shared: boolean) {
    const current = this.training;
    const isShared =
      current !== undefined &&
      typeof SharedArrayBuffer !== 'undefined' &&
      current.memory.buffer instanceof SharedArrayBuffer;
    if (current && current.layout.threads >= threads && isShared === shared) return current;
    const training = allocateTraining(
      this.vocabulary.words.length,
      this.options,
      threads,
      shared,
      this.trainingTables(),
    );
    training.weights.input.set(this.weights.input);
    if (this.weights.outputNegative) training.weights.outputNegative?.set(this.weights.outputNegative);
    if (this.weights.outputHierarchical)
      training.weights.outputHierarchical?.set(this.weights.outputHierarchical);
    this.weights = training.weights;
    this.training = { memory: training.memory, layout: training.layout };
    return this.training;
  }

  /** The down-sampling thresholds, negative sampler and tree, made once. */
  private trainingTables(): TrainingTables {
    this.tables ??= {
      keepThreshold: this.vocabulary.keepThreshold,
      sampler:
        this.options.negative > 0 ? NegativeSampler.fromTable(this.vocabulary.negativeTable) : undefined,
      tree: this.tree,
    };
    return this.tables;
  }

  /**
   * The model's full state (weights not copied), for saving.
   *
   * @example
   * ```ts
   * const { words, weights, epochsDone } = model.state();
   * ```
   */
  state(): Word2VecState {
    return {
      settings: this.options,
      words: this.vocabulary.words,
      counts: this.vocabulary.counts,
      totalTokens: this.vocabulary.totalTokens,
      weights: this.weights,
      runEpochs: this.runEpochs,
      epochsDone: this.epochsDone,
      randomState: this.random.state,
    };
  }

  /**
   * Trains (more) on `corpus`: the remaining epochs of the planned run, or a new run once it is done (see
   * {@link TrainCallOptions}). Words not in the vocabulary are skipped. Stopping after some epochs, saving,
   * loading and training the rest gives the same vectors as training without a stop.
   *
   * @example
   * ```ts
   * model.train(sentences); // whatever epochs remain
   * ```
   */
  train(corpus: SyncCorpus, options: TrainCallOptions = {}): void {
    requireOptionsObject(options, 'train', '{ epochs: 2 }');
    requireOptionNames(options, TRAIN_CALL_OPTIONS, 'train');
    if ((options.workers ?? this.options.workers) > 1) {
      throw new Error(
        'training on worker threads is asynchronous: call trainAsync (with threads, such as startWorkerThread of @tokenlab/vectors/node)',
      );
    }
    const run = this.startRun(options);
    for (let e = 0; e < run.epochs; e++) {
      const read = run.epoch();
      if (read) for (const sentence of open(corpus) as Iterable<readonly string[]>) read(sentence);
      run.endEpoch();
    }
  }

  /**
   * {@link Word2Vec.train} over a corpus that may be asynchronous.
   *
   * @example
   * ```ts
   * await model.trainAsync(lineSentences('more.txt'), { epochs: 1 });
   * ```
   */
  async trainAsync(corpus: Corpus, options: TrainCallOptions = {}): Promise<void> {
    requireOptionsObject(options, 'trainAsync', '{ epochs: 2 }');
    requireOptionNames(options, TRAIN_CALL_OPTIONS, 'trainAsync');
    const workers = options.workers ?? this.options.workers;
    checkInteger('workers', workers, 1, MAX_WORKER_THREADS);
    if (workers > 1) {
      const threads = options.threads;
      if (!threads) {
        throw new Error(
          `workers ${workers} needs a way to start threads: pass threads (startWorkerThread of @tokenlab/vectors/node in Node)`,
        );
      }
      await this.trainThreaded(corpus, options, workers, threads);
      return;
    }
    const run = this.startRun(options);
    for (let e = 0; e < run.epochs; e++) {
      const read = run.epoch();
      if (read) for await (const sentence of open(corpus)) read(sentence);
      run.endEpoch();
    }
  }

  /** The run's epochs, learning-rate schedule and progress reports, shared by every way of training. */
  private schedule(options: TrainCallOptions) {
    if (this.epochsDone === this.runEpochs) {
      const epochs = options.epochs ?? this.options.epochs;
      checkInteger('epochs', epochs, 1);
      this.runEpochs = epochs;
      this.epochsDone = 0;
    }
    const remaining = this.runEpochs - this.epochsDone;
    const epochs = Math.min(options.epochs ?? remaining, remaining);
    checkInteger('epochs', epochs, 1);
    const progressEvery = options.progressEvery ?? 0;
    checkInteger('progressEvery', progressEvery, 0);
    this.cachedWv = undefined;
    const { alpha: startAlpha, minAlpha } = this.options;
    const perEpoch = this.vocabulary.totalTokens;
    const totalTokens = perEpoch * this.runEpochs;
    const state = { tokensRead: 0, tokensTrained: 0, epochRead: 0, alpha: startAlpha };
    let nextReport = progressEvery;
    const report = (epochDone: boolean) =>
      options.onProgress?.({
        epoch: this.epochsDone + 1 - (epochDone ? 1 : 0),
        epochs: this.runEpochs,
        epochDone,
        tokensRead: state.tokensRead,
        tokensTrained: state.tokensTrained,
        alpha: state.alpha,
      });
    return {
      epochs,
      state,
      /** The learning rate at the current point of the run (linear decay over the corpus tokens read). */
      alphaNow: () => {
        const progress = (this.epochsDone * perEpoch + state.epochRead) / totalTokens;
        state.alpha = startAlpha - (startAlpha - minAlpha) * Math.min(1, progress);
        return state.alpha;
      },
      /** Counts tokens read (and trained), reporting progress every `progressEvery` read. */
      advance: (read: number, trained: number) => {
        state.epochRead += read;
        state.tokensRead += read;
        state.tokensTrained += trained;
        if (progressEvery > 0 && state.tokensRead >= nextReport) {
          report(false);
          while (nextReport <= state.tokensRead) nextReport += progressEvery;
        }
      },
      startEpoch: () => {
        state.epochRead = 0;
      },
      endEpoch: () => {
        if (state.epochRead === 0) {
          throw new Error(
            `the corpus yielded no tokens in epoch ${this.epochsDone + 1}: an iterator can be read only once; pass an array, a re-iterable object or a function returning a fresh iterable`,
          );
        }
        this.epochsDone++;
        report(true);
      },
    };
  }

  /** The epoch loop in the calling thread, shared by the synchronous and asynchronous `train`. */
  private startRun(options: TrainCallOptions) {
    const run = this.schedule(options);
    const { memory, layout } = this.trainingMemory(1, false);
    const trainer = new Word2VecTrainer(
      memory,
      layout,
      trainerSettings(this.options),
      this.trainingTables(),
      this.random,
      0,
    );
    const index = this.vocabulary.index;
    const words = new Int32Array(MAX_WORDS_IN_BATCH);
    const kept = this.corpusRows(options);
    /** Trains the piece `source[from, to)` of a sentence of which `read` corpus words were read. */
    const train = (source: Int32Array, from: number, to: number, read: number) => {
      const alpha = run.alphaNow();
      const trained = trainer.downsample(source, from, to, trainer.rowBuffer);
      trainer.trainRows(trainer.rowBuffer, trained, alpha);
      run.advance(read, trained);
    };
    const read = (sentence: readonly string[]) => {
      for (let start = 0; start < sentence.length; start += MAX_WORDS_IN_BATCH) {
        const end = Math.min(sentence.length, start + MAX_WORDS_IN_BATCH);
        let known = 0;
        for (let i = start; i < end; i++) {
          const row = index.get(sentence[i] as string);
          if (row !== undefined) words[known++] = row;
        }
        kept.add(words, known, end - start);
        train(words, 0, known, end - start);
      }
    };
    return {
      epochs: run.epochs,
      /** Starts an epoch: trains it from the kept rows and returns undefined, or returns the reader to feed. */
      epoch: () => {
        run.startEpoch();
        trainer.epoch = this.epochsDone + 1;
        if (!kept.complete) return read;
        kept.forEach(train);
        return undefined;
      },
      endEpoch: () => {
        kept.seal();
        if (run.state.epochRead > 0) checkWeights(this.weights, trainer.epoch, run.state.alpha);
        run.endEpoch();
      },
    };
  }

  /** Where a call keeps the corpus's rows for its later epochs (see {@link TrainCallOptions.corpusCacheBytes}). */
  private corpusRows(options: TrainCallOptions): CorpusRows {
    const { input, outputNegative, outputHierarchical } = this.weights;
    const weights =
      input.byteLength + (outputNegative?.byteLength ?? 0) + (outputHierarchical?.byteLength ?? 0);
    const limit = options.corpusCacheBytes ?? weights;
    checkInteger('corpusCacheBytes', limit, 0);
    return new CorpusRows(limit);
  }

  /**
   * The epochs on `workers` threads sharing the weights (Hogwild, as gensim): this thread reads the
   * corpus, turns it into jobs of about 10,000 words (vocabulary rows) each with the learning rate of its
   * place in the run, and keeps every thread busy with at most four jobs; threads down-sample and train.
   */
  private async trainThreaded(
    corpus: Corpus,
    options: TrainCallOptions,
    workers: number,
    start: StartTrainingThread,
  ): Promise<void> {
    const run = this.schedule(options);
    const { memory, layout } = this.trainingMemory(workers, true);
    const tables = this.trainingTables();
    const sampler = tables.sampler;
    const tree = tables.tree;
    const threads: TrainingThread[] = [];
    const busy: number[] = [];
    let failure: Error | undefined;
    let wake: (() => void) | undefined;
    const waitForReply = () =>
      new Promise<void>((resolve) => {
        wake = resolve;
      });
    const settle = (thread: number, reply: TrainingThreadReply | Error) => {
      if (reply instanceof Error) failure ??= reply;
      else if (reply.error !== undefined) failure ??= new RangeError(reply.error);
      else run.advance(0, reply.trained);
      busy[thread] = (busy[thread] as number) - 1;
      const resume = wake;
      wake = undefined;
      resume?.();
    };
    try {
      for (let t = 0; t < workers; t++) {
        const thread = start();
        threads.push(thread);
        busy.push(0);
        thread.onReply((reply) => settle(t, reply));
        thread.onFailure((error) => settle(t, error));
        thread.post({
          type: 'start',
          memory: memory.handle,
          layout,
          settings: trainerSettings(this.options),
          keepThreshold: tables.keepThreshold,
          negative: sampler && { table: sampler.table, starts: sampler.starts, shift: sampler.shift },
          tree: tree && { offsets: tree.offsets, codes: tree.codes, points: tree.points },
          seed: this.random.nextUint32(),
          thread: t,
        });
      }
      const index = this.vocabulary.index;
      const kept = this.corpusRows(options);
      const sentenceRows = new Int32Array(MAX_WORDS_IN_BATCH);
      let jobId = 0;
      let words = new Int32Array(MAX_WORDS_IN_BATCH);
      let ends: number[] = [];
      let known = 0;
      let read = 0;
      let alpha = run.alphaNow();
      const send = async () => {
        let thread = -1;
        for (;;) {
          if (failure) throw failure;
          thread = busy.indexOf(Math.min(...busy));
          if ((busy[thread] as number) < JOBS_PER_THREAD) break;
          await waitForReply();
        }
        const job = { words: words.slice(0, known), ends: Int32Array.from(ends) };
        busy[thread] = (busy[thread] as number) + 1;
        (threads[thread] as TrainingThread).post(
          { type: 'job', id: jobId++, ...job, alpha, epoch: this.epochsDone + 1 },
          [job.words.buffer as ArrayBuffer, job.ends.buffer as ArrayBuffer],
        );
        run.advance(read, 0);
        ends = [];
        known = 0;
        read = 0;
        alpha = run.alphaNow();
      };
      /** Adds the piece `source[from, to)` of a sentence of which `count` corpus words were read to the job. */
      const append = (source: Int32Array, from: number, to: number, count: number) => {
        if (words.length < known + (to - from)) {
          const grown = new Int32Array(known + (to - from));
          grown.set(words.subarray(0, known));
          words = grown;
        }
        words.set(source.subarray(from, to), known);
        known += to - from;
        ends.push(known);
        read += count;
      };
      /** A full job is sent first (waiting for a thread to be free). */
      const add = (source: Int32Array, from: number, to: number, count: number) => {
        if (read + count > MAX_WORDS_IN_BATCH && read > 0)
          return send().then(() => append(source, from, to, count));
        append(source, from, to, count);
        return undefined;
      };
      for (let e = 0; e < run.epochs; e++) {
        run.startEpoch();
        alpha = run.alphaNow();
        if (kept.complete) await kept.forEachAsync(add);
        else {
          for await (const sentence of open(corpus)) {
            for (let from = 0; from < sentence.length; from += MAX_WORDS_IN_BATCH) {
              const to = Math.min(sentence.length, from + MAX_WORDS_IN_BATCH);
              let count = 0;
              for (let i = from; i < to; i++) {
                const row = index.get(sentence[i] as string);
                if (row !== undefined) sentenceRows[count++] = row;
              }
              kept.add(sentenceRows, count, to - from);
              const waiting = add(sentenceRows, 0, count, to - from);
              if (waiting) await waiting;
            }
          }
          kept.seal();
        }
        if (read > 0) await send();
        while (busy.some((jobs) => jobs > 0)) {
          if (failure) throw failure;
          await waitForReply();
        }
        if (failure) throw failure;
        if (run.state.epochRead > 0) checkWeights(this.weights, this.epochsDone + 1, run.state.alpha);
        run.endEpoch();
      }
    } finally {
      await Promise.all(threads.map((thread) => thread.close()));
    }
  }
}

function open(corpus: Corpus): Iterable<readonly string[]> | AsyncIterable<readonly string[]> {
  return typeof corpus === 'function' ? corpus() : corpus;
}

/**
 * The weight matrices of a model of `rows` words in a new training memory for `threads` threads, with
 * the negative sampler's and the Huffman tree's tables (which the WebAssembly sentence loops read there).
 */
function allocateTraining(
  rows: number,
  settings: Word2VecSettings,
  threads: number,
  shared: boolean,
  { sampler, tree }: TrainingTables,
) {
  const steps = tree ? (tree.offsets[rows] as number) : 0;
  const { bytes, layout } = trainingLayout(rows, settings, threads, sampler?.starts.length ?? 0, steps);
  const memory = createTrainingMemory(bytes, shared);
  if (sampler && layout.negativeTable >= 0) {
    new Int32Array(memory.buffer, layout.negativeTable, rows).set(sampler.table);
    new Int32Array(memory.buffer, layout.negativeStarts, sampler.starts.length).set(sampler.starts);
  }
  if (tree && layout.treeOffsets >= 0) {
    new Int32Array(memory.buffer, layout.treeOffsets, rows + 1).set(tree.offsets);
    new Int32Array(memory.buffer, layout.treePoints, steps).set(tree.points);
    new Int32Array(memory.buffer, layout.treeCodes, steps).set(tree.codes);
  }
  const size = settings.vectorSize;
  const matrix = (offset: number, count: number) =>
    offset < 0 ? undefined : new Float32Array(memory.buffer, offset, count * size);
  const weights: Word2VecWeights = {
    input: matrix(layout.input, rows) as Float32Array,
    outputNegative: matrix(layout.outputNegative, rows),
    outputHierarchical: matrix(layout.outputHierarchical, Math.max(0, rows - 1)),
  };
  return { memory, layout, weights };
}

function trainerSettings(settings: Word2VecSettings): TrainerSettings {
  const { vectorSize, window, sg, hs, negative, cbowMean } = settings;
  return { vectorSize, window, sg, hs, negative, cbowMean };
}

function checkInteger(name: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new OptionError(name, `${name} must be an integer in [${min}, ${max}], got ${shownValue(value)}`);
  }
}

function checkOptions(options: Word2VecOptions): Word2VecSettings {
  requireOptionsObject(options, 'Word2Vec', '{ vectorSize: 100, window: 5 }');
  requireOptionNames(options, WORD2VEC_OPTIONS, 'Word2Vec');
  const settings = {
    vectorSize: options.vectorSize ?? 100,
    window: options.window ?? 5,
    minCount: options.minCount ?? 5,
    maxVocabSize: options.maxVocabSize,
    maxFinalVocab: options.maxFinalVocab,
    sample: options.sample ?? 1e-3,
    sg: options.sg ?? false,
    hs: options.hs ?? false,
    negative: options.negative ?? 5,
    cbowMean: options.cbowMean ?? true,
    alpha: options.alpha ?? 0.025,
    minAlpha: options.minAlpha ?? 0.0001,
    epochs: options.epochs ?? 5,
    seed: options.seed ?? 1,
    workers: options.workers ?? 1,
  };
  for (const name of ['sg', 'hs', 'cbowMean'] as const) {
    if (typeof settings[name] !== 'boolean')
      throw new TypeError(`${name} must be true or false, got ${shownValue(settings[name])}`);
  }
  checkInteger('vectorSize', settings.vectorSize, 1, MAX_VECTOR_SIZE);
  checkInteger('window', settings.window, 1);
  checkInteger('minCount', settings.minCount, 0);
  checkInteger('negative', settings.negative, 0, 1000);
  checkInteger('epochs', settings.epochs, 1);
  checkInteger('workers', settings.workers, 1, MAX_WORKER_THREADS);
  if (settings.maxVocabSize !== undefined) checkInteger('maxVocabSize', settings.maxVocabSize, 1);
  if (settings.maxFinalVocab !== undefined) checkInteger('maxFinalVocab', settings.maxFinalVocab, 1);
  for (const name of ['sample', 'alpha', 'minAlpha'] as const) {
    if (!Number.isFinite(settings[name]) || settings[name] < 0) {
      throw new OptionError(name, `${name} must be a finite number ≥ 0, got ${shownValue(settings[name])}`);
    }
  }
  if (settings.alpha === 0) throw new OptionError('alpha', 'alpha must be greater than 0');
  if (!Number.isFinite(settings.seed))
    throw new OptionError('seed', `seed must be a finite number, got ${shownValue(settings.seed)}`);
  if (!settings.hs && settings.negative === 0)
    throw new OptionError('negative', 'nothing to train with: set negative above 0 or hs to true (or both)');
  return settings;
}
