import { float32Repr } from './float32-repr.js';
import { KeyedVectors } from './keyed-vectors.js';

/**
 * Options of {@link parseWord2VecText} and {@link parseWord2VecBinary}.
 *
 * @example
 * ```ts
 * const options: ParseOptions = { source: 'vectors.txt' };
 * ```
 */
export interface ParseOptions {
  /** Name used in error messages (the file path); default `'<input>'`. */
  source?: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/**
 * Reads the word2vec text format as gensim's `load_word2vec_format(binary=False)`: a `count dimension` header
 * line, then one `word v1 v2 …` line per word. A word seen twice keeps its first vector (as gensim). A short,
 * malformed or non-UTF-8 file is an error naming the source and line.
 *
 * @example
 * ```ts
 * const kv = parseWord2VecText(new TextEncoder().encode('1 2\nhello 0.5 -1.0\n'));
 * kv.vector('hello'); // Float32Array [0.5, -1]
 * ```
 */
export function parseWord2VecText(bytes: Uint8Array, options: ParseOptions = {}): KeyedVectors {
  const source = options.source ?? '<input>';
  const lines = new LineReader(bytes, source);
  const header = lines.next();
  if (header === undefined) throw new Error(`${source}:1: empty file, expected a 'count dimension' header`);
  const [count, dimension] = parseHeader(header, `${source}:1`);
  // Each value takes at least two bytes ("0 "): a header promising more cannot be honest, and is not allocated.
  checkPromise(count * dimension * 2, bytes.length, source, count, dimension);
  return readTextVectors(lines, source, count, dimension);
}

/**
 * Reads a GloVe text file: `word v1 v2 …` lines with no header, the dimension taken from the first line (as
 * gensim's `load_word2vec_format(no_header=True)`).
 *
 * @example
 * ```ts
 * const kv = parseGloveText(new TextEncoder().encode('the 0.1 0.2\nof 0.3 0.4\n'));
 * kv.vectorSize; // 2
 * ```
 */
export function parseGloveText(bytes: Uint8Array, options: ParseOptions = {}): KeyedVectors {
  const source = options.source ?? '<input>';
  const counter = new LineReader(bytes, source);
  let count = 0;
  let dimension = 0;
  for (let line = counter.next(); line !== undefined; line = counter.next()) {
    if (count === 0) dimension = line.trimEnd().split(' ').length - 1;
    count++;
  }
  if (count === 0) throw new Error(`${source}:1: empty file, expected 'word v1 v2 …' lines`);
  if (dimension < 1) throw new Error(`${source}:1: a word with no values`);
  return readTextVectors(new LineReader(bytes, source), source, count, dimension);
}

function readTextVectors(lines: LineReader, source: string, count: number, dimension: number): KeyedVectors {
  const words: string[] = [];
  const seen = new Set<string>();
  const values = new Float32Array(count * dimension);
  for (let i = 0; i < count; i++) {
    const line = lines.next();
    if (line === undefined) {
      throw new Error(
        `${source}:${lines.lineNumber + 1}: unexpected end of file, the header promises ${count} vectors and there are ${i}`,
      );
    }
    const where = `${source}:${lines.lineNumber}`;
    const parts = line.trimEnd().split(' ');
    if (parts.length !== dimension + 1) {
      throw new Error(`${where}: expected a word and ${dimension} values, found ${parts.length - 1} values`);
    }
    const word = parts[0] as string;
    if (seen.has(word)) continue;
    const offset = words.length * dimension;
    for (let k = 0; k < dimension; k++) {
      const text = parts[k + 1] as string;
      const value = text.trim() === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(value))
        throw new Error(
          `${where}: value ${k + 1} of ${JSON.stringify(word)} is not a finite number: ${JSON.stringify(text)}`,
        );
      values[offset + k] = value;
    }
    seen.add(word);
    words.push(word);
  }
  const rest = lines.next();
  if (rest !== undefined && rest.trim() !== '') {
    throw new Error(`${source}:${lines.lineNumber}: more lines than the ${count} the header promises`);
  }
  return new KeyedVectors(words, values.slice(0, words.length * dimension), dimension);
}

