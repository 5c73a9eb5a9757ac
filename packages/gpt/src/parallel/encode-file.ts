import { stat } from 'node:fs/promises';
import type { Encoding } from '../encoding.js';
import { encodePiecesHere } from './encode-pool.js';
import { IdBuffer } from './id-buffer.js';
import { idStream } from './id-stream.js';
import { type ParallelEncodeOptions, withPool } from './parallel-encode.js';
import { checkParallelOptions } from './parallel-options.js';
import type { FileRange } from './protocol.js';
import { isCuttablePattern } from './safe-cuts.js';

/**
 * Options of {@link encodeFileParallel}: those of `encodeParallel` (with `pieceSize` in bytes), and
 * the byte range of the file to encode.
 *
 * @example
 * ```ts
 * const options: FileEncodeOptions = { threads: 2, ordinary: true, start: 3 };
 * ```
 */
export interface FileEncodeOptions extends ParallelEncodeOptions {
  /** Bytes per part of the file handed to a thread (default 1 MiB; the last four parts' worth go in quarters). */
  pieceSize?: number;
  /** The first byte of the file to encode (default 0). */
  start?: number;
  /** The byte after the last one to encode (default: the file's size). */
  end?: number;
}

/** Parts of 1 MiB: a few milliseconds of work each, few enough messages. */
const DEFAULT_PART_BYTES = 1 << 20;

/**
 * Encode a UTF-8 file (or its bytes `[start, end)`) on worker threads and the calling thread, each of
 * which reads its own parts of the file: a thread cuts its part at the first safe place at or after
 * each end (the byte form of `isSafeCut`, so neighbours cut at the same place), decodes it and
 * encodes it, and only the ids come back. The result equals `encoding.encodeOrdinary(text)` (with
 * `ordinary: true`) or `encoding.encode(text, options)` for the file's text. The text is the bytes
 * exactly: a byte order mark is text (U+FEFF; pass `start: 3` to leave it out), and bytes that are
 * not UTF-8 are an error naming the file and the offset of the first bad byte, never replaced. The
 * file must be a regular file: a pipe (a shell's `<(...)`, `/dev/stdin` fed by one) is an error.
 * `threads: 2` is one worker and the calling thread; `threads: 1` reads and encodes the same parts in
 * the calling thread alone. An encoding whose pattern has no proven cut is read whole and encoded
 * in the calling thread.
 *
 * @example
 * ```ts
 * const ids = await encodeFileParallel(enc, 'big.txt', { threads: 2, ordinary: true });
 * // Uint32Array equal to enc.encodeOrdinary(readFileSync('big.txt', 'utf8'))
 * ```
 */
export async function encodeFileParallel(
  encoding: Encoding,
  path: string,
  options: FileEncodeOptions = {},
): Promise<Uint32Array> {
  checkParallelOptions('encodeFileParallel', options);
  const plan = await planFile(encoding, path, options);
  const { start, end, firstBytes } = plan;
  // The ids go straight into one array as each part's come in (while the other threads encode), so
  // no copy of all of them is left for the end; the first part's ids size it for the whole range.
  // (A range read as one part has nothing after its first part to make room for: a token per 3 bytes.)
  const onePart = firstBytes === end - start;
  const ids = new IdBuffer(onePart ? Math.ceil(firstBytes / 3) : firstBytes);
  const onIds = onePart
    ? (part: Uint32Array) => ids.append(part)
    : ids.appenderSizedByFirst(firstBytes, end - start);
  await encodeParts(encoding, plan, options, onIds);
  return ids.ids();
}

/**
 * How many tokens {@link encodeFileParallel} gives for the file (or its bytes `[start, end)`), with
 * the same threads, options and errors, without holding the ids: each part's ids are counted and
 * dropped, so memory stays a few parts per thread whatever the file's size.
 *
 * @example
 * ```ts
 * await countFileTokensParallel(enc, 'big.txt', { threads: 2, ordinary: true });
 * // equal to (await encodeFileParallel(enc, 'big.txt', { threads: 2, ordinary: true })).length
 * ```
 */
export async function countFileTokensParallel(
  encoding: Encoding,
  path: string,
  options: FileEncodeOptions = {},
): Promise<number> {
  checkParallelOptions('countFileTokensParallel', options);
  let count = 0;
  await encodeParts(encoding, await planFile(encoding, path, options), options, (part) => {
    count += part.length;
  });
  return count;
}

