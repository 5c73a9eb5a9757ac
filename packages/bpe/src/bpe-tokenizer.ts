import {
  decodeBytes,
  findLoneSurrogate,
  requireOptionNames,
  requireOptions,
  requireText,
  spansFromByteLengths,
  type Token,
  type Tokenizer,
  Utf8Error,
} from '@tokenlab/core';
import { encodeChunk } from './encode-chunk.js';
import { MergeTable } from './merge-table.js';
import { findRepeatedPair, MAX_TOKEN_ID } from './pair.js';
import { type AllowedSpecial, selectSpecialTokens, splitOnSpecialTokens } from './special-tokens.js';
import type { DroppedText } from './split-pattern.js';
import type { TrainOptions, TrainResult } from './train-progress.js';

/**
 * One merge: the ids of the left and right parts and the id of the merged token.
 *
 * @example
 * ```ts
 * const tokenizer = new BasicTokenizer();
 * tokenizer.train('aaabdaaabac', 257);
 * const [left, right, id]: MergeRule = tokenizer.merges[0]!; // [97, 97, 256]
 * ```
 */
export type MergeRule = readonly [left: number, right: number, id: number];

/**
 * Special tokens as a `Map` or a plain object, token string to id.
 *
 * @example
 * ```ts
 * const special: SpecialTokens = { '<|endoftext|>': 100257 };
 * tokenizer.registerSpecialTokens(special);
 * ```
 */
export type SpecialTokens = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

/**
 * Options of `encode`.
 *
 * @example
 * ```ts
 * tokenizer.registerSpecialTokens({ '<|endoftext|>': 258 });
 * tokenizer.encode('hi<|endoftext|>', { allowedSpecial: 'all' }); // [104, 105, 258]
 * ```
 */
export interface EncodeOptions {
  /** Which registered special tokens to match (default `'none_raise'`, as minbpe). */
  allowedSpecial?: AllowedSpecial;
}

/**
 * Options of `train`: progress reporting, and which trainer to run.
 *
 * @example
 * ```ts
 * const options: TokenizerTrainOptions = { trainer: 'reference', verbose: true };
 * new BasicTokenizer().train('aaabdaaabac', 259, options);
 * ```
 */
export interface TokenizerTrainOptions extends TrainOptions {
  /** `'fast'` (default) or `'reference'`, the direct transcription of minbpe's loop (slow; same merges). */
  trainer?: 'fast' | 'reference';
  /**
   * Called before training when the split pattern leaves part of the text out of every chunk, so the
   * trained tokenizer cannot give that text back (a {@link RegexTokenizer} only; one extra pass of the
   * pattern over the text, made only when this is given).
   */
  onDroppedText?: (dropped: DroppedText) => void;
}

/**
 * What `train` did: the {@link TrainResult} plus the vocabulary size reached.
 *
 * @example
 * ```ts
 * const summary = new RegexTokenizer('gpt4').train('hello hello world', 258);
 * summary.merges;    // [[104, 101], [256, 108]]
 * summary.vocabSize; // 258
 * ```
 */
export interface TrainSummary extends TrainResult {
  /** `256 + merges.length`: the requested size, or less when the text ran out of pairs. */
  vocabSize: number;
}

const utf8 = new TextEncoder();

/**
 * Tokens up to this many bytes are kept as bytes; longer ones as their two parts, expanded when asked
 * for. A chain of merges (`0 0`, `256 0`, `257 0`, ...) would otherwise cost memory quadratic in the
 * number of merges; this way a tokenizer holds at most this many bytes per merge.
 */
const MAX_STORED_TOKEN_BYTES = 256;

/** The error for merge `index` of a list given to `setMerges`, naming the merge and `problem`. */
function mergeError(index: number, left: number, right: number, id: number, problem: string): RangeError {
  return new RangeError(`merge ${index} (${left}, ${right}) -> ${id}: ${problem}`);
}

/**
 * What the merges give, for encoding and decoding: the merge lookup, each id's parts (-1 for ids that
 * are not merges) and byte length (0 for unknown ids; may be huge, even Infinity, for long merge
 * chains), and the bytes of the bytes and of tokens up to {@link MAX_STORED_TOKEN_BYTES} long, one after
 * another in one pool: id's are `pool[starts[id] .. starts[id] + lengths[id])`, and `starts[id]` is -1
 * for a token not stored (longer, or not a token). One pool, not an array per token: installing tens of
 * thousands of merges allocates a few arrays, not one each.
 */