/**
 * Reads the word2vec binary format as gensim's `load_word2vec_format(binary=True)`: a `count dimension` header
 * line, then per word its UTF-8 bytes, a space and `dimension` little-endian float32 (a newline before a word,
 * as the original C tool writes, is skipped). A truncated or corrupt file is an error naming the byte offset.
 *
 * @example
 * ```ts
 * const kv = parseWord2VecBinary(await readFile('vectors.bin'), { source: 'vectors.bin' });
 * ```
 */
export function parseWord2VecBinary(bytes: Uint8Array, options: ParseOptions = {}): KeyedVectors {
  const source = options.source ?? '<input>';
  const headerEnd = bytes.indexOf(0x0a);
  if (headerEnd < 0) throw new Error(`${source}: byte 0: no header line ('count dimension' and a newline)`);
  const [count, dimension] = parseHeader(
    decode(bytes.subarray(0, headerEnd), `${source}: byte 0`),
    `${source}: byte 0`,
  );
  checkPromise(count * dimension * 4, bytes.length, source, count, dimension);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const words: string[] = [];
  const seen = new Set<string>();
  const values = new Float32Array(count * dimension);
  const vectorBytes = dimension * 4;
  let position = headerEnd + 1;
  for (let i = 0; i < count; i++) {
    while (bytes[position] === 0x0a) position++;
    const space = bytes.indexOf(0x20, position);
    if (space < 0) {
      throw new Error(
        `${source}: byte ${position}: unexpected end of file in word ${i + 1} of ${count} (no space after it)`,
      );
    }
    const word = decode(bytes.subarray(position, space), `${source}: byte ${position}`);
    const start = space + 1;
    if (bytes.length - start < vectorBytes) {
      throw new Error(
        `${source}: byte ${start}: unexpected end of file in the vector of ${JSON.stringify(word)} (word ${i + 1} of ${count}): ${vectorBytes} bytes needed, ${bytes.length - start} left`,
      );
    }
    if (!seen.has(word)) {
      const offset = words.length * dimension;
      for (let k = 0; k < dimension; k++) {
        const value = view.getFloat32(start + 4 * k, true);
        if (!Number.isFinite(value)) {
          throw new Error(
            `${source}: byte ${start + 4 * k}: value ${k + 1} of ${JSON.stringify(word)} is ${value}`,
          );
        }
        values[offset + k] = value;
      }
      seen.add(word);
      words.push(word);
    }
    position = start + vectorBytes;
  }
  while (bytes[position] === 0x0a) position++;
  if (position !== bytes.length) {
    throw new Error(
      `${source}: byte ${position}: ${bytes.length - position} bytes after the ${count} vectors the header promises`,
    );
  }
  return new KeyedVectors(words, values.slice(0, words.length * dimension), dimension);
}

/**
 * Writes the word2vec text format byte for byte as gensim's `save_word2vec_format(binary=False)` (numpy's
 * shortest float32 repr for each value), in row order.
 *
 * @example
 * ```ts
 * const kv = new KeyedVectors(['hello'], new Float32Array([0.5, -1]), 2);
 * new TextDecoder().decode(formatWord2VecText(kv)); // '1 2\nhello 0.5 -1.0\n'
 * ```
 */
export function formatWord2VecText(kv: KeyedVectors): Uint8Array {
  return formatTextLines(kv, [`${kv.size} ${kv.vectorSize}\n`]);
}

