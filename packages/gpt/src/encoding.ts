import { type PieceScanner, scanCl100kPiece, scanO200kPiece, scanR50kPiece } from '@tokenlab/bpe';
import {
  decodeBytes,
  presizedArray,
  requireOptionNames,
  requireOptions,
  requireText,
  spansFromByteLengths,
  type Token,
  type Tokenizer,
} from '@tokenlab/core';
import {
  bytePairEncode,
  bytePairMergeShort,
  HEAP_THRESHOLD,
  type IdSink,
  mergedIds,
} from './bpe/byte-pair-merge.js';
import { PieceCache, type PieceLookup } from './bpe/piece-cache.js';
import { CL100K_PATTERN_SOURCE, O200K_PATTERN_SOURCE, R50K_PATTERN_SOURCE } from './patterns.js';
import type { MergeKernel } from './ranks/merge-kernel.js';
import { HASH_START, NO_RANK, type RankTable } from './ranks/rank-table.js';
import {
  type AllowedSpecial,
  type DisallowedSpecial,
  DisallowedSpecialTokenError,
  type EncodeOptions,
  specialTokenRegex,
} from './special-tokens.js';

/**
 * What makes an encoding: its split pattern, its ranks and its special tokens.
 *
 * @example
 * ```ts
 * const custom = new Encoding({
 *   name: 'my_cl100k',
 *   patternSource: CL100K_PATTERN_SOURCE,
 *   ranks: loadTiktokenBpe(fileText),
 *   specialTokens: { '<|endoftext|>': 100257 },
 * });
 * ```
 */
export interface EncodingDefinition {
  /** The encoding's name, e.g. `cl100k_base`. */
  name: string;
  /** The split pattern's source, as a JavaScript regex with the `u` flag (see `patterns.ts`). */
  patternSource: string;
  /** The mergeable ranks (token bytes to rank). */
  ranks: RankTable;
  /** Special tokens and their ids. */
  specialTokens: Readonly<Record<string, number>>;
  /** The vocabulary size the encoding declares, checked against ranks + specials when given. */
  explicitNVocab?: number;
}

const FNV_PRIME = 0x01000193;

/** The fast path for each known pattern (the scanners of `@tokenlab/bpe`, shared with its trainers); other patterns use the regex alone. */
const SCANNERS = new Map<string, PieceScanner>([
  [R50K_PATTERN_SOURCE, scanR50kPiece],
  [CL100K_PATTERN_SOURCE, scanCl100kPiece],
  [O200K_PATTERN_SOURCE, scanO200kPiece],
]);

/** How many pieces an encoding's piece cache holds at first (a power of two, about 16 MB)... */
const MERGE_CACHE_SIZE = 1 << 18;
/** ... and at most, when a large text's frequent pieces do not fit (about 34 MB). */
const MERGE_CACHE_LARGEST = 1 << 19;
/** Longer pieces are merged every time: they rarely repeat and would hold memory. */
const MAX_CACHED_PIECE_BYTES = 64;

/** The one id of a piece that is a token, as the piece cache stores it. */
const tokenId = new Uint32Array(1);

/** Shared UTF-8 scratch for one piece at a time (encoding never re-enters). */
let scratch = new Uint8Array(4096);

/** Up to this many ids, the typed array `encode` collects ids in is kept for the next call. */
const KEPT_ID_SCRATCH = 1 << 20;
let idScratch = new Uint32Array(1024);

/**
 * The ids of one `encode`, collected in a typed array and copied once into an array of the final
 * length: a JS array grown by `push` copies itself at every growth, which costs more than all of its
 * pushes on a large text.
 */
class IdList implements IdSink {
  private ids = idScratch;
  private count = 0;
  /**
   * Room for `expected` ids from the start, up to the size kept between calls (larger texts grow
   * from there): growing by doubling writes every page of each smaller array on the way, and in a
   * fresh process the first write to a page costs more than the ids written to it. A power of two,
   * the size the doubling would reach, so that the next call finds it kept.
   */
  constructor(expected = 0) {
    let size = this.ids.length;
    while (size < expected && size < KEPT_ID_SCRATCH) size *= 2;
    if (size > this.ids.length) this.ids = idScratch = new Uint32Array(size);
  }
  push(id: number): void {
    if (this.count === this.ids.length) this.grow();
    this.ids[this.count++] = id;
  }
  private grow(): void {
    const bigger = new Uint32Array(this.ids.length * 2);
    bigger.set(this.ids);
    this.ids = bigger;
    if (bigger.length <= KEPT_ID_SCRATCH) idScratch = bigger;
  }
  toArray(): number[] {
    const { ids, count } = this;
    // Past 2^25 ids a presized `new Array(count)` would be a dictionary, slow to fill (see presizedArray).
    const out = presizedArray<number>(count);
    for (let from = 0; from < count; from += CHUNK) copyIds(ids, out, from, Math.min(count, from + CHUNK));
    return out;
  }
}

