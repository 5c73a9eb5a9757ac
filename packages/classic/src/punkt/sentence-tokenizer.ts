import { requireText, type Token, type Tokenizer } from '@tokenlab/core';
import { isPythonSpace } from '@tokenlab/pattern';
import { PunktLanguageVars } from './language-vars.js';
import { ORTHO_BEG_LC, ORTHO_LC, ORTHO_MID_UC, ORTHO_UC, type PunktParameters } from './parameters.js';
import { PunktToken } from './token.js';

const DECISION_CACHE_SIZE = 100_000;
const PUNCTUATION = new Set([';', ':', ',', '.', '!', '?']);

/** Punkt's segmentation of a text into tokens, with paragraph and line starts marked. */
export function punktWords(text: string, languageVars: PunktLanguageVars): PunktToken[] {
  const tokens: PunktToken[] = [];
  let parastart = false;
  for (const line of text.includes('\n') ? text.split('\n') : [text]) {
    // Every non-space character is in some word, so no words means a blank line (`line.strip()` empty).
    const words = languageVars.wordTokenize(line);
    if (words.length === 0) {
      parastart = true;
      continue;
    }
    for (let index = 0; index < words.length; index++) {
      const token = new PunktToken(words[index]!);
      if (index === 0) {
        token.parastart = parastart;
        token.linestart = true;
      }
      tokens.push(token);
    }
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
    // NLTK also tries the part after the last hyphen (`stem.split('-')[-1]`).
    const hyphen = stem.lastIndexOf('-');
    if (params.abbrevTypes.has(stem) || (hyphen >= 0 && params.abbrevTypes.has(stem.slice(hyphen + 1))))
      token.abbr = true;
    else token.sentbreak = true;
  }
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
    requireText(text, 'sentTokenize');
    return this.sentenceSlices(text, realignBoundaries).map((slice) => text.slice(slice.start, slice.stop));
  }

  tokenize(text: string): Token[] {
    requireText(text, 'PunktSentenceTokenizer.tokenize');
    return this.sentenceSlices(text, true).map(({ start, stop }) => ({
      text: text.slice(start, stop),
      start,
      end: stop,
    }));
  }

  /** The `[start, end)` spans of the sentences. */
  spanTokenize(text: string, realignBoundaries = true): [number, number][] {
    requireText(text, 'PunktSentenceTokenizer.spanTokenize');
    return this.sentenceSlices(text, realignBoundaries).map((slice) => [slice.start, slice.stop]);
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

  private sentenceSlices(text: string, realignBoundaries: boolean): Slice[] {
    const first = findEndCandidate(text, 0, this.languageVars);
    // Without a candidate (no sentence-end character, or only one at the very end) the text is one sentence.
    if (!first) {
      const stop = rstripLength(text);
      return stop > 0 ? [{ start: 0, stop }] : [];
    }
    const slices = this.slicesFromText(text, first);
    return realignBoundaries ? this.realignBoundaries(text, slices) : slices;
  }

  /**
   * NLTK's `_slices_from_text`: every candidate sentence end is judged by the text around it, from
   * the start of the word before it to the token after it (NLTK's `_match_potential_end_contexts`).
   * That context is one stretch of the text, so it is sliced, never concatenated.
   */
  private slicesFromText(text: string, first: EndCandidate): Slice[] {
    const slices: Slice[] = [];
    let lastBreak = 0;
    const judge = (end: EndCandidate, contextStart: number) => {
      if (this.textContainsSentbreak(text.slice(contextStart, end.contextEnd))) {
        slices.push({ start: lastBreak, stop: end.end });
        lastBreak = end.nextTokStart >= 0 ? end.nextTokStart : end.end;
      }
    };
    let previousStart = 0;
    let previousStop = 0;
    let previous: EndCandidate | undefined;
    for (let found: EndCandidate | undefined = first; found; ) {
      let wordStart = lastAsciiWhitespace(text, previousStop, found.start);
      if (wordStart) wordStart += previousStop + 1;
      else wordStart = previousStart;
      if (previous && previousStop <= wordStart) judge(previous, previousStart);
      previous = found;
      previousStart = wordStart;
      previousStop = found.start;
      found = findEndCandidate(text, found.end, this.languageVars);
    }
    if (previous) judge(previous, previousStart);
    slices.push({ start: lastBreak, stop: rstripLength(text) });
    return slices;
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
  for (let index = to - 1; index >= from; index--) {
    const unit = text.charCodeAt(index);
    if (unit === 0x20 || (unit >= 0x09 && unit <= 0x0d)) return index - from;
  }
  return 0;
}

/**
 * A match of NLTK's period context pattern, `SentEnd(?=(?P<after_tok>NonWord|\s+(?P<next_tok>\S+)))`:
 * the sentence-end character ends at `end`, the lookahead (`after_tok`) at `contextEnd`, and the
 * next token starts at `nextTokStart` (-1 when `after_tok` is punctuation).
 */
interface EndCandidate {
  start: number;
  end: number;
  contextEnd: number;
  nextTokStart: number;
}

/** The first period context match at or after `from`, read by hand: no match objects, no group names. */
export function findEndCandidate(
  text: string,
  from: number,
  vars: PunktLanguageVars,
): EndCandidate | undefined {
  const sentEnd = vars.sentEndSearch;
  const length = text.length;
  sentEnd.lastIndex = from;
  for (let found = sentEnd.exec(text); found !== null; found = sentEnd.exec(text)) {
    const start = found.index;
    const end = start + found[0].length;
    if (end >= length) return undefined;
    const after = text.codePointAt(end)!;
    if (vars.nonWordCodePoints.has(after))
      return { start, end, contextEnd: end + (after > 0xffff ? 2 : 1), nextTokStart: -1 };
    if (!isPythonSpace(after)) continue;
    let nextTokStart = end + 1;
    while (nextTokStart < length && isPythonSpace(text.charCodeAt(nextTokStart))) nextTokStart++;
    if (nextTokStart === length) continue;
    let contextEnd = nextTokStart + 1;
    while (contextEnd < length && !isPythonSpace(text.charCodeAt(contextEnd))) contextEnd++;
    return { start, end, contextEnd, nextTokStart };
  }
  return undefined;
}

/** `len(text.rstrip())`, scanning back from the end (a regex would rescan long whitespace runs). */
function rstripLength(text: string): number {
  let end = text.length;
  while (end > 0 && isPythonSpace(text.charCodeAt(end - 1))) end--;
  return end;
}
