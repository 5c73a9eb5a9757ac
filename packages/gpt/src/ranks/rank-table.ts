import { MergeKernel } from './merge-kernel.js';
import { NO_RANK } from './no-rank.js';
import { TwoByteChars } from './two-byte-chars.js';

export { NO_RANK };

const FNV_OFFSET = 0x811c9dc5;
/** Slots of the joined-rank memo (a power of two; small enough to stay in a core's cache). */
const JOINED_SLOTS = 1 << 15;
const FNV_PRIME = 0x01000193;

/** 32-bit words of the token filter (a power of two): 256 KB, small enough to stay in a core's cache. */
const FILTER_WORDS = 1 << 16;

/** The two bits a hash sets in its word of the token filter. */
function filterBits(hash: number): number {
  return (1 << (hash & 31)) | (1 << ((hash >>> 5) & 31));
}

/** Mixes two ranks into a slot number of the joined-rank memo. */
function joinedSlot(left: number, right: number): number {
  const mixed = Math.imul(left, 0x9e3779b1) ^ Math.imul(right, 0x85ebca6b);
  return mixed ^ (mixed >>> 15);
}

/**
 * FNV-1a over `bytes[start, end)`, the hash the table is keyed by (and {@link MergeKernel.encode} takes).
 *
 * @example
 * ```ts
 * hashBytes(new TextEncoder().encode('hi'), 0, 2); // 1748694682
 * ```
 */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, FNV_PRIME);
  return hash;
}

/** Start value for hashing bytes one at a time with {@link hashStep}. */
export const HASH_START = FNV_OFFSET;

/** Fold one more byte into a hash started at {@link HASH_START}. */
export function hashStep(hash: number, byte: number): number {
  return Math.imul(hash ^ byte, FNV_PRIME);
}

/**
 * Two ranks with the same bytes: `rank` repeats the bytes of the earlier `firstRank`.
 *
 * @example
 * ```ts
 * try { RankTable.fromTokens([Uint8Array.of(97), Uint8Array.of(97)]); } catch (e) { (e as RepeatedTokenError).firstRank; } // 0
 * ```
 */
export class RepeatedTokenError extends Error {
  /** The later rank. */
  readonly rank: number;
  /** The earlier rank whose bytes it repeats. */
  readonly firstRank: number;

  /** The error for `rank` repeating the bytes of `firstRank`. */
  constructor(rank: number, firstRank: number) {
    super(`rank ${rank} repeats the bytes of rank ${firstRank}; ranks must be unique`);
    this.name = 'RepeatedTokenError';
    this.rank = rank;
    this.firstRank = firstRank;
  }
}

/**
 * A {@link RankTable}'s arrays in `SharedArrayBuffer`s, as {@link RankTable.share} makes them: what a
 * worker thread needs to read the same table without rebuilding it.
 *
 * @example
 * ```ts
 * const shared: SharedRankTable = table.share();
 * ```
 */
export interface SharedRankTable {
  /** Every token's bytes, back to back, in rank order. */
  bytes: Uint8Array;
  /** Token `rank` is `bytes[offsets[rank], offsets[rank + 1])`. */
  offsets: Uint32Array;
  /** The built hash slots (four ints each). */
  slots: Int32Array;
  /** How many ranks have a token. */
  size: number;
  /** The table's {@link TwoByteChars.summary}. */
  twoByteChars: number[];
}

/**
 * Mergeable ranks as a byte-keyed open-addressing hash table: token bytes live back to back in one
 * `Uint8Array`, and a lookup hashes a slice of any byte buffer and compares bytes in place, so no
 * string or array is allocated per lookup.
 *
 * @example
 * ```ts
 * const table = RankTable.fromTokens([new Uint8Array([104]), new Uint8Array([105]), new Uint8Array([104, 105])]);
 * table.rankOf(new TextEncoder().encode('hi'), 0, 2); // 2
 * ```
 */