/**
 * A function that runs once per call of `encode` with one long loop is compiled while that loop
 * runs, and compiled again for its next call with no type feedback for what comes before the loop
 * (it ran before V8 gave the function a place to record feedback): the third call then threw that
 * code away on its first line. Such loops are cut into calls of a function that runs this many
 * steps each, so that it is called many times and is compiled once, with feedback for every line.
 * Short enough (2,048 units, a few hundred pieces) that a first pass does not also compile the piece
 * loop a second time in mid-call (on-stack replacement), with the scanner inlined into each copy:
 * compile work that competes with the first encode of a process for the CPU.
 */
const CHUNK = 1 << 11;

function copyIds(ids: Uint32Array, out: number[], from: number, to: number): void {
  for (let i = from; i < to; i++) out[i] = ids[i]!;
}

class Counter implements IdSink {
  count = 0;
  limit: number;
  constructor(limit = Number.POSITIVE_INFINITY) {
    this.limit = limit;
  }
  push(): void {
    this.count++;
  }
  get full(): boolean {
    return this.count > this.limit;
  }
}

/**
 * One byte-level BPE encoding whose ids equal tiktoken's: text is cut by the split pattern, each
 * piece that is a token is emitted whole, and the others are merged rank by rank. Get one with
 * `getEncoding(name)`; it also implements the core `Tokenizer` interface.
 *
 * @example
 * ```ts
 * const enc = await getEncoding('cl100k_base');
 * enc.encode('hello world');                                          // [15339, 1917]
 * enc.encode('hi<|endoftext|>', { allowedSpecial: ['<|endoftext|>'] }); // [6151, 100257]
 * enc.decode([15339, 1917]);                                          // 'hello world'
 * ```
 */
export class Encoding implements Tokenizer {
  /** The encoding's name (`cl100k_base`, ...). */
  readonly name: string;
  /** The split pattern (flags `gu`). */
  readonly pattern: RegExp;
  /** The split pattern's source as given (`pattern.source` may escape it differently). */
  readonly patternSource: string;
  /** The mergeable ranks. */
  readonly ranks: RankTable;
  /** Special tokens by text. */
  readonly specialTokens: ReadonlyMap<string, number>;
  private readonly splitter: RegExp;
  private readonly scanPiece: PieceScanner | null;
  private readonly specialRegex: RegExp | null;
  private readonly specialBytes = new Map<number, Uint8Array>();
  /** Ids of merged pieces, created on the first merge (or installed by {@link Encoding.usePieceCache}). */
  private mergeCache: PieceLookup | null = null;
  /** The ranks' WebAssembly merge of short pieces, when they have one. */
  private readonly mergeKernel: MergeKernel | null;

  /** Builds an encoding from its definition; `getEncoding(name)` does this for the named ones. */
  constructor(definition: EncodingDefinition) {
    this.name = definition.name;
    this.pattern = new RegExp(definition.patternSource, 'gu');
    this.patternSource = definition.patternSource;
    this.splitter = new RegExp(definition.patternSource, 'uy');
    this.scanPiece = SCANNERS.get(definition.patternSource) ?? null;
    this.ranks = definition.ranks;
    this.mergeKernel = definition.ranks.mergeKernel;
    this.specialTokens = new Map(Object.entries(definition.specialTokens));
    const encoder = new TextEncoder();
    const byte = new Uint8Array(1);
    for (let value = 0; value < 256; value++) {
      byte[0] = value;
      if (this.ranks.rankOf(byte, 0, 1) === NO_RANK)
        throw new Error(
          `${this.name}: the ranks have no token for the byte 0x${value.toString(16).padStart(2, '0')}; byte-level BPE needs all 256 single bytes`,
        );
    }
    for (const [text, id] of this.specialTokens) {
      if (!Number.isInteger(id) || id < 0 || id >= NO_RANK)
        throw new RangeError(
          `${this.name}: special token ${text} has id ${id}; ids are integers in [0, ${NO_RANK})`,
        );
      if (this.ranks.has(id)) throw new Error(`${this.name}: special token ${text} reuses rank ${id}`);
      this.specialBytes.set(id, encoder.encode(text));
    }
    this.specialRegex = specialTokenRegex(this.specialTokens.keys());
    const { explicitNVocab } = definition;
    if (explicitNVocab !== undefined && this.ranks.size + this.specialTokens.size !== explicitNVocab)
      throw new Error(
        `${this.name}: ${this.ranks.size} ranks + ${this.specialTokens.size} special tokens != ${explicitNVocab}`,
      );
  }