/**
 * Writes a GloVe text file: the word2vec text format without its header line, byte for byte as gensim's
 * `save_word2vec_format(binary=False, write_header=False)`; gensim reads it back with `no_header=True`, and
 * {@link parseGloveText} here.
 *
 * @example
 * ```ts
 * const kv = new KeyedVectors(['hello'], new Float32Array([0.5, -1]), 2);
 * new TextDecoder().decode(formatGloveText(kv)); // 'hello 0.5 -1.0\n'
 * ```
 */
export function formatGloveText(kv: KeyedVectors): Uint8Array {
  return formatTextLines(kv, []);
}

function formatTextLines(kv: KeyedVectors, lines: string[]): Uint8Array {
  kv.indexToKey.forEach((word, row) => {
    checkWritable(word);
    const vector = kv.vectors.subarray(row * kv.vectorSize, (row + 1) * kv.vectorSize);
    lines.push(`${word} ${Array.from(vector, float32Repr).join(' ')}\n`);
  });
  return encoder.encode(lines.join(''));
}

/**
 * Writes the word2vec binary format byte for byte as gensim 4's `save_word2vec_format(binary=True)`: the
 * header line, then per word its UTF-8 bytes, a space and the float32 values little-endian (no newline
 * between records, as gensim 4 writes).
 *
 * @example
 * ```ts
 * const kv = new KeyedVectors(['hello'], new Float32Array([0.5, -1]), 2);
 * formatWord2VecBinary(kv).length; // 4 + 6 + 8
 * ```
 */
export function formatWord2VecBinary(kv: KeyedVectors): Uint8Array {
  const header = encoder.encode(`${kv.size} ${kv.vectorSize}\n`);
  const encodedWords = kv.indexToKey.map((word) => {
    checkWritable(word);
    return encoder.encode(`${word} `);
  });
  const total =
    header.length + encodedWords.reduce((sum, word) => sum + word.length, 0) + kv.vectors.length * 4;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(header, 0);
  let position = header.length;
  encodedWords.forEach((word, row) => {
    out.set(word, position);
    position += word.length;
    for (let k = 0; k < kv.vectorSize; k++) {
      view.setFloat32(position, kv.vectors[row * kv.vectorSize + k] as number, true);
      position += 4;
    }
  });
  return out;
}

function checkWritable(word: string): void {
  if (word === '' || /[ \n]/.test(word)) {
    throw new Error(
      `word ${JSON.stringify(word)} cannot be written in the word2vec format (empty, or holds a space or newline)`,
    );
  }
}

function parseHeader(line: string, where: string): [number, number] {
  const parts = line.trim().split(/\s+/);
  const [count, dimension] = parts.map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
  if (
    parts.length !== 2 ||
    count === undefined ||
    dimension === undefined ||
    Number.isNaN(count) ||
    Number.isNaN(dimension)
  ) {
    throw new Error(`${where}: header must be 'count dimension', got ${JSON.stringify(line.slice(0, 80))}`);
  }
  if (dimension < 1) throw new Error(`${where}: dimension must be at least 1, got ${dimension}`);
  return [count, dimension];
}

function checkPromise(
  needed: number,
  available: number,
  source: string,
  count: number,
  dimension: number,
): void {
  if (needed > available) {
    throw new Error(
      `${source}: the header promises ${count} vectors of ${dimension} values, more than its ${available} bytes can hold (truncated?)`,
    );
  }
}

function decode(bytes: Uint8Array, where: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new Error(`${where}: invalid UTF-8`);
  }
}

/** Lines of a UTF-8 buffer split on `\n`, numbered from 1, decoded strictly. */
class LineReader {
  lineNumber = 0;
  private position = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly source: string,
  ) {}

  next(): string | undefined {
    if (this.position >= this.bytes.length) return undefined;
    let end = this.bytes.indexOf(0x0a, this.position);
    if (end < 0) end = this.bytes.length;
    this.lineNumber++;
    const line = decode(this.bytes.subarray(this.position, end), `${this.source}:${this.lineNumber}`);
    this.position = end + 1;
    return line;
  }
}