export class RankTable {
  /** Every token's bytes, back to back, in rank order (in the {@link RankTable.mergeKernel}'s memory when it has one). */
  readonly bytes: Uint8Array;
  /** Token `rank` is `bytes[offsets[rank], offsets[rank + 1])`; empty for a rank with no token (in the kernel's memory too). */
  readonly offsets: Uint32Array;
  /**
   * Open-addressing slots of four ints each — hash, rank, start of the token's bytes, its length — so
   * that a probe touches one cache line before the byte comparison. Rank -1 marks an empty slot.
   */
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** How many ranks have a token. */
  readonly size: number;
  /** Ranks of two-byte tokens by `first << 8 | second`, filled on first use (-1: not looked up yet). */
  private readonly pairs = new Int32Array(65536).fill(-1);
  /**
   * Direct-mapped memo of joined ranks: four ints a slot — left rank, right rank, the rank of their
   * bytes joined (NO_RANK when none), unused — -1 in the first marks an empty slot. Made with the
   * table, not on first use: a branch that runs once per table would be compiled out of the merge
   * loop and send it back to the interpreter on the next table's first merge.
   */
  private readonly joined = new Int32Array(JOINED_SLOTS * 4).fill(-1);
  private joinScratch = new Uint8Array(256);
  /** Ranks of the 256 single bytes (NO_RANK for a byte without a token). */
  private readonly byteRanks: Int32Array;
  /**
   * Which hashes may belong to a token: every token's hash sets two bits in the word its top 16
   * bits pick. Most byte strings a merge asks about are no token; for them one read of this small
   * array answers, instead of a probe of the large slot array and its cache miss. Never wrong for
   * a token, so it only saves work.
   */
  private readonly filter: Int32Array;
  /** Which two-byte characters a merge may start from whole (see {@link TwoByteChars}). */
  readonly twoByteChars: TwoByteChars;
  /**
   * The merge of short pieces in WebAssembly over this table's arrays (which then live in its
   * memory), or null: a table from shared arrays, one without a token for every byte, or a platform
   * without WebAssembly merges in JavaScript, with the same ids.
   */
  readonly mergeKernel: MergeKernel | null;
  /** The shared copy made by {@link RankTable.share}, once. */
  private shared: SharedRankTable | null = null;

  /**
   * Builds the table from token bytes and their offsets (see {@link RankTable.fromTokens}); `built`
   * takes the slots and size of a table already built over the same arrays (see {@link RankTable.share}),
   * and `twoByteChars` the {@link TwoByteChars.summary} of these tokens, when known.
   */
  constructor(
    bytes: Uint8Array,
    offsets: Uint32Array,
    built?: { slots: Int32Array; size: number },
    twoByteChars?: readonly number[],
  ) {
    this.offsets = offsets;
    const readTwoByteChars = (tokenBytes: Uint8Array, tokenOffsets: Uint32Array) =>
      twoByteChars === undefined
        ? TwoByteChars.build(tokenBytes, tokenOffsets)
        : TwoByteChars.fromSummary(tokenBytes, tokenOffsets, twoByteChars);
    if (built !== undefined) {
      this.bytes = bytes;
      this.twoByteChars = readTwoByteChars(bytes, offsets);
      this.byteRanks = new Int32Array(256);
      this.filter = new Int32Array(FILTER_WORDS);
      this.mergeKernel = null;
      this.slots = built.slots;
      this.mask = (built.slots.length >> 2) - 1;
      this.size = built.size;
      const { slots, filter } = this;
      for (let slot = 0; slot < slots.length; slot += 4) {
        if (slots[slot + 1] === -1) continue;
        const hash = slots[slot]!;
        filter[hash >>> 16] |= filterBits(hash);
      }
      this.fillByteRanks();
      return;
    }
    const ranks = offsets.length - 1;
    let capacity = 1024;
    while (capacity < ranks * 2) capacity <<= 1;
    const mask = capacity - 1;
    const wrap = (mask << 2) | 3;
    // The arrays a merge reads live in the kernel's memory, which reads them in place (the bytes
    // and offsets given are copied there, and only the copies are kept).
    const kernel = MergeKernel.create({
      filterWords: FILTER_WORDS,
      offsetCount: offsets.length,
      slotInts: capacity * 4,
      tokenBytes: bytes.length,
    });
    if (kernel !== null) {
      kernel.tokenBytes.set(bytes);
      kernel.offsets.set(offsets);
      bytes = kernel.tokenBytes;
      offsets = kernel.offsets;
      this.offsets = offsets;
    }
    this.bytes = bytes;
    this.twoByteChars = readTwoByteChars(bytes, offsets);
    this.byteRanks = kernel?.byteRanks ?? new Int32Array(256);
    this.filter = kernel?.filter ?? new Int32Array(FILTER_WORDS);
    const slots = (kernel?.slots ?? new Int32Array(capacity * 4)).fill(-1);
    this.mask = mask;
    this.slots = slots;
    let size = 0;
    for (let rank = 0; rank < ranks; rank++) {
      const start = offsets[rank]!;
      const end = offsets[rank + 1]!;
      if (start === end) continue;
      const length = end - start;
      const hash = hashBytes(bytes, start, end);
      // One probe sequence both finds the free slot and checks that no earlier rank has these bytes.
      let slot = ((hash & mask) << 2) - 4;
      for (;;) {
        slot = (slot + 4) & wrap;
        const other = slots[slot + 1]!;
        if (other === -1) break;
        if (slots[slot] === hash && slots[slot + 3] === length) {
          const otherStart = slots[slot + 2]!;
          let i = 0;
          while (i < length && bytes[otherStart + i] === bytes[start + i]) i++;
          if (i === length) throw new RepeatedTokenError(rank, other);
        }
      }
      slots[slot] = hash;
      slots[slot + 1] = rank;
      slots[slot + 2] = start;
      slots[slot + 3] = length;
      this.filter[hash >>> 16] |= filterBits(hash);
      size++;
    }
    this.size = size;
    this.fillByteRanks();
    // The kernel's merges start from single bytes (or two-byte characters), which need a rank each.
    this.mergeKernel = this.byteRanks.includes(NO_RANK) ? null : kernel;
    this.mergeKernel?.useTwoByteChars(this.twoByteChars);
  }

