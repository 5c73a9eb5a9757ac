import { describe, expect, it } from 'vitest';
import { NATURAL_PORTER_MAX_LENGTH, naturalPorterStem } from './stemmers.js';
import { NATURAL_SENTENCE_LIMITS, naturalSentenceTokenizer } from './tokenizers.js';

describe("natural's slow paths are bounded", () => {
  it('the sentence tokenizer refuses a text past the length bound, naming it', () => {
    const tokenizer = naturalSentenceTokenizer();
    expect(() => tokenizer.tokenize('a'.repeat(1_000_000))).toThrow(
      /at most 20000 characters .* this text has 1000000: split it into paragraphs first/,
    );
    expect(tokenizer.tokenize('a'.repeat(NATURAL_SENTENCE_LIMITS.maxLength))).toHaveLength(1);
  });

  it('the sentence tokenizer refuses a text with too many delimiters', () => {
    const tokenizer = naturalSentenceTokenizer();
    expect(() => tokenizer.tokenize('ab. '.repeat(1001))).toThrow(
      /at most 1000 sentence delimiters .* has 1001/,
    );
    expect(tokenizer.tokenize('Ab. '.repeat(100))).toHaveLength(100);
  });

  it('the Porter stemmer refuses a word past the bound', () => {
    expect(() => naturalPorterStem('.'.repeat(1_000_000))).toThrow(
      /at most 1000 characters .* got one of 1000000/,
    );
    expect(naturalPorterStem('a'.repeat(NATURAL_PORTER_MAX_LENGTH))).toBe(
      'a'.repeat(NATURAL_PORTER_MAX_LENGTH),
    );
  });
});
