import type { Token, Tokenizer } from '@tokenlab/core';
import { isPythonSpace } from '../pattern/python-space.js';
import { PunktLanguageVars } from './language-vars.js';
import { ORTHO_BEG_LC, ORTHO_LC, ORTHO_MID_UC, ORTHO_UC, type PunktParameters } from './parameters.js';
import { hasContent, PunktToken } from './token.js';

const DECISION_CACHE_SIZE = 100_000;
const PUNCTUATION = new Set([';', ':', ',', '.', '!', '?']);
const ASCII_WHITESPACE = new Set([' ', '\t', '\n', '\r', '\v', '\f']);

/** Punkt's segmentation of a text into tokens, with paragraph and line starts marked. */
export function punktWords(text: string, languageVars: PunktLanguageVars): PunktToken[] {
  const tokens: PunktToken[] = [];
  let parastart = false;
  for (const line of text.split('\n')) {
    if (!hasContent(line)) {
      parastart = true;
      continue;
    }
    const words = languageVars.wordTokenize(line);
    if (words.length === 0) continue;
    words.forEach((word, index) => {
      const token = new PunktToken(word);
      if (index === 0) {
        token.parastart = parastart;
        token.linestart = true;
      }
      tokens.push(token);
    });
    parastart = false;
  }
  return tokens;
}

/** Mark sentence breaks, abbreviations and ellipses from the tokens alone (NLTK's first pass). */
export function annotateFirstPass(
  token: PunktToken,
  params: PunktParameters,
  languageVars: PunktLanguageVars,
): void {
  const { tok } = token;
  if (languageVars.sentEndChars.includes(tok)) {
    token.sentbreak = true;
  } else if (token.isEllipsis) {
    token.ellipsis = true;
  } else if (token.periodFinal && !tok.endsWith('..')) {
    const stem = tok.slice(0, -1).toLowerCase();
    if (params.abbrevTypes.has(stem) || params.abbrevTypes.has(stem.split('-').at(-1)!)) token.abbr = true;
    else token.sentbreak = true;
  }
}

/** A candidate sentence end: where it ends, where the next token starts, and the text to judge it by. */
interface EndContext {
  end: number;
  nextTokStart?: number;
  context: string;
}

/** Python's `sentence[slice]` bounds. */
interface Slice {
  start: number;
  stop: number;
}

/**
 * NLTK's `PunktSentenceTokenizer`: splits text into sentences with learned parameters (abbreviations,
 * collocations, sentence starters, orthographic context). Each sentence is a token whose span is its
 * place in the text.
 *
 * @example
 * ```ts
 * const punkt = new PunktSentenceTokenizer(englishPunktParameters());
 * punkt.sentences('Mr. Smith went to Washington. He arrived at 5 p.m. on Monday.');
 * // ['Mr. Smith went to Washington.', 'He arrived at 5 p.m. on Monday.']
 * ```
 */
export class PunktSentenceTokenizer implements Tokenizer {
  readonly name: string;
  /** The learned parameters. */
  readonly params: PunktParameters;
  /** Sentence-end characters and the regular expressions built from them. */
  readonly languageVars: PunktLanguageVars;
  private readonly decisions = new Map<string, boolean>();

  /**
   * A tokenizer with the given parameters (English language variables unless given). It remembers its
   * decisions, so build a new one after changing the parameters.
   */
  constructor(
    params: PunktParameters,
    languageVars: PunktLanguageVars = new PunktLanguageVars(),
    name = 'punkt',
  ) {
    this.params = params;
    this.languageVars = languageVars;
    this.name = name;
  }

  /** The sentences as strings (NLTK's `tokenize`). */
  sentences(text: string, realignBoundaries = true): string[] {
    return this.spanTokenize(text, realignBoundaries).map(([start, end]) => text.slice(start, end));
  }

  tokenize(text: string): Token[] {
    return this.spanTokenize(text).map(([start, end]) => ({ text: text.slice(start, end), start, end }));
  }

  /** The `[start, end)` spans of the sentences. */
  spanTokenize(text: string, realignBoundaries = true): [number, number][] {
    let slices = this.slicesFromText(text);
    if (realignBoundaries) slices = this.realignBoundaries(text, slices);
    return slices.map((slice) => [slice.start, slice.stop]);
  }

  /** Whether a sentence ends before the last token of `text` (NLTK's `text_contains_sentbreak`). */
  textContainsSentbreak(text: string): boolean {
    // The decision depends on the context text and the fixed parameters only, and the same contexts
    // ("said. The") recur throughout a corpus, so decisions are remembered (a bounded cache).
    const known = this.decisions.get(text);
    if (known !== undefined) return known;
    const tokens = this.annotateTokens(punktWords(text, this.languageVars));
    let decision = false;
    for (let index = 0; index < tokens.length - 1; index++) {
      if (tokens[index]!.sentbreak) {
        decision = true;
        break;
      }
    }
    if (this.decisions.size >= DECISION_CACHE_SIZE) this.decisions.clear();
    this.decisions.set(text, decision);
    return decision;
  }

  /** Both annotation passes over a token list. */
  annotateTokens(tokens: PunktToken[]): PunktToken[] {
    for (const token of tokens) annotateFirstPass(token, this.params, this.languageVars);
    for (let index = 0; index < tokens.length - 1; index++)
      this.secondPass(tokens[index]!, tokens[index + 1]!);
    return tokens;
  }

  private slicesFromText(text: string): Slice[] {
    // Without a sentence-end character there is nothing to decide.
    if (!this.languageVars.anySentEnd.test(text)) return [{ start: 0, stop: rstripLength(text) }];
    const slices: Slice[] = [];
    let lastBreak = 0;
    for (const { end, nextTokStart, context } of this.potentialEndContexts(text)) {
      if (this.textContainsSentbreak(context)) {
        slices.push({ start: lastBreak, stop: end });
        lastBreak = nextTokStart ?? end;
      }
    }
    slices.push({ start: lastBreak, stop: rstripLength(text) });
    return slices;
  }

