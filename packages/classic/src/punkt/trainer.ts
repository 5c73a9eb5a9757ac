import { optionNames, requireOptionNames, requireOptions, requireText } from '@tokenlab/core';
import { PunktLanguageVars } from './language-vars.js';
import {
  ORTHO_BEG_LC,
  ORTHO_BEG_UC,
  ORTHO_MID_LC,
  ORTHO_MID_UC,
  ORTHO_UNK_LC,
  ORTHO_UNK_UC,
  PunktParameters,
} from './parameters.js';
import { annotateFirstPass, punktWords } from './sentence-tokenizer.js';
import { isNonPunctType, type PunktToken } from './token.js';

/**
 * The thresholds of Punkt training, with NLTK's defaults.
 *
 * @example
 * ```ts
 * const trainer = new PunktTrainer({ abbrev: 0.1, includeAllCollocs: true });
 * trainer.train('Dr. Smith came. Dr. Jones left. We met Dr. Brown. '.repeat(3));
 * trainer.getParams().abbrevTypes.has('dr'); // true
 * ```
 */
export interface PunktTrainerOptions {
  /** Minimum score for a type to count as an abbreviation (0.3). */
  abbrev?: number;
  /** Ignore the penalty for types also seen without a period (false). */
  ignoreAbbrevPenalty?: boolean;
  /** Types seen at least this often are never "rare abbreviations" (5). */
  abbrevBackoff?: number;
  /** Minimum log-likelihood for a collocation (7.88). */
  collocation?: number;
  /** Minimum log-likelihood for a frequent sentence starter (30). */
  sentStarter?: number;
  /** Consider every pair of words as a possible collocation, not just those after numbers and initials (false). */
  includeAllCollocs?: boolean;
  /** Also consider pairs after abbreviations (false). */
  includeAbbrevCollocs?: boolean;
  /** A collocation must be seen more often than this (1). */
  minCollocFreq?: number;
  /** Sentence-end and inner punctuation (English by default). */
  languageVars?: PunktLanguageVars;
}

/** Every option of {@link PunktTrainerOptions}, for the check of unknown names. */
const PUNKT_TRAINER_OPTIONS = optionNames<PunktTrainerOptions>()([
  'abbrev',
  'ignoreAbbrevPenalty',
  'abbrevBackoff',
  'collocation',
  'sentStarter',
  'includeAllCollocs',
  'includeAbbrevCollocs',
  'minCollocFreq',
  'languageVars',
]);

const ORTHO_MAP: Record<string, number> = {
  'initial upper': ORTHO_BEG_UC,
  'internal upper': ORTHO_MID_UC,
  'unknown upper': ORTHO_UNK_UC,
  'initial lower': ORTHO_BEG_LC,
  'internal lower': ORTHO_MID_LC,
  'unknown lower': ORTHO_UNK_LC,
};