interface TokenTables {
  mergeTable: MergeTable;
  pool: Uint8Array;
  starts: Int32Array;
  lefts: Int32Array;
  rights: Int32Array;
  lengths: Float64Array;
}

/** Decoded output larger than this is refused (a chain of doubling merges names astronomically long tokens). */
const MAX_DECODED_BYTES = 2 ** 31 - 1;

/** Throw a {@link Utf8Error} naming the first lone surrogate of `text`, which UTF-8 cannot encode. */
export function assertWellFormed(text: string): void {
  const at = findLoneSurrogate(text);
  if (at >= 0) {
    const unit = text.charCodeAt(at).toString(16).toUpperCase();
    throw new Utf8Error(
      `lone surrogate U+${unit} at index ${at} cannot be encoded as UTF-8 (Python's str.encode raises here too); ` +
        'repair the text first, for example with text.toWellFormed()',
      at,
    );
  }
}

/** Check a vocabulary size request; minbpe asserts `vocab_size >= 256`. */
export function checkVocabSize(vocabSize: number): void {
  if (!Number.isInteger(vocabSize) || vocabSize < 256)
    throw new RangeError(
      `vocabSize must be an integer of at least 256 (the 256 byte tokens), got ${vocabSize}`,
    );
}

/**
 * What minbpe's `Tokenizer` base class does, shared by {@link BasicTokenizer} and {@link RegexTokenizer}:
 * merges, vocabulary, special tokens, encoding, decoding, and the `.model`/`.vocab` files.
 *
 * @example
 * ```ts
 * const tokenizer = new RegexTokenizer();
 * tokenizer.train('aaabdaaabac', 259);
 * tokenizer.decode(tokenizer.encode('aaab')); // 'aaab'
 * ```
 */
export abstract class BpeTokenizer implements Tokenizer {
  /** A short name for listings (`bpe-basic`, `bpe-regex`, or what the caller set). */
  name: string;
  private mergeRules: MergeRule[] = [];
  /** Built from the merges when first needed (see {@link TokenTables}); `undefined` until then. */
  private builtTables: TokenTables | undefined;
  private special = new Map<string, number>();
  private specialById = new Map<number, string>();
  private vocabHasSpecials = false;
  private shuffle: Int32Array | undefined;
  private unshuffle: Uint8Array | undefined;
  private readonly cache = new Map<string, number[]>();

  /** Starts with no merges: every text encodes to its UTF-8 bytes. */
  constructor(name: string) {
    this.name = name;
    this.setMerges([], false);
  }

  /** The split pattern as written into `.model` files (`''` for a BasicTokenizer). */
  abstract get pattern(): string;

  /** Visit the chunks of `text` that are encoded independently (the whole text for a BasicTokenizer). */
  protected abstract forEachChunk(text: string, visit: (chunk: string) => void): void;

  /** Learn merges from `text` (called by `train` after the checks). */
  protected abstract learn(text: string, numMerges: number, options: TokenizerTrainOptions): TrainResult;

  /** The merges in training order, `[left, right, id]` (minbpe's `merges` dict as entries). */
  get merges(): readonly MergeRule[] {
    return this.mergeRules;
  }

  /** The registered special tokens, token to id, in registration order. */
  get specialTokens(): ReadonlyMap<string, number> {
    return this.special;
  }

  /** The permutation applied to raw bytes before merging (256 entries), when one was given. */
  get byteShuffle(): readonly number[] | undefined {
    return this.shuffle ? Array.from(this.shuffle) : undefined;
  }

  /**
   * minbpe's `vocab`: id to bytes, in minbpe's order (the 256 bytes, then each merge). Like minbpe, the
   * special tokens are included after `load` but not after `registerSpecialTokens`, which is why the
   * `.vocab` file differs between the two; `decode` handles special ids either way.
   */
  get vocab(): Map<number, Uint8Array> {
    const vocab = new Map<number, Uint8Array>();
    // Copies, not views of the pool: changing them cannot change the tokenizer.
    for (let i = 0; i < 256; i++) vocab.set(i, Uint8Array.of(i));
    for (const rule of this.mergeRules) vocab.set(rule[2], this.mergedBytes(rule[2]).slice());
    if (this.vocabHasSpecials) for (const [token, id] of this.special) vocab.set(id, utf8.encode(token));
    return vocab;
  }

