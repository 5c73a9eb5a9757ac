/**
 * The common ground of tokenlab: tokens with spans, the {@link Tokenizer} interface every tokenizer
 * implements, UTF-8 helpers, the code point and byte views, the character-level tokenizer and the
 * token rendering minbpe uses for its `.vocab` files.
 *
 * @example
 * ```ts
 * import { CharTokenizer, toBytes } from '@tokenlab/core';
 * CharTokenizer.fromText('hello').encode('hell'); // [1, 0, 2, 2]
 * toBytes('é');                                   // Uint8Array [195, 169]
 * ```
 *
 * @packageDocumentation
 */
export {
  type BidiClass,
  type BidiDirection,
  type BidiLevels,
  bidiClass,
  bidiLevels,
  type VisualCluster,
  visualClusters,
  visualLine,
  visualOrder,
} from './bidi.js';
export { CharTokenizer, type CharVocabulary, UnknownCharacterError } from './chars.js';
export { type JoiningType, joiningType, joinsAcross } from './joining.js';
export { nearestName, optionNames, requireOptionNames } from './option-names.js';
export { LONGEST_PRESIZED_ARRAY, presizedArray, presizedLength } from './presized-array.js';
export { bytesAsText, renderToken, replaceControlCharacters } from './render.js';
export { requireOptions } from './require-options.js';
export { requireText } from './require-text.js';
export { spansFromByteLengths } from './spans.js';
export { MAX_STRING_LENGTH } from './string-length.js';
export type { Token, Tokenizer } from './token.js';
export {
  decodeBytes,
  findInvalidUtf8,
  findLoneSurrogate,
  toBytes,
  Utf8Error,
  type Utf8Errors,
  type Utf8Options,
  utf8ByteLength,
} from './utf8.js';
export { Utf8StreamDecoder, type Utf8StreamOptions } from './utf8-stream.js';
export {
  CodePointTokenizer,
  codePointLength,
  codePoints,
  fromCodePoints,
  Utf8ByteTokenizer,
} from './views.js';
export { MAX_WORKER_THREADS, requireWholeOption } from './whole-option.js';
