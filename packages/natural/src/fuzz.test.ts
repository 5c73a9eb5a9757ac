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

// Short in `pnpm test`; `pnpm test:fuzz` sets FUZZ_RUNS for the long run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const TIMEOUT = 600_000;

const hostileText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.constantFrom(
        '\u0301',
        '\u200f',
        'بِسْمِ',
        '\0',
        '😀',
        '\ud800',
        'İ',
        'Mr. ',
        'e.g. ',
        'http://x.y ',
        '3.5',
      ),
      fc.constantFrom(' ', '.', 'a', '!').map((c) => c.repeat(300)),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

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