/**
 * The ids of a UTF-8 file (or of its bytes `[start, end)`) part by part, in order, as
 * {@link encodeFileParallel}'s threads encode them: joined, they equal its result, with the same
 * options and errors (an error comes after the ids of the parts before it). At most a few parts'
 * ids wait for the consumer: one that writes them to a pipe or a disk more slowly than the threads
 * encode holds the threads back, so memory stays a few parts per thread whatever the file's size,
 * and no array holds all the ids (which `encodeFileParallel` needs, up to `MAX_IDS`). Stopping early
 * (`break`) stops the threads.
 *
 * @example
 * ```ts
 * for await (const ids of encodeFileStreamParallel(enc, 'big.txt', { threads: 2, ordinary: true }))
 *   out.write(ids.join(' ') + ' ');
 * ```
 */
export async function* encodeFileStreamParallel(
  encoding: Encoding,
  path: string,
  options: FileEncodeOptions = {},
): AsyncGenerator<Uint32Array> {
  checkParallelOptions('encodeFileStreamParallel', options);
  const plan = await planFile(encoding, path, options);
  yield* idStream((onIds) => encodeParts(encoding, plan, options, onIds));
}

/** Where {@link encodeParts} reads a file: its byte range and its parts. */
interface FilePlan {
  start: number;
  end: number;
  /** The nominal size of the first part (the whole range when it is read as one part). */
  firstBytes: number;
  cuttable: boolean;
  partBytes: number;
  parts: () => Generator<FileRange>;
}

/** The checked byte range of `path` and the parts its threads read (see {@link encodeFileParallel}). */
async function planFile(encoding: Encoding, path: string, options: FileEncodeOptions): Promise<FilePlan> {
  const info = await stat(path);
  // A pipe or device reports no size and cannot be read at an offset: it would encode as no ids.
  if (!info.isFile())
    throw new Error(
      `${path}: not a regular file (${info.isDirectory() ? 'a directory' : 'a pipe, socket or device'}): ` +
        'its parts cannot be read by several threads; read it as a stream (encodeStreamParallel) or save it to a file',
    );
  const { size } = info;
  const start = options.start ?? 0;
  const end = Math.min(options.end ?? size, size);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || start > end)
    throw new RangeError(`${path}: no byte range from ${start} to ${end} in a file of ${size} bytes`);
  const partBytes = options.pieceSize ?? DEFAULT_PART_BYTES;
  const cuttable = isCuttablePattern(encoding.patternSource);
  // The last parts are a quarter of the size, so the threads finish close together: a worker holds
  // two parts at a time, which the calling thread would otherwise wait for at the end.
  const tail = Math.max(start, end - 4 * partBytes);
  const partAt = (at: number) => Math.min(end - at, at < tail ? partBytes : Math.max(1, partBytes >> 2));
  const parts = function* (): Generator<FileRange> {
    if (!cuttable) {
      yield { path, textStart: start, textEnd: end, start, end };
      return;
    }
    for (let at = start; at < end; ) {
      const next = at + partAt(at);
      yield { path, textStart: start, textEnd: end, start: at, end: next };
      at = next;
    }
  };
  return { start, end, firstBytes: cuttable ? partAt(start) : end - start, cuttable, partBytes, parts };
}

/**
 * Encode the plan's parts on the threads the options ask for, handing each part's ids to `onIds` in
 * order (and waiting for its promise, if it returns one, before the next part).
 */
async function encodeParts(
  encoding: Encoding,
  plan: FilePlan,
  options: FileEncodeOptions,
  onIds: (ids: Uint32Array) => void | Promise<void>,
): Promise<void> {
  const threads = options.pool === undefined ? options.threads : options.pool.threads + 1;
  if (threads === 1 || !plan.cuttable || plan.end - plan.start < 2 * plan.partBytes) {
    // One thread: the same parts, read, decoded and encoded in turn.
    for await (const ids of encodePiecesHere(encoding, plan.parts(), options)) await onIds(ids);
    return;
  }
  await withPool(encoding, options, true, (pool) => pool.encodePieces(plan.parts(), options, onIds, true));
}
