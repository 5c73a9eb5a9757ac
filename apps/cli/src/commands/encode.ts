import { open, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { findLoneSurrogate } from '@tokenlab/core';
import { DisallowedSpecialTokenError, type Encoding } from '@tokenlab/gpt';
import {
  countFileTokensParallel,
  encodeFileStreamParallel,
  encodeStreamParallel,
  FileTextError,
} from '@tokenlab/gpt/node';
import { type Command, parseCommandArgs } from '../command.js';
import { writeDocumentLine } from '../document-output.js';
import { writeIdLine } from '../id-output.js';
import { decodeInput, INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS } from '../input-decoding.js';
import { decodeStream, readInputDocuments, readInputText } from '../input-text.js';
import {
  atLine,
  type CommandIO,
  inputLines,
  lineName,
  MAX_INPUT_BYTES,
  openInputFile,
  readJsonlRecords,
  readStreamHead,
  stdinOf,
  UsageError,
  writeLine,
} from '../io.js';
import {
  type InputOptions,
  inputOptionsFrom,
  needsWebReading,
  URL_INPUT_HELP,
  URL_INPUT_OPTIONS,
} from '../url-input.js';
import { BYTES_PER_WORKER, type CappedWorkers, capWorkers } from '../worker-count.js';
import { codecFromOptions, parseAllowedSpecial } from './gpt-source.js';
import { explained, withoutFinalNewline, writeStreamedIds } from './streamed-ids.js';

/** `tokenlab encode`: text to token ids with a tiktoken encoding or a minbpe model. */
export const encodeCommand: Command = {
  name: 'encode',
  get help() {
    return `Usage: tokenlab encode (--encoding NAME | --model PREFIX.model) [options] [FILE...]

Reads the FILEs (or stdin) and prints the token ids, space-separated, on one line. The ids of
the encodings equal tiktoken's. Text that contains a special token such as <|endoftext|> is an
error unless --allowed-special lets it through (then it becomes the special token's id). A basic
minbpe model encodes special tokens as ordinary text only, as minbpe's BasicTokenizer does
(--special-as-text).

A final newline is text like any other and is encoded ('echo hi' sends 'hi\\n': cl100k_base gives
two tokens where 'hi' alone is one); a terminal gets a note on stderr when that happens, and
--strip-final-newline drops one final newline (\\n or \\r\\n) before encoding.

Options:
  -e, --encoding NAME          gpt2, r50k_base, p50k_base, p50k_edit, cl100k_base or o200k_base
  -m, --model PREFIX.model     a minbpe model (trained with 'tokenlab train' or by minbpe)
      --tiktoken FILE          a .tiktoken rank file, with --pattern (gpt2, cl100k_base, o200k_base
                               or a Python regex)
      --tokenizer-json FILE    a Hugging Face tokenizer.json with a byte-level BPE model
      --allowed-special LIST   'all' or a comma-separated list of special tokens to encode as such
      --special-as-text        encode the text of special tokens that are not allowed as ordinary text
      --strip-final-newline    do not encode the input's final newline (as 'echo' and editors add one)
      --count                  print only the number of tokens
      --json                   print a JSON array of ids (with --count: a JSON number)
      --jsonl                  each line (of the FILEs, or stdin) is a JSON string; each output line its JSON array of ids
                               (with --count: its number of tokens)
      --threads N              threads for a large input with a tiktoken encoding (same ids; this
                               one encodes too, so N - 1 workers are started);
                               default one per core, capped at the cores and at one per 4 MiB of
                               input (so one for small inputs), with a note on stderr when lowered.
                               One UTF-8 FILE with --encoding or --tiktoken (over 8 MiB, or on
                               several threads) is read by the threads themselves, each its own
                               parts, so the text never passes between them, and its ids are printed
                               part by part as they come (memory stays a few parts at any size; a
                               problem found past the first part stops the line there, with an
                               error that says so). A stdin of more than 8 MiB, and such a FILE in
                               another --input-encoding or with --replace-invalid, is streamed the
                               same way: decoded and encoded as it comes, at any size
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
  -h, --help                   show this help`;
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('encode', argv, {
      encoding: { type: 'string', short: 'e' },
      model: { type: 'string', short: 'm' },
      tiktoken: { type: 'string' },
      pattern: { type: 'string' },
      'tokenizer-json': { type: 'string' },
      'allowed-special': { type: 'string' },
      'special-as-text': { type: 'boolean' },
      count: { type: 'boolean' },
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
      'strip-final-newline': { type: 'boolean' },
      threads: { type: 'string' },
      ...INPUT_DECODING_OPTIONS,
      ...URL_INPUT_OPTIONS,
    });
    const threadsAsked = values.threads === undefined ? undefined : Number(values.threads);
    if (threadsAsked !== undefined && (!Number.isInteger(threadsAsked) || threadsAsked < 1))
      throw new UsageError(`--threads must be a positive integer, got '${values.threads}'`);
    const codec = await codecFromOptions(values, 'encode');
    const allowed = parseAllowedSpecial(values['allowed-special']);
    const asText = Boolean(values['special-as-text']);
    const count = Boolean(values.count);
    if (values.jsonl) {
      for await (const record of readJsonlRecords(inputLines(positionals, io))) {
        const line = record.text;
        const result = atLine(record, () =>
          count ? codec.count(line, allowed, asText) : codec.encode(line, allowed, asText),
        );
        // A JSON string may hold half a surrogate pair (`"\ud800"`), which no UTF-8 holds: encoded as
        // U+FFFD, as tiktoken encodes it, and said.
        const lone = findLoneSurrogate(line);
        if (lone >= 0)
          await writeLine(
            io.stderr,
            `tokenlab encode: warning: ${lineName(record)}: a lone surrogate (U+${line.charCodeAt(lone).toString(16).toUpperCase()}, half of a pair) at character ${lone} is encoded as U+FFFD, as tiktoken encodes it`,
          );
        await writeLine(io.stdout, JSON.stringify(result));
      }
      return 0;
    }
    const options = inputOptionsFrom(values);
    if (options.web?.feed) {
      for (const document of await readInputDocuments(positionals, io, options)) {
        const result = count
          ? codec.count(document.text, allowed, asText)
          : codec.encode(document.text, allowed, asText);
        const plain = typeof result === 'number' ? String(result) : result.join(' ');
        await writeDocumentLine(
          io,
          document,
          { [count ? 'count' : 'ids']: result },
          [plain],
          Boolean(values.json),
        );
      }
      return 0;
    }
    const stripNewline = Boolean(values['strip-final-newline']);
    // The special-token options of the parallel encoders, as `codec.encode` applies `allowed` and `asText`.
    const special = { allowedSpecial: allowed ?? [], ...(asText ? { disallowedSpecial: [] } : {}) };
    const printIds = (ids: Uint32Array) =>
      count ? writeLine(io.stdout, String(ids.length)) : writeIdLine(io.stdout, ids, Boolean(values.json));
    const direct = await encodeFileDirectly(
      positionals,
      codec.encoding,
      options,
      threadsAsked,
      stripNewline,
      special,
      count,
    );
    if (direct !== undefined && direct !== null) {
      try {
        if (direct.note) await writeLine(io.stderr, `tokenlab encode: ${direct.note}`);
        if (direct.endsWithNewline && !stripNewline && io.isTTY)
          await writeLine(io.stderr, FINAL_NEWLINE_NOTE);
        if (direct.parts === undefined) await writeLine(io.stdout, String(direct.count));
        else await writeStreamedIds(io.stdout, direct.parts, Boolean(values.json));
      } finally {
        // A failed write (a closed pipe) leaves the parts unread: stop the threads.
        await direct.parts?.return(undefined);
      }
      return 0;
    }
    const streamSettings = { threadsAsked, stripNewline, special, count, json: Boolean(values.json) };
    let text: string;
    const fromStdin = positionals.length === 0 || (positionals.length === 1 && positionals[0] === '-');
    const largeFile = fromStdin ? undefined : await largeLocalFile(positionals, options, direct === null);
    if (fromStdin && codec.encoding !== undefined) {
      // Streamed past STREAMED_BYTES: never held whole (and past 512 MB too).
      const input = await readStreamHead(stdinOf(io), STREAMED_BYTES);
      if (input.rest !== undefined) {
        await encodeStreamedInput(
          input.rest,
          'stdin',
          undefined,
          codec.encoding,
          io,
          options,
          streamSettings,
        );
        return 0;
      }
      text = await decodeInput(input.head, 'stdin', options, io.stderr);
    } else if (largeFile !== undefined && codec.encoding !== undefined) {
      // A large file the threads do not read themselves (another input encoding, --replace-invalid,
      // a problem in its first part): streamed as a large stdin is.
      const handle = await openInputFile(largeFile.name);
      try {
        const bytes = handle.createReadStream({ autoClose: false });
        await encodeStreamedInput(
          bytes,
          largeFile.name,
          largeFile.size,
          codec.encoding,
          io,
          options,
          streamSettings,
        );
      } finally {
        await handle.close();
      }
      return 0;
    } else text = await readInputText(positionals, io, options);
    const newline = /\r?\n$/.exec(text)?.[0];
    if (newline && stripNewline) text = text.slice(0, -newline.length);
    else if (newline && io.isTTY) await writeLine(io.stderr, FINAL_NEWLINE_NOTE);
    const threads =
      codec.encodeParallel === undefined ? undefined : threadsFor(Buffer.byteLength(text), threadsAsked);
    if (threads?.note) await writeLine(io.stderr, `tokenlab encode: ${threads.note}`);
    if (threads !== undefined && threads.workers > 1 && codec.encodeParallel) {
      await printIds(await codec.encodeParallel(text, allowed, asText, threads.workers));
      return 0;
    }
    if (count) {
      await writeLine(io.stdout, String(codec.count(text, allowed, asText)));
      return 0;
    }
    await writeIdLine(io.stdout, codec.encode(text, allowed, asText), Boolean(values.json));
    return 0;
  },
};

/**
 * Inputs larger than this (two threads' worth) are encoded as they are read, part by part, and their
 * ids printed as they come; smaller ones are read whole.
 */
const STREAMED_BYTES = 2 * BYTES_PER_WORKER;

const FINAL_NEWLINE_NOTE =
  'tokenlab encode: note: the input ends with a newline, which is encoded too; --strip-final-newline drops it';

/**
 * Threads for encoding `bytes` of input (the calling one included), in `workers`: `--threads N` or one
 * per core, capped by the cores and by the input's size (one per 4 MiB, so a small input stays in this
 * thread); `note` says why a request was lowered.
 */
function threadsFor(bytes: number, asked: number | undefined): CappedWorkers {
  const capped = capWorkers(asked ?? availableParallelism(), bytes, availableParallelism(), '--threads');
  return asked !== undefined ? capped : { workers: capped.workers };
}

/**
 * What {@link encodeFileDirectly} gives: the ids part by part (none when only counted), how many
 * (when counted), the threads' note, whether the file ended with a newline.
 */
interface DirectIds {
  parts: AsyncGenerator<Uint32Array> | undefined;
  count: number;
  note: string | undefined;
  endsWithNewline: boolean;
}

/**
 * The ids of one local UTF-8 file encoded with a tiktoken encoding (named or from a rank file) by
 * threads that each read, decode and encode their own parts of it, the text being what
 * `readInputText` would give (no leading BOM; no final newline with `stripNewline`): part by part as
 * they are encoded (`encodeFileStreamParallel`, so that neither the text nor all the ids are ever
 * held: a file of any size prints in the memory of a few parts), or with `countOnly` only how many
 * (`countFileTokensParallel`). Undefined when that does not apply (stdin, several files, a URL,
 * another input encoding, another codec, a file small enough for one thread to read whole); null when
 * the file has a disallowed special token or bytes that are not UTF-8 in its first part (or, counting,
 * anywhere): the usual path then reads it and reports them in its own words. Found in a later part, they stop the printing with an
 * error that says so (see {@link writeStreamedIds}).
 */
async function encodeFileDirectly(
  positionals: readonly string[],
  encoding: Encoding | undefined,
  options: InputOptions,
  threadsAsked: number | undefined,
  stripNewline: boolean,
  special: { allowedSpecial: 'all' | string[]; disallowedSpecial?: string[] },
  countOnly: boolean,
): Promise<DirectIds | undefined | null> {
  const file = positionals[0];
  if (positionals.length !== 1 || file === undefined || file === '-') return undefined;
  if (encoding === undefined) return undefined;
  if (options.replaceInvalid || needsWebReading(file, options) || !isUtf8Label(options.encoding))
    return undefined;
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    size = info.size;
  } catch {
    return undefined;
  }
  const threads = threadsFor(size, threadsAsked);
  // A large file is read in parts on one thread too (one core, or --threads 1): never held whole.
  if (threads.workers < 2 && size <= STREAMED_BYTES) return undefined;
  const { start, end, endsWithNewline } = await textBytesOf(file, size, stripNewline);
  const fileOptions = { ...special, threads: threads.workers, start, end };
  try {
    // Counting keeps no ids: memory stays a few parts per thread whatever the file's size.
    if (countOnly) {
      const count = await countFileTokensParallel(encoding, file, fileOptions);
      return { parts: undefined, count, note: threads.note, endsWithNewline };
    }
    const parts = encodeFileStreamParallel(encoding, file, fileOptions);
    // The first part's ids before anything is printed: a problem there is reported as the usual path
    // reports it, with nothing printed.
    const first = await parts.next();
    async function* all(): AsyncGenerator<Uint32Array> {
      if (first.done) return;
      yield first.value;
      yield* parts;
    }
    return { parts: all(), count: 0, note: threads.note, endsWithNewline };
  } catch (error) {
    if (error instanceof DisallowedSpecialTokenError || error instanceof FileTextError) return null;
    throw error;
  }
}

