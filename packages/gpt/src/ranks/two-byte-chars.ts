import { NO_RANK } from './no-rank.js';

const isLead = (byte: number): boolean => byte >= 0xc2 && byte <= 0xdf;
const isTail = (byte: number): boolean => (byte & 0xc0) === 0x80;
/** The 11 bits of the character a lead byte and a tail byte encode. */
const charCode = (lead: number, tail: number): number => ((lead & 0x1f) << 6) | (tail & 0x3f);

/** A risk that a search settles: a longer token may occur around the character. */
const MAYBE = 1;
/** A risk that needs no search: the two bytes around the character's edge are a token. */
const SURELY = 2;

/** Keys of the four lists of tokens that break a rule, in {@link TwoByteChars.summary} order. */
const LIST_KEYS = [32, 64, 2048, 2048] as const;

/**
 * The key under which token `bytes[start, end)` belongs in part `part` of a summary, or -1: part 0
 * holds the characters that are tokens (by their code), then the tokens that end with a lead byte
 * (by it), that begin with a tail byte (by it), that are longer and begin with a character, and that
 * are longer and end with one (by its code; these count only when they rank below the character).
 */
function keyIn(part: number, bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length < 2) return -1;
  const first = bytes[start]!;
  const second = bytes[start + 1]!;
  const beforeLast = bytes[end - 2]!;
  const last = bytes[end - 1]!;
  switch (part) {
    case 0:
      return length === 2 && isLead(first) && isTail(second) ? charCode(first, second) : -1;
    case 1:
      return isLead(last) ? last & 0x1f : -1;
    case 2:
      return isTail(first) ? first & 0x3f : -1;
    case 3:
      return length > 2 && isLead(first) && isTail(second) ? charCode(first, second) : -1;
    default:
      return length > 2 && isLead(beforeLast) && isTail(last) ? charCode(beforeLast, last) : -1;
  }
}

/**
 * Lists of ranks under small integer keys, packed: the ranks of key k are
 * `ranks[first[k], first[k + 1])`.
 */
interface RankLists {
  readonly first: Int32Array;
  readonly ranks: Int32Array;
}

function packLists(keys: number, entries: readonly number[]): RankLists {
  // `entries` holds key, rank, key, rank, ...
  const first = new Int32Array(keys + 1);
  for (let i = 0; i < entries.length; i += 2) first[entries[i]! + 1]!++;
  for (let key = 0; key < keys; key++) first[key + 1]! += first[key]!;
  const next = first.slice(0, keys);
  const ranks = new Int32Array(entries.length >> 1);
  for (let i = 0; i < entries.length; i += 2) ranks[next[entries[i]!]!++] = entries[i + 1]!;
  return { first, ranks };
}

/**
 * Where {@link TwoByteChars.copyTo} writes its tables (the merge kernel's memory): the arrays of the
 * sizes below, and room for the ranks of its four lists.
 *
 * @example
 * ```ts
 * const tables: TwoByteCharsTables = kernel.twoByteCharsTables;
 * ```
 */
export interface TwoByteCharsTables {
  /** Each character's rank by its code: 2,048 ints. */
  charRanks: Int32Array;
  /** The risks before a character: 8,192 bytes. */
  riskBefore: Uint8Array;
  /** The risks after a character: 16,384 bytes. */
  riskAfter: Uint8Array;
  /** Whether a longer token that begins or ends with a character ranks below it: 2,048 bytes. */
  riskEdge: Uint8Array;
  /** The `first` arrays of the four lists, back to back (33, 65, 2,049 and 2,049 ints), indexing `listRanks`. */
  lists: Int32Array;
  /** The ranks of the four lists, back to back. */
  listRanks: Int32Array;
}

