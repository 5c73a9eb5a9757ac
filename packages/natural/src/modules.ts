/// <reference path="./natural-modules.d.ts" />
// natural's root module (`require('natural')`) loads about 1,270 modules, mongoose, pg, redis and
// memjs among them, takes close to a second, and dotenv prints to the console while it does. These
// six submodules need only underscore and natural's stop word list: they load in milliseconds,
// print nothing, and pull no database client.

import LancasterStemmer from 'natural/lib/natural/stemmers/lancaster_stemmer.js';
import PorterStemmer from 'natural/lib/natural/stemmers/porter_stemmer.js';
import AggressiveTokenizer from 'natural/lib/natural/tokenizers/aggressive_tokenizer.js';
import regexpTokenizers from 'natural/lib/natural/tokenizers/regexp_tokenizer.js';
import SentenceTokenizer from 'natural/lib/natural/tokenizers/sentence_tokenizer.js';
import TreebankWordTokenizer from 'natural/lib/natural/tokenizers/treebank_word_tokenizer.js';

/**
 * The natural submodules this package loads, instead of natural's root module.
 *
 * @example
 * ```ts
 * NATURAL_MODULES.includes('natural/lib/natural/stemmers/porter_stemmer.js'); // true
 * ```
 */
export const NATURAL_MODULES = [
  'natural/lib/natural/tokenizers/regexp_tokenizer.js',
  'natural/lib/natural/tokenizers/treebank_word_tokenizer.js',
  'natural/lib/natural/tokenizers/aggressive_tokenizer.js',
  'natural/lib/natural/tokenizers/sentence_tokenizer.js',
  'natural/lib/natural/stemmers/porter_stemmer.js',
  'natural/lib/natural/stemmers/lancaster_stemmer.js',
] as const;

/** A natural tokenizer: text in, token strings out (WordPunct may return null on no match). */
export interface NaturalTokenizerLike {
  tokenize(text: string): string[] | null;
}

/** A natural stemmer. */
export interface NaturalStemmerLike {
  stem(word: string): string;
}

/** The natural classes the adapter wraps. */
export const natural: {
  WordTokenizer: new () => NaturalTokenizerLike;
  WordPunctTokenizer: new () => NaturalTokenizerLike;
  TreebankWordTokenizer: new () => NaturalTokenizerLike;
  AggressiveTokenizer: new () => NaturalTokenizerLike;
  SentenceTokenizer: new (abbreviations?: string[]) => { tokenize(text: string): string[] };
  PorterStemmer: NaturalStemmerLike;
  LancasterStemmer: NaturalStemmerLike;
} = {
  WordTokenizer: regexpTokenizers.WordTokenizer,
  WordPunctTokenizer: regexpTokenizers.WordPunctTokenizer,
  TreebankWordTokenizer,
  AggressiveTokenizer,
  SentenceTokenizer,
  PorterStemmer,
  LancasterStemmer,
};