  /** Number of ids in use: 256 bytes, the merges and the special tokens. */
  get vocabSize(): number {
    return 256 + this.mergeRules.length + this.special.size;
  }

  /**
   * Learn `vocabSize - 256` merges from `text`, replacing any earlier ones: exactly minbpe's merges, in
   * minbpe's order. When the text runs out of pairs first (minbpe raises `ValueError` there), training
   * stops and the summary says so (`exhausted`, and the `vocabSize` reached).
   *
   * @example
   * ```ts
   * const summary = new BasicTokenizer().train('aaabdaaabac', 259);
   * summary.merges; // [[97, 97], [256, 97], [257, 98]]
   * ```
   */
  train(text: string, vocabSize: number, options: TokenizerTrainOptions = {}): TrainSummary {
    requireText(text, 'train');
    checkVocabSize(vocabSize);
    assertWellFormed(text);
    this.checkSpecialsFit(vocabSize);
    const result = this.learn(text, vocabSize - 256, options);
    return this.adopt(result);
  }

  /**
   * Install freshly trained merges (ids 256, 257, ...) and say what was reached. They are valid by
   * construction, so their tables are built when first needed (to encode, decode, list the vocabulary):
   * training that only writes its files, or its merges, never pays for them.
   */
  protected adopt(result: TrainResult): TrainSummary {
    const merges = result.merges;
    const rules: MergeRule[] = new Array(merges.length);
    for (let i = 0; i < merges.length; i++) rules[i] = [merges[i]![0], merges[i]![1], 256 + i];
    const end = 256 + rules.length;
    for (const id of this.special.values())
      if (id < end)
        throw new RangeError(`special token id ${id} collides with a merge; re-register the special tokens`);
    this.mergeRules = rules;
    this.builtTables = undefined;
    this.shuffle = undefined;
    this.unshuffle = undefined;
    this.vocabHasSpecials = false;
    this.cache.clear();
    return { ...result, vocabSize: 256 + result.merges.length };
  }

  /** The tables of the merges, built now if they were not yet. */
  private get tables(): TokenTables {
    if (this.builtTables === undefined) this.builtTables = this.buildTables(this.mergeRules);
    return this.builtTables;
  }

  /** Install `merges` as minbpe numbers them: the `i`th merge makes id `256 + i`. */
  protected setMergeList(merges: ReadonlyArray<readonly [number, number]>): void {
    this.setMerges(
      merges.map(([left, right], i) => [left, right, 256 + i] as const),
      false,
      undefined,
      true,
    );
  }

  /** Throw if a registered special token id would collide with the ids training to `vocabSize` makes. */
  protected checkSpecialsFit(vocabSize: number): void {
    for (const [token, id] of this.special)
      if (id < vocabSize)
        throw new RangeError(
          `special token ${JSON.stringify(token)} has id ${id}, which training to vocabSize ${vocabSize} would give to a merge; ` +
            'register special tokens after training, with ids of at least vocabSize',
        );
  }

  /**
   * Replace the merges (and, with `byteShuffle`, the byte permutation). Each merge's parts must be
   * bytes or earlier merges, and its id must be new, at least 256 and greater than both parts' ids (the
   * order every BPE training produces; the encoder relies on it). `fresh` says the rules were made for
   * this call and no one else holds them.
   */
  protected setMerges(
    rules: readonly MergeRule[],
    vocabHasSpecials: boolean,
    byteShuffle?: ArrayLike<number>,
    fresh = false,
  ): void {
    const tables = this.buildTables(rules);
    if (byteShuffle !== undefined) {
      if (byteShuffle.length !== 256)
        throw new RangeError(`byteShuffle must have 256 entries, got ${byteShuffle.length}`);
      const shuffle = Int32Array.from(byteShuffle);
      const unshuffle = new Uint8Array(256);
      const seen = new Set<number>();
      shuffle.forEach((to, from) => {
        if (!Number.isInteger(to) || to < 0 || to > 255 || seen.has(to))
          throw new RangeError(`byteShuffle must be a permutation of 0-255; entry ${from} is ${to}`);
        seen.add(to);
        unshuffle[to] = from;
      });
      this.shuffle = shuffle;
      this.unshuffle = unshuffle;
    } else {
      this.shuffle = undefined;
      this.unshuffle = undefined;
    }
    // Rules made for this call (`fresh`) are kept as they are; a caller's are copied, so that changing
    // its arrays later cannot change the tokenizer.
    this.mergeRules = fresh
      ? (rules as MergeRule[])
      : rules.map(([left, right, id]) => [left, right, id] as const);
    this.builtTables = tables;
    this.vocabHasSpecials = vocabHasSpecials;
    this.cache.clear();
  }

