import type { Writable } from 'node:stream';
import { writeText } from './io.js';

/**
 * Ids joined per write. One line of all of a large file's ids, joined at once, passes the longest
 * string JavaScript makes (2^29 − 24 units, about 80 M ids: some 300 MB of English), and the
 * command failed with "Invalid string length" after encoding it all.
 */
const IDS_PER_WRITE = 1 << 16;

/**
 * Write `ids` as one line, space-separated or (`json`) as a JSON array, a block of ids per write
 * (respecting back-pressure), so that no string longer than a block is ever made. `ids` may come in
 * parts (an async iterable of arrays, as a large file's are encoded): each part is written as it
 * comes, so the whole line is never held. `idsPerWrite` is for tests.
 *
 * @example
 * ```ts
 * await writeIdLine(process.stdout, Uint32Array.of(9906, 1917), false); // prints 9906 1917
 * ```
 */
export async function writeIdLine(
  stream: Writable,
  ids: Uint32Array | readonly number[] | AsyncIterable<Uint32Array>,
  json: boolean,
  idsPerWrite = IDS_PER_WRITE,
): Promise<void> {
  const separator = json ? ',' : ' ';
  // The text not yet written: at most one block, held back so the last one goes with the line's end.
  let text = json ? '[' : '';
  let blocks = 0;
  for await (const part of isIdArray(ids) ? [ids] : ids) {
    for (let from = 0; from < part.length; from += idsPerWrite) {
      const block = part.slice(from, Math.min(part.length, from + idsPerWrite)).join(separator);
      if (blocks > 0) {
        await writeText(stream, text);
        text = separator;
      }
      text += block;
      blocks++;
    }
  }
  await writeText(stream, `${text}${json ? ']' : ''}\n`);
}

function isIdArray(
  ids: Uint32Array | readonly number[] | AsyncIterable<Uint32Array>,
): ids is Uint32Array | readonly number[] {
  return ids instanceof Uint32Array || Array.isArray(ids);
}