  private fillByteRanks(): void {
    const single = new Uint8Array(1);
    for (let value = 0; value < 256; value++) {
      single[0] = value;
      this.byteRanks[value] = this.rankOf(single, 0, 1);
    }
  }

  /**
   * The arrays this table is made of, copied once into `SharedArrayBuffer`s (later calls return the
   * same copy): post them to worker threads and rebuild there with {@link RankTable.fromShared}, so
   * that every thread reads one table in memory and none hashes the vocabulary again.
   *
   * @example
   * ```ts
   * const shared = table.share();
   * new Worker(program, { workerData: shared }); // in the worker: RankTable.fromShared(workerData)
   * ```
   */
  share(): SharedRankTable {
    if (this.shared === null) {
      const copy = <T extends Uint8Array | Uint32Array | Int32Array>(
        array: T,
        make: (buffer: SharedArrayBuffer) => T,
      ): T => {
        const out = make(new SharedArrayBuffer(array.byteLength));
        out.set(array as never);
        return out;
      };
      this.shared = {
        bytes: copy(this.bytes, (buffer) => new Uint8Array(buffer)),
        offsets: copy(this.offsets, (buffer) => new Uint32Array(buffer)),
        slots: copy(this.slots, (buffer) => new Int32Array(buffer)),
        size: this.size,
        twoByteChars: this.twoByteChars.summary(),
      };
    }
    return this.shared;
  }

  /**
   * The table over arrays from {@link RankTable.share} (typically posted from another thread): no
   * copy and no rebuild, only the small per-thread memos are new.
   *
   * @example
   * ```ts
   * const again = RankTable.fromShared(table.share());
   * again.rankOf(new TextEncoder().encode('hi'), 0, 2) === table.rankOf(new TextEncoder().encode('hi'), 0, 2); // true
   * ```
   */
  static fromShared(shared: SharedRankTable): RankTable {
    const expected = shared.offsets.length - 1;
    let capacity = 1024;
    while (capacity < expected * 2) capacity <<= 1;
    if (shared.slots.length !== capacity * 4)
      throw new Error(
        `a shared rank table of ${expected} ranks needs ${capacity * 4} slot ints, got ${shared.slots.length}`,
      );
    return new RankTable(
      shared.bytes,
      shared.offsets,
      { slots: shared.slots, size: shared.size },
      shared.twoByteChars,
    );
  }

  /**
   * Builds the table from tokens indexed by rank (holes allowed).
   *
   * @example
   * ```ts
   * RankTable.fromTokens([new Uint8Array([97])]).rankOf(new Uint8Array([97]), 0, 1); // 0
   * ```
   */
  static fromTokens(tokens: ReadonlyArray<Uint8Array | undefined>): RankTable {
    let total = 0;
    for (const token of tokens) total += token?.length ?? 0;
    const bytes = new Uint8Array(total);
    const offsets = new Uint32Array(tokens.length + 1);
    let at = 0;
    for (let rank = 0; rank < tokens.length; rank++) {
      offsets[rank] = at;
      const token = tokens[rank];
      if (token) {
        bytes.set(token, at);
        at += token.length;
      }
    }
    offsets[tokens.length] = at;
    return new RankTable(bytes, offsets);
  }

  /** One more than the highest rank. */
  get rankCount(): number {
    return this.offsets.length - 1;
  }

