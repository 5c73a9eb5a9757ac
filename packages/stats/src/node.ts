/**
 * Node-only helpers for `@tokenlab/stats`: stream a large corpus file into the vectorizers and
 * dictionaries without holding it in memory.
 *
 * @example
 * ```ts
 * import { TfidfVectorizer } from '@tokenlab/stats';
 * import { readLines } from '@tokenlab/stats/node';
 * const vectorizer = await new TfidfVectorizer().fitAsync(readLines('corpus.txt'));
 * ```
 *
 * @packageDocumentation
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { Utf8Error, Utf8StreamDecoder } from '@tokenlab/core';

/**
 * Options of {@link readLines}.
 *
 * @example
 * ```ts
 * const options: ReadLinesOptions = { skipBlank: false };
 * for await (const line of readLines('corpus.txt', options)) console.log(line); // blank lines too
 * ```
 */
export interface ReadLinesOptions {
  /** Skip lines that are empty or only whitespace (default true: one document per non-empty line). */
  skipBlank?: boolean;
}

/**
 * The lines of a UTF-8 text file, one at a time (without their `\n` / `\r\n`), for `fitAsync` and
 * `addDocumentsAsync`: memory stays bounded by the longest line, not the file. Bytes that are not
 * UTF-8 are a `Utf8Error` naming the file and the first bad byte, never read as U+FFFD (a stream read
 * with Node's `'utf8'` encoding would count such words, silently changed, as features).
 *
 * @example
 * ```ts
 * for await (const line of readLines('corpus.txt')) console.log(line.length);
 * ```
 */
export async function* readLines(path: string, options: ReadLinesOptions = {}): AsyncGenerator<string> {
  const skipBlank = options.skipBlank ?? true;
  const lines = createInterface({
    input: Readable.from(strictText(path)),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (skipBlank && line.trim() === '') continue;
    yield line;
  }
}

/** The text of the UTF-8 file `path` chunk by chunk; bytes that are not UTF-8 are an error naming it. */
async function* strictText(path: string): AsyncGenerator<string> {
  const decoder = new Utf8StreamDecoder();
  try {
    for await (const chunk of createReadStream(path)) {
      const text = decoder.decode(chunk as Buffer);
      if (text !== '') yield text;
    }
    const rest = decoder.end();
    if (rest !== '') yield rest;
  } catch (error) {
    if (error instanceof Utf8Error) throw new Utf8Error(`${path}: ${error.message}`, error.offset);
    throw error;
  }
}
