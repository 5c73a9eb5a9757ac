import { decodeBase64 } from './base64.js';
import { RankTable } from './rank-table.js';
import type { TwoByteChars } from './two-byte-chars.js';

/**
 * Read the compact rank form that `scripts/build-ranks.mjs` writes into `data/`: base64 of, for each
 * rank in order, a length byte and the token's bytes (length 0: no token at that rank). Decoding it
 * is a single pass, much cheaper than parsing a `.tiktoken` file line by line. `twoByteChars` is the
 * table's {@link TwoByteChars.summary} when shipped with it (`data/NAME.two-byte.js`).
 */
export function rankTableFromCompact(base64: string, twoByteChars?: readonly number[]): RankTable {
  const packed = decodeBase64(base64);
  let ranks = 0;
  for (let at = 0; at < packed.length; at += packed[at]! + 1) ranks++;
  const bytes = new Uint8Array(packed.length - ranks);
  const offsets = new Uint32Array(ranks + 1);
  let from = 0;
  let to = 0;
  for (let rank = 0; rank < ranks; rank++) {
    const length = packed[from++]!;
    offsets[rank] = to;
    // Tokens are a few bytes long: a plain copy beats making a view per token for `set`.
    for (const tokenEnd = from + length; from < tokenEnd; ) bytes[to++] = packed[from++]!;
  }
  offsets[ranks] = to;
  return new RankTable(bytes, offsets, undefined, twoByteChars);
}
