/** Pairs whose two ids are both below this are indexed directly (a 1,024 × 1,024 table, 4 MB). */
const DIRECT = 1024;

/** Grow a typed array to at least `size` elements, doubling. */
export function grow<T extends Int32Array | Float64Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  let length = array.length * 2;
  while (length < size) length *= 2;
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/**
 * Dense indices 0, 1, 2, ... for the pairs of token ids the trainer meets, in the order it first asks
 * for them. Pairs of two small ids (all pairs of bytes, most pairs early on) are found by direct index;
 * the others through open addressing from (left, right) to the pair's index.
 *
 * @example
 * ```ts
 * const index = new PairIndex();
 * index.add(97, 98); // 0
 * index.add(5000, 97); // 1
 * index.find(97, 98); // 0
 * index.left(1); // 5000
 * ```
 */
export class PairIndex {
  /** How many pairs there are. */
  size = 0;
  /** Left id of each pair. */
  lefts: Int32Array;
  /** Right id of each pair. */
  rights: Int32Array;
  private readonly direct = new Int32Array(DIRECT * DIRECT);
  // Pair index + 1 per slot (0 = empty), at most half full.
  private slots: Int32Array;
  private slotMask: number;
  private hashed = 0;

  /**
   * An index with room for `capacity` pairs before it grows, `hashed` of them of larger ids before its
   * hash grows.
   */
  constructor(capacity = 1024, hashed = capacity) {
    this.lefts = new Int32Array(capacity);
    this.rights = new Int32Array(capacity);
    let slots = 1 << 10;
    while (slots < 2 * hashed) slots *= 2;
    this.slots = new Int32Array(slots);
    this.slotMask = slots - 1;
  }

  /** Left id of pair `pair`. */
  left(pair: number): number {
    return this.lefts[pair]!;
  }

  /** Right id of pair `pair`. */
  right(pair: number): number {
    return this.rights[pair]!;
  }

  /** The index of pair (left, right), or -1 if it was never added. */
  find(left: number, right: number): number {
    if (left < DIRECT && right < DIRECT) return this.direct[left * DIRECT + right]! - 1;
    return this.slots[this.slotOf(left, right)]! - 1;
  }

  /** The index of pair (left, right), added if new (the caller sizes its per-pair arrays by `size`). */
  add(left: number, right: number): number {
    if (left < DIRECT && right < DIRECT) {
      const at = left * DIRECT + right;
      const entry = this.direct[at]!;
      if (entry !== 0) return entry - 1;
      const pair = this.append(left, right);
      this.direct[at] = pair + 1;
      return pair;
    }
    const at = this.slotOf(left, right);
    const entry = this.slots[at]!;
    if (entry !== 0) return entry - 1;
    const pair = this.append(left, right);
    this.slots[at] = pair + 1;
    if (++this.hashed * 2 > this.slots.length) this.rehash();
    return pair;
  }

  private append(left: number, right: number): number {
    const pair = this.size++;
    if (pair >= this.lefts.length) {
      this.lefts = grow(this.lefts, pair + 1);
      this.rights = grow(this.rights, pair + 1);
    }
    this.lefts[pair] = left;
    this.rights[pair] = right;
    return pair;
  }

  /** The slot holding (left, right), or the empty slot where it belongs. */
  private slotOf(left: number, right: number): number {
    let h = Math.imul(left ^ Math.imul(right, 0x85ebca77), 0x9e3779b1);
    h ^= h >>> 15;
    const mask = this.slotMask;
    const slots = this.slots;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0 || (this.lefts[entry - 1] === left && this.rights[entry - 1] === right)) return slot;
    }
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.slotMask = this.slots.length - 1;
    for (let pair = 0; pair < this.size; pair++) {
      const left = this.lefts[pair]!;
      const right = this.rights[pair]!;
      if (left >= DIRECT || right >= DIRECT) this.slots[this.slotOf(left, right)] = pair + 1;
    }
  }
}
