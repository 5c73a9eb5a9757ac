import { Encoding } from '../encoding.js';
import { R50K_PATTERN_SOURCE } from '../patterns.js';
import { r50kRanks } from './r50k_base.js';

/**
 * The `gpt2` encoding, GPT-2's (the same ranks and pattern as r50k_base). Importing this module decodes its rank data;
 * `getEncoding('gpt2')` imports it on first use.
 *
 * @example
 * ```ts
 * import { gpt2 } from '@tokenlab/gpt/encodings/gpt2';
 * gpt2.encode('hello world');
 * ```
 */
export const gpt2 = new Encoding({
  name: 'gpt2',
  patternSource: R50K_PATTERN_SOURCE,
  ranks: r50kRanks,
  specialTokens: { '<|endoftext|>': 50256 },
  explicitNVocab: 50257,
});
