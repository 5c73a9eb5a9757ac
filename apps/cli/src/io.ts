import { constants, type Stats } from 'node:fs';
import { access, type FileHandle, open, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { findInvalidUtf8 } from '@tokenlab/core/utf8';

/** Where a command reads and writes; tests pass their own streams. */
export interface CommandIO {
  /** Standard input. */
  stdin: Readable;
  /** Standard output. */
  stdout: Writable;
  /** Standard error: progress, warnings. */
  stderr: Writable;
  /** Whether stderr is a terminal (progress bars and colours only then). */
  isTTY: boolean;
}

/** The process's own streams. */
export function processIO(): CommandIO {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: Boolean(process.stderr.isTTY),
  };
}

/** The stdin streams already told about (see {@link stdinOf}). */
const announced = new WeakSet<Readable>();

/**
 * `io.stdin`, to read the input from; when it is a terminal (a command given no FILE, typed at a prompt),
 * it first says on stderr, once, that it waits for text and how to end it, where it waited in silence.
 *
 * @example
 * ```ts
 * const bytes = await readStreamBytes(stdinOf(io));
 * ```
 */
export function stdinOf(io: CommandIO): Readable {
  const stdin = io.stdin;
  if ((stdin as { isTTY?: boolean }).isTTY === true && !announced.has(stdin)) {
    announced.add(stdin);
    io.stderr.write(
      'tokenlab: reading the text typed here (no FILE was given); end it with Ctrl-D on a new line ' +
        '(Ctrl-Z, then Enter, on Windows)\n',
    );
  }
  return stdin;
}

/** Whether the command's standard output is a terminal (a person reads it, not a program). */
export function stdoutIsTerminal(io: CommandIO): boolean {
  return (io.stdout as { isTTY?: boolean }).isTTY === true;
}

/**
 * The most a command reads into memory at once: JavaScript strings stop near 512 M UTF-16 units,
 * so a larger input could not become one string anyway.
 */
export const MAX_INPUT_BYTES = 512 * 1024 * 1024;

function tooLarge(source: string, size: number): Error {
  return new Error(
    `${source} is ${(size / 1024 / 1024).toFixed(0)} MB, over the ${MAX_INPUT_BYTES / 1024 / 1024} MB a command reads at once. ` +
      'Split it, or use --jsonl (one record per line).',
  );
}

/** All bytes of a stream, refusing more than {@link MAX_INPUT_BYTES}. */
export async function readStreamBytes(stream: Readable, source = 'stdin'): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_INPUT_BYTES) throw tooLarge(source, size);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * What {@link readStreamHead} read: all of a stream (`rest` undefined), or its first bytes and the
 * stream from them on.
 */
export interface StreamHead {
  /** The bytes read: the whole stream when `rest` is undefined. */
  head: Uint8Array;
  /** The stream again from its start (the head first, then what follows), when it goes on past the head. */
  rest: AsyncIterable<Uint8Array> | undefined;
}

/**
 * Read `stream` until it ends or more than `limit` bytes have come: a command can then read a small
 * input whole, and stream a large one from its start without holding it.
 *
 * @example
 * ```ts
 * const { head, rest } = await readStreamHead(process.stdin, 8 << 20);
 * if (rest === undefined) console.log(`${head.length} bytes in all`);
 * ```
 */
export async function readStreamHead(
  stream: AsyncIterable<Uint8Array | string>,
  limit: number,
): Promise<StreamHead> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= limit) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), rest: undefined };
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest(): AsyncGenerator<Uint8Array> {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
  }
  return { head, rest: rest() };
}

/**
 * An error reading `file`, as a message that names it (no stack trace for the usual cases): the
 * option that named it too when there is one (`--model`), so the user knows which file is meant.
 *
 * @example
 * ```ts
 * fileError('tok.model', enoent, '--model').message; // "cannot read 'tok.model' (--model): no such file (ENOENT)"
 * ```
 */
