import { type Command, parseCommandArgs } from '../command.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS } from '../input-decoding.js';
import { readInputText } from '../input-text.js';
import { atLine, inputLines, stdoutIsTerminal, UsageError, writeLine, writeText } from '../io.js';
import { inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';
import { codecFromOptions } from './gpt-source.js';

/** Ids from text such as `1 2 3`, `1,2,3` or `[1, 2, 3]`; anything else is an error that shows it. */
export function parseIds(text: string, where?: string): number[] {
  const ids: number[] = [];
  for (const word of text.replace(/[[\]]/g, ' ').split(/[\s,]+/)) {
    if (word === '') continue;
    if (!/^\d+$/.test(word))
      throw new UsageError(
        `${where ? `${where}: ` : ''}'${clip(word)}' is not a token id (expected non-negative integers)`,
      );
    const id = Number(word);
    if (!Number.isSafeInteger(id))
      throw new UsageError(`${where ? `${where}: ` : ''}'${clip(word)}' is too large to be a token id`);
    ids.push(id);
  }
  return ids;
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
array works too), and prints the text they decode to. Bytes that are not valid UTF-8 print as
U+FFFD. On a terminal the text ends with a newline (added when it has none of its own); into a
pipe or a file it is written exactly, so 'encode | decode' gives the input back byte for byte.

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
      for await (const numbered of inputLines(positionals, io)) {
        const text = atLine(numbered, () => decodeOrExplain(codec, parseIds(numbered.line)));
        await writeLine(io.stdout, JSON.stringify(text));
      }
      return 0;
    }
    const where = positionals.length ? positionals.join(', ') : 'stdin';
    const ids = parseIds(await readInputText(positionals, io, inputOptionsFrom(values)), where);
    const text = decodeOrExplain(codec, ids);
    if (values.json) await writeLine(io.stdout, JSON.stringify(text));
    else await writeText(io.stdout, stdoutIsTerminal(io) && !text.endsWith('\n') ? `${text}\n` : text);
    return 0;
  },
};

function decodeOrExplain(codec: { decode(ids: number[]): string }, ids: number[]): string {
  try {
    return codec.decode(ids);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
