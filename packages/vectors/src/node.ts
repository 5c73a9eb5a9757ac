/**
 * Node-only helpers for `@tokenlab/vectors`: read and write word2vec and GloVe files by path, stream a
 * corpus file, train on worker threads (`startWorkerThread`).
 *
 * @example
 * ```ts
 * import { loadWord2VecFormat, saveWord2VecFormat } from '@tokenlab/vectors/node';
 * const kv = await loadWord2VecFormat('vectors.bin', { binary: true });
 * await saveWord2VecFormat(kv, 'vectors.txt');
 * ```
 *
 * @packageDocumentation
 */
import { createReadStream } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { KeyedVectors } from './keyed-vectors.js';
import { formatModel, parseModel } from './model-file.js';
import { OptionError, shownValue } from './option-error.js';
import type { Word2Vec } from './word2vec.js';
import {
  formatGloveText,
  formatWord2VecBinary,
  formatWord2VecText,
  parseGloveText,
  parseWord2VecBinary,
  parseWord2VecText,
} from './word2vec-format.js';

export { startWorkerThread } from './worker-threads.js';

/**
 * Options of {@link loadWord2VecFormat} and {@link saveWord2VecFormat}.
 *
 * @example
 * ```ts
 * const options: Word2VecFileOptions = { binary: true };
 * ```
 */
export interface Word2VecFileOptions {
  /** The binary format (default false: text), as gensim's `binary`. */
  binary?: boolean;
  /**
   * A text file with no `count dimension` header, such as GloVe's (gensim's `no_header` when loading,
   * `write_header=False` when saving); text only.
   */
  noHeader?: boolean;
}

/**
 * Loads a word2vec text or binary file, or a GloVe file with `noHeader`, as gensim's
 * `KeyedVectors.load_word2vec_format`. Errors name the file and line or byte offset.
 *
 * @example
 * ```ts
 * const glove = await loadWord2VecFormat('glove.6B.50d.txt', { noHeader: true });
 * ```
 */
export async function loadWord2VecFormat(
  path: string,
  options: Word2VecFileOptions = {},
): Promise<KeyedVectors> {
  if (options.binary && options.noHeader) throw new Error('noHeader is only available for text files');
  const bytes = await readFile(path);
  if (options.binary) return parseWord2VecBinary(bytes, { source: path });
  if (options.noHeader) return parseGloveText(bytes, { source: path });
  return parseWord2VecText(bytes, { source: path });
}

/**
 * Saves vectors in the word2vec text or binary format, or as a GloVe file with `noHeader`, as gensim's
 * `save_word2vec_format` (`write_header=False` for GloVe). The file is written
 * beside its destination and renamed into place, so a failure never leaves half a file.
 *
 * @example
 * ```ts
 * await saveWord2VecFormat(kv, 'vectors.bin', { binary: true });
 * ```
 */
export async function saveWord2VecFormat(
  kv: KeyedVectors,
  path: string,
  options: Word2VecFileOptions = {},
): Promise<void> {
  if (options.binary && options.noHeader) throw new Error('noHeader is only available for text files');
  await writeWhole(
    path,
    options.binary
      ? formatWord2VecBinary(kv)
      : options.noHeader
        ? formatGloveText(kv)
        : formatWord2VecText(kv),
  );
}

/**
 * Writes beside `path` and renames into place, so a failure never leaves half a file. A `path` that
 * is a device or a pipe (`/dev/stdout`, `/dev/full`) is written into: renamed over, it would be
 * replaced by a file.
 */
