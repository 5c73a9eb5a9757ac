import data from '../../data/p50k_base.js';
import twoByteChars from '../../data/p50k_base.two-byte.js';
import { Encoding } from '../encoding.js';
import { R50K_PATTERN_SOURCE } from '../patterns.js';
import { rankTableFromCompact } from '../ranks/compact.js';

/**
 * The p50k_base ranks (shared with `p50k_edit`).
 *
 * @example
 * ```ts
 * import { p50kRanks } from '@tokenlab/gpt/encodings/p50k_base';
 * p50kRanks.size;                                         // 50280
 * new TextDecoder().decode(p50kRanks.tokenBytes(50257)); // '  ' (two spaces)
 * ```
 */
export const p50kRanks = rankTableFromCompact(data, twoByteChars);

/**
 * The `p50k_base` encoding, of Codex and text-davinci-002/003. Importing this module decodes its rank data;
 * `getEncoding('p50k_base')` imports it on first use.
 *
 * @example
 * ```ts
 * import { p50kBase } from '@tokenlab/gpt/encodings/p50k_base';
 * p50kBase.encode('hello world');
 * ```
 */
export const p50kBase = new Encoding({
  name: 'p50k_base',
  patternSource: R50K_PATTERN_SOURCE,
  ranks: p50kRanks,
  specialTokens: { '<|endoftext|>': 50256 },
  explicitNVocab: 50281,
});
