import type { Token, Tokenizer } from '@tokenlab/core';
import type { LanguageText } from './inputs.js';
import type { SampleSegment, SampleSentence } from './model.js';
import { countWords } from './text-size.js';

/**
 * Cut `text` into what a reader sees of `tokens`: one segment per token (the characters its span
 * covers), the text between tokens as gaps. A byte-level token that ends inside a character shares
 * that character with the next token; the character is drawn once, in the first token's segment,
 * and the next segment is marked `partial`. A token lying wholly inside an already drawn character
 * is counted in that segment.
 */
export function segmentsOf(text: string, tokens: readonly Token[]): SampleSegment[] {
  const segments: SampleSegment[] = [];
  let cursor = 0;
  let previous: SampleSegment | undefined;
  tokens.forEach((token, index) => {
    if (token.start > cursor) segments.push({ text: text.slice(cursor, token.start), gap: true });
    if (token.end <= cursor && previous) {
      previous.tokens = (previous.tokens ?? 1) + 1;
      if (token.id !== undefined) previous.ids = [...(previous.ids ?? []), token.id];
      return;
    }
    const start = Math.max(token.start, cursor);
    const segment: SampleSegment = { text: text.slice(start, token.end), index, tokens: 1 };
    if (token.id !== undefined) segment.ids = [token.id];
    if (token.start < cursor) segment.partial = true;
    segments.push(segment);
    previous = segment;
    cursor = token.end;
  });
  if (cursor < text.length) segments.push({ text: text.slice(cursor), gap: true });
  return segments;
}

/** A sentence of 6 to 30 words from the corpus, for languages without a parallel sample. */
export function pickSampleSentence(corpus: LanguageText): string {
  for (const document of corpus.documents) {
    for (const sentence of document.split(/(?<=[.!?؟۔])\s+|\n/u)) {
      const words = countWords(sentence);
      if (words >= 6 && words <= 30) return sentence.trim();
    }
  }
  return (corpus.documents[0] ?? '').slice(0, 200).trim();
}

/** The sample sentence cut by every tokenizer. */
export function sampleSentence(
  language: string,
  text: string,
  source: string,
  tokenizers: readonly { name: string; tokenizer: Tokenizer }[],
): SampleSentence {
  return {
    language,
    text,
    source,
    segmentations: tokenizers.map(({ name, tokenizer }) => {
      try {
        const tokens = tokenizer.tokenize(text);
        return { name, tokens: tokens.length, segments: segmentsOf(text, tokens) };
      } catch (error) {
        return { name, tokens: 0, segments: [], error: (error as Error).message };
      }
    }),
  };
}
