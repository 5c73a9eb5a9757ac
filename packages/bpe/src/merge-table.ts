import { unpackPair } from './pair.js';

/**
 * A fast lookup from a pair of ids to the id its merge makes: open addressing over typed arrays,
 * so the encoder's inner loop does no hashing of boxed numbers.
 *
 * @example
 * ```ts
 * const table = MergeTable.from([[104, 105, 256]]);
 * table.get(104, 105); // 256
 * table.get(105, 104); // -1
 * ```
 */
export class MergeTable {
  private readonly lefts: Int32Array;
  private readonly rights: Int32Array;
  private readonly ids: Int32Array;
  private readonly mask: number;
  /** Number of merges held. */
  readonly size: number;

  private constructor(capacity: number, size: number) {
    this.lefts = new Int32Array(capacity).fill(-1);
    this.rights = new Int32Array(capacity);
    this.ids = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.size = size;
  }

  /**
   * A table of `[left, right, id]` merges, or of a `Map` from {@link pairKey} to id.
   *
   * @example
   * ```ts
   * MergeTable.from(new Map([[pairKey(97, 97), 256]])).get(97, 97); // 256
   * ```
   */
  static from(merges: Iterable<readonly [number, number, number]> | ReadonlyMap<number, number>): MergeTable {
    let rules: ReadonlyArray<readonly [number, number, number]>;
    if (merges instanceof Map) {
      const unpacked: Array<readonly [number, number, number]> = [];
      for (const [key, id] of merges) unpacked.push([...unpackPair(key), id]);
      rules = unpacked;
    } else if (Array.isArray(merges)) rules = merges;
    else rules = [...(merges as Iterable<readonly [number, number, number]>)];
    let capacity = 16;
    while (capacity < rules.length * 2) capacity *= 2;
    const table = new MergeTable(capacity, rules.length);
    for (let index = 0; index < rules.length; index++) {
      const rule = rules[index]!;
      const left = rule[0];
      const right = rule[1];
      const id = rule[2];
      let slot = MergeTable.hash(left, right) & table.mask;
      while (table.lefts[slot] !== -1) slot = (slot + 1) & table.mask;
      table.lefts[slot] = left;
      table.rights[slot] = right;
      table.ids[slot] = id;
    }
    return table;
  }

  private static hash(left: number, right: number): number {
    const h = Math.imul(left ^ Math.imul(right, 0x85ebca77), 0x9e3779b1);
    return h ^ (h >>> 15);
  }

  /**
   * The id made by merging `(left, right)`, or -1 when there is no such merge.
   *
   * @example
   * ```ts
   * MergeTable.from([[1, 2, 300]]).get(1, 2); // 300
   * ```
   */
  get(left: number, right: number): number {
    const mask = this.mask;
    for (let slot = MergeTable.hash(left, right) & mask; ; slot = (slot + 1) & mask) {
      const l = this.lefts[slot]!;
      if (l === -1) return -1;
      if (l === left && this.rights[slot] === right) return this.ids[slot]!;
    }
  }
}
