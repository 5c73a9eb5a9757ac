import { TreebankWordDetokenizer } from '@tokenlab/classic';
import { type Command, parseCommandArgs } from '../command.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS } from '../input-decoding.js';
import { readInputText } from '../input-text.js';
import { inputLines, lineName, type NumberedLine, UsageError, writeLine } from '../io.js';
import { inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';

function tokensOf(numbered: NumberedLine): string[] {
  let value: unknown;
  try {
    value = JSON.parse(numbered.line);
  } catch {
    throw new UsageError(`${lineName(numbered)}: not valid JSON (expected a JSON array of token strings)`);
  }
  if (!Array.isArray(value) || !value.every((token) => typeof token === 'string'))
    throw new UsageError(
      `${lineName(numbered)}: expected a JSON array of strings, e.g. ["Hello", ",", "world"]`,
    );
  return value;
}

/** `tokenlab detokenize`: join Treebank tokens back into text. */
export const detokenizeCommand: Command = {
  name: 'detokenize',
  get help() {
    return `Usage: tokenlab detokenize [--jsonl] [--parentheses] [FILE...]

Joins tokens into text with NLTK's TreebankWordDetokenizer (undoes the Treebank tokenizer's
spacing; quotes come back as ").

Input: tokens separated by whitespace (one text per input), or with --jsonl one JSON array of
token strings per line, answered by one JSON string per line.

Options:
      --jsonl        each line (of the FILEs, or stdin) is a JSON array of tokens; each output line the JSON string
      --parentheses  turn -LRB- -RRB- -LSB- -RSB- -LCB- -RCB- back into brackets
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
  -h, --help         show this help`;
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('detokenize', argv, {
      jsonl: { type: 'boolean' },
      ...INPUT_DECODING_OPTIONS,
      ...URL_INPUT_OPTIONS,
      parentheses: { type: 'boolean' },
    });
    const detokenizer = new TreebankWordDetokenizer();
    const options = { convertParentheses: Boolean(values.parentheses) };
    if (values.jsonl) {
      for await (const numbered of inputLines(positionals, io)) {
        await writeLine(io.stdout, JSON.stringify(detokenizer.detokenize(tokensOf(numbered), options)));
      }
      return 0;
    }
    const text = await readInputText(positionals, io, inputOptionsFrom(values));
    const tokens = text.split(/\s+/u).filter((token) => token !== '');
    await writeLine(io.stdout, detokenizer.detokenize(tokens, options));
    return 0;
  },
};
