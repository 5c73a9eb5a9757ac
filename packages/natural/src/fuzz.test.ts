import { FUZZ_RUNS, FUZZ_TIMEOUT, hostileText as hostileTextOf } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naturalLancasterStem, naturalPorterStem } from './stemmers.js';
import {
  type NaturalTokenizer,
  naturalAggressiveTokenizer,
  naturalSentenceTokenizer,
  naturalTreebankTokenizer,
  naturalWordPunctTokenizer,
  naturalWordTokenizer,
} from './tokenizers.js';

const RUNS = FUZZ_RUNS;
const TIMEOUT = FUZZ_TIMEOUT;

const hostileText = hostileTextOf({
  pieces: ['Mr. ', 'e.g. ', 'http://x.y ', '3.5'],
  runs: [' ', '.', 'a', '!'],
  runLength: 300,
});

const tokenizers: [string, NaturalTokenizer][] = [
  ['word', naturalWordTokenizer()],
  ['wordpunct', naturalWordPunctTokenizer()],
  ['treebank', naturalTreebankTokenizer()],
  ['aggressive', naturalAggressiveTokenizer()],
  ['sentence', naturalSentenceTokenizer()],
];

describe('fuzz: natural adapters on hostile Unicode', () => {
  it.each(tokenizers)(
    '%s: spans inside the text, in order',
    (_, tokenizer) => {
      fc.assert(
        fc.property(hostileText, (text) => {
          let tokens: ReturnType<NaturalTokenizer['tokenize']>;
          try {
            tokens = tokenizer.tokenize(text);
          } catch (error) {
            // Only the sentence tokenizer's documented bound may refuse a text.
            expect(error).toBeInstanceOf(RangeError);
            expect((error as Error).message).toMatch(/^natural's sentence tokenizer takes at most/);
            return;
          }
          let previousEnd = 0;
          let problem: string | undefined;
          for (const token of tokens) {
            if (token.start < previousEnd || token.end > text.length) problem ??= JSON.stringify(token);
            previousEnd = Math.max(previousEnd, token.end);
          }
          expect(problem).toBeUndefined();
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'stemmers give a string, or (Porter past its bound) a RangeError',
    () => {
      fc.assert(
        fc.property(hostileText, (word) => {
          expect(typeof naturalLancasterStem(word)).toBe('string');
          if (word.length > 1000) expect(() => naturalPorterStem(word)).toThrow(RangeError);
          else expect(typeof naturalPorterStem(word)).toBe('string');
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});
