import { availableParallelism } from 'node:os';
import type { Tokenizer } from '@tokenlab/core';
import { runBpeSweep } from './bpe-sweep.js';
import { buildCandidates, FAMILY_ORDER } from './candidates.js';
import {
  type KeptTokens,
  languageStats,
  sentenceSplitter,
  statsTokenizers,
  summarise,
} from './corpus-stats.js';
import { findings, warnings } from './findings.js';
import { DEFAULT_TEXT_CHOICE, type LanguageText, loadLanguageTexts, type TextRequest } from './inputs.js';
import { type Candidate, measureTokenizer } from './measure.js';
import type {
  CompareReport,
  LanguageSection,
  SentenceLengths,
  TokenizerFamily,
  TokenizerRow,
} from './model.js';
import { loadClassic, loadStats } from './packages.js';
import { loadUdhrPair, type ParallelText } from './parallel.js';
import type { Progress } from './progress.js';
import { ratioSections } from './ratio.js';
import { pickSampleSentence, sampleSentence } from './samples.js';
import { countCodePoints, countUtf8Bytes, countWords } from './text-size.js';

/** What to compare. */
export interface CompareOptions {
  /** Languages and their files (bundled corpora when no file is given). */
  texts: readonly TextRequest[];
  /** Registry tokenizers to run (and `bpe`); all of them when absent. */
  tokenizers?: readonly string[];
  /** BPE vocabulary sizes to train. */
  vocabSizes: readonly number[];
  /** Where progress bars go. */
  progress: Progress;
  /** The tokenlab version, for the report header. */
  version: string;
}

/** The report, plus the tokenizers behind it (tests recompute numbers with them). */
export interface BuiltReport {
  /** The numbers. */
  report: CompareReport;
  /** The texts compared. */
  texts: LanguageText[];
}

/**
 * Several tokenizers often cut a line into the same tokens (Treebank, NLTK word, natural's
 * Treebank...): detokenize each distinct token sequence once per language.
 */
function memoise(detokenize: (tokens: string[]) => string): (tokens: string[]) => string {
  const seen = new Map<string, string>();
  return (tokens) => {
    const key = tokens.join('\u0000');
    let text = seen.get(key);
    if (text === undefined) {
      text = detokenize(tokens);
      seen.set(key, text);
    }
    return text;
  };
}

function byFamily(a: { family: TokenizerFamily }, b: { family: TokenizerFamily }): number {
  return FAMILY_ORDER.indexOf(a.family) - FAMILY_ORDER.indexOf(b.family);
}

/** The GPT encoding whose tokens go into the Zipf plot next to words and BPE. */
const ZIPF_ENCODINGS = ['o200k_base', 'o200k', 'cl100k_base', 'cl100k'];

/**
 * Run the whole comparison: load the texts, train BPE, run every tokenizer over every language once,
 * derive the statistics, ratios and samples from those runs.
 */
