import { CharTokenizer, CodePointTokenizer, Utf8ByteTokenizer } from '@tokenlab/core';
import type { TokenizerEntry } from './registry.js';

/** The views of @tokenlab/core. */
export const coreTokenizers: TokenizerEntry[] = [
  {
    name: 'chars',
    family: 'core',
    streamable: true,
    description: 'one token per character (code point); no vocabulary, so no ids',
    create: () => new CharTokenizer([]),
  },
  {
    name: 'codepoints',
    family: 'core',
    streamable: true,
    description: 'one token per code point, id = the code point',
    create: () => new CodePointTokenizer(),
  },
  {
    name: 'utf8',
    family: 'core',
    streamable: true,
    description: 'one token per UTF-8 byte, id = the byte',
    create: () => new Utf8ByteTokenizer(),
  },
];
