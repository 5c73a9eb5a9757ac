import { isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { findInvalidUtf8 } from '@tokenlab/core/utf8';

const NEWLINE = 0x0a;
const CR = 0x0d;

/**
 * Regular files read as one byte stream, the files joined by `\n` (what training reads), with random access:
 * a range of the stream can be read by any thread on its own, which is how the count workers share a
 * corpus without the text passing through the main thread. With `universalNewlines` (the default)
 * `\r\n` and a lone `\r` read as `\n` in each file, as Python's text mode reads it.
 *
 * @example
 * ```ts
 * const corpus = new CorpusBytes(['a.txt', 'b.txt']);
 * const text = corpus.text(0, corpus.length); // a.txt + '\n' + b.txt, as Python reads them
 * corpus.close();
 * ```
 */
export class CorpusBytes {
  /** Bytes in the stream: the files' sizes plus one per join. */
  readonly length: number;
  private readonly files: readonly string[];
  private readonly handles: number[];
  private readonly starts: number[] = [];
  private readonly sizes: number[] = [];
  private readonly universal: boolean;
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private buffer = new Uint8Array(0);

  constructor(files: readonly string[], options: { universalNewlines?: boolean } = {}) {
    this.files = files;
    this.universal = options.universalNewlines ?? true;
    this.handles = [];
    let offset = 0;
    try {
      for (let f = 0; f < files.length; f++) {
        const file = files[f]!;
        this.handles.push(openSync(file, 'r'));
        const info = fstatSync(this.handles[f]!);
        // A pipe or device reports no size and cannot be read at an offset: counted as one, it
        // would give no chunks at all, without a word.
        if (!info.isFile())
          throw new Error(
            `${file}: not a regular file (${info.isDirectory() ? 'a directory' : 'a pipe, socket or device'}): ` +
              'its byte ranges cannot be read; save it to a file, or read it as a stream ' +
              '(countFileTable and countFileChunks do)',
          );
        if (f > 0) offset++;
        this.starts.push(offset);
        this.sizes.push(info.size);
        offset += info.size;
      }
    } catch (error) {
      for (const handle of this.handles) closeSync(handle);
      throw error;
    }
    this.length = offset;
  }

  /** The raw bytes `[start, end)` of the stream (joins included, newlines untranslated). */
  bytes(start: number, end: number): Uint8Array {
    if (this.buffer.length < end - start) this.buffer = new Uint8Array(Math.max(end - start, 1 << 16));
    const out = this.buffer.subarray(0, end - start);
    for (let f = 0; f < this.files.length; f++) {
      const from = this.starts[f]!;
      const to = from + this.sizes[f]!;
      if (f > 0 && from - 1 >= start && from - 1 < end) out[from - 1 - start] = NEWLINE;
      const lo = Math.max(start, from);
      const hi = Math.min(end, to);
      for (let at = lo; at < hi; ) {
        const read = readSync(this.handles[f]!, out, at - start, hi - at, at - from);
        if (read === 0) throw new Error(`${this.files[f]}: the file shrank while it was read`);
        at += read;
      }
    }
    return out;
  }

  /**
   * The text of the stream's range `[start, end)`, newlines translated per file: {@link CorpusBytes.utf8}
   * decoded. Throws, naming the file and byte offset, on invalid UTF-8. A range must not cut a character
   * (ranges from `safeCut` never do).
   */
  text(start: number, end: number): string {
    return this.decoder.decode(this.utf8(start, end));
  }

  /**
   * The UTF-8 bytes of the stream's range `[start, end)`, newlines translated per file, checked to be
   * valid UTF-8 (`buffer.isUtf8`): throws, naming the file and byte offset, if they are not. The bytes
   * are a view of a buffer the next read reuses. A range must not cut a character.
   */
  utf8(start: number, end: number): Uint8Array {
    let bytes = this.bytes(start, end);
    if (this.universal && bytes.includes(CR)) bytes = this.translated(bytes, start);
    if (!isUtf8(bytes)) throw new Error(this.invalidAt(start, end));
    return bytes;
  }

  /** `\r\n` and lone `\r` as `\n`, file by file (a join never pairs with a file's last `\r`). */
  private translated(bytes: Uint8Array, start: number): Uint8Array {
    let w = 0;
    for (let r = 0; r < bytes.length; r++) {
      const b = bytes[r]!;
      if (b === CR) {
        bytes[w++] = NEWLINE;
        if (bytes[r + 1] === NEWLINE && !this.isJoin(start + r + 1)) r++;
      } else bytes[w++] = b;
    }
    return bytes.subarray(0, w);
  }

  private isJoin(offset: number): boolean {
    for (let f = 1; f < this.files.length; f++) if (this.starts[f]! - 1 === offset) return true;
    return false;
  }

  /** The message for invalid UTF-8 in `[start, end)`: which file, which byte. */
  private invalidAt(start: number, end: number): string {
    for (let f = 0; f < this.files.length; f++) {
      const from = this.starts[f]!;
      const lo = Math.max(start, from);
      const hi = Math.min(end, from + this.sizes[f]!);
      if (lo >= hi) continue;
      // Back up a few bytes so a character that starts before the range is judged whole.
      const back = Math.max(from, lo - 3);
      const bad = findInvalidUtf8(this.bytes(back, hi));
      if (bad >= 0 && back + bad >= lo)
        return `${this.files[f]}: not valid UTF-8 at byte ${back + bad - from}`;
    }
    return `${this.files.join(', ')}: not valid UTF-8 (in the bytes ${start}-${end} of the joined files)`;
  }

  /**
   * The first place at or after `from` where the stream can be cut without changing the chunks of the
   * GPT-2 and GPT-4 patterns (`SplitPattern.safeBoundary`'s rule: just after a `\n` that follows a
   * character other than white space and precedes a letter), or `length` if there is none.
   */
  safeCut(from: number): number {
    const window = 1 << 16;
    for (let at = Math.max(from, 2); at < this.length; at += window) {
      // Bytes at-5 .. at+window+4: the character before each `\n` and the one after it.
      const lo = Math.max(0, at - 5);
      const hi = Math.min(this.length, at + window + 4);
      // A view of the read buffer, which nothing reads into again before the window is searched; the
      // newlines are found by `indexOf` (native code), not byte by byte.
      const bytes = this.bytes(lo, hi);
      const stop = Math.min(at + window - 1 - lo, bytes.length - 1);
      let k = bytes.indexOf(NEWLINE, at - 1 - lo);
      while (k >= 0 && k < stop) {
        if (lo + k >= 1 && isLetterAt(bytes, k + 1) && !isSpaceBefore(bytes, k)) return lo + k + 1;
        k = bytes.indexOf(NEWLINE, k + 1);
      }
    }
    return this.length;
  }

  /** Close the files. */
  close(): void {
    for (const handle of this.handles) closeSync(handle);
  }
}

const WHITE_SPACE = /[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const LETTER = /\p{L}/u;

/** Whether the character that ends just before `end` is white space (or cannot be read: no cut there). */
function isSpaceBefore(bytes: Uint8Array, end: number): boolean {
  const last = bytes[end - 1]!;
  if (last < 0x80) return WHITE_SPACE.test(String.fromCharCode(last));
  let start = end - 1;
  while (start > 0 && end - start < 4 && (bytes[start]! & 0xc0) === 0x80) start--;
  const point = decodeAt(bytes, start);
  return (
    point < 0 || start + utf8Length(bytes[start]!) !== end || WHITE_SPACE.test(String.fromCodePoint(point))
  );
}

/** Whether a letter starts at `at`. */
function isLetterAt(bytes: Uint8Array, at: number): boolean {
  const first = bytes[at]!;
  if (first < 0x80) return (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7a;
  const point = decodeAt(bytes, at);
  return point >= 0 && LETTER.test(String.fromCodePoint(point));
}

function utf8Length(lead: number): number {
  return lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
}

/** The code point whose UTF-8 starts at `at`, or -1 if the bytes there are not one. */
function decodeAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  const length = utf8Length(lead);
  if (length === 1) return lead < 0x80 ? lead : -1;
  if (at + length > bytes.length) return -1;
  let point = lead & (0x7f >> length);
  for (let k = 1; k < length; k++) {
    const b = bytes[at + k]!;
    if ((b & 0xc0) !== 0x80) return -1;
    point = (point << 6) | (b & 0x3f);
  }
  return point <= 0x10ffff ? point : -1;
}