  /**
   * Check `rules` (see {@link setMerges}) and the registered special tokens against them, and build
   * their tables.
   */
  private buildTables(rules: readonly MergeRule[]): TokenTables {
    let maxId = 255;
    // Rules are read by index, not destructured: this runs once per tokenizer, mostly as cold code, where
    // destructuring goes through the iterator protocol for each of tens of thousands of rules.
    for (let index = 0; index < rules.length; index++) {
      const id = rules[index]![2];
      if (Number.isInteger(id) && id < MAX_TOKEN_ID) maxId = Math.max(maxId, id);
    }
    const lefts = new Int32Array(maxId + 1).fill(-1);
    const rights = new Int32Array(maxId + 1).fill(-1);
    const lengths = new Float64Array(maxId + 1);
    lengths.fill(1, 0, 256);
    const starts = new Int32Array(maxId + 1).fill(-1);
    let pool = new Uint8Array(Math.max(1024, 256 + 8 * rules.length));
    for (let i = 0; i < 256; i++) {
      pool[i] = i;
      starts[i] = i;
    }
    let poolSize = 256;
    // A plain loop, and the message only built for a merge that fails: training installs tens of
    // thousands of merges, and a message per merge was most of the time taken here.
    for (let index = 0; index < rules.length; index++) {
      const rule = rules[index]!;
      const left = rule[0];
      const right = rule[1];
      const id = rule[2];
      if (!Number.isInteger(id) || id < 256 || id >= MAX_TOKEN_ID)
        throw mergeError(index, left, right, id, `the new id must be an integer in [256, ${MAX_TOKEN_ID})`);
      if (
        !Number.isInteger(left) ||
        !Number.isInteger(right) ||
        !(left >= 0 && left <= maxId && lengths[left]! > 0) ||
        !(right >= 0 && right <= maxId && lengths[right]! > 0)
      )
        throw mergeError(
          index,
          left,
          right,
          id,
          'each part must be a byte (0-255) or the id of an earlier merge',
        );
      if (lengths[id]! > 0) throw mergeError(index, left, right, id, `id ${id} is already taken`);
      if (id <= left || id <= right)
        throw mergeError(index, left, right, id, 'the new id must be greater than both parts');
      lefts[id] = left;
      rights[id] = right;
      lengths[id] = lengths[left]! + lengths[right]!;
      const a = starts[left]!;
      const b = starts[right]!;
      const length = lengths[id]!;
      if (a >= 0 && b >= 0 && length <= MAX_STORED_TOKEN_BYTES) {
        if (poolSize + length > pool.length) {
          const larger = new Uint8Array(2 * pool.length);
          larger.set(pool);
          pool = larger;
        }
        const aLength = lengths[left]!;
        pool.copyWithin(poolSize, a, a + aLength);
        pool.copyWithin(poolSize + aLength, b, b + lengths[right]!);
        starts[id] = poolSize;
        poolSize += length;
      }
    }
    // findRepeatedPair reads the first two entries of each rule only; no copy of the rules is needed.
    const twice = findRepeatedPair(rules as unknown as ReadonlyArray<readonly [number, number]>);
    if (twice) {
      const [left, right, id] = rules[twice[1]]!;
      throw mergeError(twice[1], left, right, id, `the pair (${left}, ${right}) is merged twice`);
    }
    for (const id of this.special.values())
      if (id <= maxId && lengths[id]! > 0)
        throw new RangeError(`special token id ${id} collides with a merge; re-register the special tokens`);
    return { mergeTable: MergeTable.from(rules), pool, starts, lefts, rights, lengths };
  }

