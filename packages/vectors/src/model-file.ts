import { Word2Vec, type Word2VecSettings, type Word2VecState } from './word2vec.js';

/** First bytes of every model file: names the format and its version. */
const MAGIC = 'tokenlab-word2vec 1\n';
const MAGIC_BYTES = new TextEncoder().encode(MAGIC);

/**
 * Options of {@link parseModel}.
 *
 * @example
 * ```ts
 * parseModel(bytes, { source: 'model.w2v' });
 * ```
 */
export interface ModelParseOptions {
  /** Name of the file, for error messages (default "model"). */
  source?: string;
}

/** What the JSON header of a model file holds (everything but the vocabulary and the weights). */
interface ModelHeader {
  settings: Word2VecSettings;
  words: number;
  totalTokens: number;
  runEpochs: number;
  epochsDone: number;
  randomState: number;
  negative: boolean;
  hierarchical: boolean;
}

/**
 * A whole {@link Word2Vec} model as bytes, everything needed to continue training exactly where it stopped:
 * the line `tokenlab-word2vec 1`, a little-endian u32 length and a JSON header (parameters, epochs done,
 * learning-rate schedule, random state), the vocabulary (per word: its count as float64, its UTF-8 length as
 * u32, its bytes), the weight matrices as little-endian float32 (input; negative-sampling output if any;
 * hierarchical-softmax output if any), and a CRC-32 of all that.
 *
 * @example
 * ```ts
 * const bytes = formatModel(model);
 * const copy = parseModel(bytes);
 * ```
 */
export function formatModel(model: Word2Vec): Uint8Array {
  const state = model.state();
  const { weights } = state;
  const header: ModelHeader = {
    settings: state.settings,
    words: state.words.length,
    totalTokens: state.totalTokens,
    runEpochs: state.runEpochs,
    epochsDone: state.epochsDone,
    randomState: state.randomState,
    negative: weights.outputNegative !== undefined,
    hierarchical: weights.outputHierarchical !== undefined,
  };
  const encoder = new TextEncoder();
  const headerBytes = encoder.encode(JSON.stringify(header));
  const wordBytes = state.words.map((word) => encoder.encode(word));
  const matrices = [weights.input, weights.outputNegative, weights.outputHierarchical].filter(
    (matrix): matrix is Float32Array => matrix !== undefined,
  );
  const length =
    MAGIC_BYTES.length +
    4 +
    headerBytes.length +
    wordBytes.reduce((sum, bytes) => sum + 12 + bytes.length, 0) +
    matrices.reduce((sum, matrix) => sum + 4 * matrix.length, 0) +
    4;
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  let at = 0;
  out.set(MAGIC_BYTES, at);
  at += MAGIC_BYTES.length;
  view.setUint32(at, headerBytes.length, true);
  out.set(headerBytes, at + 4);
  at += 4 + headerBytes.length;
  wordBytes.forEach((bytes, row) => {
    view.setFloat64(at, state.counts[row] as number, true);
    view.setUint32(at + 8, bytes.length, true);
    out.set(bytes, at + 12);
    at += 12 + bytes.length;
  });
  for (const matrix of matrices) {
    for (let i = 0; i < matrix.length; i++) view.setFloat32(at + 4 * i, matrix[i] as number, true);
    at += 4 * matrix.length;
  }
  view.setUint32(at, crc32(out.subarray(0, at)), true);
  return out;
}

/**
 * Reads a model written by {@link formatModel}. A file that is not one, truncated, corrupt (its CRC-32 does
 * not match) or inconsistent is an error naming the source and the byte offset; sizes are checked against
 * the file length before anything is allocated.
 *
 * @example
 * ```ts
 * const model = parseModel(bytes, { source: 'model.w2v' });
 * model.train(sentences); // continues where the saved model stopped
 * ```
 */
