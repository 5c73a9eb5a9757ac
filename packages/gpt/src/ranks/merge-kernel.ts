import { MERGE_KERNEL_WASM } from './merge-kernel-wasm.js';
import type { TwoByteChars, TwoByteCharsTables } from './two-byte-chars.js';

/** The parts of the WebAssembly API used here, typed locally (the package compiles without the DOM library). */
interface WasmApi {
  Memory: new (descriptor: { initial: number; maximum: number }) => { readonly buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
interface KernelExports {
  init(
    slots: number,
    mask: number,
    tokenBytes: number,
    filter: number,
    byteRanks: number,
    pairRanks: number,
    joined: number,
    part: number,
    pair: number,
    start: number,
  ): void;
  initTwoByteChars(
    offsets: number,
    charRanks: number,
    riskBefore: number,
    riskAfter: number,
    riskEdge: number,
    lists: number,
    listRanks: number,
  ): void;
  encode(length: number, hash: number): number;
}
const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

const PAGE = 65_536;
/** Bytes of the input area: a piece of up to 21,845 UTF-16 units is UTF-8 encoded there in place. */
const INPUT_BYTES = 65_536;
/** Ints of each scratch array (parts, pair ranks, part starts): the kernel merges pieces under 256 bytes. */
const SCRATCH_INTS = 256;
/** Ints of the `first` arrays of the four lists of {@link TwoByteChars}. */
const LIST_INTS = 33 + 65 + 2049 + 2049;
/** Room for the ranks of those lists (o200k's have a few thousand). */
const LIST_RANK_INTS = 16_384;

// The memory's layout, in bytes: the input, the three scratch arrays, the table's byte ranks, the
// ranks of byte pairs (one int per two bytes, -1 until looked up), the memo of joined ranks (32,768
// slots of four ints, -1 when empty), the tables of TwoByteChars (see TwoByteCharsTables), then the
// token filter, the token offsets, the slots and the token bytes, whose sizes depend on the table.
const PART = INPUT_BYTES;
const PAIR = PART + 4 * SCRATCH_INTS;
const START = PAIR + 4 * SCRATCH_INTS;
const BYTE_RANKS = START + 4 * SCRATCH_INTS;
const PAIR_RANKS = BYTE_RANKS + 4 * 256;
const JOINED = PAIR_RANKS + 4 * 65_536;
const CHAR_RANKS = JOINED + 16 * 32_768;
const RISK_BEFORE = CHAR_RANKS + 4 * 2048;
const RISK_AFTER = RISK_BEFORE + 8192;
const RISK_EDGE = RISK_AFTER + 16_384;
const LISTS = RISK_EDGE + 2048;
const LIST_RANKS = LISTS + 4 * LIST_INTS;
const FILTER = LIST_RANKS + 4 * LIST_RANK_INTS;

let compiled: object | null | undefined;

/** The compiled kernel (once), or null where WebAssembly is missing or refused (a page's policy, say). */
function kernelModule(): object | null {
  if (compiled === undefined) {
    try {
      compiled =
        wasm === undefined
          ? null
          : new wasm.Module(Uint8Array.from(atob(MERGE_KERNEL_WASM), (c) => c.charCodeAt(0)));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/**
 * The sizes of a rank table's arrays that live in a {@link MergeKernel}'s memory.
 *
 * @example
 * ```ts
 * const sizes: KernelSizes = { filterWords: 1 << 16, offsetCount: 301, slotInts: 4 * 1024, tokenBytes: 1_000 };
 * ```
 */
export interface KernelSizes {
  /** Words of the token filter. */
  filterWords: number;
  /** Token offsets (one more than the ranks). */
  offsetCount: number;
  /** Ints of the slots (four per slot, a power of two slots). */
  slotInts: number;
  /** Bytes of all tokens. */
  tokenBytes: number;
}

/**
 * The merge of short pieces (under 256 bytes) in WebAssembly, over a {@link RankTable}'s arrays,
 * which the table keeps in the kernel's memory: the same ids as `bytePairMergeShort`, two-byte
 * characters started whole where {@link TwoByteChars} allows it as there. It runs at full speed from
 * the first piece, where JavaScript runs in the interpreter until V8's optimising compiler has
 * compiled the merge, so a process's first encode (mostly merges of new pieces) is faster. A table
 * built without WebAssembly (or from shared arrays, in a worker thread) has none and merges in
 * JavaScript.
 *
 * @example
 * ```ts
 * const kernel = (await getEncoding('cl100k_base')).ranks.mergeKernel;
 * if (kernel !== null) {
 *   const bytes = new TextEncoder().encode('tokenlab');
 *   kernel.input.set(bytes);
 *   kernel.ids.subarray(0, kernel.encode(bytes.length, hashBytes(bytes, 0, bytes.length))); // [5963, 14717]
 * }
 * ```
 */
export class MergeKernel {
  /** Where a piece's UTF-8 bytes go, from index 0, before {@link MergeKernel.encode}. */
  readonly input: Uint8Array;
  /** The ids the last {@link MergeKernel.encode} wrote (valid until the next). */
  readonly ids: Uint32Array;
  /** The ranks of the 256 single bytes, in the kernel's memory. */
  readonly byteRanks: Int32Array;
  /** The table's token filter, in the kernel's memory. */
  readonly filter: Int32Array;
  /** The table's token offsets, in the kernel's memory. */
  readonly offsets: Uint32Array;
  /** The table's slots (four ints each), in the kernel's memory. */
  readonly slots: Int32Array;
  /** The table's token bytes, in the kernel's memory. */
  readonly tokenBytes: Uint8Array;
  /** Where {@link MergeKernel.useTwoByteChars} writes the tables of a {@link TwoByteChars}. */
  readonly twoByteCharsTables: TwoByteCharsTables;
  /**
   * Writes the ids of the piece `input[0, length)` (hashed to `hash` by `hashBytes`; `length` under
   * 256) to {@link MergeKernel.ids} and returns how many: its rank when it is a token, else its merge.
   */
  readonly encode: (length: number, hash: number) => number;
  private readonly exports: KernelExports;

  private constructor(buffer: ArrayBuffer, exports: KernelExports, sizes: KernelSizes) {
    const offsets = FILTER + 4 * sizes.filterWords;
    const slots = offsets + 4 * sizes.offsetCount;
    const bytes = slots + 4 * sizes.slotInts;
    this.input = new Uint8Array(buffer, 0, INPUT_BYTES);
    this.ids = new Uint32Array(buffer, PART, SCRATCH_INTS);
    this.byteRanks = new Int32Array(buffer, BYTE_RANKS, 256);
    this.filter = new Int32Array(buffer, FILTER, sizes.filterWords);
    this.offsets = new Uint32Array(buffer, offsets, sizes.offsetCount);
    this.slots = new Int32Array(buffer, slots, sizes.slotInts);
    this.tokenBytes = new Uint8Array(buffer, bytes, sizes.tokenBytes);
    this.twoByteCharsTables = {
      charRanks: new Int32Array(buffer, CHAR_RANKS, 2048),
      riskBefore: new Uint8Array(buffer, RISK_BEFORE, 8192),
      riskAfter: new Uint8Array(buffer, RISK_AFTER, 16_384),
      riskEdge: new Uint8Array(buffer, RISK_EDGE, 2048),
      lists: new Int32Array(buffer, LISTS, LIST_INTS),
      listRanks: new Int32Array(buffer, LIST_RANKS, LIST_RANK_INTS),
    };
    // The pair ranks and the memo, in one run: -1 is "not looked up yet" and "empty".
    new Int32Array(buffer, PAIR_RANKS, 65_536 + 4 * 32_768).fill(-1);
    const mask = (sizes.slotInts >> 2) - 1;
    exports.init(slots, mask, bytes, FILTER, BYTE_RANKS, PAIR_RANKS, JOINED, PART, PAIR, START);
    this.exports = exports;
    this.encode = exports.encode;
  }

  /**
   * A kernel whose memory has room for a table's arrays of these sizes, all zero (the table fills
   * them); null where WebAssembly is missing or refused, or no memory that large can be had.
   *
   * @example
   * ```ts
   * const kernel = MergeKernel.create({ filterWords: 1 << 16, offsetCount: 301, slotInts: 4 * 1024, tokenBytes: 1_000 });
   * ```
   */
  static create(sizes: KernelSizes): MergeKernel | null {
    const module = kernelModule();
    if (module === null || wasm === undefined) return null;
    const size = FILTER + 4 * (sizes.filterWords + sizes.offsetCount + sizes.slotInts) + sizes.tokenBytes;
    const pages = Math.ceil(size / PAGE);
    try {
      const memory = new wasm.Memory({ initial: pages, maximum: pages });
      const instance = new wasm.Instance(module, { env: { memory } });
      return new MergeKernel(memory.buffer, instance.exports as KernelExports, sizes);
    } catch {
      return null;
    }
  }

  /**
   * Start merges from two-byte characters where `chars` allows it, as the JavaScript merge does
   * (`chars` read over this kernel's {@link MergeKernel.offsets} and {@link MergeKernel.tokenBytes});
   * false when its tables do not fit, and the kernel keeps merging from single bytes (the same ids,
   * more merges).
   *
   * @example
   * ```ts
   * kernel.useTwoByteChars(table.twoByteChars); // true for the bundled encodings
   * ```
   */
  useTwoByteChars(chars: TwoByteChars): boolean {
    if (!chars.copyTo(this.twoByteCharsTables)) return false;
    this.exports.initTwoByteChars(
      this.offsets.byteOffset,
      CHAR_RANKS,
      RISK_BEFORE,
      RISK_AFTER,
      RISK_EDGE,
      LISTS,
      LIST_RANKS,
    );
    return true;
  }
}
