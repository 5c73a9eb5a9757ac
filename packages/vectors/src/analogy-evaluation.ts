import { optionNames, requireOptionNames } from '@tokenlab/core';
import type { KeyedVectors, ScoredWord } from './keyed-vectors.js';
import { OptionError, requireOptionsObject, shownValue } from './option-error.js';

/**
 * Options of {@link evaluateWordAnalogies}, named and defaulted as gensim's `evaluate_word_analogies`.
 *
 * @example
 * ```ts
 * const options: AnalogyEvaluationOptions = { restrictVocab: 30000, caseInsensitive: true };
 * ```
 */
export interface AnalogyEvaluationOptions {
  /** Only the first `restrictVocab` words count: a question using another word is out of vocabulary, and answers are drawn from them (default 300,000). */
  restrictVocab?: number;
  /** Compare words upper-cased, the vector of a word being that of its first case variant (default true). */
  caseInsensitive?: boolean;
  /** Count a question with an out-of-vocabulary word as wrong instead of skipping it (default false). */
  dummy4unknown?: boolean;
  /** Name of the questions file, for error messages (default "questions"). */
  source?: string;
}

/** Every option of {@link AnalogyEvaluationOptions}, for the check of unknown names (gensim's `restrict_vocab` and so on). */
const ANALOGY_EVALUATION_OPTIONS = optionNames<AnalogyEvaluationOptions>()([
  'restrictVocab',
  'caseInsensitive',
  'dummy4unknown',
  'source',
]);

/**
 * An analogy question `a : b :: c : expected`, as written in the file (upper-cased when case-insensitive,
 * as gensim reports them).
 *
 * @example
 * ```ts
 * const question: AnalogyQuestion = ['ATHENS', 'GREECE', 'BERLIN', 'GERMANY'];
 * ```
 */
export type AnalogyQuestion = readonly [a: string, b: string, c: string, expected: string];

/**
 * The questions of one section, split into those answered right and wrong.
 *
 * @example
 * ```ts
 * const section: AnalogySection = result.sections[0];
 * console.log(section.section, section.accuracy, section.correct.length, section.incorrect.length);
 * ```
 */
export interface AnalogySection {
  /** The name after `: ` (or "Total accuracy" for the total). */
  section: string;
  /** Questions whose best answer was the expected word. */
  correct: AnalogyQuestion[];
  /** Questions answered wrong (and, with `dummy4unknown`, those with an unknown word). */
  incorrect: AnalogyQuestion[];
  /** `correct / (correct + incorrect)`, 0 when the section evaluated nothing. */
  accuracy: number;
}

/**
 * What {@link evaluateWordAnalogies} returns: gensim's `(score, sections)` with the counts it logs.
 *
 * @example
 * ```ts
 * const { accuracy, sections, outOfVocabulary, questions } = kv.evaluateWordAnalogies(text);
 * ```
 */
export interface AnalogyEvaluation {
  /** Overall accuracy (gensim's `score`). */
  accuracy: number;
  /** One entry per section in file order (the total is in `total`, not here). */
  sections: AnalogySection[];
  /** All sections together (gensim's last "Total accuracy" section). */
  total: AnalogySection;
  /** Well-formed questions read. */
  questions: number;
  /** Questions with a word outside the first `restrictVocab` words (skipped unless `dummy4unknown`). */
  outOfVocabulary: number;
  /** 1-based numbers of lines that are not four words (skipped, as gensim does). */
  skippedLines: number[];
}

/**
 * Evaluates `kv` on analogy questions in the word2vec format (`: section` lines, then one `a b c d` question
 * per line) as gensim 4.2's `evaluate_word_analogies` does: each question is answered with 3CosAdd over the
 * first `restrictVocab` words (`mostSimilar({ positive: [b, c], negative: [a] })`), the first of the top 5
 * that is not one of the question words being the answer. A question line before any section is an error
 * naming the source and line, as is a file with no question at all.
 *
 * @example
 * ```ts
 * const result = evaluateWordAnalogies(kv, ': capitals\nathens greece paris france\n');
 * result.accuracy; // 1 on good vectors
 * result.sections[0].section; // 'capitals'
 * ```
 */