  /** The rank of `buffer[start, end)`, or {@link NO_RANK} when those bytes are not a token. */
  rankOf(buffer: Uint8Array, start: number, end: number): number {
    return this.lookup(buffer, start, end, hashBytes(buffer, start, end));
  }

  /** The rank of the single byte `value` (or {@link NO_RANK}). */
  byteRank(value: number): number {
    return this.byteRanks[value]!;
  }

  /** The rank of the two bytes `buffer[at]`, `buffer[at + 1]` (or {@link NO_RANK}): a table read after the first time. */
  rankOfPair(buffer: Uint8Array, at: number): number {
    const key = (buffer[at]! << 8) | buffer[at + 1]!;
    const known = this.pairs[key]!;
    if (known !== -1) return known;
    const rank = this.rankOf(buffer, at, at + 2);
    this.pairs[key] = rank;
    return rank;
  }

  /**
   * The rank of the bytes of token `left` followed by those of token `right` (or {@link NO_RANK}):
   * what a merge step asks, answered from a bounded memo keyed by the two ranks, so repeated merges
   * neither hash nor compare bytes.
   */
  rankOfJoined(left: number, right: number): number {
    const table = this.joined;
    const at = (joinedSlot(left, right) & (JOINED_SLOTS - 1)) << 2;
    if (table[at] === left && table[at + 1] === right) return table[at + 2]!;
    // Direct-mapped: a new pair takes the slot of whatever was there.
    const rank = this.lookUpJoined(left, right);
    table[at] = left;
    table[at + 1] = right;
    table[at + 2] = rank;
    return rank;
  }

  private lookUpJoined(left: number, right: number): number {
    const { bytes, offsets } = this;
    const leftStart = offsets[left]!;
    const leftLength = offsets[left + 1]! - leftStart;
    const rightStart = offsets[right]!;
    const length = leftLength + (offsets[right + 1]! - rightStart);
    if (this.joinScratch.length < length) this.joinScratch = new Uint8Array(length * 2);
    const scratch = this.joinScratch;
    // Byte loops, not `set` of two views: a miss (frequent while the memo fills, in a cold first
    // pass) then allocates nothing, and the hash is taken as the bytes are copied.
    let hash = FNV_OFFSET;
    for (let i = 0; i < leftLength; i++) {
      const byte = bytes[leftStart + i]!;
      scratch[i] = byte;
      hash = Math.imul(hash ^ byte, FNV_PRIME);
    }
    for (let i = leftLength; i < length; i++) {
      const byte = bytes[rightStart + i - leftLength]!;
      scratch[i] = byte;
      hash = Math.imul(hash ^ byte, FNV_PRIME);
    }
    return this.lookup(scratch, 0, length, hash);
  }

  /** Like {@link RankTable.rankOf} with the hash of the slice already computed. */
  lookup(buffer: Uint8Array, start: number, end: number, hash: number): number {
    const bits = filterBits(hash);
    if ((this.filter[hash >>> 16]! & bits) !== bits) return NO_RANK;
    const length = end - start;
    const { slots, bytes, mask } = this;
    const wrap = (mask << 2) | 3;
    // The probe steps at the top, so every lookup runs it and a first collision after the JIT
    // compiled this costs no deoptimisation.
    let slot = ((hash & mask) << 2) - 4;
    for (;;) {
      slot = (slot + 4) & wrap;
      const rank = slots[slot + 1]!;
      if (rank === -1) return NO_RANK;
      if (slots[slot] === hash && slots[slot + 3] === length) {
        const tokenStart = slots[slot + 2]!;
        let i = 0;
        while (i < length && bytes[tokenStart + i] === buffer[start + i]) i++;
        if (i === length) return rank;
      }
    }
  }

  /** Whether `rank` has a token. */
  has(rank: number): boolean {
    // Whole numbers only: a string '5' passed the comparisons, and `rank + 1` made it '51'.
    return (
      Number.isInteger(rank) &&
      rank >= 0 &&
      rank < this.offsets.length - 1 &&
      this.offsets[rank] !== this.offsets[rank + 1]
    );
  }

  /** The bytes of token `rank` (a view, do not modify). */
  tokenBytes(rank: number): Uint8Array {
    return this.bytes.subarray(this.offsets[rank]!, this.offsets[rank + 1]!);
  }

  /** Number of bytes of token `rank`. */
  tokenLength(rank: number): number {
    return this.offsets[rank + 1]! - this.offsets[rank]!;
  }
}