/**
 * The one local file named, when it is better streamed than read whole: larger than
 * {@link STREAMED_BYTES}, or (`problemAhead`: the threads found a problem in its first part) larger
 * than a command reads at once, so that the problem is reported instead of the file's size (a file
 * read whole gets the count of its invalid sequences too). Undefined for stdin, several files, a URL
 * or a smaller file.
 */
async function largeLocalFile(
  positionals: readonly string[],
  options: InputOptions,
  problemAhead: boolean,
): Promise<{ name: string; size: number } | undefined> {
  const name = positionals[0];
  if (positionals.length !== 1 || name === undefined || needsWebReading(name, options)) return undefined;
  try {
    const info = await stat(name);
    const streamedPast = problemAhead ? MAX_INPUT_BYTES : STREAMED_BYTES;
    return info.isFile() && info.size > streamedPast ? { name, size: info.size } : undefined;
  } catch {
    // The usual path reports a missing file in its own words.
    return undefined;
  }
}

/**
 * Encode a large input (`bytes` from its first byte, `name` in errors, `size` bytes when known) as it
 * streams: decoded chunk by chunk, cut into pieces at safe places and encoded on the threads
 * (`encodeStreamParallel`), the ids printed as they come (or only counted), so that the text is never
 * held whole, past the 512 MB a command reads at once too. Problems with the input are reported as for
 * any input (see {@link writeStreamedIds}); the final-newline note comes at the end, when it is known.
 */
