import { type FileHandle, open } from 'node:fs/promises';
import {
  GPT2_PYTHON_PATTERN,
  GPT4_PYTHON_PATTERN,
  type PieceScanner,
  type SplitPattern,
  scanCl100kPiece,
  scanR50kPiece,
} from '@tokenlab/bpe';

/**
 * The distinct chunks of a text (or of a byte range of a file), in the order they first appear, each
 * with how often it occurs and the byte at which it first occurs.
 *
 * @example
 * ```ts
 * const counted: PositionedCounts = { chunks: ['the', ' cat'], counts: [2, 1], firsts: [0, 3] };
 * ```
 */
export interface PositionedCounts {
  /** The distinct chunks, in first-appearance order. */
  chunks: string[];
  /** `counts[i]`: how often `chunks[i]` occurs. */
  counts: number[];
  /** `firsts[i]`: the file byte (plus the offset given) where `chunks[i]` first occurs; increasing. */
  firsts: number[];
}

/**
 * The hand-written scanner of minbpe's GPT-2 or GPT-4 split pattern (the patterns whose text can be cut
 * at a proved-safe place, `SplitPattern.cuttable`), or undefined for any other pattern.
 *
 * @example
 * ```ts
 * rangeScanner(SplitPattern.from('gpt4')); // scanCl100kPiece
 * rangeScanner(SplitPattern.from('\\w+')); // undefined
 * ```
 */
export function rangeScanner(split: SplitPattern): PieceScanner | undefined {
  if (split.source === GPT4_PYTHON_PATTERN) return scanCl100kPiece;
  if (split.source === GPT2_PYTHON_PATTERN) return scanR50kPiece;
  return undefined;
}

const NEWLINE = 0x0a;
const SEARCH_WINDOW = 1 << 16;

/**
 * Where a shard boundary asked for at byte `at` really falls: `at` itself at the start or end of the
 * file, else the first byte `p >= at` that starts a line whose first character is a letter, after a
 * line that does not end in white space (`SplitPattern.safeBoundary`'s cut: the chunks of the text
 * before `p` and after `p`, split apart, are exactly the chunks of the whole), or the file's size when
 * no such line follows. Both shards that share a boundary compute the same cut from the same bytes, so
 * shards `[0, a)`, `[a, b)`, `[b, size)` count every chunk of the file exactly once.
 *
 * @example
 * ```ts
 * // the file holds 'one.\ntwo\n'
 * await safeByteCut(handle, 9, 1, SplitPattern.from('gpt4')); // 5
 * ```
 */
export async function safeByteCut(
  handle: FileHandle,
  size: number,
  at: number,
  split: SplitPattern,
): Promise<number> {
  if (at <= 0) return 0;
  if (at >= size) return size;
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  for (let from = at; from < size; from += SEARCH_WINDOW) {
    // A few bytes before (the character ending the line) and after (the letter starting the next).
    const windowStart = Math.max(0, from - 5);
    const windowEnd = Math.min(size, from + SEARCH_WINDOW + 4);
    const bytes = new Uint8Array(windowEnd - windowStart);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, windowStart);
    const last = Math.min(from + SEARCH_WINDOW, size);
    for (let p = from; p < last; p++) {
      const newline = p - 1 - windowStart;
      if (newline < 1 || newline >= bytesRead || bytes[newline] !== NEWLINE) continue;
      let before = newline - 1;
      while (before > 0 && (bytes[before]! & 0xc0) === 0x80) before--;
      const after = newline + 1 + utf8SequenceLength(bytes[newline + 1] ?? 0);
      if (after > bytesRead) continue;
      let around: string;
      try {
        around = decoder.decode(bytes.subarray(before, after));
      } catch {
        continue; // not text here; counting the range reports the bytes
      }
      if (split.safeBoundary(around, 0) === around.indexOf('\n') + 1) return p;
    }
  }
  return size;
}

function utf8SequenceLength(lead: number): number {
  if (lead < 0xc0) return 1;
  if (lead < 0xe0) return 2;
  if (lead < 0xf0) return 3;
  return 4;
}

/**
 * Options of {@link countByteRange}.
 *
 * @example
 * ```ts
 * const options: ByteRangeOptions = { start: 0, end: 1 << 20, offset: 0 };
 * ```
 */
