/// <reference path="./natural-modules.d.ts" />
// natural's root module (`require('natural')`) loads about 1,270 modules, mongoose, pg, redis and
// memjs among them, takes close to a second, and dotenv prints to the console while it does. These
// six submodules need only underscore and natural's stop word list: they load in milliseconds,
// print nothing, and pull no database client.

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

/** The natural classes the adapters wrap. */
export interface NaturalClasses {
  WordTokenizer: new () => NaturalTokenizerLike;
  WordPunctTokenizer: new () => NaturalTokenizerLike;
  TreebankWordTokenizer: new () => NaturalTokenizerLike;
  AggressiveTokenizer: new () => NaturalTokenizerLike;
  SentenceTokenizer: new (abbreviations?: string[]) => { tokenize(text: string): string[] };
  PorterStemmer: NaturalStemmerLike;
  LancasterStemmer: NaturalStemmerLike;
}

/**
 * The versions of natural this package is written and tested against (its optional peer dependency).
 *
 * @example
 * ```ts
 * NATURAL_VERSION_RANGE; // '^8.1.1'
 * ```
 */
export const NATURAL_VERSION_RANGE = '^8.1.1';

// natural is an optional peer dependency, so importing this package must not fail without it: the
// submodules are loaded with import() (which a missing package rejects, instead of failing the link
// of this module), and the adapters report the failure when they are used. The module specifiers stay
// literal so that bundlers find them.
const loading: Promise<NaturalClasses> = Promise.all([
  import('natural/lib/natural/tokenizers/regexp_tokenizer.js'),
  import('natural/lib/natural/tokenizers/treebank_word_tokenizer.js'),
  import('natural/lib/natural/tokenizers/aggressive_tokenizer.js'),
  import('natural/lib/natural/tokenizers/sentence_tokenizer.js'),
  import('natural/lib/natural/stemmers/porter_stemmer.js'),
  import('natural/lib/natural/stemmers/lancaster_stemmer.js'),
]).then(([regexp, treebank, aggressive, sentence, porter, lancaster]) => ({
  WordTokenizer: regexp.default.WordTokenizer,
  WordPunctTokenizer: regexp.default.WordPunctTokenizer,
  TreebankWordTokenizer: treebank.default,
  AggressiveTokenizer: aggressive.default,
  SentenceTokenizer: sentence.default,
  PorterStemmer: porter.default,
  LancasterStemmer: lancaster.default,
}));

let loaded: NaturalClasses | undefined;
let failure: unknown;
try {
  loaded = await loading;
} catch (error) {
  failure = error;
}

/**
 * The error the adapters throw when natural could not be loaded: it names the command that installs
 * it, with {@link NATURAL_VERSION_RANGE}, and keeps the loader's error as `cause`.
 *
 * @example
 * ```ts
 * missingNaturalError(new Error("Cannot find package 'natural'")).message;
 * // '@tokenlab/natural needs the natural package, an optional peer dependency that is not installed ...'
 * ```
 */
export function missingNaturalError(cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
  const notFound =
    (cause as { code?: string } | undefined)?.code === 'ERR_MODULE_NOT_FOUND' ||
    /cannot find (package|module) 'natural/i.test(reason);
  return new Error(
    notFound
      ? `@tokenlab/natural needs the natural package, an optional peer dependency that is not installed: install it beside this package with npm i "natural@${NATURAL_VERSION_RANGE}" (${reason})`
      : `@tokenlab/natural could not load the natural package (${reason}); it needs natural ${NATURAL_VERSION_RANGE}: npm i "natural@${NATURAL_VERSION_RANGE}"`,
    { cause },
  );
}

/**
 * The natural classes the adapters wrap, or the error of {@link missingNaturalError} when natural
 * is not installed.
 *
 * @example
 * ```ts
 * naturalClasses().PorterStemmer.stem('running'); // 'run'
 * ```
 */
export function naturalClasses(): NaturalClasses {
  if (loaded === undefined) throw missingNaturalError(failure);
  return loaded;
}