  /**
   * Register special tokens (replacing earlier ones), as minbpe's `register_special_tokens`. Ids must
   * not collide with bytes, merges or each other; tokens must be non-empty.
   *
   * @example
   * ```ts
   * tokenizer.registerSpecialTokens({ '<|endoftext|>': 100257 });
   * tokenizer.encode('a<|endoftext|>', { allowedSpecial: 'all' }); // [97, 100257]
   * ```
   */
  registerSpecialTokens(tokens: SpecialTokens): void {
    const entries = tokens instanceof Map ? [...tokens] : Object.entries(tokens);
    const special = new Map<string, number>();
    const byId = new Map<number, string>();
    for (const [token, id] of entries as Array<[string, number]>) {
      if (token.length === 0) throw new RangeError('a special token cannot be the empty string');
      if (!Number.isInteger(id) || id < 256 || id >= MAX_TOKEN_ID)
        throw new RangeError(
          `special token ${JSON.stringify(token)}: id must be an integer of at least 256 and below ${MAX_TOKEN_ID}, got ${id}`,
        );
      if (this.isMergeOrByte(id))
        throw new RangeError(
          `special token ${JSON.stringify(token)}: id ${id} is already the id of a merge (ids up to ${256 + this.mergeRules.length - 1} are taken)`,
        );
      const other = byId.get(id);
      if (other !== undefined)
        throw new RangeError(
          `special tokens ${JSON.stringify(other)} and ${JSON.stringify(token)} share id ${id}`,
        );
      special.set(token, id);
      byId.set(id, token);
    }
    this.special = special;
    this.specialById = byId;
    this.vocabHasSpecials = false;
  }

  /** Register special tokens as part of the vocabulary, as minbpe's `load` leaves them. */
  protected loadSpecialTokens(tokens: SpecialTokens): void {
    this.registerSpecialTokens(tokens);
    this.vocabHasSpecials = true;
  }

  /**
   * Encode text, ignoring special tokens (they are encoded as ordinary text). minbpe's `encode_ordinary`.
   *
   * @example
   * ```ts
   * new RegexTokenizer().encodeOrdinary('hi'); // [104, 105]
   * ```
   */
  encodeOrdinary(text: string): number[] {
    assertWellFormed(text);
    const ids: number[] = [];
    this.forEachChunk(text, (chunk) => {
      for (const id of this.encodeChunkText(chunk)) ids.push(id);
    });
    return ids;
  }

  private encodeChunkText(chunk: string): number[] {
    const cached = this.cache.get(chunk);
    if (cached) return cached;
    const bytes = utf8.encode(chunk);
    const shuffle = this.shuffle;
    const start = shuffle ? Array.from(bytes, (b) => shuffle[b]!) : bytes;
    const ids = encodeChunk(start, this.tables.mergeTable);
    if (chunk.length <= 256) {
      if (this.cache.size >= 65_536) this.cache.clear();
      this.cache.set(chunk, ids);
    }
    return ids;
  }

  /**
   * Encode text to ids. Special tokens are matched according to `allowedSpecial`: `'all'`, a set of
   * tokens, `'none'` (encoded as ordinary text), or `'none_raise'` (the default, as minbpe: a
   * {@link DisallowedSpecialTokenError} if the text contains any).
   *
   * @example
   * ```ts
   * tokenizer.encode('hello world'); // ids
   * ```
   */
  encode(text: string, options: EncodeOptions = {}): number[] {
    requireText(text, 'encode');
    // minbpe's encode takes allowed_special as its second argument: such a call set no option here.
    requireOptions(
      options,
      'encode',
      "{ allowedSpecial: 'all' }",
      "(minbpe's allowed_special? it is the option allowedSpecial here)",
    );
    requireOptionNames(options, ['allowedSpecial'], 'encode');
    const special = selectSpecialTokens(this.special, options.allowedSpecial ?? 'none_raise', text);
    if (special.size === 0) return this.encodeOrdinary(text);
    assertWellFormed(text);
    const ids: number[] = [];
    const parts = splitOnSpecialTokens(text, special);
    parts.forEach((part, i) => {
      if (i % 2 === 1) ids.push(special.get(part)!);
      else for (const id of this.encodeOrdinary(part)) ids.push(id);
    });
    return ids;
  }

  /** Whether `id` is a byte or a merge. */
  private isMergeOrByte(id: number): boolean {
    // Trained merges make every id from 256 on, up to their count: no need to build the tables.
    if (this.builtTables === undefined)
      return Number.isInteger(id) && id >= 0 && id < 256 + this.mergeRules.length;
    const lengths = this.builtTables.lengths;
    return Number.isInteger(id) && id >= 0 && id < lengths.length && lengths[id]! > 0;
  }