  /** The special tokens' texts. */
  get specialTokensSet(): ReadonlySet<string> {
    return new Set(this.specialTokens.keys());
  }

  /** One more than the largest id (ranks and special tokens). */
  get nVocab(): number {
    let max = this.ranks.rankCount - 1;
    for (const id of this.specialTokens.values()) max = Math.max(max, id);
    return max + 1;
  }

  /**
   * Encode `text`, treating special-token text as ordinary text.
   *
   * @example
   * ```ts
   * enc.encodeOrdinary('<|endoftext|>'); // [27, 91, 8862, 728, 428, 91, 29] in cl100k_base
   * ```
   */
  encodeOrdinary(text: string): number[] {
    requireText(text, 'encodeOrdinary');
    // About one id per UTF-16 unit or fewer (the vocalized Quran: 0.7 with o200k, 1.18 with gpt2).
    const sink = new IdList(text.length);
    this.encodeOrdinaryInto(text, 0, text.length, sink);
    return sink.toArray();
  }

  /**
   * Encode `text` with tiktoken's special-token rules: allowed specials become their ids, disallowed
   * ones (by default every special not allowed) make it throw a {@link DisallowedSpecialTokenError}
   * that names the fix, and any others are encoded as ordinary text.
   *
   * @example
   * ```ts
   * enc.encode('hello <|endoftext|>', { allowedSpecial: 'all' }); // [15339, 220, 100257]
   * enc.encode('hello <|endoftext|>', { disallowedSpecial: [] });  // ordinary text ids
   * enc.encode('hello <|endoftext|>');                            // throws DisallowedSpecialTokenError
   * ```
   */
  encode(text: string, options: EncodeOptions = {}): number[] {
    const sink = new IdList(typeof text === 'string' ? text.length : 0);
    this.encodeInto(text, options, sink);
    return sink.toArray();
  }

  /**
   * How many tokens `encode(text, options)` gives, without building the id array.
   *
   * @example
   * ```ts
   * enc.countTokens('hello world'); // 2
   * ```
   */
  countTokens(text: string, options: EncodeOptions = {}): number {
    const counter = new Counter();
    this.encodeInto(text, options, counter);
    return counter.count;
  }

  /**
   * The token count of `text` if it is at most `limit`, else `false`. Stops encoding as soon as the
   * limit is passed, so a long text over the limit costs little.
   *
   * @example
   * ```ts
   * enc.isWithinTokenLimit('hello world', 5); // 2
   * enc.isWithinTokenLimit('hello world', 1); // false
   * ```
   */
  isWithinTokenLimit(text: string, limit: number, options: EncodeOptions = {}): number | false {
    // NaN compares false with every count, so any text was within it.
    if (typeof limit !== 'number' || Number.isNaN(limit))
      throw new RangeError(`isWithinTokenLimit: the limit must be a number, got ${String(limit)}`);
    const counter = new Counter(limit);
    this.encodeInto(text, options, counter);
    return counter.full ? false : counter.count;
  }

  /**
   * Encode `text` and give each id its span: `start`/`end` in UTF-16 units of `text` and `bytes`
   * in its UTF-8 encoding. A token that ends inside a character shares that character with the next
   * token (see `spansFromByteLengths` in `@tokenlab/core`).
   *
   * @example
   * ```ts
   * enc.encodeWithOffsets('hi there');
   * // [{ text: 'hi', start: 0, end: 2, id: 6151, bytes: [0, 2] },
   * //  { text: ' there', start: 2, end: 8, id: 1070, bytes: [2, 8] }]
   * ```
   */
  encodeWithOffsets(text: string, options: EncodeOptions = {}): Token[] {
    const ids = this.encode(text, options);
    const lengths = new Uint32Array(ids.length);
    for (let i = 0; i < ids.length; i++) lengths[i] = this.tokenByteLength(ids[i]!);
    return spansFromByteLengths(text, lengths, ids);
  }

