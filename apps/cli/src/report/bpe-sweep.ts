import { RegexTokenizer } from '@tokenlab/bpe';
import { isHeldOut, type LanguageText } from './inputs.js';
import type { BpePoint, BpeSection } from './model.js';
import type { Progress } from './progress.js';
import { countUtf8Bytes } from './text-size.js';

/** Default vocabulary sizes trained per language. */
export const DEFAULT_VOCAB_SIZES = [512, 1024, 4096] as const;

/** The BPE tokenizers trained for one language, by vocabulary size. */
export type TrainedModels = Map<string, Map<number, RegexTokenizer>>;

/** The training text of a language: its training documents, one per line. */
export function trainingText(corpus: LanguageText): string {
  return corpus.documents.filter((_, index) => !isHeldOut(index)).join('\n');
}

/** The held-out text of a language: every tenth document, one per line. */
export function heldOutText(corpus: LanguageText): string {
  return corpus.documents.filter((_, index) => isHeldOut(index)).join('\n');
}

/**
 * Train a regex BPE (GPT-4 split pattern, minbpe's `RegexTokenizer`) on each language's training
 * documents. BPE merges form a prefix list, so one training run to the largest size gives every
 * smaller size as its first `size - 256` merges.
 */
export function trainModels(
  languages: readonly LanguageText[],
  vocabSizes: readonly number[],
  progress: Progress,
): {
  models: TrainedModels;
  trainingSeconds: Record<string, number>;
  exhausted: Record<string, number>;
  notReached: Record<string, number[]>;
} {
  const models: TrainedModels = new Map();
  const trainingSeconds: Record<string, number> = {};
  const exhausted: Record<string, number> = {};
  const notReached: Record<string, number[]> = {};
  const largest = Math.max(...vocabSizes);
  for (const corpus of languages) {
    const started = performance.now();
    const full = new RegexTokenizer('gpt4');
    const label = `training BPE on ${corpus.label}`;
    const summary = full.train(trainingText(corpus), largest, {
      onProgress: ({ merges, total }) => progress.update(label, merges, total),
    });
    const bySize = new Map<number, RegexTokenizer>();
    // Training that runs out of pairs stops short: every larger size would be the same model, so
    // it is trained once and named by the size reached.
    const reached = summary.exhausted ? summary.vocabSize : Number.POSITIVE_INFINITY;
    for (const requested of vocabSizes) {
      const size = Math.min(requested, reached);
      if (size < requested) notReached[corpus.language] = [...(notReached[corpus.language] ?? []), requested];
      if (bySize.has(size)) continue;
      const merges = full.merges.slice(0, size - 256);
      bySize.set(size, RegexTokenizer.fromMerges(merges, { pattern: 'gpt4', name: `bpe-${size}` }));
    }
    models.set(corpus.language, bySize);
    if (summary.exhausted) exhausted[corpus.language] = summary.vocabSize;
    trainingSeconds[corpus.language] = (performance.now() - started) / 1000;
  }
  progress.clear();
  return { models, trainingSeconds, exhausted, notReached };
}

/**
 * Compression of every trained BPE on the held-out text of every language: the diagonal is a
 * tokenizer on unseen text of its own language, the rest is cross-lingual (trained on one, applied
 * to the other).
 */
export function compressionPoints(languages: readonly LanguageText[], models: TrainedModels): BpePoint[] {
  const points: BpePoint[] = [];
  const heldOut = new Map(languages.map((corpus) => [corpus.language, heldOutText(corpus)]));
  for (const [trainedOn, bySize] of models) {
    for (const [vocabSize, tokenizer] of bySize) {
      for (const [appliedTo, text] of heldOut) {
        if (text === '') continue;
        const tokens = tokenizer.encode(text).length;
        points.push({
          trainedOn,
          appliedTo,
          vocabSize,
          tokens,
          bytesPerToken: tokens === 0 ? 0 : countUtf8Bytes(text) / tokens,
        });
      }
    }
  }
  return points;
}

/** Train and measure: the BPE part of the report, and the trained tokenizers for the language tables. */
export function runBpeSweep(
  languages: readonly LanguageText[],
  vocabSizes: readonly number[],
  progress: Progress,
): { section: BpeSection; models: TrainedModels } {
  if (vocabSizes.length === 0) {
    return {
      section: {
        available: false,
        error: 'no vocabulary sizes given',
        trainer: '',
        vocabSizes: [],
        trainingSeconds: {},
        exhausted: {},
        notReached: {},
        points: [],
      },
      models: new Map(),
    };
  }
  const { models, trainingSeconds, exhausted, notReached } = trainModels(languages, vocabSizes, progress);
  const noHeldOut = languages.filter((corpus) => heldOutText(corpus) === '').map((corpus) => corpus.language);
  return {
    section: {
      ...(noHeldOut.length
        ? {
            compressionNote: `n/a for ${noHeldOut.join(', ')}: no held-out lines (every 10th line is held out, so at least 10 lines are needed)`,
          }
        : {}),
      notReached,
      available: true,
      trainer:
        "@tokenlab/bpe RegexTokenizer ('gpt4' split pattern), trained on 9 of every 10 lines of each language",
      vocabSizes: [...vocabSizes],
      trainingSeconds,
      exhausted,
      points: compressionPoints(languages, models),
    },
    models,
  };
}