async function encodeStreamedInput(
  bytes: AsyncIterable<Uint8Array>,
  name: string,
  size: number | undefined,
  encoding: Encoding,
  io: CommandIO,
  options: InputOptions,
  settings: {
    threadsAsked: number | undefined;
    stripNewline: boolean;
    special: { allowedSpecial: 'all' | string[]; disallowedSpecial?: string[] };
    count: boolean;
    json: boolean;
  },
): Promise<void> {
  // A size not known (stdin): as many threads as asked for or as there are cores.
  const threads = threadsFor(size ?? Number.MAX_SAFE_INTEGER, settings.threadsAsked);
  if (threads.note) await writeLine(io.stderr, `tokenlab encode: ${threads.note}`);
  let endsWithNewline = false;
  const text = withoutFinalNewline(
    decodeStream(bytes, name, options, io.stderr),
    settings.stripNewline,
    (ends) => {
      endsWithNewline = ends;
    },
  );
  const parts = encodeStreamParallel(encoding, text, { ...settings.special, threads: threads.workers });
  if (settings.count) {
    let tokens = 0;
    try {
      for await (const ids of parts) tokens += ids.length;
    } catch (error) {
      throw explained(error, false);
    }
    await writeLine(io.stdout, String(tokens));
  } else await writeStreamedIds(io.stdout, parts, settings.json);
  if (endsWithNewline && !settings.stripNewline && io.isTTY) await writeLine(io.stderr, FINAL_NEWLINE_NOTE);
}

/** Whether `label` (undefined: the default) names UTF-8 for `TextDecoder`. */
function isUtf8Label(label: string | undefined): boolean {
  if (label === undefined) return true;
  try {
    return new TextDecoder(label).encoding === 'utf-8';
  } catch {
    return false;
  }
}

/** The bytes of `file` that hold its text: after a leading BOM, before a final newline when it is stripped. */
async function textBytesOf(
  file: string,
  size: number,
  stripNewline: boolean,
): Promise<{ start: number; end: number; endsWithNewline: boolean }> {
  const handle = await open(file, 'r');
  try {
    const head = new Uint8Array(3);
    const tail = new Uint8Array(2);
    await handle.read(head, 0, Math.min(3, size), 0);
    await handle.read(tail, 0, Math.min(2, size), Math.max(0, size - 2));
    const start = size >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
    const last = size - start >= 1 ? tail[Math.min(2, size) - 1] : undefined;
    const endsWithNewline = last === 0x0a;
    const newlineBytes = !endsWithNewline ? 0 : size - start >= 2 && tail[0] === 0x0d ? 2 : 1;
    return { start, end: stripNewline ? size - newlineBytes : size, endsWithNewline };
  } finally {
    await handle.close();
  }
}
