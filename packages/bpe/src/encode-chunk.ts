import { MergeTable } from './merge-table.js';

/** Chunks up to this many ids use the simple scan; longer ones the heap (same result). */
const SHORT_CHUNK = 48;

/**
 * Apply `merges` (pair key to new id) to one chunk's ids, exactly as minbpe's `encode` does: while some
 * adjacent pair has a merge, take the pair whose merge came first (lowest new id) and merge all its
 * occurrences left to right. Short chunks run that loop directly; long ones use a min-heap of
 * (new id, position) over a linked list, which gives the same result in O(n log n), because a merge only
 * ever creates pairs whose merges come later.
 *
 * @example
 * ```ts
 * const merges = new Map([[pairKey(97, 97), 256], [pairKey(256, 97), 257]]);
 * encodeChunk([97, 97, 97, 98], merges); // [257, 98]
 * ```
 */
export function encodeChunk(
  ids: ArrayLike<number>,
  merges: MergeTable | ReadonlyMap<number, number>,
): number[] {
  const table = merges instanceof MergeTable ? merges : MergeTable.from(merges);
  return ids.length <= SHORT_CHUNK ? encodeShort(Array.from(ids), table) : encodeLong(ids, table);
}

function encodeShort(ids: number[], merges: MergeTable): number[] {
  let length = ids.length;
  while (length >= 2) {
    let bestId = Number.POSITIVE_INFINITY;
    let bestLeft = 0;
    let bestRight = 0;
    for (let i = 0; i + 1 < length; i++) {
      const id = merges.get(ids[i]!, ids[i + 1]!);
      if (id >= 0 && id < bestId) {
        bestId = id;
        bestLeft = ids[i]!;
        bestRight = ids[i + 1]!;
      }
    }
    if (bestId === Number.POSITIVE_INFINITY) break;
    let write = 0;
    for (let read = 0; read < length; ) {
      if (read + 1 < length && ids[read] === bestLeft && ids[read + 1] === bestRight) {
        ids[write++] = bestId;
        read += 2;
      } else {
        ids[write++] = ids[read++]!;
      }
    }
    length = write;
  }
  ids.length = length;
  return ids;
}

const POSITION_BASE = 2 ** 32;

function encodeLong(input: ArrayLike<number>, merges: MergeTable): number[] {
  const n = input.length;
  const token = Int32Array.from(input as ArrayLike<number>);
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    next[i] = i + 1 < n ? i + 1 : -1;
    prev[i] = i - 1;
  }
  // Min-heap of mergeId * 2^32 + position: lowest merge first, leftmost among equals.
  const heap: number[] = [];
  const push = (value: number) => {
    let i = heap.length;
    heap.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]! <= value) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = value;
  };
  const pop = (): number => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      let i = 0;
      const size = heap.length;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const r = l + 1;
        const child = r < size && heap[r]! < heap[l]! ? r : l;
        if (heap[child]! >= last) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = last;
    }
    return top;
  };
  const pushPairAt = (i: number) => {
    const j = next[i]!;
    if (j < 0) return;
    const id = merges.get(token[i]!, token[j]!);
    if (id >= 0) push(id * POSITION_BASE + i);
  };
  for (let i = 0; i + 1 < n; i++) pushPairAt(i);
  while (heap.length > 0) {
    const entry = pop();
    const i = entry % POSITION_BASE;
    const id = (entry - i) / POSITION_BASE;
    const j = next[i]!;
    if (token[i]! < 0 || j < 0 || merges.get(token[i]!, token[j]!) !== id) continue;
    token[i] = id;
    token[j] = -1;
    const k = next[j]!;
    next[i] = k;
    if (k >= 0) prev[k] = i;
    if (prev[i]! >= 0) pushPairAt(prev[i]!);
    pushPairAt(i);
  }
  const out: number[] = [];
  for (let i = 0; i >= 0; i = next[i]!) out.push(token[i]!);
  return out;
}