/**
 * Which two-byte UTF-8 characters (accented Latin, Greek, Cyrillic, Hebrew, Arabic, ...) a merge may
 * take whole from the start instead of as their two bytes, with the same result.
 *
 * In Arabic most merges of a new piece join a letter's or a mark's two bytes; starting from the
 * characters halves the parts and leaves a few merges instead of a dozen. Starting from character
 * c (rank r) changes nothing when, in that piece, (1) no token ends with c's first byte or begins
 * with its second, so no merge can take one of its bytes away from the other before c is formed,
 * and (2) every longer token that begins or ends with c ranks above r, so no merge that joins c to
 * a neighbour can come before c would have formed. Then the merges other than c's own come in the
 * same order either way. A vocabulary has few tokens that break a rule (`o200k_base`: 46 end with
 * a first byte, such as a space and half an Arabic letter); where one occurs around a character,
 * that character is merged from its bytes.
 *
 * @example
 * ```ts
 * const chars = TwoByteChars.build(table.bytes, table.offsets);
 * const bytes = new TextEncoder().encode('كتاب');
 * chars.startRank(bytes, 0, bytes.length, 0); // the rank of 'ك', or NO_RANK
 * ```
 */
export class TwoByteChars {
  /** Each character's rank by its code (NO_RANK when it is no token). */
  private readonly charRanks = new Int32Array(2048).fill(NO_RANK);
  /**
   * At [byte before << 5 | lead & 31]: {@link MAYBE} when a longer token ends with those two bytes,
   * {@link SURELY} when they are a token themselves.
   */
  private readonly riskBefore = new Uint8Array(256 << 5);
  /** At [tail & 63 << 8 | byte after]: the same for tokens that begin with those two bytes. */
  private readonly riskAfter = new Uint8Array(64 << 8);
  /** Set at a character's code when a longer token that begins or ends with it ranks below it. */
  private readonly riskEdge = new Uint8Array(2048);
  /** The tokens that end with a lead byte, by lead & 31. */
  private readonly endingWithLead: RankLists;
  /** The tokens that begin with a tail byte, by tail & 63. */
  private readonly startingWithTail: RankLists;
  /** The longer tokens that begin with a character and rank below it, by its code. */
  private readonly startingWithChar: RankLists;
  /** The longer tokens that end with a character and rank below it, by its code. */
  private readonly endingWithChar: RankLists;

  private constructor(
    private readonly bytes: Uint8Array,
    private readonly offsets: Uint32Array,
    /** Code, rank, code, rank, ... of every character that is a token. */
    chars: readonly number[],
    /** Key, rank, ... for each of the four lists above. */
    lists: readonly (readonly number[])[],
  ) {
    for (let i = 0; i < chars.length; i += 2) this.charRanks[chars[i]!] = chars[i + 1]!;
    [this.endingWithLead, this.startingWithTail, this.startingWithChar, this.endingWithChar] = lists.map(
      (list, i) => packLists(LIST_KEYS[i]!, list),
    ) as [RankLists, RankLists, RankLists, RankLists];
    for (const rank of this.endingWithLead.ranks) {
      const end = offsets[rank + 1]!;
      const at = (bytes[end - 2]! << 5) | (bytes[end - 1]! & 0x1f);
      this.riskBefore[at] = Math.max(this.riskBefore[at]!, end - offsets[rank]! === 2 ? SURELY : MAYBE);
    }
    for (const rank of this.startingWithTail.ranks) {
      const start = offsets[rank]!;
      const at = ((bytes[start]! & 0x3f) << 8) | bytes[start + 1]!;
      this.riskAfter[at] = Math.max(this.riskAfter[at]!, offsets[rank + 1]! - start === 2 ? SURELY : MAYBE);
    }
    for (const lists of [this.startingWithChar, this.endingWithChar])
      for (let code = 0; code < 2048; code++)
        if (lists.first[code + 1]! > lists.first[code]!) this.riskEdge[code] = 1;
  }

