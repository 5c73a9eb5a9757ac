import data from '../../data/r50k_base.js';
import twoByteChars from '../../data/r50k_base.two-byte.js';
import { Encoding } from '../encoding.js';
import { R50K_PATTERN_SOURCE } from '../patterns.js';
import { rankTableFromCompact } from '../ranks/compact.js';

/**
 * The r50k_base ranks (shared with `gpt2`).
 *
 * @example
 * ```ts
 * import { r50kRanks } from '@tokenlab/gpt/encodings/r50k_base';
 * r50kRanks.size;                                         // 50256
 * new TextDecoder().decode(r50kRanks.tokenBytes(31373)); // 'hello'
 * ```
 */
export const r50kRanks = rankTableFromCompact(data, twoByteChars);

/**
 * The `r50k_base` encoding, GPT-3's (davinci, curie, babbage, ada). Importing this module decodes its rank data;
 * `getEncoding('r50k_base')` imports it on first use.
 *
 * @example
 * ```ts
 * import { r50kBase } from '@tokenlab/gpt/encodings/r50k_base';
 * r50kBase.encode('hello world');
 * ```
 */
export const r50kBase = new Encoding({
  name: 'r50k_base',
  patternSource: R50K_PATTERN_SOURCE,
  ranks: r50kRanks,
  specialTokens: { '<|endoftext|>': 50256 },
  explicitNVocab: 50257,
});
