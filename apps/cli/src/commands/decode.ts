import { findInvalidUtf8, Utf8StreamDecoder } from '@tokenlab/core';
import { type Command, parseCommandArgs } from '../command.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS, InvalidInputError } from '../input-decoding.js';
import { streamInputText } from '../input-text.js';
import {
  atLine,
  type CommandIO,
  inputLines,
  lineName,
  stdoutIsTerminal,
  UsageError,
  writeLine,
  writeText,
} from '../io.js';
import { inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';
import { codecFromOptions, type IdCodec } from './gpt-source.js';

/**
 * Input that is not token ids, or an id that no token has: a failure of the input (exit code 1, as
 * bytes that are not valid text are), not of the command line.
 */
class IdError extends Error {}

/** Ids from text such as `1 2 3`, `1,2,3` or `[1, 2, 3]`; anything else is an error that shows it. */
export function parseIds(text: string, where?: string): number[] {
  const ids: number[] = [];
  appendIds(text, ids, where);
  return ids;
}

/**
 * Append to `out` the ids of `text` (words of ASCII digits between white space, commas and brackets),
 * as {@link parseIds} reads them. One pass over the characters, not a split into words: a large input
 * is mostly ids, and the split took most of the time of decoding it.
 */
function appendIds(text: string, out: number[], where?: string): void {
  const length = text.length;
  let at = 0;
  while (at < length) {
    const code = text.charCodeAt(at);
    if (isSeparator(code, text, at)) {
      at++;
      continue;
    }
    const start = at;
    let value = 0;
    while (at < length) {
      const digit = text.charCodeAt(at) - 0x30;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
      at++;
    }
    if (at < length && !isSeparator(text.charCodeAt(at), text, at)) {
      let end = at;
      while (end < length && !isSeparator(text.charCodeAt(end), text, end)) end++;
      throw new IdError(
        `${where ? `${where}: ` : ''}'${clip(text.slice(start, end))}' is not a token id (expected non-negative integers)`,
      );
    }
    // Up to 15 digits the sum is exact; a longer word is read whole to say whether it is too large.
    if (at - start > 15 && !Number.isSafeInteger(Number(text.slice(start, at))))
      throw new IdError(
        `${where ? `${where}: ` : ''}'${clip(text.slice(start, at))}' is too large to be a token id`,
      );
    out.push(at - start > 15 ? Number(text.slice(start, at)) : value);
  }
}

/** Whether the character at `at` (code `code`) separates ids: white space (as `\s` means it), `,`, `[`, `]`. */
function isSeparator(code: number, text: string, at: number): boolean {
  if (code === 0x20 || code === 0x2c || code === 0x0a || code === 0x0d || code === 0x09) return true;
  if (code === 0x5b || code === 0x5d) return true;
  return code > 0x7f || (code >= 0x0b && code <= 0x0c) ? /\s/.test(text[at]!) : false;
}

/** A long word cut for an error message: the message names it, not repeats a megabyte of it. */
function clip(word: string): string {
  return word.length > 40 ? `${word.slice(0, 40)}…` : word;
}

/** `tokenlab decode`: token ids back to text. */
export const decodeCommand: Command = {
  name: 'decode',
  get help() {
    return `Usage: tokenlab decode (--encoding NAME | --model PREFIX.model) [options] [FILE...]

Reads token ids from the FILEs (or stdin), separated by spaces, newlines or commas (a JSON
array works too), and prints the text they decode to. Bytes that are not valid UTF-8 (ids that
hold part of a character without the rest) print as U+FFFD, as tiktoken's decode prints them, and a
warning on stderr says where the first is. On a terminal the text ends with a newline (added when it has none of its own); into a
pipe or a file it is written exactly, so 'encode | decode' gives the input back byte for byte.
The ids are read and decoded as they stream, 65,536 at a time, so an input of any size decodes in
the memory of a batch; a problem found after some text was printed stops with an error saying so.

Options:
  -e, --encoding NAME        gpt2, r50k_base, p50k_base, p50k_edit, cl100k_base or o200k_base
  -m, --model PREFIX.model   a minbpe model
      --tiktoken FILE        a .tiktoken rank file (--pattern is not needed to decode)
      --tokenizer-json FILE  a Hugging Face tokenizer.json with a byte-level BPE model
      --json                 print the text as a JSON string
      --jsonl                each line (of the FILEs, or stdin) holds the ids of one text; each output line is a JSON string
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
  -h, --help                 show this help`;
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('decode', argv, {
      encoding: { type: 'string', short: 'e' },
      model: { type: 'string', short: 'm' },
      tiktoken: { type: 'string' },
      pattern: { type: 'string' },
      'tokenizer-json': { type: 'string' },
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
      ...INPUT_DECODING_OPTIONS,
      ...URL_INPUT_OPTIONS,
    });
    const codec = await codecFromOptions(values, 'decode');
    if (values.jsonl) {
      const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
      for await (const numbered of inputLines(positionals, io)) {
        const text = atLine(numbered, () => {
          // A line that is not ids is a bad --jsonl record, a usage error as in every command; an id
          // that is no token is a fault of the data, as it is outside --jsonl.
          let ids: number[];
          try {
            ids = parseIds(numbered.line);
          } catch (error) {
            throw new UsageError((error as Error).message);
          }
          const bytes = asIdError(() => codec.decodeBytes(ids));
          const invalid = findInvalidUtf8(bytes);
          return { text: lenient.decode(bytes), invalid };
        });
        if (text.invalid >= 0) await writeLine(io.stderr, notUtf8Warning(text.invalid, lineName(numbered)));
        await writeLine(io.stdout, JSON.stringify(text.text));
      }
      return 0;
    }
    const where = positionals.length ? positionals.join(', ') : 'stdin';
    const batches = idBatches(streamInputText(positionals, io, inputOptionsFrom(values)), where);
    await writeDecoded(io, codec, batches, Boolean(values.json));
    return 0;
  },
};

/** Ids decoded and written at once: an input of fewer (most are) is read whole before anything is printed. */
const IDS_PER_BATCH = 1 << 16;

/**
 * The ids of a stream of text (as {@link parseIds} reads them), in batches of {@link IDS_PER_BATCH}:
 * a word cut by a chunk's end is read with the next chunk, and a run without a separator longer than
 * any id is an error at once (it is held, not read on without end).
 */
async function* idBatches(chunks: AsyncIterable<string>, where: string): AsyncGenerator<number[]> {
  let carry = '';
  let parsed: number[] = [];
  const take = function* (text: string): Generator<number[]> {
    appendIds(text, parsed, where);
    if (parsed.length < IDS_PER_BATCH) return;
    let from = 0;
    for (; from + IDS_PER_BATCH <= parsed.length; from += IDS_PER_BATCH)
      yield parsed.slice(from, from + IDS_PER_BATCH);
    parsed = parsed.slice(from);
  };
  for await (const chunk of chunks) {
    const text = carry + chunk;
    let end = text.length;
    while (end > 0 && !/[\s,[\]]/.test(text[end - 1]!)) end--;
    carry = text.slice(end);
    yield* take(text.slice(0, end));
    if (carry.length > MAX_ID_DIGITS) yield* take(carry);
  }
  yield* take(carry);
  if (parsed.length > 0) yield parsed;
}

/** More digits than a token id has: such a word is an error (too large, or not a number). */
const MAX_ID_DIGITS = 32;

/**
 * Decode the ids a batch at a time, writing the text as it comes (a character cut between two batches
 * waits for the next; bytes that are not UTF-8 print as U+FFFD, as `decode` prints them), as one JSON
 * string with `json`, and a final newline on a terminal. A problem (an id that is not a token, input
 * that is not ids) in the first batch prints nothing; after it, the error says that the text printed
 * ends before it.
 */
async function writeDecoded(
  io: CommandIO,
  codec: IdCodec,
  batches: AsyncIterable<number[]>,
  json: boolean,
): Promise<void> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  // Follows the same bytes strictly, to say where the first byte that is not UTF-8 is (once).
  let strict: Utf8StreamDecoder | undefined = new Utf8StreamDecoder();
  let invalid = -1;
  const check = (bytes?: Uint8Array) => {
    if (!strict) return;
    try {
      if (bytes) strict.decode(bytes);
      else strict.end();
    } catch (error) {
      invalid = (error as { offset?: number }).offset ?? 0;
      strict = undefined;
    }
  };
  let printed = false;
  let last = '';
  const write = async (text: string) => {
    if (!printed && json) await writeText(io.stdout, '"');
    printed = true;
    if (text === '') return;
    last = text;
    await writeText(io.stdout, json ? JSON.stringify(text).slice(1, -1) : text);
  };
  try {
    for await (const ids of batches) {
      const bytes = asIdError(() => codec.decodeBytes(ids));
      check(bytes);
      await write(decoder.decode(bytes, { stream: true }));
    }
  } catch (error) {
    if (!printed) throw error;
    const cut = 'the text printed so far ends before it';
    if (error instanceof InvalidInputError) throw new InvalidInputError(`${error.problem}; ${cut}`);
    if (error instanceof IdError) throw new IdError(`${error.message}; ${cut}`);
    throw error;
  }
  await write(decoder.decode());
  check();
  if (json) await writeLine(io.stdout, '"');
  else if (stdoutIsTerminal(io) && !last.endsWith('\n')) await writeText(io.stdout, '\n');
  if (invalid >= 0) await writeLine(io.stderr, notUtf8Warning(invalid));
}

/**
 * The warning for decoded bytes that are not UTF-8, first at byte `offset` of the text (of `where`):
 * printed as U+FFFD, never replaced in silence.
 *
 * @example
 * ```ts
 * notUtf8Warning(3); // 'tokenlab decode: warning: the ids decode to bytes that are not UTF-8 ...'
 * ```
 */
function notUtf8Warning(offset: number, where?: string): string {
  return `tokenlab decode: warning: ${where ? `${where}: ` : ''}the ids decode to bytes that are not UTF-8, the first at byte ${offset} of the text, printed as U+FFFD (ids that hold part of a character decode whole only with the ids of its other bytes)`;
}

/** What `decode` gives, an id that is no token being an {@link IdError} (its message names the id). */
function asIdError<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw error instanceof IdError ? error : new IdError((error as Error).message);
  }
}
