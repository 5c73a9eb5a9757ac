import { availableParallelism } from 'node:os';
import { type Command, parseCommandArgs } from '../command.js';
import { writeDocumentLine } from '../document-output.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS } from '../input-decoding.js';
import {
  atLine,
  type CommandIO,
  readInputDocuments,
  readInputText,
  readJsonlRecords,
  UsageError,
  writeLine,
} from '../io.js';
import { inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';
import { capWorkers } from '../worker-count.js';
import { codecFromOptions, type IdCodec, parseAllowedSpecial } from './gpt-source.js';

/** `tokenlab encode`: text to token ids with a tiktoken encoding or a minbpe model. */
export const encodeCommand: Command = {
  name: 'encode',
  get help() {
    return `Usage: tokenlab encode (--encoding NAME | --model PREFIX.model) [options] [FILE...]

Reads the FILEs (or stdin) and prints the token ids, space-separated, on one line. The ids of
the encodings equal tiktoken's. Text that contains a special token such as <|endoftext|> is an
error unless --allowed-special lets it through (then it becomes the special token's id).

A final newline is text like any other and is encoded ('echo hi' sends 'hi\n': cl100k_base gives
two tokens where 'hi' alone is one); a terminal gets a note on stderr when that happens, and
--strip-final-newline drops one final newline (\n or \r\n) before encoding.

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
      --jsonl                  each stdin line is a JSON string; each output line its JSON array of ids
                               (with --count: its number of tokens)
      --threads N              threads for a large input with a tiktoken encoding (same ids; this
                               one encodes too, so N - 1 workers are started);
                               default one per core, capped at the cores and at one per 4 MiB of
                               input (so one for small inputs), with a note on stderr when lowered
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
      for await (const { text: line, lineNumber } of readJsonlRecords(io.stdin)) {
        const result = atLine(lineNumber, () =>
          count ? codec.count(line, allowed, asText) : codec.encode(line, allowed, asText),
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
    let text = await readInputText(positionals, io, options);
    const newline = /\r?\n$/.exec(text)?.[0];
    if (newline && values['strip-final-newline']) text = text.slice(0, -newline.length);
    else if (newline && io.isTTY)
      await writeLine(
        io.stderr,
        `tokenlab encode: note: the input ends with a newline, which is encoded too; --strip-final-newline drops it`,
      );
    const threads = await threadsFor(text, threadsAsked, codec, io);
    if (threads > 1 && codec.encodeParallel) {
      const ids = await codec.encodeParallel(text, allowed, asText, threads);
      const line = count ? String(ids.length) : values.json ? `[${ids.join(',')}]` : ids.join(' ');
      await writeLine(io.stdout, line);
      return 0;
    }
    if (count) {
      await writeLine(io.stdout, String(codec.count(text, allowed, asText)));
      return 0;
    }
    const ids = codec.encode(text, allowed, asText);
    await writeLine(io.stdout, values.json ? JSON.stringify(ids) : ids.join(' '));
    return 0;
  },
};

/**
 * Threads for encoding `text` (the calling one included): `--threads N` or one per core, capped by the cores and by the
 * input's size (one per 4 MiB, so a small input stays in this thread); a lowered request is noted on
 * stderr. Codecs that cannot encode in parallel (minbpe models, tokenizer.json) get one.
 */
async function threadsFor(
  text: string,
  asked: number | undefined,
  codec: IdCodec,
  io: CommandIO,
): Promise<number> {
  if (codec.encodeParallel === undefined) return 1;
  const bytes = Buffer.byteLength(text);
  const capped = capWorkers(asked ?? availableParallelism(), bytes, availableParallelism(), '--threads');
  if (asked !== undefined && capped.note) await writeLine(io.stderr, `tokenlab encode: ${capped.note}`);
  return capped.workers;
}