  /**
   * Reads every token of a rank table (its `bytes` and `offsets`) once: a pass the bundled encodings
   * save on load by shipping their {@link TwoByteChars.summary}.
   *
   * @example
   * ```ts
   * const chars = TwoByteChars.build(table.bytes, table.offsets);
   * ```
   */
  static build(bytes: Uint8Array, offsets: Uint32Array): TwoByteChars {
    const parts: number[][] = [[], [], [], [], []];
    const known = new Uint8Array(2048);
    // In rank order, so a character seen before a longer token ranks below it.
    for (let rank = 0; rank + 1 < offsets.length; rank++) {
      const start = offsets[rank]!;
      const end = offsets[rank + 1]!;
      // Most tokens begin and end with ASCII: no rule concerns them.
      if (end - start < 2 || (bytes[start]! | bytes[end - 1]!) < 0x80) continue;
      const char = keyIn(0, bytes, start, end);
      if (char >= 0) {
        parts[0]!.push(char, rank);
        known[char] = 1;
        continue;
      }
      for (let part = 1; part < 5; part++) {
        const key = keyIn(part, bytes, start, end);
        if (key >= 0 && (part < 3 || known[key] === 0)) parts[part]!.push(key, rank);
      }
    }
    return new TwoByteChars(bytes, offsets, parts[0]!, parts.slice(1));
  }

  /**
   * The table over the same tokens from a {@link TwoByteChars.summary}, without reading them all.
   *
   * @example
   * ```ts
   * const again = TwoByteChars.fromSummary(table.bytes, table.offsets, chars.summary());
   * ```
   */
  static fromSummary(bytes: Uint8Array, offsets: Uint32Array, summary: readonly number[]): TwoByteChars {
    // Count, then that many numbers: the characters, then each of the four lists.
    const parts: number[][] = [];
    for (let at = 0; at < summary.length; at += summary[at]! + 1) {
      const count = summary[at]!;
      if (!Number.isInteger(count) || count < 0 || count % 2 !== 0 || at + 1 + count > summary.length)
        throw new Error(`a two-byte character summary has a bad count at index ${at}: ${count}`);
      parts.push(summary.slice(at + 1, at + 1 + count));
    }
    if (parts.length !== 5) throw new Error(`a two-byte character summary has 5 parts, got ${parts.length}`);
    // A summary of another vocabulary would change ids without a word: each entry must fit its token,
    // and a longer token listed under a character must rank below it.
    const charRanks = new Map<number, number>();
    parts.forEach((entries, part) => {
      for (let i = 0; i < entries.length; i += 2) {
        const key = entries[i]!;
        const rank = entries[i + 1]!;
        const fits =
          Number.isInteger(rank) &&
          rank >= 0 &&
          rank + 1 < offsets.length &&
          keyIn(part, bytes, offsets[rank]!, offsets[rank + 1]!) === key &&
          (part < 3 || !((charRanks.get(key) ?? NO_RANK) < rank));
        if (!fits)
          throw new Error(
            `a two-byte character summary that does not fit this table: part ${part + 1} lists rank ${rank} under ${key}, which its token does not match`,
          );
        if (part === 0) charRanks.set(key, rank);
      }
    });
    return new TwoByteChars(bytes, offsets, parts[0]!, parts.slice(1));
  }

  /**
   * What {@link TwoByteChars.build} found, as numbers: a few thousand for a vocabulary of 200,000.
   *
   * @example
   * ```ts
   * TwoByteChars.build(table.bytes, table.offsets).summary(); // [count, code, rank, ..., count, ...]
   * ```
   */
  summary(): number[] {
    const chars: number[] = [];
    for (let code = 0; code < 2048; code++)
      if (this.charRanks[code] !== NO_RANK) chars.push(code, this.charRanks[code]!);
    const out = [chars.length, ...chars];
    [this.endingWithLead, this.startingWithTail, this.startingWithChar, this.endingWithChar].forEach(
      (lists, i) => {
        const entries: number[] = [];
        for (let key = 0; key < LIST_KEYS[i]!; key++)
          for (let at = lists.first[key]!; at < lists.first[key + 1]!; at++)
            entries.push(key, lists.ranks[at]!);
        out.push(entries.length, ...entries);
      },
    );
    return out;
  }

