import { findInvalidUtf8, Utf8Error } from './utf8.js';

/**
 * Options of {@link Utf8StreamDecoder}.
 *
 * @example
 * ```ts
 * const decoder = new Utf8StreamDecoder({ dropBom: true }); // a leading U+FEFF is dropped
 * ```
 */
export interface Utf8StreamOptions {
  /** Drop a byte order mark at the start of the stream (default: keep it, as U+FEFF). */
  dropBom?: boolean;
}

const NOTHING = new Uint8Array(0);

/**
 * Decodes UTF-8 that arrives in chunks (a file or a pipe read piece by piece) strictly, never
 * replacing a byte: {@link Utf8StreamDecoder.decode} gives the text of each chunk up to its last whole
 * character (a character cut by the chunk's end comes with the next), and bytes that are not UTF-8
 * are a {@link Utf8Error} whose offset is the first bad byte's in the whole stream, whichever chunk it
 * is in, as `decodeBytes(all, { errors: 'strict' })` would name it.
 *
 * @example
 * ```ts
 * const decoder = new Utf8StreamDecoder();
 * decoder.decode(Uint8Array.of(0x68, 0xc3)); // 'h' (é waits for its second byte)
 * decoder.decode(Uint8Array.of(0xa9, 0xff)); // throws Utf8Error: invalid UTF-8 at byte 3 (0xff)
 * ```
 */
export class Utf8StreamDecoder {
  private readonly decoder: InstanceType<typeof TextDecoder>;
  /** Bytes given so far. */
  private offset = 0;
  /** The bytes at the end of what was given that start a character not yet ended (at most 3). */
  private unfinished: Uint8Array = NOTHING;

  /** A decoder for one stream. */
  constructor(options: Utf8StreamOptions = {}) {
    this.decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: options.dropBom !== true });
  }

  /** The text of the next chunk `bytes`, up to its last whole character. */
  decode(bytes: Uint8Array): string {
    let text: string;
    try {
      text = this.decoder.decode(bytes, { stream: true });
    } catch {
      const joined = concat(this.unfinished, bytes);
      const at = Math.max(0, findInvalidUtf8(joined));
      const offset = this.offset - this.unfinished.length + at;
      const hex = joined[at]!.toString(16).padStart(2, '0');
      throw new Utf8Error(`invalid UTF-8 at byte ${offset} (0x${hex})`, offset);
    }
    this.offset += bytes.length;
    this.unfinished = unfinishedTail(this.unfinished, bytes);
    return text;
  }

  /** The end of the stream: `''`, or a {@link Utf8Error} when it ends inside a character. */
  end(): string {
    try {
      return this.decoder.decode();
    } catch {
      const offset = this.offset - this.unfinished.length;
      throw new Utf8Error(`the UTF-8 ends inside a character (byte ${offset})`, offset);
    }
  }
}

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}

/** The bytes at the end of `before` and then `bytes` that start a character not yet ended (at most 3). */
function unfinishedTail(before: Uint8Array, bytes: Uint8Array): Uint8Array {
  const joined = bytes.length >= 3 ? bytes : concat(before, bytes);
  for (let back = 1; back <= Math.min(3, joined.length); back++) {
    const byte = joined[joined.length - back]!;
    if (byte < 0x80) break;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? joined.slice(joined.length - back) : NOTHING;
    }
  }
  return NOTHING;
}
