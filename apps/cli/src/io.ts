import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

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

/** Read all of a stream as UTF-8 text. */
export async function readStream(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The text of the named files joined by newlines, or of stdin when none is named (`-` also means stdin). */
export async function readInputText(files: readonly string[], io: CommandIO): Promise<string> {
  if (files.length === 0) return readStream(io.stdin);
  const texts = await Promise.all(
    files.map((file) => (file === '-' ? readStream(io.stdin) : readFile(file, 'utf8'))),
  );
  return texts.join('\n');
}

/** One non-empty input line and its 1-based line number. */
export interface NumberedLine {
  /** The line without its line ending. */
  line: string;
  /** Its number in the input, from 1. */
  lineNumber: number;
}

/** The non-empty lines of a stream with their line numbers (JSONL input, one record per line). */
export async function* readNumberedLines(stream: Readable): AsyncGenerator<NumberedLine> {
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() !== '') yield { line, lineNumber };
  }
}

/**
 * The lines of stdin in JSONL mode: each must be a JSON string. Yields the parsed strings, and
 * throws on a line that is not a JSON string, naming the line.
 */
export async function* readJsonlStrings(stream: Readable): AsyncGenerator<string> {
  for await (const { line, lineNumber } of readNumberedLines(stream)) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new UsageError(
        `stdin line ${lineNumber}: not valid JSON (JSONL mode expects one JSON string per line)`,
      );
    }
    if (typeof value !== 'string')
      throw new UsageError(`stdin line ${lineNumber}: expected a JSON string, got ${typeof value}`);
    yield value;
  }
}

/** Write one line, respecting back-pressure. */
export async function writeLine(stream: Writable, line: string): Promise<void> {
  if (!stream.write(`${line}\n`)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
}

/** A mistake in how a command was called: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  /** Creates the error with the message the user will see. */
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