export interface ByteRangeOptions {
  /** The byte the range is asked to start at (moved to a safe cut with {@link safeByteCut}). Default 0. */
  start?: number;
  /** The byte the range is asked to end at (moved likewise); default the end of the file. */
  end?: number;
  /** Added to every first position (where the file starts in a larger corpus). Default 0. */
  offset?: number;
  /** Bytes read at a time (default 4 MiB). */
  blockSize?: number;
}

/**
 * What {@link countByteRange} counted: the bytes `[start, end)` of a file of `size` bytes.
 *
 * @example
 * ```ts
 * const counted: RangeCounts = await countByteRange('corpus.txt', SplitPattern.from('gpt4'));
 * counted.end === counted.size; // true: the whole file
 * ```
 */
export interface RangeCounts extends PositionedCounts {
  /** The safe cut the range starts at. */
  start: number;
  /** The safe cut the range ends at. */
  end: number;
  /** The file's size in bytes. */
  size: number;
}

/**
 * Count the chunks of the bytes of `file` between the safe cuts at or after `options.start` and
 * `options.end`, with the first byte of each distinct chunk. The text is read as `tokenlab train`
 * reads it (UTF-8, checked; `\r\n` and a lone `\r` become `\n`, as Python's text mode does), so the
 * counts of the shards of a file, added up, are the counts of the whole file, and the smallest first
 * position of each chunk orders the chunks as the whole file does. Only minbpe's GPT-2 and GPT-4 patterns
 * can be cut safely; other patterns throw. Memory grows with the distinct chunks, not with the range.
 *
 * @example
 * ```ts
 * const shard = await countByteRange('corpus.txt', SplitPattern.from('gpt4'), { start: 0, end: 1 << 20 });
 * shard.chunks.length; // distinct chunks of the first MiB or so
 * ```
 */
export async function countByteRange(
  file: string,
  split: SplitPattern,
  options: ByteRangeOptions = {},
): Promise<RangeCounts> {
  const scanner = rangeScanner(split);
  if (scanner === undefined)
    throw new Error('only the gpt2 and gpt4 patterns can count a byte range (no other can be cut safely)');
  const blockSize = options.blockSize ?? 4 << 20;
  const handle = await open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const start = await safeByteCut(handle, size, options.start ?? 0, split);
    const end = Math.max(start, await safeByteCut(handle, size, options.end ?? size, split));
    const counter = new PositionedCounter(scanner, options.offset ?? 0);
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const buffer = new Uint8Array(Math.min(blockSize, Math.max(1, end - start)));
    let carry = '';
    let carryStart = start;
    for (let at = start; at < end; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, end - at), at);
      if (bytesRead === 0) throw new Error(`${file}: the file shrank while it was read (at byte ${at})`);
      try {
        carry += decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
      } catch {
        throw new Error(`${file}: not valid UTF-8 (in the bytes ${at}-${at + bytesRead})`);
      }
      at += bytesRead;
      // Count whole lines up to the last safe cut; the rest waits for the next block.
      if (carry.length >= blockSize) {
        const cut = split.safeBoundary(carry, carry.length >> 1);
        if (cut > 0) {
          carryStart = counter.add(carry.slice(0, cut), carryStart);
          carry = carry.slice(cut);
        }
      }
    }
    try {
      carry += decoder.decode();
    } catch {
      throw new Error(`${file}: not valid UTF-8 (the range ends inside a character, at byte ${end})`);
    }
    if (carry.length > 0) carryStart = counter.add(carry, carryStart);
    if (carryStart !== end)
      throw new Error(`${file}: counted up to byte ${carryStart}, expected ${end} (the file changed?)`);
    return { start, end, size, ...counter.result() };
  } finally {
    await handle.close();
  }
}

/**
 * Counts chunks piece by piece, remembering where in the file each distinct chunk first occurs. An
 * open-addressing table hashes each chunk straight from the text, so that only distinct chunks become
 * strings, and byte positions are worked out only where a new chunk starts.
 */
class PositionedCounter {
  private slots = new Int32Array(1 << 12);
  private mask = (1 << 12) - 1;
  private hashes = new Int32Array(1 << 11);
  private counts = new Float64Array(1 << 11);
  private firsts = new Float64Array(1 << 11);
  private readonly chunks: string[] = [];