export function parseModel(bytes: Uint8Array, options: ModelParseOptions = {}): Word2Vec {
  const source = options.source ?? 'model';
  const fail = (offset: number, message: string): never => {
    throw new Error(`${source}: byte ${offset}: ${message}`);
  };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (at: number, count: number, what: string) => {
    if (at + count > bytes.length)
      fail(at, `file truncated: ${what} needs ${count} bytes, ${Math.max(0, bytes.length - at)} left`);
  };
  for (let i = 0; i < MAGIC_BYTES.length; i++) {
    if (bytes[i] !== MAGIC_BYTES[i])
      fail(i, `not a tokenlab word2vec model (it starts with "${MAGIC.trim()}")`);
  }
  let at = MAGIC_BYTES.length;
  if (bytes.length < at + 8) fail(bytes.length, 'file truncated after its first line');
  const body = bytes.length - 4;
  const strict = new TextDecoder('utf-8', { fatal: true });
  need(at, 4, 'the header length');
  const headerLength = view.getUint32(at, true);
  at += 4;
  need(at, headerLength, 'the header');
  let header: ModelHeader;
  try {
    header = JSON.parse(strict.decode(bytes.subarray(at, at + headerLength))) as ModelHeader;
  } catch (error) {
    return fail(at, `header is not valid JSON: ${(error as Error).message}`);
  }
  const headerAt = at;
  at += headerLength;
  const size = header?.settings?.vectorSize;
  if (!Number.isInteger(header.words) || header.words < 1 || !Number.isInteger(size) || size < 1)
    fail(
      headerAt,
      `header has no valid word count and vector size (words: ${shownField(header.words)}, settings.vectorSize: ${shownField(size)})`,
    );
  const matrixValues =
    header.words * size * (1 + (header.negative ? 1 : 0)) +
    (header.hierarchical ? (header.words - 1) * size : 0);
  if (at + header.words * 12 + matrixValues * 4 > body)
    fail(
      at,
      `file truncated (or header corrupt): ${header.words} words of ${size} dimensions need more bytes than the file has`,
    );
  const words: string[] = [];
  const counts: number[] = [];
  for (let row = 0; row < header.words; row++) {
    need(at, 12, `word ${row + 1}`);
    counts.push(view.getFloat64(at, true));
    const length = view.getUint32(at + 8, true);
    at += 12;
    need(at, length, `word ${row + 1}`);
    try {
      words.push(strict.decode(bytes.subarray(at, at + length)));
    } catch {
      fail(at, `word ${row + 1} is not valid UTF-8`);
    }
    at += length;
  }
  const readMatrix = (rows: number, what: string): Float32Array => {
    need(at, rows * size * 4, what);
    const matrix = new Float32Array(rows * size);
    for (let i = 0; i < matrix.length; i++) matrix[i] = view.getFloat32(at + 4 * i, true);
    at += 4 * matrix.length;
    return matrix;
  };
  const weightsAt = at;
  const input = readMatrix(header.words, 'the input weights');
  const outputNegative = header.negative
    ? readMatrix(header.words, 'the negative-sampling weights')
    : undefined;
  const outputHierarchical = header.hierarchical
    ? readMatrix(header.words - 1, 'the hierarchical-softmax weights')
    : undefined;
  if (at !== body) fail(at, `${body - at} unexpected bytes after the weights`);
  const expected = view.getUint32(body, true);
  const actual = crc32(bytes.subarray(0, body));
  if (expected !== actual)
    fail(
      body,
      `checksum mismatch (CRC-32 ${hex(actual)}, the file says ${hex(expected)}): the file is corrupt`,
    );
  const state: Word2VecState = {
    settings: header.settings,
    words,
    counts,
    totalTokens: header.totalTokens,
    weights: { input, outputNegative, outputHierarchical },
    runEpochs: header.runEpochs,
    epochsDone: header.epochsDone,
    randomState: header.randomState,
  };
  for (const matrix of [input, outputNegative, outputHierarchical]) {
    const bad = matrix?.findIndex((value) => !Number.isFinite(value)) ?? -1;
    if (bad >= 0) fail(weightsAt, `a weight is not finite (${matrix?.[bad]})`);
  }
  try {
    return Word2Vec.fromState(state);
  } catch (error) {
    return fail(headerAt, `inconsistent model: ${(error as Error).message}`);
  }
}

function hex(value: number): string {
  return value.toString(16).padStart(8, '0');
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (IEEE 802.3, as zlib's `crc32`). */
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++)
    crc = (crcTable[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A header field as a message shows it: its JSON, or `missing`. */
function shownField(value: unknown): string {
  return value === undefined ? 'missing' : JSON.stringify(value);
}
