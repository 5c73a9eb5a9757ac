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
 * `addDocumentsAsync`: memory stays bounded by the longest line, not the file.
 *
 * @example
 * ```ts
 * for await (const line of readLines('corpus.txt')) console.log(line.length);
 * ```
 */
export async function* readLines(path: string, options: ReadLinesOptions = {}): AsyncGenerator<string> {
  const skipBlank = options.skipBlank ?? true;
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (skipBlank && line.trim() === '') continue;
    yield line;
  }
}