export async function buildReport(options: CompareOptions): Promise<BuiltReport> {
  const started = performance.now();
  const steps: Record<string, number> = {};
  let stepStart = started;
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = (now - stepStart) / 1000;
    stepStart = now;
  };
  const { progress } = options;
  const wantBpe = options.tokenizers === undefined || options.tokenizers.includes('bpe');
  const languages = options.texts.map((text) => text.language);
  const wantParallel = languages.includes('en') && languages.includes('ar');

  const [texts, stats, classic, parallel, candidateSet] = await Promise.all([
    loadLanguageTexts(options.texts),
    loadStats(),
    loadClassic(),
    wantParallel ? loadUdhrPair() : Promise.resolve<ParallelText | undefined>(undefined),
    buildCandidates(options.tokenizers?.filter((name) => name !== 'bpe')),
  ]);
  step('load');

  const missing: string[] = [];
  if (!stats.ok) missing.push(stats.error);
  if (!classic.ok) missing.push(classic.error);
  else {
    if (!classic.api.detokenize)
      missing.push('@tokenlab/classic does not export TreebankWordDetokenizer yet');
    if (!classic.api.sentTokenize) missing.push('@tokenlab/classic does not export sentTokenize yet');
  }
  for (const row of candidateSet.unavailable) missing.push(`${row.name}: ${row.error}`);

  const sweep = runBpeSweep(texts, wantBpe ? options.vocabSizes : [], progress);
  step('train BPE');

  const sections: LanguageSection[] = [];
  for (const corpus of texts) {
    const detokenize = classic.ok && classic.api.detokenize ? memoise(classic.api.detokenize) : undefined;
    const bpeCandidates: Candidate[] = [...(sweep.models.get(corpus.language) ?? [])].map(
      ([size, tokenizer]) => ({
        name: `bpe-${size}`,
        family: 'bpe',
        description: `byte-level BPE, GPT-4 split pattern, ${size} tokens, trained on this corpus (9 of every 10 lines)${
          sweep.section.exhausted[corpus.language] === size ? '; training ran out of pairs at this size' : ''
        }`,
        tokenizer,
      }),
    );
    const candidates = [...candidateSet.candidates, ...bpeCandidates].sort(byFamily);
    const splitter = sentenceSplitter(corpus.language, classic);
    const sentenceRanges = corpus.documents.map((document) => splitter.split(document));
    const largestBpe = bpeCandidates.at(-1)?.name;
    const zipfExtras = [
      ...(largestBpe ? [largestBpe] : []),
      ...ZIPF_ENCODINGS.filter((name) => candidates.some((candidate) => candidate.name === name)).slice(0, 1),
    ];
    // The statistics use one word tokenizer, the most preferred that runs (without any, the first
    // Zipf tokenizer), and the Zipf tokenizers' keys: only those are kept, and a less preferred word
    // tokenizer's texts are let go as soon as a better one has run.
    const wordPreferences = statsTokenizers(corpus.language);
    const preference = (name: string) => {
      const rank = wordPreferences.indexOf(name);
      return rank < 0 ? Infinity : rank;
    };
    const anyPreferred = candidates.some((candidate) => preference(candidate.name) < Infinity);
    let wordKept: string | undefined;
    const keepTexts = (name: string) =>
      anyPreferred
        ? preference(name) < (wordKept === undefined ? Infinity : preference(wordKept))
        : zipfExtras.includes(name);
    const kept = new Map<string, KeptTokens>();
    const rows: TokenizerRow[] = [...candidateSet.unavailable];
    const lengths: SentenceLengths[] = [];
    candidates.forEach((candidate, index) => {
      const label = `tokenizing ${corpus.label}: ${candidate.name}`;
      const total = candidates.length * corpus.documents.length;
      const before = index * corpus.documents.length;
      try {
        const keep: KeptTokens = {
          ...(keepTexts(candidate.name) ? { texts: [] } : {}),
          ...(zipfExtras.includes(candidate.name) ? { keys: [] } : {}),
        };
        const { row, sentenceTokens } = measureTokenizer(
          candidate,
          corpus,
          { ...(detokenize ? { detokenize } : {}) },
          {
            sentenceRanges,
            keep,
            onProgress: (done) => progress.update(label, before + done, total),
          },
        );
        rows.push(row);
        lengths.push(summarise(candidate.name, sentenceTokens));
        if (keep.texts && preference(candidate.name) < Infinity) {
          if (wordKept !== undefined) kept.delete(wordKept);
          wordKept = candidate.name;
        }
        if (keep.texts || keep.keys) kept.set(candidate.name, keep);
      } catch (error) {
        rows.push({
          name: candidate.name,
          family: candidate.family,
          description: candidate.description,
          available: false,
          error: `failed on this corpus: ${(error as Error).message}`,
        });
      }
    });
    progress.clear();
    rows.sort(byFamily);
    const sentences = sentenceRanges.reduce((sum, list) => sum + list.length, 0);
    sections.push({
      language: corpus.language,
      label: corpus.label,
      direction: corpus.direction,
      source: corpus.source,
      size: {
        documents: corpus.documents.length,
        trainingDocuments: corpus.trainingDocuments,
        characters: corpus.documents.reduce((sum, d) => sum + countCodePoints(d), 0),
        bytes: corpus.documents.reduce((sum, d) => sum + countUtf8Bytes(d), 0),
        words: corpus.documents.reduce((sum, d) => sum + countWords(d), 0),
        sentences,
      },
      rows,
      stats: languageStats(corpus, kept, zipfExtras, { splitter: splitter.name, lengths }, stats),
    });
  }
  step('measure');

  const registry = new Map<string, Tokenizer>(
    [...candidateSet.candidates].sort(byFamily).map((candidate) => [candidate.name, candidate.tokenizer]),
  );
  const ratios = ratioSections(sections, registry, sweep.models, parallel);
  step('ratios');

  const samples = texts.map((corpus) => {
    const fromParallel = parallel?.sample[corpus.language];
    const text = fromParallel ?? pickSampleSentence(corpus);
    const tokenizers: { name: string; family: TokenizerFamily; tokenizer: Tokenizer }[] = [
      ...candidateSet.candidates,
      ...[...(sweep.models.get(corpus.language) ?? [])].map(([size, tokenizer]) => ({
        name: `bpe-${size}`,
        family: 'bpe' as const,
        tokenizer,
      })),
    ].sort(byFamily);
    return sampleSentence(
      corpus.language,
      text,
      fromParallel ? 'UDHR, Article 1' : `${corpus.source.title}`,
      tokenizers,
    );
  });
  step('samples');

  const report: CompareReport = {
    created: new Date().toISOString(),
    version: options.version,
    run: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: availableParallelism(),
      seconds: (performance.now() - started) / 1000,
      steps,
    },
    languages: sections,
    bpe: sweep.section,
    ratios,
    samples,
    findings: [],
    warnings: [],
    missing,
    skipped: candidateSet.skipped,
  };
  const defaults = sections.filter((section) => section.source.kind === 'corpus');
  if (
    defaults.some((section) => section.language === 'en') &&
    defaults.some((section) => section.language === 'ar')
  )
    report.textChoice = DEFAULT_TEXT_CHOICE;
  report.findings = findings(report);
  report.warnings = warnings(report);
  return { report, texts };
}
