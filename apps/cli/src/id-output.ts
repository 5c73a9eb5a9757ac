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
 * (respecting back-pressure), so that no string longer than a block is ever made.
 * `idsPerWrite` is for tests.
 *
 * @example
 * ```ts
 * await writeIdLine(process.stdout, Uint32Array.of(9906, 1917), false); // prints 9906 1917
 * ```
 */
export async function writeIdLine(
  stream: Writable,
  ids: Uint32Array | readonly number[],
  json: boolean,
  idsPerWrite = IDS_PER_WRITE,
): Promise<void> {
  const separator = json ? ',' : ' ';
  let text = json ? '[' : '';
  for (let from = 0; from < ids.length; from += idsPerWrite) {
    const block = ids.slice(from, Math.min(ids.length, from + idsPerWrite)).join(separator);
    text += from === 0 ? block : `${separator}${block}`;
    if (from + idsPerWrite < ids.length) {
      await writeText(stream, text);
      text = '';
    }
  }
  await writeText(stream, `${text}${json ? ']' : ''}\n`);
}