  /**
   * The core `Tokenizer` view: {@link Encoding.encodeWithOffsets} with the default options.
   *
   * @example
   * ```ts
   * enc.tokenize('hi there').map((t) => t.text); // ['hi', ' there']
   * ```
   */
  tokenize(text: string): Token[] {
    return this.encodeWithOffsets(text);
  }

  /**
   * The bytes of `ids` joined (special tokens as their UTF-8 text). Throws on an unknown id.
   *
   * @example
   * ```ts
   * enc.decodeBytes([9468, 239, 235]); // the 4 bytes of '👍'
   * ```
   */
  decodeBytes(ids: readonly number[] | Uint32Array): Uint8Array {
    let total = 0;
    for (const id of ids) total += this.tokenByteLength(id);
    const out = new Uint8Array(total);
    let at = 0;
    for (const id of ids) {
      const bytes = this.decodeSingleTokenBytes(id);
      out.set(bytes, at);
      at += bytes.length;
    }
    return out;
  }

  /**
   * Decode ids to text; byte sequences that are not valid UTF-8 become U+FFFD, as in tiktoken's
   * `decode` (errors="replace").
   *
   * @example
   * ```ts
   * enc.decode([15339, 1917]); // 'hello world'
   * enc.decode([9468]);        // '\uFFFD' (the first bytes of an emoji alone)
   * ```
   */
  decode(ids: readonly number[] | Uint32Array): string {
    return decodeBytes(this.decodeBytes(ids));
  }

  /**
   * The bytes of one token (a view into the rank data: do not modify). Throws on an unknown id.
   *
   * @example
   * ```ts
   * enc.decodeSingleTokenBytes(15339); // Uint8Array of 'hello'
   * ```
   */
  decodeSingleTokenBytes(id: number): Uint8Array {
    if (this.ranks.has(id)) return this.ranks.tokenBytes(id);
    const special = this.specialBytes.get(id);
    if (special) return special;
    const shown = typeof id === 'string' ? `'${id}' (a string)` : String(id);
    throw new RangeError(`${this.name}: unknown token id ${shown} (valid ids are 0..${this.nVocab - 1})`);
  }

  /** Number of bytes token `id` decodes to. */
  private tokenByteLength(id: number): number {
    if (this.ranks.has(id)) return this.ranks.tokenLength(id);
    return this.decodeSingleTokenBytes(id).length;
  }

  /** Resolve the options to the allowed set, after the disallowed check (which may throw). */
  private allowedSpecialFor(text: string, options: EncodeOptions): ReadonlySet<string> {
    // The tiktoken package takes the allowed and disallowed specials as arguments of their own:
    // such a call set no option here, silently.
    requireOptions(options, 'encode', "{ allowedSpecial: 'all' }", "(tiktoken's allowed_special argument?)");
    requireOptionNames(options, ['allowedSpecial', 'disallowedSpecial'], 'encode');
    const allowed = resolveSet(options.allowedSpecial ?? [], this.specialTokens);
    const disallowedOption: DisallowedSpecial = options.disallowedSpecial ?? 'all';
    const disallowed =
      disallowedOption === 'all'
        ? [...this.specialTokens.keys()].filter((token) => !allowed.has(token))
        : [...resolveSet(disallowedOption, this.specialTokens)];
    if (disallowed.length > 0) {
      const regex = specialTokenRegex(disallowed)!;
      const found = regex.exec(text);
      if (found) throw new DisallowedSpecialTokenError(found[0], found.index);
    }
    return allowed;
  }

  /**
   * `encode` into any sink (a sink with a `full` flag that turns true stops the encoding early).
   *
   * @example
   * ```ts
   * const ids: number[] = [];
   * enc.encodeInto('hello world', {}, { push: (id) => ids.push(id) });
   * ```
   */
  encodeInto(text: string, options: EncodeOptions, sink: IdSink & { readonly full?: boolean }): void {
    requireText(text, 'encode');
    const allowed = this.allowedSpecialFor(text, options);
    if (allowed.size === 0 || this.specialRegex === null) {
      this.encodeOrdinaryInto(text, 0, text.length, sink);
      return;
    }
    const regex = this.specialRegex;
    let start = 0;
    let searchFrom = 0;
    for (;;) {
      regex.lastIndex = searchFrom;
      const found = regex.exec(text);
      if (found === null) break;
      if (!allowed.has(found[0])) {
        searchFrom = found.index + 1;
        continue;
      }
      this.encodeOrdinaryInto(text, start, found.index, sink);
      if (sink.full) return;
      sink.push(this.specialTokens.get(found[0])!);
      start = searchFrom = found.index + found[0].length;
    }
    this.encodeOrdinaryInto(text, start, text.length, sink);
  }