function increment<K>(counts: Map<K, number>, key: K, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/** Python's `math.log`, which raises (here: undefined) outside its domain instead of returning -Infinity. */
function pythonLog(value: number): number | undefined {
  return value > 0 ? Math.log(value) : undefined;
}

/**
 * Learns Punkt parameters from raw text without supervision (NLTK's `PunktTrainer`, after Kiss &
 * Strunk 2006): abbreviations by a log-likelihood test on how often a type ends in a period,
 * orthographic context, collocations after numbers and initials, and frequent sentence starters.
 * Training can be fed in several parts before {@link PunktTrainer.finalize}.
 *
 * @example
 * ```ts
 * const trainer = new PunktTrainer();
 * trainer.train(corpusText);
 * const punkt = new PunktSentenceTokenizer(trainer.getParams());
 * ```
 */
export class PunktTrainer {
  /** The parameters being learned. */
  readonly params = new PunktParameters();
  /** Sentence-end characters and the regular expressions built from them. */
  readonly languageVars: PunktLanguageVars;
  private readonly options: Required<Omit<PunktTrainerOptions, 'languageVars'>>;
  private readonly typeCounts = new Map<string, number>();
  private tokenCount = 0;
  private periodTokenCount = 0;
  private readonly collocationCounts = new Map<string, number>();
  private readonly sentStarterCounts = new Map<string, number>();
  private sentbreakCount = 0;
  private finalized = true;

  /** A trainer with NLTK's thresholds unless overridden. */
  constructor(options: PunktTrainerOptions = {}) {
    requireOptions(options, 'PunktTrainer', '{ includeAllCollocs: true }');
    requireOptionNames(options, PUNKT_TRAINER_OPTIONS, 'PunktTrainer');
    this.languageVars = options.languageVars ?? new PunktLanguageVars();
    this.options = {
      abbrev: options.abbrev ?? 0.3,
      ignoreAbbrevPenalty: options.ignoreAbbrevPenalty ?? false,
      abbrevBackoff: options.abbrevBackoff ?? 5,
      collocation: options.collocation ?? 7.88,
      sentStarter: options.sentStarter ?? 30,
      includeAllCollocs: options.includeAllCollocs ?? false,
      includeAbbrevCollocs: options.includeAbbrevCollocs ?? false,
      minCollocFreq: options.minCollocFreq ?? 1,
    };
  }

  /** Learn from `text`; with `finalize` (default) also settle collocations and sentence starters. */
  train(text: string, finalize = true): void {
    requireText(text, 'PunktTrainer.train');
    this.trainTokens(punktWords(text, this.languageVars));
    if (finalize) this.finalize();
  }

  /** The learned parameters, finalizing first if needed. */
  getParams(): PunktParameters {
    if (!this.finalized) this.finalize();
    return this.params;
  }

  /** Decide collocations and sentence starters from the counts so far. */
  finalize(): void {
    this.params.sentStarters.clear();
    for (const type of this.findSentStarters()) this.params.sentStarters.add(type);
    this.params.collocations.clear();
    for (const pair of this.findCollocations()) this.params.collocations.add(pair);
    this.finalized = true;
  }

  private count(type: string): number {
    return this.typeCounts.get(type) ?? 0;
  }

  private trainTokens(tokens: PunktToken[]): void {
    this.finalized = false;
    for (const token of tokens) {
      increment(this.typeCounts, token.type);
      this.tokenCount++;
      if (token.periodFinal) this.periodTokenCount++;
    }
    for (const { type, score, isAdd } of this.reclassifyAbbrevTypes(
      new Set(tokens.map((token) => token.type)),
    )) {
      if (score >= this.options.abbrev) {
        if (isAdd) this.params.abbrevTypes.add(type);
      } else if (!isAdd) {
        this.params.abbrevTypes.delete(type);
      }
    }
    for (const token of tokens) annotateFirstPass(token, this.params, this.languageVars);
    this.collectOrthography(tokens);
    for (const token of tokens) if (token.sentbreak) this.sentbreakCount++;
    for (let index = 0; index < tokens.length - 1; index++) {
      const token = tokens[index]!;
      const next = tokens[index + 1]!;
      if (!token.periodFinal) continue;
      if (this.isRareAbbrevType(token, next)) this.params.abbrevTypes.add(token.typeNoPeriod);
      if (this.isPotentialSentStarter(next, token)) increment(this.sentStarterCounts, next.type);
      if (this.isPotentialCollocation(token, next))
        increment(this.collocationCounts, `${token.typeNoPeriod}\t${next.typeNoSentPeriod}`);
    }
  }

  private collectOrthography(tokens: PunktToken[]): void {
    let context = 'internal';
    for (const token of tokens) {
      if (token.parastart && context !== 'unknown') context = 'initial';
      if (token.linestart && context === 'internal') context = 'unknown';
      const flag = ORTHO_MAP[`${context} ${token.firstCase}`];
      if (flag) this.params.addOrthoContext(token.typeNoSentPeriod, flag);
      if (token.sentbreak) context = token.isNumber || token.isInitial ? 'unknown' : 'initial';
      else if (token.ellipsis || token.abbr) context = 'unknown';
      else context = 'internal';
    }
  }

  private *reclassifyAbbrevTypes(
    types: Iterable<string>,
  ): Generator<{ type: string; score: number; isAdd: boolean }> {
    for (let type of types) {
      if (!isNonPunctType(type) || type === '##number##') continue;
      let isAdd: boolean;
      if (type.endsWith('.')) {
        if (this.params.abbrevTypes.has(type)) continue;
        type = type.slice(0, -1);
        isAdd = true;
      } else {
        if (!this.params.abbrevTypes.has(type)) continue;
        isAdd = false;
      }
      const periods = type.split('.').length;
      const nonPeriods = [...type].length - periods + 1;
      const withPeriod = this.count(`${type}.`);
      const withoutPeriod = this.count(type);
      const logLikelihood = dunningLogLikelihood(
        withPeriod + withoutPeriod,
        this.periodTokenCount,
        withPeriod,
        this.tokenCount,
      );
      const lengthFactor = Math.exp(-nonPeriods);
      const penalty = this.options.ignoreAbbrevPenalty ? 1 : nonPeriods ** -withoutPeriod;
      yield { type, score: logLikelihood * lengthFactor * periods * penalty, isAdd };
    }
  }

  private isRareAbbrevType(token: PunktToken, next: PunktToken): boolean {
    if (token.abbr || !token.sentbreak) return false;
    const type = token.typeNoSentPeriod;
    const count = this.count(type) + this.count(type.slice(0, -1));
    if (this.params.abbrevTypes.has(type) || count >= this.options.abbrevBackoff) return false;
    if (this.languageVars.internalPunctuation.includes(next.tok.slice(0, 1))) return true;
    if (next.firstLower) {
      const context = this.params.ortho(next.typeNoSentPeriod);
      if (context & ORTHO_BEG_UC && !(context & ORTHO_MID_UC)) return true;
    }
    return false;
  }

  private isPotentialCollocation(token: PunktToken, next: PunktToken): boolean {
    const { includeAllCollocs, includeAbbrevCollocs } = this.options;
    return (
      (includeAllCollocs ||
        (includeAbbrevCollocs && token.abbr) ||
        (token.sentbreak && (token.isNumber || token.isInitial))) &&
      token.isNonPunct &&
      next.isNonPunct
    );
  }

  private isPotentialSentStarter(token: PunktToken, previous: PunktToken): boolean {
    return previous.sentbreak && !(previous.isNumber || previous.isInitial) && token.isAlpha;
  }

  private *findCollocations(): Generator<string> {
    const { minCollocFreq, collocation } = this.options;
    for (const [pair, count] of this.collocationCounts) {
      const [type1, type2] = pair.split('\t') as [string, string];
      if (this.params.sentStarters.has(type2)) continue;
      const type1Count = this.count(type1) + this.count(`${type1}.`);
      const type2Count = this.count(type2) + this.count(`${type2}.`);
      if (
        type1Count > 1 &&
        type2Count > 1 &&
        minCollocFreq < count &&
        count <= Math.min(type1Count, type2Count)
      ) {
        const logLikelihood = collocationLogLikelihood(type1Count, type2Count, count, this.tokenCount);
        if (logLikelihood >= collocation && this.tokenCount / type1Count > type2Count / count) yield pair;
      }
    }
  }

  private *findSentStarters(): Generator<string> {
    for (const [type, atBreak] of this.sentStarterCounts) {
      if (!type) continue;
      const typeCount = this.count(type) + this.count(`${type}.`);
      if (typeCount < atBreak) continue;
      const logLikelihood = collocationLogLikelihood(
        this.sentbreakCount,
        typeCount,
        atBreak,
        this.tokenCount,
      );
      if (
        logLikelihood >= this.options.sentStarter &&
        this.tokenCount / this.sentbreakCount > typeCount / atBreak
      )
        yield type;
    }
  }
}

/** Dunning's log-likelihood that a type ends in a period more often than chance (Kiss & Strunk's variant). */
function dunningLogLikelihood(countA: number, countB: number, countAB: number, n: number): number {
  const p1 = countB / n;
  const p2 = 0.99;
  const nullHypothesis = countAB * Math.log(p1) + (countA - countAB) * Math.log(1 - p1);
  const alternative = countAB * Math.log(p2) + (countA - countAB) * Math.log(1 - p2);
  return -2 * (nullHypothesis - alternative);
}

/** The log-likelihood ratio of two types occurring together, with NLTK's handling of log(0). */
function collocationLogLikelihood(countA: number, countB: number, countAB: number, n: number): number {
  const p = countB / n;
  const p1 = countAB / countA;
  const p2 = n - countA === 0 ? 1 : (countB - countAB) / (n - countA);
  const logP = pythonLog(p);
  const logNotP = pythonLog(1 - p);
  const inDomain = logP !== undefined && logNotP !== undefined;
  const summand1 = inDomain ? countAB * logP + (countA - countAB) * logNotP : 0;
  const summand2 = inDomain ? (countB - countAB) * logP + (n - countA - countB + countAB) * logNotP : 0;
  const summand3 =
    countA === countAB || p1 <= 0 || p1 >= 1
      ? 0
      : countAB * Math.log(p1) + (countA - countAB) * Math.log(1 - p1);
  const summand4 =
    countB === countAB || p2 <= 0 || p2 >= 1
      ? 0
      : (countB - countAB) * Math.log(p2) + (n - countA - countB + countAB) * Math.log(1 - p2);
  return -2 * (summand1 + summand2 - summand3 - summand4);
}
