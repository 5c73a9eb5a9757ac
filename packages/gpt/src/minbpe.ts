/**
 * minbpe's `GPT4Tokenizer` path: recover the merge tree hidden in tiktoken's ranks and load it into
 * `@tokenlab/bpe`'s `RegexTokenizer`, which then gives cl100k_base's ids. A separate entry point, so
 * that `@tokenlab/gpt` itself does not pull in `@tokenlab/bpe`.
 *
 * @example
 * ```ts
 * import { gpt4Tokenizer } from '@tokenlab/gpt/minbpe';
 * const tokenizer = await gpt4Tokenizer();
 * tokenizer.encode('hello world'); // [15339, 1917], as cl100k_base
 * ```
 *
 * @packageDocumentation
 */
import { RegexTokenizer } from '@tokenlab/bpe';
import type { Encoding } from './encoding.js';
import { NO_RANK, type RankTable } from './ranks/rank-table.js';
import { getEncoding } from './registry.js';

/**
 * One recovered merge: the ranks of the two parts and the rank of the token they make.
 *
 * @example
 * ```ts
 * const [left, right, rank]: RecoveredMerge = [220, 220, 256];
 * ```
 */
export type RecoveredMerge = readonly [left: number, right: number, rank: number];

/**
 * The merges behind a rank table, as minbpe's `recover_merges` finds them: each token of two or more
 * bytes is byte-pair encoded using only lower ranks, which must leave exactly two parts; those parts'
 * ranks and the token's rank form the merge. Returned in rank order. Each token costs a few hash
 * lookups per byte pair, so cl100k's 100k ranks take well under a second.
 *
 * @example
 * ```ts
 * const merges = recoverMerges((await getEncoding('cl100k_base')).ranks);
 * merges[0]; // [220, 220, 256]: two spaces
 * ```
 */
export function recoverMerges(ranks: RankTable): RecoveredMerge[] {
  const merges: RecoveredMerge[] = [];
  const starts = new Int32Array(257);
  for (let rank = 0; rank < ranks.rankCount; rank++) {
    const length = ranks.tokenLength(rank);
    if (length < 2) continue;
    const bytes = ranks.tokenBytes(rank);
    // minbpe's bpe(..., max_rank=rank): merge the lowest-ranked adjacent pair below `rank` until none is left.
    let parts = length;
    for (let i = 0; i <= length; i++) starts[i] = i;
    for (;;) {
      let best = NO_RANK;
      let at = -1;
      for (let k = 0; k + 1 < parts; k++) {
        const pair = ranks.rankOf(bytes, starts[k]!, starts[k + 2]!);
        if (pair < rank && pair < best) {
          best = pair;
          at = k;
        }
      }
      if (at < 0) break;
      for (let k = at + 1; k < parts; k++) starts[k] = starts[k + 1]!;
      parts--;
    }
    if (parts !== 2)
      throw new Error(`rank ${rank}: lower ranks split its ${length} bytes into ${parts} parts, not 2`);
    merges.push([ranks.rankOf(bytes, 0, starts[1]!), ranks.rankOf(bytes, starts[1]!, length), rank]);
  }
  return merges;
}

/**
 * minbpe's byte shuffle: `shuffle[b]` is the rank of the single byte `b` (in cl100k, rank 0 is `!`,
 * not byte 0). Throws if some byte has no rank.
 *
 * @example
 * ```ts
 * byteShuffle((await getEncoding('cl100k_base')).ranks)[33]; // 0, the rank of '!'
 * ```
 */
export function byteShuffle(ranks: RankTable): Uint32Array {
  const shuffle = new Uint32Array(256);
  const single = new Uint8Array(1);
  for (let byte = 0; byte < 256; byte++) {
    single[0] = byte;
    const rank = ranks.rankOf(single, 0, 1);
    if (rank === NO_RANK) throw new Error(`byte ${byte} has no rank of its own`);
    shuffle[byte] = rank;
  }
  return shuffle;
}

/**
 * A `RegexTokenizer` equal to `encoding` (cl100k_base by default, as minbpe's `GPT4Tokenizer`):
 * recovered merges, the byte shuffle, the encoding's special tokens, and its split pattern.
 *
 * @example
 * ```ts
 * const tokenizer = await gpt4Tokenizer();
 * tokenizer.encode('<|endoftext|>', { allowedSpecial: 'all' }); // [100257]
 * tokenizer.decode([15339, 1917]);                              // 'hello world'
 * ```
 */
export async function gpt4Tokenizer(encoding?: Encoding): Promise<RegexTokenizer> {
  const source = encoding ?? (await getEncoding('cl100k_base'));
  return RegexTokenizer.fromMerges(recoverMerges(source.ranks), {
    // tiktoken's pattern rather than minbpe's GPT4_SPLIT_PATTERN, so the chunks (and ids) are tiktoken's.
    pattern: new RegExp(source.pattern.source, 'gu'),
    specialTokens: Object.fromEntries(source.specialTokens),
    byteShuffle: byteShuffle(source.ranks),
    name: source.name === 'cl100k_base' ? 'gpt4' : `minbpe-${source.name}`,
  });
}