  /**
   * Each candidate sentence end with the text around it: from the start of the word before it to the
   * token after it (NLTK's `_match_potential_end_contexts`).
   */
  private potentialEndContexts(text: string): EndContext[] {
    const contexts: EndContext[] = [];
    const regexp = this.languageVars.periodContextPattern;
    const jsRegExp = this.languageVars.periodContextRegExp;
    const afterTokGroup = regexp.groupIndex[regexp.groupNames.get('after_tok')!]!;
    const nextTokGroup = regexp.groupIndex[regexp.groupNames.get('next_tok')!]!;
    let previousSlice: Slice = { start: 0, stop: 0 };
    let previous: { start: number; end: number; afterTok: string; nextTokStart?: number } | undefined;
    const contextOf = (slice: Slice, match: NonNullable<typeof previous>) =>
      text.slice(slice.start, slice.stop) + text.slice(match.start, match.end) + match.afterTok;
    jsRegExp.lastIndex = 0;
    let found = jsRegExp.exec(text);
    while (found !== null) {
      const start = found.index;
      const match = {
        start,
        end: start + found[0].length,
        afterTok: found[afterTokGroup] ?? '',
        // next_tok ends the lookahead, which starts right after the sentence-end character.
        nextTokStart:
          found[nextTokGroup] === undefined
            ? undefined
            : start + found[0].length + (found[afterTokGroup]?.length ?? 0) - found[nextTokGroup]!.length,
      };
      let indexAfterLastSpace = lastAsciiWhitespace(text, previousSlice.stop, start);
      if (indexAfterLastSpace) indexAfterLastSpace += previousSlice.stop + 1;
      else indexAfterLastSpace = previousSlice.start;
      const previousWordSlice = { start: indexAfterLastSpace, stop: start };
      if (previous && previousSlice.stop <= previousWordSlice.start) {
        contexts.push({
          end: previous.end,
          nextTokStart: previous.nextTokStart,
          context: contextOf(previousSlice, previous),
        });
      }
      previous = match;
      previousSlice = previousWordSlice;
      if (found[0].length === 0) jsRegExp.lastIndex++;
      found = jsRegExp.exec(text);
    }
    if (previous)
      contexts.push({
        end: previous.end,
        nextTokStart: previous.nextTokStart,
        context: contextOf(previousSlice, previous),
      });
    return contexts;
  }

  private realignBoundaries(text: string, slices: Slice[]): Slice[] {
    const result: Slice[] = [];
    let realign = 0;
    const realignment = this.languageVars.boundaryRealignment;
    for (let index = 0; index < slices.length; index++) {
      const next = slices[index + 1];
      const sentence = { start: slices[index]!.start + realign, stop: slices[index]!.stop };
      if (!next) {
        if (sentence.stop > sentence.start) result.push(sentence);
        continue;
      }
      realignment.lastIndex = 0;
      const match = realignment.exec(text.slice(next.start, next.stop));
      if (match) {
        result.push({ start: sentence.start, stop: next.start + rstripLength(match[0]) });
        realign = match[0].length;
      } else {
        realign = 0;
        if (sentence.stop > sentence.start) result.push(sentence);
      }
    }
    return result;
  }

  private secondPass(token: PunktToken, next: PunktToken): void {
    if (!token.periodFinal) return;
    const type = token.typeNoPeriod;
    const nextType = next.typeNoSentPeriod;
    const isInitial = token.isInitial;
    if (this.params.hasCollocation(type, nextType)) {
      token.sentbreak = false;
      token.abbr = true;
      return;
    }
    if ((token.abbr || token.ellipsis) && !isInitial) {
      const isSentStarter = this.orthoHeuristic(next);
      if (isSentStarter === true) {
        token.sentbreak = true;
        return;
      }
      if (next.firstUpper && this.params.sentStarters.has(nextType)) {
        token.sentbreak = true;
        return;
      }
    }
    if (isInitial || type === '##number##') {
      const isSentStarter = this.orthoHeuristic(next);
      if (isSentStarter === false) {
        token.sentbreak = false;
        token.abbr = true;
        return;
      }
      if (
        isSentStarter === 'unknown' &&
        isInitial &&
        next.firstUpper &&
        !(this.params.ortho(nextType) & ORTHO_LC)
      ) {
        token.sentbreak = false;
        token.abbr = true;
      }
    }
  }

  /** Whether the token looks like it starts a sentence, judged by the case it is usually seen in. */
  private orthoHeuristic(token: PunktToken): boolean | 'unknown' {
    if (PUNCTUATION.has(token.tok)) return false;
    const context = this.params.ortho(token.typeNoSentPeriod);
    if (token.firstUpper && context & ORTHO_LC && !(context & ORTHO_MID_UC)) return true;
    if (token.firstLower && (context & ORTHO_UC || !(context & ORTHO_BEG_LC))) return false;
    return 'unknown';
  }
}

/** Python's `_get_last_whitespace_index` on `text[from:to]`: the last ASCII whitespace index, or 0. */
function lastAsciiWhitespace(text: string, from: number, to: number): number {
  for (let index = to - 1; index >= from; index--)
    if (ASCII_WHITESPACE.has(text[index]!)) return index - from;
  return 0;
}

/** `len(text.rstrip())`, scanning back from the end (a regex would rescan long whitespace runs). */
function rstripLength(text: string): number {
  let end = text.length;
  while (end > 0 && isPythonSpace(text.charCodeAt(end - 1))) end--;
  return end;
}
