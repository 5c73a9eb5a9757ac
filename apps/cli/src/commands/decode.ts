import { type Command, parseCommandArgs } from '../command.js';
import { readInputText, readNumberedLines, UsageError, writeLine } from '../io.js';
import { codecFromOptions } from './gpt-source.js';

/** Ids from text such as `1 2 3`, `1,2,3` or `[1, 2, 3]`; anything else is an error that shows it. */
export function parseIds(text: string, where: string): number[] {
  const ids: number[] = [];
  for (const word of text.replace(/[[\]]/g, ' ').split(/[\s,]+/)) {
    if (word === '') continue;
    if (!/^\d+$/.test(word))
      throw new UsageError(`${where}: '${word}' is not a token id (expected non-negative integers)`);
    ids.push(Number(word));
  }
  return ids;
}

/** `tokenlab decode`: token ids back to text. */
export const decodeCommand: Command = {
  name: 'decode',
  summary: 'token ids to text (tiktoken encodings, minbpe models)',
  help: `Usage: tokenlab decode (--encoding NAME | --model PREFIX.model) [options] [FILE...]

Reads token ids from the FILEs (or stdin), separated by spaces, newlines or commas (a JSON
array works too), and prints the text they decode to. Bytes that are not valid UTF-8 print as
U+FFFD.

Options:
  -e, --encoding NAME        gpt2, r50k_base, p50k_base, p50k_edit, cl100k_base or o200k_base
  -m, --model PREFIX.model   a minbpe model
      --tiktoken FILE        a .tiktoken rank file (--pattern is not needed to decode)
      --tokenizer-json FILE  a Hugging Face tokenizer.json with a byte-level BPE model
      --json                 print the text as a JSON string
      --jsonl                each stdin line holds the ids of one text; each output line is a JSON string
  -h, --help                 show this help`,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('decode', argv, {
      encoding: { type: 'string', short: 'e' },
      model: { type: 'string', short: 'm' },
      tiktoken: { type: 'string' },
      pattern: { type: 'string' },
      'tokenizer-json': { type: 'string' },
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
    });
    const codec = await codecFromOptions(values, 'decode');
    if (values.jsonl) {
      for await (const { line, lineNumber } of readNumberedLines(io.stdin)) {
        await writeLine(
          io.stdout,
          JSON.stringify(decodeOrExplain(codec, parseIds(line, `stdin line ${lineNumber}`))),
        );
      }
      return 0;
    }
    const ids = parseIds(
      await readInputText(positionals, io),
      positionals.length ? positionals.join(', ') : 'stdin',
    );
    const text = decodeOrExplain(codec, ids);
    if (values.json) await writeLine(io.stdout, JSON.stringify(text));
    else if (!io.stdout.write(text))
      await new Promise<void>((resolve) => io.stdout.once('drain', () => resolve()));
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
