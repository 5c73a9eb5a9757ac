import { rename, rm, writeFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  type AsyncBuffer,
  asyncBufferFromFile,
  type ColumnData,
  type FileMetaData,
  parquetMetadataAsync,
  parquetRead,
  parquetSchema,
} from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { isSpecialFile, writeError, writingFile } from './io.js';
import type { PositionedCounts } from './range-counts.js';

/**
 * The columns of a chunk-counts Parquet file, as `tokenlab count` writes them and `tokenlab train
 * --counts` reads them: `chunk` (BYTE_ARRAY: the chunk's UTF-8 bytes), `count` (INT64) and `first`
 * (INT64: the byte where the chunk first occurs in the whole file or corpus).
 *
 * @example
 * ```ts
 * CHUNK_COUNT_COLUMNS; // ['chunk', 'count', 'first']
 * ```
 */
export const CHUNK_COUNT_COLUMNS = ['chunk', 'count', 'first'] as const;

/**
 * Write `counted` as a chunk-counts Parquet file: the three required columns in PLAIN encoding with
 * Snappy compression, which Spark, DuckDB, pyarrow (Ray) and BigQuery read as they are; `metadata`
 * goes into the file's key-value metadata. The file is written beside `path` and renamed over it, so
 * a reader never sees half a file; a device or a named pipe (`/dev/stdout`) is written into instead.
 * A failure to write is one line naming `path` (`writeError`).
 *
 * @example
 * ```ts
 * await writeChunkCountsParquet('shard-0.parquet', counted, { 'tokenlab.pattern': 'gpt4' });
 * ```
 */
export async function writeChunkCountsParquet(
  path: string,
  counted: PositionedCounts,
  metadata: Record<string, string> = {},
  createdBy = 'tokenlab',
): Promise<void> {
  const encoder = new TextEncoder();
  const buffer = parquetWriteBuffer({
    columnData: [
      {
        name: 'chunk',
        data: counted.chunks.map((chunk) => encoder.encode(chunk)),
        type: 'BYTE_ARRAY',
        nullable: false,
        encoding: 'PLAIN',
      },
      {
        name: 'count',
        data: BigInt64Array.from(counted.counts, BigInt),
        type: 'INT64',
        nullable: false,
        encoding: 'PLAIN',
      },
      {
        name: 'first',
        data: BigInt64Array.from(counted.firsts, BigInt),
        type: 'INT64',
        nullable: false,
        encoding: 'PLAIN',
      },
    ],
    codec: 'SNAPPY',
    statistics: false,
    kvMetadata: Object.entries(metadata).map(([key, value]) => ({ key, value })),
    createdBy,
  });
  // A device or pipe (/dev/stdout) is written into: renamed over, it would be replaced by a file.
  if (await isSpecialFile(path)) {
    await writingFile(path, () => writeFile(path, new Uint8Array(buffer)));
    return;
  }
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, new Uint8Array(buffer));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw writeError(path, error);
  }
}

/**
 * A chunk-counts Parquet file that cannot be used: unreadable, corrupt or truncated, or without the
 * columns `chunk`, `count`, `first` of the right types. The message names the file.
 *
 * @example
 * ```ts
 * try { await readChunkCountsParquet('bad.parquet', () => {}); }
 * catch (error) { if (error instanceof ChunkCountsFileError) console.error(error.message); }
 * ```
 */
export class ChunkCountsFileError extends Error {
  /** Creates the error; `file` is the Parquet file at fault. */
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'ChunkCountsFileError';
  }
}

/**
 * The rows of one row group of a chunk-counts file, column by column, as {@link readChunkCountsParquet}
 * hands them over.
 *
 * @example
 * ```ts
 * const visit = (rows: ChunkCountRows) => console.log(rows.start, rows.chunks.length, rows.counts[0]);
 * ```
 */
export interface ChunkCountRows {
  /** The chunks' bytes (a text column arrives as strings). */
  chunks: ReadonlyArray<Uint8Array | string>;
  /** How often each occurs. */
  counts: Float64Array;
  /** The byte where each first occurs. */
  firsts: Float64Array;
  /** The number of the first of these rows in the file, from 0 (for messages). */
  start: number;
}

const INTEGER_TYPES = new Set(['INT64', 'INT32']);

/** The codecs hyparquet reads itself (Snappy) plus those Node's zlib decompresses. */
const DECOMPRESSORS = {
  GZIP: (input: Uint8Array) => new Uint8Array(gunzipSync(input)),
  BROTLI: (input: Uint8Array) => new Uint8Array(brotliDecompressSync(input)),
};
const CODECS = new Set(['UNCOMPRESSED', 'SNAPPY', ...Object.keys(DECOMPRESSORS)]);

