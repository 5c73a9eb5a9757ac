import { replaceControlCharacters, type Token } from '@tokenlab/core';
import { type Command, parseCommandArgs } from '../command.js';
import { readInputText, readJsonlStrings, writeLine } from '../io.js';
import { createTokenizer, TOKENIZERS, type TokenizerSettings } from '../tokenizers/index.js';
import { modelFileTokenizer } from './model-source.js';

function tokenJson(tokens: Token[], spans: boolean): unknown[] {
  return spans ? tokens : tokens.map((token) => token.text);
}

/** `tokenlab tokenize`: cut text into tokens with any registered tokenizer. */
export const tokenizeCommand: Command = {
  name: 'tokenize',
  summary: 'cut text into tokens with any tokenizer',
  get help() {
    const names = TOKENIZERS.map((entry) => `  ${entry.name.padEnd(18)} ${entry.description}`).join('\n');
    return `Usage: tokenlab tokenize --tokenizer NAME [options] [FILE...]

Reads the FILEs (or stdin) and prints the tokens, one per line (control characters
such as newlines escaped as \\u000a). With --spans each line is START END [ID] TEXT, tab-separated.

Options:
  -t, --tokenizer NAME  which tokenizer (default: chars)
      --pattern P       a Python regular expression (regexp tokenizer)
      --gaps            the pattern matches the gaps between tokens (regexp tokenizer)
      --tiktoken FILE   a .tiktoken rank file, split by --pattern (gpt2, cl100k_base, o200k_base
                        or a Python regex), instead of --tokenizer
      --tokenizer-json FILE  a Hugging Face tokenizer.json (byte-level BPE), instead of --tokenizer
      --spans           print [start, end) spans and ids with each token
      --json            print one JSON array of tokens for the whole input
      --jsonl           each stdin line is a JSON string; each output line is the JSON array of its tokens
  -h, --help            show this help

Tokenizers:
${names}`;
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('tokenize', argv, {
      tokenizer: { type: 'string', short: 't', default: 'chars' },
      pattern: { type: 'string' },
      gaps: { type: 'boolean' },
      model: { type: 'string' },
      tiktoken: { type: 'string' },
      'tokenizer-json': { type: 'string' },
      clitics: { type: 'boolean' },
      spans: { type: 'boolean' },
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
    });
    const tokenizer =
      (await modelFileTokenizer(values)) ??
      (await createTokenizer(String(values.tokenizer), values as TokenizerSettings));
    const spans = Boolean(values.spans);
    if (values.jsonl) {
      for await (const line of readJsonlStrings(io.stdin)) {
        await writeLine(io.stdout, JSON.stringify(tokenJson(tokenizer.tokenize(line), spans)));
      }
      return 0;
    }
    const tokens = tokenizer.tokenize(await readInputText(positionals, io));
    if (values.json) {
      await writeLine(io.stdout, JSON.stringify(tokenJson(tokens, spans)));
      return 0;
    }
    for (const token of tokens) {
      const id = token.id === undefined ? '' : `\t${token.id}`;
      // Control characters are escaped so that one token is always one line.
      const text = replaceControlCharacters(token.text);
      const line = spans ? `${token.start}\t${token.end}${id}\t${text}` : text;
      await writeLine(io.stdout, line);
    }
    return 0;
  },
};
