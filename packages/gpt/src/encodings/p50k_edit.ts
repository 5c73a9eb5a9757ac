import { Encoding } from '../encoding.js';
import { R50K_PATTERN_SOURCE } from '../patterns.js';
import { p50kRanks } from './p50k_base.js';

/**
 * The `p50k_edit` encoding, of the edit models: p50k_base plus the fill-in-the-middle special tokens. Importing this module decodes its rank data;
 * `getEncoding('p50k_edit')` imports it on first use.
 *
 * @example
 * ```ts
 * import { p50kEdit } from '@tokenlab/gpt/encodings/p50k_edit';
 * p50kEdit.encode('hello world');
 * ```
 */
export const p50kEdit = new Encoding({
  name: 'p50k_edit',
  patternSource: R50K_PATTERN_SOURCE,
  ranks: p50kRanks,
  specialTokens: {
    '<|endoftext|>': 50256,
    '<|fim_prefix|>': 50281,
    '<|fim_middle|>': 50282,
    '<|fim_suffix|>': 50283,
  },
});
