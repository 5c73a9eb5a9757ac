// Reading a command's input as text: files, stdin or URLs, decoded as the options say. Kept apart
// from io.ts, which the URL readers themselves build on, so that no module imports itself back.
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { decodeInput, type InputDecoding, textDecoder } from './input-decoding.js';
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
    const decoder = textDecoder(decoding.encoding ?? 'utf-8', !decoding.replaceInvalid);
    let offset = 0;
    let stream: Readable;
    let handle: FileHandle | undefined;
    if (file === '-') stream = stdinOf(io);
    else {
      handle = await openInputFile(file);
      stream = handle.createReadStream({ autoClose: false });
    }
    try {
      for await (const chunk of stream) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        let text: string;
        try {
          text = decoder.decode(bytes, { stream: true });
        } catch {
          throw new Error(
            `${file === '-' ? 'stdin' : file}: not valid ${decoder.encoding} in the bytes from ${offset} to ${offset + bytes.length}. Name its encoding with --input-encoding, or pass --replace-invalid.`,
          );
        }
        offset += bytes.length;
        if (text !== '') yield text;
      }
      let rest: string;
      try {
        rest = decoder.decode();
      } catch {
        throw new Error(
          `${file === '-' ? 'stdin' : file}: not valid ${decoder.encoding}: it ends inside a character (byte ${offset})`,
        );
      }
      if (rest !== '') yield rest;
    } finally {
      await handle?.close();
    }
  }
}
