import { hashBytes } from '../ranks/rank-table.js';
import type { PieceLookup } from './piece-cache.js';

// Tests' shorthand for a piece cache: store and look up a text's UTF-8 bytes.
const utf8 = new TextEncoder();

/** Stores `ids` for the bytes of `text`. */
export function remember(cache: PieceLookup, text: string, ids: number[]): void {
  const bytes = utf8.encode(text);
  cache.store(bytes, 0, bytes.length, hashBytes(bytes, 0, bytes.length), Uint32Array.from(ids), ids.length);
}

/** The ids stored for the bytes of `text`, or undefined. */
export function recall(cache: PieceLookup, text: string): number[] | undefined {
  const bytes = utf8.encode(text);
  const slot = cache.find(bytes, 0, bytes.length, hashBytes(bytes, 0, bytes.length));
  if (slot < 0) return undefined;
  return [...cache.ids.subarray(cache.idStart(slot), cache.idStart(slot) + cache.idCount(slot))];
}
