// How `tokenlab train` reads FILEs that @tokenlab/bpe's file readers cannot read as the CLI promises:
// those readers take UTF-8 only and keep a byte order mark (as Python's `utf-8` codec and minbpe do),
// where every command of the CLI drops a BOM and takes --input-encoding and --replace-invalid.
import { stat } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { ChunkCounts, SplitPattern } from '@tokenlab/bpe';
import { INVALID_INPUT_FIXES, type InputDecoding, textDecoder } from './input-decoding.js';
import { decodeStream } from './input-text.js';
import { openInputFile } from './io.js';

/** The bytes of a UTF-8 byte order mark. */
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Whether the regular file `file` starts with a UTF-8 byte order mark. */
async function startsWithBom(file: string): Promise<boolean> {
  const handle = await openInputFile(file);
  try {
    const head = new Uint8Array(UTF8_BOM.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && UTF8_BOM.every((byte, i) => head[i] === byte);
  } finally {
    await handle.close();
  }
}

/**
 * Whether `train` reads `files` itself ({@link trainTextBlocks}) rather than through @tokenlab/bpe's
 * readers: when the input is to be decoded otherwise than as strict UTF-8 (`--input-encoding`,
 * `--replace-invalid`), when a file starts with a BOM (dropped, as every command drops it), and when a
 * file is a pipe or a device (`/dev/stdin`, `<(zcat corpus.gz)`), whose start cannot be looked at
 * without reading it.
 */
export async function trainReadsFilesItself(
  files: readonly string[],
  decoding: InputDecoding,
): Promise<boolean> {
  if (decoding.replaceInvalid) return true;
  if (decoding.encoding !== undefined && textDecoder(decoding.encoding, true).encoding !== 'utf-8')
    return true;
  for (const file of files) {
    if (!(await stat(file)).isFile()) return true;
    if (await startsWithBom(file)) return true;
  }
  return false;
}

/**
 * `text` with `\r\n` and lone `\r` read as `\n`, as Python's text mode reads a file (what minbpe's
 * training reads): a `\r` at the end of a block waits for the next to see whether a `\n` follows.
 */
async function* universalNewlines(blocks: AsyncIterable<string>): AsyncGenerator<string> {
  let pendingCR = false;
  for await (const block of blocks) {
    let text: string = pendingCR ? `\r${block}` : block;
    pendingCR = text.endsWith('\r');
    if (pendingCR) text = text.slice(0, -1);
    if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
    if (text !== '') yield text;
  }
  if (pendingCR) yield '\n';
}

/**
 * The text of `files` joined by `\n`, as a stream of blocks: each file decoded as `decoding` says
 * (a leading BOM dropped; bytes that are not valid stop with the file, the byte and the fixes, or
 * become U+FFFD with a warning on `warnings`), its newlines read as Python's text mode reads them.
 */
export async function* trainTextBlocks(
  files: readonly string[],
  decoding: InputDecoding,
  warnings?: Writable,
): AsyncGenerator<string> {
  for (const [index, file] of files.entries()) {
    if (index > 0) yield '\n';
    const handle = await openInputFile(file);
    try {
      yield* universalNewlines(
        decodeStream(handle.createReadStream({ autoClose: false }), file, decoding, warnings),
      );
    } finally {
      await handle.close();
    }
  }
}

/** UTF-16 units a text is counted in at a time, when its pattern has safe places to cut it. */
const PIECE_SIZE = 4 << 20;

/**
 * The chunk counts of a stream of text blocks, as `countChunks` gives them for the whole text: cut
 * into pieces at the places where `split` cannot join two chunks (for the GPT-2 and GPT-4 patterns),
 * so that memory follows a piece, not the text; a pattern without such places is counted whole.
 * `onProgress` gets the characters read so far.
 */
export async function countTextChunks(
  blocks: AsyncIterable<string>,
  split: SplitPattern,
  countChunks: (text: string, split: SplitPattern, counts: ChunkCounts) => ChunkCounts,
  onProgress?: (characters: number) => void,
): Promise<{ counts: ChunkCounts; characters: number }> {
  const counts: ChunkCounts = new Map();
  let characters = 0;
  let carry = '';
  for await (const block of blocks) {
    characters += block.length;
    onProgress?.(characters);
    carry += block;
    if (!split.cuttable || carry.length < PIECE_SIZE) continue;
    const cut = split.safeBoundary(carry, PIECE_SIZE >> 1);
    if (cut <= 0) continue;
    countChunks(carry.slice(0, cut), split, counts);
    carry = carry.slice(cut);
  }
  if (carry !== '') countChunks(carry, split, counts);
  return { counts, characters };
}

/** The text of a stream of blocks, whole. */
export async function joinBlocks(blocks: AsyncIterable<string>): Promise<string> {
  const parts: string[] = [];
  for await (const block of blocks) parts.push(block);
  return parts.join('');
}

/**
 * `error` with the command-line fixes added when it says that a file is not valid UTF-8, as
 * @tokenlab/bpe's file readers say it (`corpus.txt: not valid UTF-8 at byte 12`): train takes
 * `--input-encoding` and `--replace-invalid` as every command that reads text does.
 */
export function withDecodingFixes(error: unknown): unknown {
  if (!(error instanceof Error) || !/: not valid UTF-8\b/.test(error.message)) return error;
  if (error.message.includes(INVALID_INPUT_FIXES)) return error;
  return new Error(`${error.message}. ${INVALID_INPUT_FIXES}`);
}