  constructor(
    private readonly scanner: PieceScanner,
    private readonly offset: number,
  ) {}

  /** Count `piece`, whose first byte is file byte `byte`; returns the file byte after it. */
  add(piece: string, byte: number): number {
    const { text, collapsed } = universalNewlines(piece);
    const n = text.length;
    // `byte` is the file byte of text[counted]; each '\n' that was '\r\n' in the file is one byte more.
    let counted = 0;
    let c = 0;
    for (let s = 0; s < n; ) {
      const e = this.scanner(text, s, n);
      let hash = 0x811c9dc5;
      for (let p = s; p < e; p++) hash = Math.imul(hash ^ text.charCodeAt(p), 0x01000193);
      for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
        const entry = this.slots[slot]!;
        if (entry === 0) {
          byte += utf8Length(text, counted, s);
          for (; c < collapsed.length && collapsed[c]! < s; c++) byte++;
          counted = s;
          this.insert(slot, ownCopy(text, s, e), hash, byte + this.offset);
          break;
        }
        const k = entry - 1;
        if (this.hashes[k] === hash && sameText(this.chunks[k]!, text, s, e)) {
          this.counts[k]!++;
          break;
        }
      }
      s = e;
    }
    return byte + utf8Length(text, counted, n) + (collapsed.length - c);
  }

  private insert(slot: number, chunk: string, hash: number, first: number): void {
    const k = this.chunks.length;
    if (k === this.hashes.length) {
      this.hashes = grow(this.hashes);
      this.counts = grow(this.counts);
      this.firsts = grow(this.firsts);
    }
    this.chunks.push(chunk);
    this.hashes[k] = hash;
    this.counts[k] = 1;
    this.firsts[k] = first;
    this.slots[slot] = k + 1;
    if (this.chunks.length * 2 > this.slots.length) this.rehash();
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let k = 0; k < this.chunks.length; k++) {
      let slot = this.hashes[k]! & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = k + 1;
    }
  }

  result(): PositionedCounts {
    const distinct = this.chunks.length;
    return {
      chunks: this.chunks,
      counts: Array.from(this.counts.subarray(0, distinct)),
      firsts: Array.from(this.firsts.subarray(0, distinct)),
    };
  }
}

function sameText(chunk: string, text: string, start: number, end: number): boolean {
  if (chunk.length !== end - start) return false;
  for (let k = 0; k < chunk.length; k++) if (chunk.charCodeAt(k) !== text.charCodeAt(start + k)) return false;
  return true;
}

function grow<T extends Int32Array | Float64Array>(array: T): T {
  const grown = new (array.constructor as new (size: number) => T)(array.length * 2);
  grown.set(array);
  return grown;
}

const NONE: readonly number[] = [];

/**
 * `piece` with `\r\n` and lone `\r` turned into `\n`, and where (in the new text) each `\n` that was a
 * `\r\n` stands, in order.
 */
function universalNewlines(piece: string): { text: string; collapsed: readonly number[] } {
  if (!piece.includes('\r')) return { text: piece, collapsed: NONE };
  const parts: string[] = [];
  const collapsed: number[] = [];
  let length = 0;
  let last = 0;
  for (let r = piece.indexOf('\r'); r !== -1; r = piece.indexOf('\r', last)) {
    parts.push(piece.slice(last, r), '\n');
    length += r - last;
    if (piece.charCodeAt(r + 1) === NEWLINE) {
      collapsed.push(length);
      last = r + 2;
    } else last = r + 1;
    length++;
  }
  parts.push(piece.slice(last));
  return { text: parts.join(''), collapsed };
}

/** UTF-8 bytes of `text[start, end)` (well-formed: it was decoded from UTF-8). */
function utf8Length(text: string, start: number, end: number): number {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * `text.slice(start, end)` as a string of its own: V8 makes a longer slice a view that keeps the whole
 * piece alive, and the counts would then hold every piece of the text they ever kept a chunk from.
 */
function ownCopy(text: string, start: number, end: number): string {
  const slice = text.slice(start, end);
  return end - start < 13 ? slice : Buffer.from(slice, 'utf16le').toString('utf16le');
}