async function writeWhole(path: string, bytes: Uint8Array): Promise<void> {
  const existing = await stat(path).catch(() => undefined);
  if (existing && !existing.isFile() && !existing.isDirectory()) {
    await writeFile(path, bytes);
    return;
  }
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Saves a whole `Word2Vec` model (vocabulary with counts, all weights, training state) in tokenlab's model
 * format (see `formatModel`), to continue training later with {@link loadModel}. Written beside its
 * destination and renamed into place.
 *
 * @example
 * ```ts
 * await saveModel(model, 'model.w2v');
 * ```
 */
export async function saveModel(model: Word2Vec, path: string): Promise<void> {
  await writeWhole(path, formatModel(model));
}

/**
 * Loads a model saved by {@link saveModel}; a truncated or corrupt file is an error naming it and the byte
 * offset.
 *
 * @example
 * ```ts
 * const model = await loadModel('model.w2v');
 * model.train(sentences); // the remaining epochs
 * ```
 */
export async function loadModel(path: string): Promise<Word2Vec> {
  return parseModel(await readFile(path), { source: path });
}

/**
 * The analogy question files shipped with this package, written for it (see `data/analogies/README.md`):
 * `en` (capitals, nationalities, gender pairs, plurals, comparatives, superlatives, verb tenses, `un-`
 * opposites, adverbs; 4,180 questions) and `ar` (gender pairs, broken plurals, past/present verbs, capitals;
 * 840 questions).
 *
 * @example
 * ```ts
 * const questions = await readAnalogyQuestions('en');
 * kv.evaluateWordAnalogies(questions).accuracy;
 * ```
 */
export async function readAnalogyQuestions(language: 'en' | 'ar'): Promise<string> {
  const url =
    language === 'en'
      ? new URL('../data/analogies/en.txt', import.meta.url)
      : language === 'ar'
        ? new URL('../data/analogies/ar.txt', import.meta.url)
        : undefined;
  if (!url) throw new Error(`no analogy questions for language ${JSON.stringify(language)}: en or ar`);
  return readFile(url, 'utf8');
}

/**
 * White space as Python's `str.split()` takes it (what gensim's `LineSentence` splits a line on):
 * JavaScript's `\s` less U+FEFF, plus U+001C–U+001F and U+0085.
 */
const PYTHON_WHITE_SPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

/**
 * Options of {@link lineSentences}.
 *
 * @example
 * ```ts
 * const options: LineSentencesOptions = { maxSentenceLength: 1000 };
 * ```
 */
export interface LineSentencesOptions {
  /** Longer lines are cut into pieces of this many tokens (default 10,000, as gensim's `LineSentence`). */
  maxSentenceLength?: number;
}

/**
 * A file as sentences, as gensim's `LineSentence`: one sentence per line, tokens separated by white space
 * as Python's `str.split()` sees it,
 * read line by line each time it is iterated (so `Word2Vec.trainAsync` can stream a corpus larger than
 * memory, one pass per epoch). Invalid UTF-8 is an error naming the file, line and byte offset, and so
 * is iterating again over a pipe (`/dev/stdin` fed by one), which gives its lines only once.
 *
 * @example
 * ```ts
 * const model = await Word2Vec.trainAsync(lineSentences('corpus.txt'), { minCount: 5 });
 * ```
 */
export function lineSentences(path: string, options: LineSentencesOptions = {}): AsyncIterable<string[]> {
  const maxLength = options.maxSentenceLength ?? 10_000;
  if (!Number.isInteger(maxLength) || maxLength < 1)
    throw new OptionError(
      'maxSentenceLength',
      `maxSentenceLength must be a positive integer, got ${shownValue(maxLength)}`,
    );
  let passes = 0;
  return {
    async *[Symbol.asyncIterator]() {
      // A pipe gives its lines once; read again it gives none, and an epoch would train on nothing.
      if (passes++ > 0 && !(await stat(path)).isFile())
        throw new Error(
          `${path}: a pipe, socket or device can be read only once, and a corpus is read once per epoch; save it to a file, or read its sentences into an array`,
        );
      for await (const { text } of fileLines(path)) {
        const tokens = text.split(PYTHON_WHITE_SPACE).filter((token) => token !== '');
        for (let start = 0; start < tokens.length; start += maxLength)
          yield tokens.slice(start, start + maxLength);
      }
    },
  };
}

/** The lines of a file, decoded strictly, with their 1-based number. */
async function* fileLines(path: string): AsyncGenerator<{ text: string; line: number }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending: Buffer[] = [];
  let line = 1;
  let offset = 0; // byte offset of the start of the pending line
  const decode = (bytes: Buffer) => {
    try {
      return decoder.decode(bytes);
    } catch {
      throw new Error(`${path}:${line}: invalid UTF-8 in the line starting at byte ${offset}`);
    }
  };
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let from = 0;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, from)) {
      pending.push(chunk.subarray(from, at));
      const bytes = Buffer.concat(pending);
      yield { text: decode(bytes), line };
      offset += bytes.length + 1;
      line++;
      pending = [];
      from = at + 1;
    }
    if (from < chunk.length) pending.push(chunk.subarray(from));
  }
  if (pending.length > 0) yield { text: decode(Buffer.concat(pending)), line };
}
