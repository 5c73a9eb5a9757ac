/**
 * The binary Huffman tree of hierarchical softmax, as gensim builds it: per word, the path from the root as
 * `codes` (0 left, 1 right) and `points` (the inner nodes passed, each a row of the output matrix `syn1`).
 * Frequent words get short paths. Stored flat: word `w`'s path is `codes`/`points` from `offsets[w]` to
 * `offsets[w + 1]`.
 *
 * @example
 * ```ts
 * const tree = huffmanTree([5, 3, 2]);
 * tree.path(0); // { codes: [0], points: [1] }
 * ```
 */
export interface HuffmanTree {
  /** Start of each word's path in `codes` and `points`, plus the total length at the end. */
  offsets: Uint32Array;
  /** Branch taken at each step (0 left, 1 right). */
  codes: Uint8Array;
  /** Inner node at each step, numbered 0 … words − 2 in order of creation (the root is the last). */
  points: Uint32Array;
  /** The path of word `row`, as plain arrays (gensim's `code` and `point` vector attributes). */
  path(row: number): {
    /** Branches from the root (0 left, 1 right). */
    codes: number[];
    /** Inner nodes passed, from the root. */
    points: number[];
  };
}

/**
 * Builds gensim's Huffman tree over word counts (given in vocabulary order): nodes are merged two smallest
 * first through Python's `heapq` moves (equal counts pop in the order those moves leave them), the first popped becoming the left child (code 0); inner node `i` gets
 * index `words + i`. The same counts give the same codes and points as gensim 4.2's `_assign_binary_codes`.
 * One word gets an empty path.
 *
 * @example
 * ```ts
 * const tree = huffmanTree([4, 2, 1, 1]);
 * tree.path(0).codes.length; // 1: the most frequent word sits next to the root
 * ```
 */
export function huffmanTree(counts: ArrayLike<number>): HuffmanTree {
  const words = counts.length;
  if (words === 0) throw new Error('a Huffman tree needs at least one word');
  const nodes = 2 * words - 1;
  const count = new Float64Array(nodes);
  const left = new Int32Array(nodes).fill(-1);
  const right = new Int32Array(nodes).fill(-1);
  for (let i = 0; i < words; i++) count[i] = counts[i] as number;
  const heap = new PythonHeap(
    Array.from({ length: words }, (_, i) => i),
    (a, b) => (count[a] as number) < (count[b] as number),
  );
  for (let i = 0; i < words - 1; i++) {
    const first = heap.pop();
    const second = heap.pop();
    const node = words + i;
    count[node] = (count[first] as number) + (count[second] as number);
    left[node] = first;
    right[node] = second;
    heap.push(node);
  }
  // Depth of every node, from the root down (children always have smaller indexes than their parent).
  const depth = new Uint32Array(nodes);
  for (let node = nodes - 1; node >= words; node--) {
    depth[left[node] as number] = (depth[node] as number) + 1;
    depth[right[node] as number] = (depth[node] as number) + 1;
  }
  const offsets = new Uint32Array(words + 1);
  for (let w = 0; w < words; w++) offsets[w + 1] = (offsets[w] as number) + (depth[w] as number);
  const total = offsets[words] as number;
  const codes = new Uint8Array(total);
  const points = new Uint32Array(total);
  // Walk down from the root, carrying the path so far; leaves copy it into place.
  const stack: { node: number; codes: number[]; points: number[] }[] = [
    { node: nodes - 1, codes: [], points: [] },
  ];
  while (stack.length > 0) {
    const { node, codes: pathCodes, points: pathPoints } = stack.pop() as (typeof stack)[number];
    if (node < words) {
      codes.set(pathCodes, offsets[node]);
      points.set(pathPoints, offsets[node]);
      continue;
    }
    const throughHere = [...pathPoints, node - words];
    stack.push({ node: left[node] as number, codes: [...pathCodes, 0], points: throughHere });
    stack.push({ node: right[node] as number, codes: [...pathCodes, 1], points: throughHere });
  }
  return {
    offsets,
    codes,
    points,
    path(row: number) {
      const from = offsets[row] as number;
      const to = offsets[row + 1] as number;
      return { codes: Array.from(codes.subarray(from, to)), points: Array.from(points.subarray(from, to)) };
    },
  };
}

/**
 * Python's `heapq` (heapify, heappush, heappop) step for step, over node indexes compared by count alone: gensim
 * compares heap items by count only, so which of two equal counts pops first depends on these exact moves.
 */
class PythonHeap {
  private readonly items: number[];

  constructor(
    items: number[],
    private readonly less: (a: number, b: number) => boolean,
  ) {
    this.items = items;
    for (let i = (items.length >> 1) - 1; i >= 0; i--) this.siftUp(i);
  }

  push(item: number): void {
    this.items.push(item);
    this.siftDown(0, this.items.length - 1);
  }

  pop(): number {
    const items = this.items;
    const last = items.pop() as number;
    if (items.length === 0) return last;
    const top = items[0] as number;
    items[0] = last;
    this.siftUp(0);
    return top;
  }

  /** heapq's `_siftdown`: moves the item at `pos` up towards `start` while it is less than its parent. */
  private siftDown(start: number, pos: number): void {
    const items = this.items;
    const item = items[pos] as number;
    while (pos > start) {
      const parent = (pos - 1) >> 1;
      if (!this.less(item, items[parent] as number)) break;
      items[pos] = items[parent] as number;
      pos = parent;
    }
    items[pos] = item;
  }

  /** heapq's `_siftup`: moves the smaller child up to the leaves, then sifts the item back into place. */
  private siftUp(pos: number): void {
    const items = this.items;
    const end = items.length;
    const start = pos;
    const item = items[pos] as number;
    let child = 2 * pos + 1;
    while (child < end) {
      const right = child + 1;
      if (right < end && !this.less(items[child] as number, items[right] as number)) child = right;
      items[pos] = items[child] as number;
      pos = child;
      child = 2 * pos + 1;
    }
    items[pos] = item;
    this.siftDown(start, pos);
  }
}