  /**
   * Writes its tables to `target` for the merge kernel, which reads them there; false (and nothing
   * written) when its lists hold more ranks than `target.listRanks` has room for.
   *
   * @example
   * ```ts
   * table.twoByteChars.copyTo(kernel.twoByteCharsTables); // true
   * ```
   */
  copyTo(target: TwoByteCharsTables): boolean {
    const lists = [this.endingWithLead, this.startingWithTail, this.startingWithChar, this.endingWithChar];
    const total = lists.reduce((sum, list) => sum + list.ranks.length, 0);
    if (total > target.listRanks.length) return false;
    target.charRanks.set(this.charRanks);
    target.riskBefore.set(this.riskBefore);
    target.riskAfter.set(this.riskAfter);
    target.riskEdge.set(this.riskEdge);
    let firstAt = 0;
    let ranksAt = 0;
    for (const list of lists) {
      for (let key = 0; key < list.first.length; key++)
        target.lists[firstAt + key] = ranksAt + list.first[key]!;
      target.listRanks.set(list.ranks, ranksAt);
      firstAt += list.first.length;
      ranksAt += list.ranks.length;
    }
    return true;
  }

  /**
   * The rank of the two-byte character at `bytes[at, at + 2)` when a merge of `bytes[start, end)`
   * may take it whole from the start; NO_RANK when it is no character, no token, or one of its
   * bytes could merge first with a neighbour's.
   *
   * @example
   * ```ts
   * const bytes = new TextEncoder().encode('é');
   * chars.startRank(bytes, 0, 2, 0); // the rank of 'é'
   * ```
   */
  startRank(bytes: Uint8Array, start: number, end: number, at: number): number {
    if (at + 1 >= end) return NO_RANK;
    const lead = bytes[at]!;
    const tail = bytes[at + 1]!;
    if (!isLead(lead) || !isTail(tail)) return NO_RANK;
    const code = charCode(lead, tail);
    const rank = this.charRanks[code]!;
    if (rank === NO_RANK) return NO_RANK;
    // A space and a first byte (' \xd8' in o200k) is a token: the common risk needs no search.
    const before = at > start ? this.riskBefore[(bytes[at - 1]! << 5) | (lead & 0x1f)]! : 0;
    const after = at + 2 < end ? this.riskAfter[((tail & 0x3f) << 8) | bytes[at + 2]!]! : 0;
    if ((before | after) & SURELY) return NO_RANK;
    if ((before | after | this.riskEdge[code]!) === 0 || !this.riskOccurs(bytes, start, end, at, code))
      return rank;
    return NO_RANK;
  }

  /** Whether a token that breaks one of the two rules for the character at `at` occurs there. */
  private riskOccurs(bytes: Uint8Array, start: number, end: number, at: number, code: number): boolean {
    return (
      this.anyEndsAt(this.endingWithLead, code >> 6, bytes, start, at + 1) ||
      this.anyStartsAt(this.startingWithTail, code & 0x3f, bytes, end, at + 1) ||
      this.anyStartsAt(this.startingWithChar, code, bytes, end, at) ||
      this.anyEndsAt(this.endingWithChar, code, bytes, start, at + 2)
    );
  }

  private anyStartsAt(lists: RankLists, key: number, bytes: Uint8Array, end: number, at: number): boolean {
    for (let i = lists.first[key]!; i < lists.first[key + 1]!; i++) {
      const rank = lists.ranks[i]!;
      const length = this.offsets[rank + 1]! - this.offsets[rank]!;
      if (at + length <= end && this.tokenAt(rank, bytes, at)) return true;
    }
    return false;
  }

  private anyEndsAt(lists: RankLists, key: number, bytes: Uint8Array, start: number, until: number): boolean {
    for (let i = lists.first[key]!; i < lists.first[key + 1]!; i++) {
      const rank = lists.ranks[i]!;
      const length = this.offsets[rank + 1]! - this.offsets[rank]!;
      if (until - length >= start && this.tokenAt(rank, bytes, until - length)) return true;
    }
    return false;
  }

  private tokenAt(rank: number, bytes: Uint8Array, at: number): boolean {
    const tokenStart = this.offsets[rank]!;
    const length = this.offsets[rank + 1]! - tokenStart;
    for (let i = 0; i < length; i++) if (this.bytes[tokenStart + i] !== bytes[at + i]) return false;
    return true;
  }
}