  /**
   * Encode `text[from, to)` as ordinary text (the split pattern sees only that slice, as tiktoken's does).
   *
   * @example
   * ```ts
   * const ids: number[] = [];
   * enc.encodeOrdinaryInto('say hello', 4, 9, { push: (id) => ids.push(id) }); // the ids of 'hello'
   * ```
   */
  encodeOrdinaryInto(
    text: string,
    from: number,
    to: number,
    sink: IdSink & { readonly full?: boolean },
  ): void {
    requireText(text, 'encodeOrdinary');
    if (from >= to) return;
    // Made here, once per encoding, not in encodePiece: a branch taken only by an encoding's first
    // piece is compiled out of the hot function, and the next encoding's first piece (`compare`
    // encodes with several) would throw its compiled code away. Its table is sized for the first text,
    // so that a short one touches a small table (see PieceCache): one distinct piece per 32 units is
    // more than prose in either script has (Arabic with o200k: one per 39).
    if (this.mergeCache === null)
      this.mergeCache = new PieceCache(MERGE_CACHE_SIZE, MERGE_CACHE_LARGEST, (to - from) >> 5);
    // A scanner cuts text[from, to) in place (what follows `to` changes nothing); the regex needs the slice.
    // In place, a part of a large text (a thread's share of it) costs neither a copy nor the slower
    // reads through a slice.
    let segment = text;
    let position = from;
    let length = to;
    if (this.scanPiece === null && !(from === 0 && to === text.length)) {
      segment = text.slice(from, to);
      position = 0;
      length = segment.length;
    }
    // In runs of CHUNK UTF-16 units (a piece may end past the run's end), for the reason given there.
    while (position < length && position >= 0)
      position = this.encodePieces(segment, position, Math.min(length, position + CHUNK), length, sink);
  }

  /**
   * Encode the pieces of `segment` (up to `length`) from `position` until one ends at or past `until`;
   * returns where the next piece starts, or -1 when the sink is full.
   */
  private encodePieces(
    segment: string,
    position: number,
    until: number,
    length: number,
    sink: IdSink & { readonly full?: boolean },
  ): number {
    const { scanPiece } = this;
    while (position < until) {
      let end = scanPiece === null ? -1 : scanPiece(segment, position, length);
      if (end < 0) end = this.matchPiece(segment, position);
      this.encodePiece(segment, position, end, sink);
      if (sink.full) return -1;
      position = end;
    }
    return position;
  }

  /** Where the split pattern's piece at `position` ends, by the regex (patterns without a scanner). */
  private matchPiece(segment: string, position: number): number {
    const { splitter } = this;
    splitter.lastIndex = position;
    let matched: boolean;
    try {
      matched = splitter.test(segment);
    } catch (error) {
      // V8's backtracking stack overflows on some long pieces (a run of astral characters).
      if (error instanceof RangeError)
        throw new RangeError(
          `${this.name}: the split pattern's regex ran out of stack on the piece at index ${position}; the piece is too long for this custom pattern`,
        );
      throw error;
    }
    if (!matched || splitter.lastIndex === position)
      throw new Error(`${this.name}: split pattern failed at index ${position}`);
    return splitter.lastIndex;
  }