  /**
   * @internal For rendering the `.vocab` file: the bytes of byte or merged id `id` (as in `vocab`,
   * without building the whole map).
   */
  vocabBytes(id: number): Uint8Array {
    return this.mergedBytes(id);
  }

  /** @internal Whether `vocab` lists the special tokens too (after `load`, as minbpe's `load` leaves it). */
  get vocabListsSpecials(): boolean {
    return this.vocabHasSpecials;
  }

  /**
   * The bytes of byte or merged token `id` (a view of the pool when stored), expanded from its parts
   * without recursion when not.
   */
  private mergedBytes(id: number): Uint8Array {
    const { starts, lengths, pool } = this.tables;
    const start = starts[id]!;
    const length = lengths[id]!;
    if (start >= 0) return pool.subarray(start, start + length);
    if (length > MAX_DECODED_BYTES)
      throw new RangeError(`token ${id} is ${length} bytes long, more than can be decoded at once`);
    const out = new Uint8Array(length);
    this.writeToken(id, out, 0);
    return out;
  }

  /** Write the bytes of byte or merge `id` into `out` at `at`; returns the end. */
  private writeToken(id: number, out: Uint8Array, at: number): number {
    const { pool, starts, lengths, lefts, rights } = this.tables;
    const stack = [id];
    while (stack.length > 0) {
      const top = stack.pop()!;
      const start = starts[top]!;
      if (start >= 0) {
        const end = start + lengths[top]!;
        for (let k = start; k < end; k++) out[at++] = pool[k]!;
      } else {
        stack.push(rights[top]!, lefts[top]!);
      }
    }
    return at;
  }

  /** UTF-8 byte length of token `id` (0 if unknown). */
  protected byteLength(id: number): number {
    if (this.isMergeOrByte(id)) return this.tables.lengths[id]!;
    const special = this.specialById.get(id);
    return special === undefined ? 0 : utf8.encode(special).length;
  }

  /**
   * The bytes of the given ids, joined (special tokens as their UTF-8). Throws a RangeError naming an
   * unknown id and its position.
   *
   * @example
   * ```ts
   * new BasicTokenizer().decodeBytes([104, 105]); // Uint8Array [104, 105]
   * ```
   */
  decodeBytes(ids: readonly number[]): Uint8Array {
    let length = 0;
    const specials = new Map<number, Uint8Array>();
    ids.forEach((id, position) => {
      if (this.isMergeOrByte(id)) length += this.tables.lengths[id]!;
      else {
        const special = this.specialById.get(id);
        if (special === undefined) throw new RangeError(`invalid token id ${id} at position ${position}`);
        const bytes = specials.get(id) ?? utf8.encode(special);
        specials.set(id, bytes);
        length += bytes.length;
      }
      if (length > MAX_DECODED_BYTES)
        throw new RangeError(
          `the ids decode to more than ${MAX_DECODED_BYTES} bytes (by token ${id} at position ${position})`,
        );
    });
    const out = new Uint8Array(length);
    let offset = 0;
    for (const id of ids) {
      const special = specials.get(id);
      if (special && !this.isMergeOrByte(id)) {
        out.set(special, offset);
        offset += special.length;
        continue;
      }
      const start = offset;
      offset = this.writeToken(id, out, offset);
      const unshuffle = this.unshuffle;
      if (unshuffle) for (let i = start; i < offset; i++) out[i] = unshuffle[out[i]!]!;
    }
    return out;
  }

  /**
   * Decode ids to text; invalid UTF-8 (a token boundary inside a character) becomes U+FFFD, as minbpe's
   * `errors="replace"`.
   *
   * @example
   * ```ts
   * new BasicTokenizer().decode([104, 105]); // 'hi'
   * new BasicTokenizer().decode([0xe4]);     // '\uFFFD'
   * ```
   */
  decode(ids: readonly number[]): string {
    return decodeBytes(this.decodeBytes(ids));
  }

  /**
   * Encode with every special token allowed and give each id its span in `text` (a token that ends
   * inside a character shares that character with its neighbour; `bytes` says which bytes it holds).
   *
   * @example
   * ```ts
   * new BasicTokenizer().tokenize('hé').map((t) => t.id); // [104, 195, 169]
   * ```
   */
  tokenize(text: string): Token[] {
    requireText(text, 'tokenize');
    const ids = this.encode(text, { allowedSpecial: 'all' });
    return spansFromByteLengths(
      text,
      ids.map((id) => this.byteLength(id)),
      ids,
    );
  }
}