/**
 * Read a chunk-counts Parquet file one row group at a time, calling `visit` with the rows of each, and
 * resolve to the file's key-value metadata. Files written by `tokenlab count`, DuckDB, Spark, pyarrow
 * or BigQuery are read as long as they are uncompressed, Snappy, gzip or Brotli (not ZSTD or LZ4), with `count` and `first` as
 * 32- or 64-bit integers (a `sum()` may need a cast: DuckDB writes `sum(count)` as DOUBLE). A corrupt
 * or truncated file, a missing or mistyped column, a null, a negative or fractional value all throw
 * {@link ChunkCountsFileError} naming the file (and the row).
 *
 * @example
 * ```ts
 * const metadata = await readChunkCountsParquet('counts.parquet', ({ chunks, counts, firsts }) => {
 *   console.log(chunks.length, counts[0], firsts[0]);
 * });
 * metadata.get('tokenlab.pattern'); // the split pattern, when tokenlab wrote the file
 * ```
 */
export async function readChunkCountsParquet(
  path: string,
  visit: (rows: ChunkCountRows) => void,
): Promise<Map<string, string>> {
  let file: AsyncBuffer;
  let metadata: FileMetaData;
  try {
    file = await asyncBufferFromFile(path);
    metadata = await parquetMetadataAsync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ChunkCountsFileError(path, 'no such file');
    if (code === 'EISDIR') throw new ChunkCountsFileError(path, 'is a folder, not a Parquet file');
    throw new ChunkCountsFileError(
      path,
      `not a readable Parquet file, or truncated (${(error as Error).message})`,
    );
  }
  checkColumns(path, metadata);
  let start = 0;
  for (const group of metadata.row_groups) {
    const end = start + Number(group.num_rows);
    const pieces: ColumnData[] = [];
    try {
      await parquetRead({
        file,
        metadata,
        columns: [...CHUNK_COUNT_COLUMNS],
        rowStart: start,
        rowEnd: end,
        utf8: false,
        compressors: DECOMPRESSORS,
        onChunk: (piece) => pieces.push(piece),
      });
    } catch (error) {
      throw new ChunkCountsFileError(
        path,
        `corrupt or truncated Parquet data in rows ${start}-${end - 1} (${(error as Error).message})`,
      );
    }
    const column = (name: string) => gather(path, pieces, name, start, end);
    const chunks = column('chunk');
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i];
      if (!(chunk instanceof Uint8Array) && typeof chunk !== 'string')
        throw new ChunkCountsFileError(path, `row ${start + i}: chunk is ${describe(chunk)}, expected bytes`);
    }
    visit({
      chunks: chunks as (Uint8Array | string)[],
      counts: integers(path, column('count'), 'count', start),
      firsts: integers(path, column('first'), 'first', start),
      start,
    });
    start = end;
  }
  return new Map((metadata.key_value_metadata ?? []).map(({ key, value }) => [key, value ?? '']));
}

/** The values of column `name` for rows `[start, end)`, from the pieces the reader handed over. */
function gather(
  path: string,
  pieces: readonly ColumnData[],
  name: string,
  start: number,
  end: number,
): unknown[] {
  const values: unknown[] = new Array(end - start);
  let filled = 0;
  for (const piece of pieces) {
    if (piece.columnName !== name) continue;
    const from = Math.max(start, piece.rowStart);
    const to = Math.min(end, piece.rowEnd);
    for (let row = from; row < to; row++) values[row - start] = piece.columnData[row - piece.rowStart];
    filled += Math.max(0, to - from);
  }
  if (filled !== end - start)
    throw new ChunkCountsFileError(
      path,
      `rows ${start}-${end - 1}: read ${filled} values of '${name}', the file says ${end - start}`,
    );
  return values;
}

function integers(path: string, values: readonly unknown[], column: string, start: number): Float64Array {
  const numbers = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const number = typeof value === 'bigint' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0)
      throw new ChunkCountsFileError(
        path,
        `row ${start + i}: ${column} is ${describe(value)}, expected a non-negative integer`,
      );
    numbers[i] = number;
  }
  return numbers;
}

function checkColumns(path: string, metadata: FileMetaData): void {
  for (const group of metadata.row_groups)
    for (const column of group.columns) {
      const codec = column.meta_data?.codec;
      if (codec !== undefined && !CODECS.has(codec))
        throw new ChunkCountsFileError(
          path,
          `compressed with ${codec}, which tokenlab does not read; write it uncompressed or with Snappy, gzip or Brotli (DuckDB: COMPRESSION snappy)`,
        );
    }
  const columns = new Map(parquetSchema(metadata).children.map((child) => [child.element.name, child]));
  for (const name of CHUNK_COUNT_COLUMNS) {
    const column = columns.get(name);
    if (column === undefined)
      throw new ChunkCountsFileError(
        path,
        `no column '${name}' (a chunk-counts file has the columns chunk, count, first; it has ${[...columns.keys()].join(', ')})`,
      );
    const type = column.element.type;
    const expected = name === 'chunk' ? type === 'BYTE_ARRAY' : type !== undefined && INTEGER_TYPES.has(type);
    if (column.children.length > 0 || !expected)
      throw new ChunkCountsFileError(
        path,
        `column '${name}' is ${type ?? 'a group'}, expected ${name === 'chunk' ? 'BYTE_ARRAY' : 'INT64'}` +
          (name === 'chunk' ? '' : ` (cast it: CAST(sum(count) AS BIGINT) AS count)`),
      );
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return String(value);
  return typeof value;
}
