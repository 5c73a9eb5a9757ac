import data from '../../data/o200k_base.js';
import twoByteChars from '../../data/o200k_base.two-byte.js';
import { Encoding } from '../encoding.js';
import { O200K_PATTERN_SOURCE } from '../patterns.js';
import { rankTableFromCompact } from '../ranks/compact.js';

/**
 * The `o200k_base` encoding, of GPT-4o, o1, o3, GPT-4.1 and GPT-5. Importing this module decodes its rank data;
 * `getEncoding('o200k_base')` imports it on first use.
 *
 * @example
 * ```ts
 * import { o200kBase } from '@tokenlab/gpt/encodings/o200k_base';
 * o200kBase.encode('hello world');
 * ```
 */
export const o200kBase = new Encoding({
  name: 'o200k_base',
  patternSource: O200K_PATTERN_SOURCE,
  ranks: rankTableFromCompact(data, twoByteChars),
  specialTokens: { '<|endoftext|>': 199999, '<|endofprompt|>': 200018 },
});
