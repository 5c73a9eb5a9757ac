// Reading a command's input as text: files, stdin or URLs, decoded as the options say. Kept apart
// from io.ts, which the URL readers themselves build on, so that no module imports itself back.
import type { FileHandle } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { Utf8Error, Utf8StreamDecoder } from '@tokenlab/core';
import {
  countEncodedReplacements,
  countReplacementCharacters,
  decodeInput,
  type InputDecoding,
  InvalidInputError,
  textDecoder,
} from './input-decoding.js';
import { type CommandIO, openInputFile, readFileBytes, readStreamBytes, stdinOf, writeLine } from './io.js';
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
      yield* decodeStream(stream, file === '-' ? 'stdin' : file, decoding, io.stderr);
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
  warnings?: Writable,
): AsyncGenerator<string> {
  if (decoding.replaceInvalid) {
    yield* decodeReplacing(source, name, decoding, warnings);
    return;
  }
  const decoder = textDecoder(decoding.encoding ?? 'utf-8', true);
  // Strict UTF-8 names the first bad byte in the whole stream; other encodings, the chunk's range.
  const utf8 = decoder.encoding === 'utf-8' ? new Utf8StreamDecoder({ dropBom: true }) : null;
  let offset = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let text: string;
    try {
      text = utf8 !== null ? utf8.decode(bytes) : decoder.decode(bytes, { stream: true });
    } catch (error) {
      throw new InvalidInputError(
        error instanceof Utf8Error
          ? `${name}: not valid utf-8 at byte ${error.offset}`
          : `${name}: not valid ${decoder.encoding} in the bytes from ${offset} to ${offset + bytes.length}`,
      );
    }
    offset += bytes.length;
    if (text !== '') yield text;
  }
  let rest: string;
  try {
    rest = utf8 !== null ? utf8.end() : decoder.decode();
  } catch (error) {
    const at = error instanceof Utf8Error ? ` (byte ${error.offset})` : '';
    throw new InvalidInputError(`${name}: not valid ${decoder.encoding}: it ends inside a character${at}`);
  }
  if (rest !== '') yield rest;
}

/**
 * {@link decodeStream} with `--replace-invalid`: bytes that are not valid become U+FFFD, and at the
 * end `warnings` gets what `decodeInput` prints for an input read whole (where the first bad byte is
 * and, in UTF-8, how many invalid sequences were replaced), so a streamed input is not changed
 * without a word either.
 */
async function* decodeReplacing(
  source: AsyncIterable<Uint8Array | string>,
  name: string,
  decoding: InputDecoding,
  warnings: Writable | undefined,
): AsyncGenerator<string> {
  const decoder = textDecoder(decoding.encoding ?? 'utf-8', false);
  const utf8 = decoder.encoding === 'utf-8';
  // A strict decoder alongside, until it meets the first bad byte (undefined `bytes`: the end).
  const strictUtf8 = utf8 ? new Utf8StreamDecoder({ dropBom: true }) : null;
  const strict = textDecoder(decoder.encoding, true);
  const check = (bytes?: Uint8Array) => {
    if (strictUtf8 === null) strict.decode(bytes, { stream: bytes !== undefined });
    else if (bytes === undefined) strictUtf8.end();
    else strictUtf8.decode(bytes);
  };
  let firstBad: number | undefined;
  let offset = 0;
  // In UTF-8, the U+FFFD given less those the input held itself are the replacements, as
  // `decodeInput` counts them (an EF BF BD across two chunks counted through the last two bytes).
  let replaced = 0;
  let tail: Uint8Array = new Uint8Array(0);
  const take = (text: string, bytes?: Uint8Array) => {
    if (firstBad === undefined)
      try {
        check(bytes);
      } catch (error) {
        firstBad = error instanceof Utf8Error ? error.offset : offset;
      }
    if (!utf8) return;
    replaced += countReplacementCharacters(text);
    if (bytes === undefined) return;
    const joined = Buffer.concat([tail, bytes]);
    replaced -= countEncodedReplacements(joined);
    tail = joined.subarray(Math.max(0, joined.length - 2));
  };
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const text = decoder.decode(bytes, { stream: true });
    take(text, bytes);
    offset += bytes.length;
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  take(rest);
  if (rest !== '') yield rest;
  if (firstBad === undefined || warnings === undefined) return;
  const count = replaced;
  const where = utf8 ? ` at byte ${firstBad} (${count} invalid sequence${count === 1 ? '' : 's'})` : '';
  await writeLine(
    warnings,
    `tokenlab: warning: ${name}: not valid ${decoder.encoding}${where}; replaced with U+FFFD (--replace-invalid)`,
  );
}