  /** UTF-8 encode one piece into the scratch buffer, hashing as it goes; emit it whole or merge it. */
  private encodePiece(text: string, start: number, end: number, sink: IdSink): void {
    const kernel = this.mergeKernel;
    // Where the merge kernel reads a piece, when there is one (a very long piece goes elsewhere).
    let bytes = kernel !== null ? kernel.input : scratch;
    if (bytes.length < (end - start) * 3) {
      if (scratch.length < (end - start) * 3) scratch = new Uint8Array((end - start) * 3 + 1024);
      bytes = scratch;
    }
    let n = 0;
    let hash = HASH_START;
    for (let i = start; i < end; i++) {
      const unit = text.charCodeAt(i);
      if (unit < 0x80) {
        bytes[n++] = unit;
        hash = Math.imul(hash ^ unit, FNV_PRIME);
        continue;
      }
      let b0: number;
      let b1: number;
      let b2: number;
      if (unit < 0x800) {
        b0 = 0xc0 | (unit >> 6);
        b1 = 0x80 | (unit & 63);
        bytes[n++] = b0;
        bytes[n++] = b1;
        hash = Math.imul(Math.imul(hash ^ b0, FNV_PRIME) ^ b1, FNV_PRIME);
        continue;
      }
      if (unit >= 0xd800 && unit <= 0xdfff) {
        const low = i + 1 < end ? text.charCodeAt(i + 1) : 0;
        if (unit <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
          const point = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
          i++;
          const b3 = 0x80 | (point & 63);
          b0 = 0xf0 | (point >> 18);
          b1 = 0x80 | ((point >> 12) & 63);
          b2 = 0x80 | ((point >> 6) & 63);
          bytes[n++] = b0;
          bytes[n++] = b1;
          bytes[n++] = b2;
          bytes[n++] = b3;
          hash = Math.imul(hash ^ b0, FNV_PRIME);
          hash = Math.imul(hash ^ b1, FNV_PRIME);
          hash = Math.imul(hash ^ b2, FNV_PRIME);
          hash = Math.imul(hash ^ b3, FNV_PRIME);
          continue;
        }
        // A lone surrogate is encoded as U+FFFD, as TextEncoder (and so the tiktoken package) does.
        b0 = 0xef;
        b1 = 0xbf;
        b2 = 0xbd;
      } else {
        b0 = 0xe0 | (unit >> 12);
        b1 = 0x80 | ((unit >> 6) & 63);
        b2 = 0x80 | (unit & 63);
      }
      bytes[n++] = b0;
      bytes[n++] = b1;
      bytes[n++] = b2;
      hash = Math.imul(hash ^ b0, FNV_PRIME);
      hash = Math.imul(hash ^ b1, FNV_PRIME);
      hash = Math.imul(hash ^ b2, FNV_PRIME);
    }
    // Pieces repeat (words, names, inflected forms): one probe of the piece cache answers most of
    // them, tokens and merged pieces alike; the rank table and the merge only see new pieces.
    // Each helper is called from one place only, and the ids leave by one loop: the first pass of a
    // process runs while V8 compiles this, and every inlined copy of a callee is compile work.
    const cache = n <= MAX_CACHED_PIECE_BYTES ? this.mergeCache! : null;
    const slot = cache === null ? -1 : cache.find(bytes, 0, n, hash);
    let ids: Uint32Array;
    let from = 0;
    let until: number;
    if (slot >= 0) {
      ids = cache!.ids;
      from = cache!.idStart(slot);
      until = from + cache!.idCount(slot);
    } else {
      if (kernel !== null && n < HEAP_THRESHOLD) {
        // The piece is in the kernel's input (fewer than 128 bytes): the kernel looks it up and
        // merges it where it is.
        until = kernel.encode(n, hash);
        ids = kernel.ids;
      } else {
        const rank = this.ranks.lookup(bytes, 0, n, hash);
        if (rank !== NO_RANK) {
          tokenId[0] = rank;
          ids = tokenId;
          until = 1;
        } else if (n >= HEAP_THRESHOLD) {
          bytePairEncode(this.ranks, bytes, 0, n, sink);
          return;
        } else {
          // Pieces too long for the cache but short of the heap merge take the same call as cached
          // ones: a separate call first met late in a text (a rule line of 70 '=') would throw the
          // compiled encodePiece away.
          until = bytePairMergeShort(this.ranks, bytes, 0, n);
          ids = mergedIds();
        }
      }
      if (cache !== null) cache.store(bytes, 0, n, hash, ids, until);
    }
    for (let i = from; i < until; i++) sink.push(ids[i]!);
  }

  /**
   * Forget the ids of merged pieces remembered so far (to measure cold runs, or free memory).
   *
   * @example
   * ```ts
   * enc.clearCache();
   * ```
   */
  clearCache(): void {
    this.mergeCache?.clear();
  }

  /**
   * Remember merged pieces in `cache` from now on instead of a cache of this encoding's own: the
   * parallel encoders give the calling thread and each worker one `SharedPieceCache`, so a piece is
   * merged once whichever thread meets it. The ids do not depend on the cache.
   *
   * @example
   * ```ts
   * const shared = new SharedPieceCache();
   * enc.usePieceCache(shared); // in each thread, over shared.share()'s memory
   * ```
   */
  usePieceCache(cache: PieceLookup): void {
    this.mergeCache = cache;
  }
}

function resolveSet(
  option: AllowedSpecial | DisallowedSpecial,
  specials: ReadonlyMap<string, number>,
): ReadonlySet<string> {
  if (option === 'all') return new Set(specials.keys());
  return option instanceof Set ? option : new Set(option as readonly string[]);
}