export function fileError(file: string, error: unknown, option?: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file',
    ENOTDIR: 'no such file (a part of the path is not a folder)',
    EISDIR: 'is a directory, not a file',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
  };
  const reason = code ? reasons[code] : undefined;
  if (reason) return new Error(`cannot read '${file}'${option ? ` (${option})` : ''}: ${reason} (${code})`);
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Read the file an option names (`--model`, `--tiktoken`, `--vectors`, ...) with `read`, after checking
 * that it is there, is a file and may be read: each of those is one message naming the file and the
 * option ({@link fileError}), never Node's own `ENOENT: no such file or directory, open ...` or
 * `EISDIR: illegal operation on a directory, read`. A file error that `read` meets itself is said the
 * same way.
 *
 * @example
 * ```ts
 * const tokenizer = await readOptionFile('tok.model', '--model', loadModelFile);
 * ```
 */
export async function readOptionFile<T>(
  file: string,
  option: string,
  read: (file: string) => Promise<T>,
): Promise<T> {
  try {
    await statFile(file);
    await access(file, constants.R_OK);
  } catch (error) {
    throw fileError(file, error, option);
  }
  try {
    return await read(file);
  } catch (error) {
    throw fileError(file, error, option);
  }
}

/**
 * A failure to write the file `path` (a full disk, `/dev/full`, a folder that may not be written in)
 * as one line naming it, as the output errors of stdout are said: `cannot write 'out.tiktoken': no
 * space left on device (ENOSPC)`. Other errors are returned as they are.
 */
export function writeError(path: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    EFBIG: 'the file is too large for the device',
    EROFS: 'the file system is read-only',
    EIO: 'input/output error',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'it is a folder',
    ENOENT: 'its folder is not there',
  };
  const reason = code ? reasons[code] : undefined;
  if (reason) return new Error(`cannot write '${path}': ${reason} (${code})`);
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Whether `path` is there and is neither a regular file nor a folder: a device (`/dev/null`,
 * `/dev/full`, `/dev/stdout`), a named pipe or a socket. Such an output is written into, never replaced:
 * the usual writing beside a file and renaming over it would put a regular file in the device's place
 * (as root, `/dev/null` itself).
 *
 * @example
 * ```ts
 * await isSpecialFile('/dev/null'); // true
 * await isSpecialFile('out.txt');   // false, there or not
 * ```
 */
export async function isSpecialFile(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  return info !== undefined && !info.isFile() && !info.isDirectory();
}

/**
 * `write()`, which writes the file `path`, with its failures said by {@link writeError}.
 *
 * @example
 * ```ts
 * await writingFile('out.json', () => writeFile('out.json', text));
 * ```
 */
export async function writingFile<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw writeError(path, error);
  }
}

/**
 * Checks that each of `files` is a file there is, with {@link fileError}'s message if not: for the
 * commands whose workers read the files themselves, so that a missing file is named as everywhere else.
 */
export async function checkInputFiles(files: readonly string[]): Promise<void> {
  for (const file of files) {
    try {
      await statFile(file);
    } catch (error) {
      throw fileError(file, error);
    }
  }
}

/**
 * Checks, before the work, that a file can be written at `path`: its folder is there, is a folder and
 * may be written in, and `path` is not a folder itself (a device or a pipe, which is written into, must
 * only allow writing). A long training then never ends in an error
 * about where its result goes.
 */
export async function checkOutputFile(path: string): Promise<void> {
  // A device or a pipe (/dev/stdout) is written into, not replaced: its folder is not written in.
  if (await isSpecialFile(path)) {
    try {
      await access(path, constants.W_OK);
    } catch {
      throw new UsageError(`cannot write '${path}': it may not be written`);
    }
    return;
  }
  await checkWritableFolder(path, dirname(resolve(path)));
  if ((await stat(path).catch(() => undefined))?.isDirectory())
    throw new UsageError(`cannot write '${path}': it is a folder`);
}

/**
 * Checks, before the work, that the folder `path` can be written into: it is a folder, or it can be
 * made (the nearest folder above it that is there may be written in).
 */
export async function checkOutputFolder(path: string): Promise<void> {
  let folder = resolve(path);
  for (;;) {
    const info = await stat(folder).catch(() => undefined);
    if (info !== undefined || dirname(folder) === folder) break;
    folder = dirname(folder);
  }
  await checkWritableFolder(path, folder);
}

/** `folder` (where `path` goes) is a folder there is, which this process may write in. */
async function checkWritableFolder(path: string, folder: string): Promise<void> {
  const info = await stat(folder).catch(() => undefined);
  if (info === undefined) throw new UsageError(`cannot write '${path}': there is no folder '${folder}'`);
  if (!info.isDirectory())
    throw new UsageError(`cannot write '${path}': '${folder}' is a file, not a folder`);
  try {
    await access(folder, constants.W_OK);
  } catch {
    throw new UsageError(`cannot write '${path}': the folder '${folder}' may not be written in`);
  }
}