export function evaluateWordAnalogies(
  kv: KeyedVectors,
  questionsText: string,
  options: AnalogyEvaluationOptions = {},
): AnalogyEvaluation {
  requireOptionsObject(options, 'evaluateWordAnalogies', '{ restrictVocab: 30000 }');
  requireOptionNames(options, ANALOGY_EVALUATION_OPTIONS, 'evaluateWordAnalogies');
  const restrictVocab = options.restrictVocab ?? 300_000;
  const caseInsensitive = options.caseInsensitive ?? true;
  const dummy4unknown = options.dummy4unknown ?? false;
  const source = options.source ?? 'questions';
  if (!Number.isInteger(restrictVocab) || restrictVocab < 1)
    throw new OptionError(
      'restrictVocab',
      `restrictVocab must be a positive integer, got ${shownValue(restrictVocab)}`,
    );
  const fold = caseInsensitive ? (word: string) => word.toUpperCase() : (word: string) => word;
  // As gensim: the first (most frequent) word of each case-folded form stands for it.
  const known = new Map<string, string>();
  const candidates = Math.min(restrictVocab, kv.size);
  for (let row = candidates - 1; row >= 0; row--) {
    const word = kv.indexToKey[row] as string;
    known.set(fold(word), word);
  }
  const sections: AnalogySection[] = [];
  let section: AnalogySection | undefined;
  let questions = 0;
  let outOfVocabulary = 0;
  const skippedLines: number[] = [];
  // Questions in file order, each with its section; `asked` is its place among the questions put to the
  // vectors (-1: out of vocabulary, counted as incorrect with dummy4unknown).
  const entries: Array<{ question: AnalogyQuestion; section: AnalogySection; asked: number }> = [];
  let askedCount = 0;
  const lines = questionsText.split('\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((rawLine, index) => {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.startsWith(': ')) {
      section = { section: line.replace(/^[: ]+/u, '').trim(), correct: [], incorrect: [], accuracy: 0 };
      sections.push(section);
      return;
    }
    if (!section) throw new Error(`${source}:${index + 1}: a question before the first ": section" line`);
    const words = line.split(/\s+/u).filter((word) => word !== '');
    if (words.length !== 4) {
      skippedLines.push(index + 1);
      return;
    }
    const question = words.map(fold) as unknown as AnalogyQuestion;
    questions++;
    if (!question.every((word) => known.has(word))) {
      outOfVocabulary++;
      if (dummy4unknown) entries.push({ question, section, asked: -1 });
      return;
    }
    entries.push({ question, section, asked: askedCount++ });
  });
  // All questions at once: the vectors are read once per batch of questions, not once per question.
  const at = (word: string) => known.get(word) as string;
  const answerLists = kv.mostSimilarMany(
    entries
      .filter((entry) => entry.asked >= 0)
      .map(({ question: [a, b, c] }) => ({
        positive: [at(b), at(c)],
        negative: [at(a)],
        topn: 5,
        restrictVocab,
      })),
  );
  for (const { question, section: askedIn, asked } of entries) {
    if (asked < 0) {
      askedIn.incorrect.push(question);
      continue;
    }
    const [a, b, c, expected] = question;
    const ignore = new Set([a, b, c]);
    let predicted: string | undefined;
    for (const { word } of answerLists[asked] as ScoredWord[]) {
      predicted = fold(word);
      if (known.has(predicted) && !ignore.has(predicted)) break;
    }
    (predicted === expected ? askedIn.correct : askedIn.incorrect).push(question);
  }
  if (questions === 0) throw new Error(`${source}: no analogy questions (lines of four words) found`);
  for (const s of sections) s.accuracy = accuracyOf(s);
  const total: AnalogySection = {
    section: 'Total accuracy',
    correct: sections.flatMap((s) => s.correct),
    incorrect: sections.flatMap((s) => s.incorrect),
    accuracy: 0,
  };
  total.accuracy = accuracyOf(total);
  return { accuracy: total.accuracy, sections, total, questions, outOfVocabulary, skippedLines };
}

function accuracyOf(section: AnalogySection): number {
  const evaluated = section.correct.length + section.incorrect.length;
  return evaluated === 0 ? 0 : section.correct.length / evaluated;
}
