/**
 * The report reaches statistics, sentence splitting and detokenizing through the packages' public
 * entries, loaded lazily: a package that is not built (or lacks an export) makes its part of the
 * report say "not available" instead of stopping the whole comparison.
 */
export type Loaded<T> = { ok: true; api: T } | { ok: false; error: string };

/** A frequency distribution, as FreqDist implements it. */
export interface FreqDistLike {
  mostCommon(n?: number): [unknown, number][];
}

/** A bigram collocation finder, as BigramCollocationFinder implements it. */
export interface BigramFinderLike {
  applyFreqFilter(minFreq: number): unknown;
  scoreNgrams(measure: unknown): [unknown, number][];
}

/** What the report uses of @tokenlab/stats. */
export interface StatsApi {
  freqDist(samples: Iterable<string>): FreqDistLike;
  bigramFinder(words: readonly string[]): BigramFinderLike;
  /** The PMI association measure, in the form `scoreNgrams` takes. */
  pmi: unknown;
}

/** What the report uses of @tokenlab/classic. */
export interface ClassicApi {
  /** Punkt sentences (English), when available. */
  sentTokenize?: (text: string) => string[];
  /** Sentence spans by a Punkt model, per language code (`en`, `ar`), for the models the package ships. */
  sentenceSpans: Record<string, (text: string) => [number, number][]>;
  /** Treebank detokenizer, when available. */
  detokenize?: (tokens: string[]) => string;
}

type AnyModule = Record<string, unknown>;

async function importModule(name: string, load: () => Promise<unknown>): Promise<Loaded<AnyModule>> {
  try {
    return { ok: true, api: (await load()) as AnyModule };
  } catch (error) {
    return { ok: false, error: `${name} could not be loaded (${(error as Error).message.split('\n')[0]})` };
  }
}

function missing(name: string, exports: string[]): { ok: false; error: string } {
  return { ok: false, error: `${name} does not export ${exports.join(', ')} yet` };
}

function isConstructor(value: unknown): value is new (...args: unknown[]) => unknown {
  return typeof value === 'function';
}

/** Load FreqDist and the bigram collocation finder. */
export async function loadStats(): Promise<Loaded<StatsApi>> {
  const loaded = await importModule('@tokenlab/stats', () => import('@tokenlab/stats'));
  if (!loaded.ok) return loaded;
  const { FreqDist, BigramCollocationFinder, BigramAssocMeasures } = loaded.api as {
    FreqDist?: new (samples: Iterable<string>) => FreqDistLike;
    BigramCollocationFinder?: { fromWords(words: readonly string[]): BigramFinderLike };
    BigramAssocMeasures?: { pmi?: unknown };
  };
  const absent = [
    !isConstructor(FreqDist) && 'FreqDist',
    typeof BigramCollocationFinder?.fromWords !== 'function' && 'BigramCollocationFinder.fromWords',
    BigramAssocMeasures?.pmi === undefined && 'BigramAssocMeasures.pmi',
  ].filter((name): name is string => typeof name === 'string');
  if (absent.length > 0) return missing('@tokenlab/stats', absent);
  return {
    ok: true,
    api: {
      freqDist: (samples) => new FreqDist!(samples),
      bigramFinder: (words) => BigramCollocationFinder!.fromWords(words),
      pmi: BigramAssocMeasures!.pmi,
    },
  };
}

/** Load the sentence splitter and the Treebank detokenizer (each may be missing on its own). */
export async function loadClassic(): Promise<Loaded<ClassicApi>> {
  const loaded = await importModule('@tokenlab/classic', () => import('@tokenlab/classic'));
  if (!loaded.ok) return loaded;
  const { sentTokenize, TreebankWordDetokenizer, loadPunktModel } = loaded.api as {
    sentTokenize?: (text: string) => string[];
    TreebankWordDetokenizer?: new () => { detokenize(tokens: string[]): string };
    loadPunktModel?: (name: string) => Promise<{ spanTokenize(text: string): [number, number][] }>;
  };
  const api: ClassicApi = { sentenceSpans: {} };
  if (typeof loadPunktModel === 'function') {
    for (const [language, model] of [
      ['en', 'english'],
      ['ar', 'arabic'],
    ] as const) {
      try {
        const punkt = await loadPunktModel(model);
        api.sentenceSpans[language] = (text) => punkt.spanTokenize(text);
      } catch {
        // That model is not shipped: the report falls back to the punctuation rule.
      }
    }
  }
  if (typeof sentTokenize === 'function') api.sentTokenize = (text) => sentTokenize(text);
  if (isConstructor(TreebankWordDetokenizer)) {
    const detokenizer = new TreebankWordDetokenizer();
    api.detokenize = (tokens) => detokenizer.detokenize(tokens);
  }
  if (!api.sentTokenize && !api.detokenize)
    return missing('@tokenlab/classic', ['sentTokenize', 'TreebankWordDetokenizer']);
  return { ok: true, api };
}