/**
 * `file` opened to read, with {@link fileError}'s message when it cannot be (missing, a directory,
 * not allowed).
 *
 * @example
 * ```ts
 * const handle = await openInputFile('corpus.txt');
 * try { for await (const chunk of handle.createReadStream({ autoClose: false })) use(chunk); } finally { await handle.close(); }
 * ```
 */
export async function openInputFile(file: string): Promise<FileHandle> {
  try {
    await statFile(file);
    return await open(file, 'r');
  } catch (error) {
    throw fileError(file, error);
  }
}

/** `stat(file)`, with a directory an EISDIR error. */
async function statFile(file: string): Promise<Stats> {
  const info = await stat(file);
  if (info.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
  return info;
}

/** The bytes of `file`, with errors that name it and the size limit checked first. */
export async function readFileBytes(file: string): Promise<Uint8Array> {
  try {
    const info = await statFile(file);
    if (info.size > MAX_INPUT_BYTES) throw tooLarge(`'${file}'`, info.size);
    const handle = await open(file, 'r');
    try {
      return await readStreamBytes(handle.createReadStream({ autoClose: false }), `'${file}'`);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw fileError(file, error);
  }
}

/** One non-empty input line, its 1-based line number and where it was read. */
export interface NumberedLine {
  /** The line without its line ending. */
  line: string;
  /** Its number in its file (or stdin), from 1. */
  lineNumber: number;
  /** `stdin`, or the file's name in quotes: how messages name where the line is. */
  source: string;
}

/**
 * How messages name an input line: `stdin line 3`, `'a.jsonl' line 3`.
 *
 * @example
 * ```ts
 * lineName({ source: 'stdin', lineNumber: 3 }); // 'stdin line 3'
 * ```
 */
export function lineName(line: { source: string; lineNumber: number }): string {
  return `${line.source} line ${line.lineNumber}`;
}

/**
 * The non-empty lines of the FILEs, one file after another, or of stdin when there are none (JSONL
 * input, one record per line), one line in memory at a time: a FILE given with `--jsonl` is read, not
 * passed over for stdin.
 *
 * @example
 * ```ts
 * for await (const { line, lineNumber, source } of inputLines(['records.jsonl'], io)) { ... }
 * ```
 */
export async function* inputLines(files: readonly string[], io: CommandIO): AsyncGenerator<NumberedLine> {
  if (files.length === 0) {
    yield* readNumberedLines(stdinOf(io));
    return;
  }
  for (const file of files) {
    const handle = await openInputFile(file);
    try {
      yield* readNumberedLines(handle.createReadStream({ autoClose: false }), `'${file}'`);
    } finally {
      await handle.close();
    }
  }
}

/** How {@link readNumberedLines} reports a line that is not UTF-8. */
export interface NumberedLineOptions {
  /**
   * The error for a line that is not valid UTF-8, from what is wrong (`'a.txt' line 3: not valid
   * UTF-8 (at byte 2 of the line)`); by default a usage error (JSONL, whose lines a command writes).
   */
  invalid?: (problem: string) => Error;
}

/**
 * The non-empty lines of a stream with their line numbers (JSONL input, one record per line), one
 * line in memory at a time. A byte order mark at the start is dropped; invalid UTF-8 is an error
 * that names the line.
 */
export async function* readNumberedLines(
  stream: Readable,
  source = 'stdin',
  options: NumberedLineOptions = {},
): AsyncGenerator<NumberedLine> {
  const invalid = options.invalid ?? ((problem: string) => new UsageError(problem));
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let pending: Buffer[] = [];
  let pendingSize = 0;
  let lineNumber = 0;
  const finish = (bytes: Buffer): NumberedLine | undefined => {
    lineNumber++;
    let line: string;
    try {
      line = decoder.decode(bytes);
    } catch {
      throw invalid(
        `${source} line ${lineNumber}: not valid UTF-8 (at byte ${findInvalidUtf8(bytes)} of the line)`,
      );
    }
    if (lineNumber === 1 && line.startsWith('\uFEFF')) line = line.slice(1);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    return line.trim() === '' ? undefined : { line, lineNumber, source };
  };
  for await (const chunk of stream) {
    let buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    let newline = buffer.indexOf(0x0a);
    while (newline >= 0) {
      const piece = buffer.subarray(0, newline);
      const line = finish(pending.length === 0 ? piece : Buffer.concat([...pending, piece]));
      pending = [];
      pendingSize = 0;
      if (line) yield line;
      buffer = buffer.subarray(newline + 1);
      newline = buffer.indexOf(0x0a);
    }
    if (buffer.length > 0) {
      pendingSize += buffer.length;
      if (pendingSize > MAX_INPUT_BYTES) throw tooLarge(`${source} line ${lineNumber + 1}`, pendingSize);
      pending.push(buffer);
    }
  }
  if (pending.length > 0) {
    const line = finish(Buffer.concat(pending));
    if (line) yield line;
  }
}

/** One JSON string of JSONL input, with the line it came from. */
export interface JsonlString {
  /** The parsed string. */
  text: string;
  /** Its 1-based line number in its file (or stdin). */
  lineNumber: number;
  /** `stdin`, or the file's name in quotes (see {@link NumberedLine}). */
  source: string;
}

/**
 * JSONL input (see {@link inputLines}): each line must be a JSON string. Yields the parsed strings
 * with their lines, and throws on a line that is not a JSON string, naming the line.
 */
export async function* readJsonlRecords(lines: AsyncIterable<NumberedLine>): AsyncGenerator<JsonlString> {
  for await (const numbered of lines) {
    let value: unknown;
    try {
      value = JSON.parse(numbered.line);
    } catch {
      throw new UsageError(
        `${lineName(numbered)}: not valid JSON (JSONL mode expects one JSON string per line)`,
      );
    }
    if (typeof value !== 'string')
      throw new UsageError(
        `${lineName(numbered)}: expected a JSON string, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
      );
    yield { text: value, lineNumber: numbered.lineNumber, source: numbered.source };
  }
}

/** {@link readJsonlRecords} without the line numbers. */
export async function* readJsonlStrings(lines: AsyncIterable<NumberedLine>): AsyncGenerator<string> {
  for await (const { text } of readJsonlRecords(lines)) yield text;
}

/**
 * Run `work` for an input line; an error it throws gets the line's name in front (`stdin line 3:`),
 * so that a bad record in a long JSONL stream can be found.
 */
export function atLine<T>(line: { source: string; lineNumber: number }, work: () => T): T {
  try {
    return work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const prefixed = `${lineName(line)}: ${message}`;
    throw error instanceof UsageError ? new UsageError(prefixed) : new Error(prefixed);
  }
}

/** Write one line, respecting back-pressure. */
export async function writeLine(stream: Writable, line: string): Promise<void> {
  await writeText(stream, `${line}\n`);
}

/** {@link writeLines} hands the stream this many UTF-16 units at a time, or more when a line is longer. */
const LINE_BATCH = 1 << 16;

/**
 * Write each line followed by a newline, respecting back-pressure, a batch of lines per write: a
 * write per line (millions of tokens) spends more time in the stream and the garbage collector than
 * producing the lines.
 *
 * @example
 * ```ts
 * await writeLines(process.stdout, ['a', 'b']); // prints a and b on two lines
 * ```
 */
export async function writeLines(stream: Writable, lines: Iterable<string>): Promise<void> {
  let batch: string[] = [];
  let size = 0;
  for (const line of lines) {
    batch.push(line);
    size += line.length + 1;
    if (size >= LINE_BATCH) {
      await writeText(stream, `${batch.join('\n')}\n`);
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) await writeText(stream, `${batch.join('\n')}\n`);
}

/** Write text, respecting back-pressure; a failed write (a full disk, a closed pipe) rejects. */
export async function writeText(stream: Writable, text: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    let done = false;
    const onError = (error: Error) => {
      if (!done) {
        done = true;
        reject(error);
      }
    };
    stream.once('error', onError);
    const flushed = stream.write(text, (error) => {
      if (error) onError(error);
    });
    const finish = () => {
      stream.off('error', onError);
      if (!done) {
        done = true;
        resolve();
      }
    };
    if (flushed) finish();
    else stream.once('drain', finish);
  });
}

/** A mistake in how a command was called: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  /** Creates the error with the message the user will see. */
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
