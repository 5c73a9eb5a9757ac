import type { Token } from '@tokenlab/core';
import { upperBound } from './layout.js';
import type { TokenStore } from './token-store.js';

/**
 * Tokens of a whole text in typed arrays, to cross from a worker to the page without copying a
 * million objects: spans and ids as numbers, and a token's text only where it is not the slice of
 * the text it spans (Treebank's `` and '' for quotes, say).
 */
export interface PackedTokens {
  starts: Int32Array;
  ends: Int32Array;
  /** The id of each token, `NaN` for none. */
  ids: Float64Array;
  /** `[byteStart, byteEnd)` of each token (two numbers per token), when the tokens have byte ranges. */
  bytes?: Float64Array;
  /** Texts that differ from the span's slice, by token index. */
  texts: Map<number, string>;
}

/**
 * Pack `tokens` of `text`.
 *
 * @example
 * ```ts
 * const packed = packTokens('a b', [{ text: 'a', start: 0, end: 1 }, { text: 'b', start: 2, end: 3 }]);
 * packed.starts; // Int32Array [0, 2]
 * ```
 */
export function packTokens(text: string, tokens: readonly Token[]): PackedTokens {
  const n = tokens.length;
  const packed: PackedTokens = {
    starts: new Int32Array(n),
    ends: new Int32Array(n),
    ids: new Float64Array(n),
    texts: new Map(),
  };
  if (tokens.some((token) => token.bytes)) packed.bytes = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const token = tokens[i]!;
    packed.starts[i] = token.start;
    packed.ends[i] = token.end;
    packed.ids[i] = token.id ?? Number.NaN;
    if (packed.bytes && token.bytes) {
      packed.bytes[2 * i] = token.bytes[0];
      packed.bytes[2 * i + 1] = token.bytes[1];
    }
    if (token.text.length !== token.end - token.start || !text.startsWith(token.text, token.start))
      packed.texts.set(i, token.text);
  }
  return packed;
}

/**
 * The buffers of `packed`, to transfer rather than copy in `postMessage`.
 *
 * @example
 * ```ts
 * worker.postMessage(packed, transferables(packed));
 * ```
 */
export function transferables(packed: PackedTokens): ArrayBuffer[] {
  const buffers = [packed.starts.buffer, packed.ends.buffer, packed.ids.buffer];
  if (packed.bytes) buffers.push(packed.bytes.buffer);
  return buffers as ArrayBuffer[];
}

/** Token `i` of `packed`, as the tokenizer gave it. */
function unpack(text: string, packed: PackedTokens, i: number): Token {
  const start = packed.starts[i]!;
  const end = packed.ends[i]!;
  const token: Token = { text: packed.texts.get(i) ?? text.slice(start, end), start, end };
  const id = packed.ids[i]!;
  if (!Number.isNaN(id)) token.id = id;
  if (packed.bytes) token.bytes = [packed.bytes[2 * i]!, packed.bytes[2 * i + 1]!];
  return token;
}

/**
 * The tokens of `packed` (in text order, as tokenizers give them) that overlap `[start, end)`, and
 * empty tokens inside it (or at the text's end), unpacked.
 *
 * @example
 * ```ts
 * const packed = packTokens('a b', [{ text: 'a', start: 0, end: 1 }, { text: 'b', start: 2, end: 3 }]);
 * packedTokensIn('a b', packed, 1, 3); // [{ text: 'b', start: 2, end: 3 }]
 * ```
 */
export function packedTokensIn(text: string, packed: PackedTokens, start: number, end: number): Token[] {
  const { starts, ends } = packed;
  const n = starts.length;
  // A few long tokens (sentences) may start well before `start`: step back over those that reach it.
  let i = upperBound(starts, start);
  while (i > 0 && (ends[i - 1]! > start || starts[i - 1] === start)) i--;
  const found: Token[] = [];
  for (; i < n && starts[i]! <= end; i++) {
    const s = starts[i]!;
    const e = ends[i]!;
    const inside = s === e ? s >= start && (s < end || s === text.length) : e > start && s < end;
    if (inside) found.push(unpack(text, packed, i));
  }
  return found;
}

/**
 * A {@link TokenStore} over the packed tokens of one text (a whole-text tokenizer's, made in the
 * worker), for a column to draw from.
 *
 * @example
 * ```ts
 * const store = packedStore('a b', packTokens('a b', tokens));
 * store.tokensIn(0, 1);
 * ```
 */
export function packedStore(text: string, packed: PackedTokens): TokenStore {
  return {
    setText(other) {
      if (other !== text) throw new Error('these tokens are of another text');
    },
    tokensIn: (start, end) => packedTokensIn(text, packed, start, end),
    count: packed.starts.length,
    countUntil: () => true,
  };
}
