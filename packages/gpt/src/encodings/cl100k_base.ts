import data from '../../data/cl100k_base.js';
import twoByteChars from '../../data/cl100k_base.two-byte.js';
import { Encoding } from '../encoding.js';
import { CL100K_PATTERN_SOURCE } from '../patterns.js';
import { rankTableFromCompact } from '../ranks/compact.js';

/**
 * The `cl100k_base` encoding, of GPT-4 and GPT-3.5-turbo. Importing this module decodes its rank data;
 * `getEncoding('cl100k_base')` imports it on first use.
 *
 * @example
 * ```ts
 * import { cl100kBase } from '@tokenlab/gpt/encodings/cl100k_base';
 * cl100kBase.encode('hello world');
 * ```
 */
export const cl100kBase = new Encoding({
  name: 'cl100k_base',
  patternSource: CL100K_PATTERN_SOURCE,
  ranks: rankTableFromCompact(data, twoByteChars),
  specialTokens: {
    '<|endoftext|>': 100257,
    '<|fim_prefix|>': 100258,
    '<|fim_middle|>': 100259,
    '<|fim_suffix|>': 100260,
    '<|endofprompt|>': 100276,
  },
});
