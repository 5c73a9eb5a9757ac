// Reading a command's input as text: files, stdin or URLs, decoded as the options say. Kept apart
// from io.ts, which the URL readers themselves build on, so that no module imports itself back.
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { findInvalidUtf8 } from '@tokenlab/core/utf8';
import { decodeInput, type InputDecoding, InvalidInputError, textDecoder } from './input-decoding.js';
import { type CommandIO, openInputFile, readFileBytes, readStreamBytes, stdinOf } from './io.js';
import {
  type InputDocument,
  type InputOptions,
  joinDocuments,
  needsWebReading,
  readSourceDocuments,
} from './url-input.js';

/** Read all of a stream as text (UTF-8 unless `decoding` says otherwise; invalid bytes are an error). */
export async function readStream(
  stream: Readable,
  decoding: InputDecoding = {},
  io?: CommandIO,
): Promise<string> {
  return decodeInput(await readStreamBytes(stream), 'stdin', decoding, io?.stderr);
}

/** The text of one file (or stdin for `-`, or a URL), decoded as {@link decodeInput} does. */
export async function readTextFile(
  file: string,
  io: CommandIO,
  decoding: InputOptions = {},
): Promise<string> {
  if (needsWebReading(file, decoding)) return joinDocuments(await readSourceDocuments(file, io, decoding));
  if (file === '-') return decodeInput(await readStreamBytes(stdinOf(io)), 'stdin', decoding, io.stderr);
  return decodeInput(await readFileBytes(file), file, decoding, io.stderr);
}

/**
 * The documents of the named files (or of stdin when none is named): one per file or URL, one per
 * entry of a feed with `--feed`.
 */
export async function readInputDocuments(
  files: readonly string[],
  io: CommandIO,
  options: InputOptions = {},
): Promise<InputDocument[]> {
  const documents: InputDocument[] = [];
  for (const file of files.length === 0 ? ['-'] : files)
    documents.push(...(await readSourceDocuments(file, io, options)));
  return documents;
}

/** The text of the named files joined by newlines, or of stdin when none is named (`-` also means stdin). */
export async function readInputText(
  files: readonly string[],
  io: CommandIO,
  decoding: InputOptions = {},
): Promise<string> {
  if (files.length === 0) return readTextFile('-', io, decoding);
  const texts: string[] = [];
  for (const file of files) texts.push(await readTextFile(file, io, decoding));
  return texts.join('\n');
}

/**
 * The input as a sequence of text chunks, never all of it in memory: each chunk ends on a code point
 * boundary, so tokenizers that look at one code point at a time give the same tokens as on the
 * whole text. Files are joined by a newline, as {@link readInputText} joins them.
 */
export async function* streamInputText(
  files: readonly string[],
  io: CommandIO,
  decoding: InputOptions = {},
): AsyncGenerator<string> {
  const sources = files.length === 0 ? ['-'] : files;
  for (const [index, file] of sources.entries()) {
    if (index > 0) yield '\n';
    // A download is held whole anyway (it is bounded); it goes through the same decoding as a file.
    if (needsWebReading(file, decoding)) {
      yield await readTextFile(file, io, decoding);
      continue;
    }
    let stream: Readable;
    let handle: FileHandle | undefined;
    if (file === '-') stream = stdinOf(io);
    else {
      handle = await openInputFile(file);
      stream = handle.createReadStream({ autoClose: false });
    }
    try {
      yield* decodeStream(stream, file === '-' ? 'stdin' : file, decoding);
    } finally {
      await handle?.close();
    }
  }
}

/**
 * The text of a stream of bytes (`source`, named `name` in errors) as a sequence of chunks, each
 * ending on a code point boundary, decoded as `decoding` says (a leading byte order mark dropped).
 * Bytes that are invalid in the encoding are an `InvalidInputError` naming the first bad byte in the
 * whole stream (for UTF-8; for other encodings, the chunk's range), thrown before any text after them.
 *
 * @example
 * ```ts
 * for await (const text of decodeStream(process.stdin, 'stdin')) process.stdout.write(text);
 * ```
 */
export async function* decodeStream(
  source: AsyncIterable<Uint8Array | string>,
  name: string,
  decoding: InputDecoding = {},
): AsyncGenerator<string> {
  const decoder = textDecoder(decoding.encoding ?? 'utf-8', !decoding.replaceInvalid);
  let offset = 0;
  // UTF-8 bytes at the end of what was read that start a character the next chunk ends.
  let unfinished: Uint8Array = new Uint8Array(0);
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      throw new InvalidInputError(
        `${name}: not valid ${decoder.encoding} ${whereInvalid(decoder.encoding, unfinished, bytes, offset)}`,
      );
    }
    offset += bytes.length;
    if (decoder.encoding === 'utf-8') unfinished = unfinishedUtf8(unfinished, bytes);
    if (text !== '') yield text;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw new InvalidInputError(
      `${name}: not valid ${decoder.encoding}: it ends inside a character (byte ${offset - unfinished.length})`,
    );
  }
  if (rest !== '') yield rest;
}

/**
 * Where the first invalid sequence of a streamed chunk is, for the error: its byte in the input for
 * UTF-8 (the chunk read after the `unfinished` bytes of the one before, which the character they
 * start may end), else the chunk's range.
 */
function whereInvalid(encoding: string, unfinished: Uint8Array, bytes: Uint8Array, offset: number): string {
  if (encoding === 'utf-8') {
    const at = findInvalidUtf8(Buffer.concat([unfinished, bytes]));
    if (at >= 0) return `at byte ${offset - unfinished.length + at}`;
  }
  return `in the bytes from ${offset} to ${offset + bytes.length}`;
}

/** The bytes at the end of `before` and then `bytes` that start a UTF-8 character not yet ended (at most 3). */
function unfinishedUtf8(before: Uint8Array, bytes: Uint8Array): Uint8Array {
  const joined = bytes.length >= 3 ? bytes : Buffer.concat([before, bytes]);
  for (let back = 1; back <= Math.min(3, joined.length); back++) {
    const byte = joined[joined.length - back]!;
    if (byte < 0x80) break;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? joined.slice(joined.length - back) : new Uint8Array(0);
    }
  }
  return new Uint8Array(0);
}
