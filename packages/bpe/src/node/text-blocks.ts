import { open } from 'node:fs/promises';
import { Utf8Error, Utf8StreamDecoder } from '@tokenlab/core';
import { checkCountOptions } from './count-options.js';

/**
 * Options of {@link readTextBlocks}.
 *
 * @example
 * ```ts
 * const options: TextBlockOptions = { blockSize: 1 << 20, universalNewlines: false };
 * for await (const block of readTextBlocks(['corpus.txt'], options)) console.log(block.length);
 * ```
 */
export interface TextBlockOptions {
  /** Bytes read at a time (default 4 MiB, at least 1). */
  blockSize?: number;
  /**
   * Translate `\r\n` and lone `\r` to `\n`, as Python's `open(path).read()` does in text mode (what
   * minbpe's training script reads). Default `true`.
   */
  universalNewlines?: boolean;
}

/**
 * The text of `files`, joined by `\n`, as a sequence of strings of about `blockSize` bytes each, never
 * the whole corpus at once. Files must be valid UTF-8 (the error names the file and byte offset); a
 * byte-order mark is kept, as Python's `utf-8` codec keeps it.
 *
 * @example
 * ```ts
 * // a.txt holds 'the cat\r\nthe\n', b.txt holds 'dog'
 * let text = '';
 * for await (const block of readTextBlocks(['a.txt', 'b.txt'])) text += block;
 * text; // 'the cat\nthe\n\ndog'
 * ```
 */
export async function* readTextBlocks(
  files: readonly string[],
  options: TextBlockOptions = {},
): AsyncGenerator<string> {
  checkCountOptions('readTextBlocks', options);
  const blockSize = options.blockSize ?? 4 << 20;
  const universal = options.universalNewlines ?? true;
  let pendingCR = false;
  const translate = (text: string, last: boolean): string => {
    if (!universal) return text;
    if (pendingCR) {
      text = `\r${text}`;
      pendingCR = false;
    }
    if (!last && text.endsWith('\r')) {
      pendingCR = true;
      text = text.slice(0, -1);
    }
    return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  };
  for (let f = 0; f < files.length; f++) {
    const file = files[f]!;
    if (f > 0) {
      // A file's last `\r` is its own newline (Python reads each file on its own), not half of a `\r\n`
      // with the join.
      if (pendingCR) {
        pendingCR = false;
        yield '\n';
      }
      yield '\n';
    }
    // Strict, and naming the first bad byte of the file, whichever block it is in.
    const decoder = new Utf8StreamDecoder();
    const handle = await open(file, 'r');
    try {
      const buffer = new Uint8Array(blockSize);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, blockSize, null);
        if (bytesRead === 0) break;
        const text = decodedOrError(file, () => decoder.decode(buffer.subarray(0, bytesRead)));
        if (text.length > 0) yield translate(text, false);
      }
      const tail = decodedOrError(file, () => decoder.end(), true);
      if (tail.length > 0) yield translate(tail, false);
    } finally {
      await handle.close();
    }
  }
  const rest = translate('', true);
  if (rest.length > 0) yield rest;
}

/**
 * The text `decode` gives, or its `Utf8Error` as an error naming `file` and the byte (`atEnd`: the
 * file ended inside the character that starts there).
 */
function decodedOrError(file: string, decode: () => string, atEnd = false): string {
  try {
    return decode();
  } catch (error) {
    if (!(error instanceof Utf8Error)) throw error;
    throw new Error(
      atEnd
        ? `${file}: not valid UTF-8 (the file ends inside a character, from byte ${error.offset})`
        : `${file}: not valid UTF-8 at byte ${error.offset}`,
    );
  }
}

/**
 * Cut a stream of text blocks into pieces of at least `pieceSize` UTF-16 units, each ending at a cut
 * that `safeBoundary` accepts (so splitting the pieces separately gives exactly the chunks of the whole
 * text). A piece may grow past `pieceSize` until a safe cut appears; the last piece is whatever is left.
 */
export async function* safePieces(
  blocks: AsyncIterable<string>,
  safeBoundary: (text: string, from: number) => number,
  pieceSize: number,
): AsyncGenerator<string> {
  let carry = '';
  for await (const block of blocks) {
    carry += block;
    if (carry.length < pieceSize) continue;
    const cut = safeBoundary(carry, pieceSize >> 1);
    if (cut <= 0) continue;
    yield carry.slice(0, cut);
    carry = carry.slice(cut);
  }
  if (carry.length > 0) yield carry;
}
