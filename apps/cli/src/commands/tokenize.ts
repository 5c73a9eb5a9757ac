import { MAX_STRING_LENGTH, type Token, type Tokenizer } from '@tokenlab/core';
import { isolated } from '../bidi-isolate.js';
import { type Command, parseCommandArgs } from '../command.js';
import { displayWidth } from '../display-width.js';
import { writeDocumentLine } from '../document-output.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS } from '../input-decoding.js';
import { readInputDocuments, readInputText, streamInputText } from '../input-text.js';
import {
  atLine,
  type CommandIO,
  inputLines,
  readJsonlRecords,
  stdoutIsTerminal,
  UsageError,
  writeLine,
  writeLines,
  writeText,
} from '../io.js';
import { TokenTexts } from '../token-text.js';
import { TRAINED_BPE_HELP } from '../tokenizers/bpe.js';
import {
  createTokenizer,
  parseTokenizerNames,
  settingReaders,
  TOKENIZERS,
  type TokenizerEntry,
  type TokenizerSettings,
  unreadSetting,
} from '../tokenizers/index.js';
import { inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';
import { modelFileTokenizer } from './model-source.js';

/**
 * Tokens as JSON: the token objects with `--spans`, else each token's own text (a byte-level token
 * that holds part of a character as its bytes, `\\xc3`, as the text output and `stats freq` show it:
 * the tokens' texts would repeat the character).
 */
function tokenJson(tokens: Token[], spans: boolean, text: string): unknown[] {
  if (spans) return tokens;
  const texts = new TokenTexts(text);
  return tokens.map((token) => texts.own(token));
}

/** One token as one line: `text` is its text as {@link TokenTexts} prints it (never over two lines). */
function tokenLine(token: Token, text: string, spans: boolean): string {
  if (!spans) return text;
  const id = token.id === undefined ? '' : `\t${token.id}`;
  return `${token.start}\t${token.end}${id}\t${text}`;
}

function tokenCell(token: Token | undefined, texts: TokenTexts, spans: boolean): string {
  if (!token) return '';
  const text = texts.of(token);
  return spans ? `${token.start}:${token.end} ${text}` : text;
}

/**
 * Several tokenizers' tokens side by side, one row per token position: padded columns for a person
 * at a terminal, tab-separated columns (with a header) for a program.
 */
function sideBySide(
  names: readonly string[],
  text: string,
  results: readonly Token[][],
  spans: boolean,
  terminal: boolean,
): string[] {
  const rows = Math.max(0, ...results.map((tokens) => tokens.length));
  const table: string[][] = [[...names]];
  const texts = results.map(() => new TokenTexts(text));
  for (let row = 0; row < rows; row++)
    table.push(results.map((tokens, column) => tokenCell(tokens[row], texts[column]!, spans)));
  if (!terminal) return table.map((cells) => cells.join('\t'));
  const widths = names.map((_, column) => Math.max(...table.map((cells) => displayWidth(cells[column]!))));
  return table.map((cells) =>
    cells
      .map((cell, column) => {
        const shown = isolated(cell);
        return column === cells.length - 1 ? shown : shown + ' '.repeat(widths[column]! - displayWidth(cell));
      })
      .join('  ')
      .trimEnd(),
  );
}

/**
 * Tokens of a streamable tokenizer over the input, one array per input chunk, with spans shifted to
 * the whole text. Arrays, not single tokens: one asynchronous step per token costs more than the
 * tokenizing itself on a 50 MB input.
 */
async function* streamTokens(
  tokenizer: Tokenizer,
  chunks: AsyncIterable<string>,
): AsyncGenerator<{ tokens: Token[]; texts: TokenTexts }> {
  let offset = 0;
  let byteOffset = 0;
  for await (const chunk of chunks) {
    let lastByte = byteOffset;
    const tokens = tokenizer.tokenize(chunk);
    for (const token of tokens) {
      token.start += offset;
      token.end += offset;
      if (token.bytes) {
        token.bytes = [token.bytes[0] + byteOffset, token.bytes[1] + byteOffset];
        lastByte = token.bytes[1];
      }
    }
    yield { tokens, texts: new TokenTexts(chunk, offset, byteOffset) };
    offset += chunk.length;
    byteOffset = lastByte === byteOffset ? byteOffset + Buffer.byteLength(chunk) : lastByte;
  }
}

/**
 * The text of `chunks` re-cut at the last place of each where `lastCut` allows a cut (the rest
 * carried into the next), for a tokenizer whose tokens of a text are those of its pieces cut there.
 * A stretch without one is kept as its chunks and joined once; one longer than `limit` units (what a
 * string holds) is an error that says so.
 *
 * @example
 * ```ts
 * for await (const piece of recut(chunks, lastSpaceCut)) tokens.push(...tokenizer.tokenize(piece));
 * ```
 */
export async function* recut(
  chunks: AsyncIterable<string>,
  lastCut: (text: string, from: number) => number,
  limit = MAX_STRING_LENGTH,
): AsyncGenerator<string> {
  let carried: string[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    if (chunk === '') continue;
    // The unit before the chunk, for a rule that looks at both sides of a cut.
    const before = carried.length === 0 ? '' : carried[carried.length - 1]!.slice(-1);
    const found = lastCut(before + chunk, 1);
    const cut = found < 0 ? -1 : found - before.length;
    // What would be joined into one string: the carried text and this chunk up to its cut (all of it
    // when it has none).
    if (length + (cut < 0 ? chunk.length : cut) > limit)
      throw new Error(
        `the input has more than ${limit.toLocaleString('en')} characters without a place where this tokenizer may cut it (a space, tab or line break), more than a string holds; this tokenizer reads its input in parts cut only there`,
      );
    if (cut < 0) {
      carried.push(chunk);
      length += chunk.length;
      continue;
    }
    carried.push(chunk.slice(0, cut));
    const piece = carried.join('');
    if (piece !== '') yield piece;
    carried = cut < chunk.length ? [chunk.slice(cut)] : [];
    length = chunk.length - cut;
  }
  if (carried.length > 0) yield carried.join('');
}

async function runStreaming(
  tokenizer: Tokenizer,
  files: string[],
  io: CommandIO,
  values: Record<string, unknown>,
  lastCut: ((text: string, from: number) => number) | undefined,
) {
  const spans = Boolean(values.spans);
  const text = streamInputText(files, io, inputOptionsFrom(values));
  const tokens = streamTokens(tokenizer, lastCut ? recut(text, lastCut) : text);
  if (values.json) {
    // The same JSON array as for a whole text, written piece by piece.
    let batch = '[';
    let first = true;
    for await (const { tokens: chunkTokens, texts } of tokens)
      for (const token of chunkTokens) {
        batch += (first ? '' : ',') + JSON.stringify(spans ? token : texts.own(token));
        first = false;
        if (batch.length >= 65_536) {
          await writeText(io.stdout, batch);
          batch = '';
        }
      }
    await writeText(io.stdout, `${batch}]\n`);
    return;
  }
  let lines: string[] = [];
  for await (const { tokens: chunkTokens, texts } of tokens)
    for (const token of chunkTokens) {
      lines.push(tokenLine(token, texts.of(token), spans));
      if (lines.length >= 4096) {
        await writeText(io.stdout, `${lines.join('\n')}\n`);
        lines = [];
      }
    }
  if (lines.length > 0) await writeText(io.stdout, `${lines.join('\n')}\n`);
}

/** `tokenlab tokenize`: cut text into tokens with any registered tokenizer, or several side by side. */
export const tokenizeCommand: Command = {
  name: 'tokenize',
  get help() {
    const names = [...TOKENIZERS, TRAINED_BPE_HELP]
      .map((entry) => `  ${entry.name.padEnd(18)} ${entry.description}`)
      .join('\n');
    return `Usage: tokenlab tokenize --tokenizer NAME[,NAME...] [options] [FILE...]

Reads the FILEs (or stdin) and prints the tokens, one per line (control characters
such as newlines escaped as \\u000a; a byte-level token that holds part of a character shows its
bytes, whole characters as text and the others as \\xNN: 'é' in UTF-8 bytes is \\xc3, then \\xa9;
in --json too).
With --spans each line is START END [ID] TEXT, tab-separated.
With several tokenizers (-t whitespace,treebank,cl100k_base) their tokens stand side by side:
aligned columns on a terminal (a cell with Arabic or Hebrew letters in a bidi isolate, so that a
terminal that lays out right-to-left text keeps the columns in order), tab-separated columns under
a header line otherwise, and one JSON
object {"tokenizer", "tokens"} per tokenizer with --json (per tokenizer and line with --jsonl).
With --feed, one line per feed entry (and tokenizer): SOURCE#N, then the tokens, tab-separated
(a JSON object {"document", "title", "link", "tokens"} per line with --json).
The names are the ones 'tokenlab compare' prints as rows. chars, codepoints and utf8; whitespace,
wordpunct, wordpunct-unicode, arabic and arabic-clitics (cut after spaces and line breaks, which none
of their tokens hold); and the GPT encodings (cut where no id can change, as encode cuts) read their
input as a stream, so any size works; the others read it whole (at most 512 MB).

Options:
  -t, --tokenizer NAMES   which tokenizer, or several separated by commas (default: chars)
      --pattern P         a Python regular expression (regexp tokenizer)
      --gaps              the pattern matches the gaps between tokens (regexp tokenizer)
      --clitics           split Arabic clitics (arabic tokenizer; the same as -t arabic-clitics)
      --model FILE        a minbpe .model file (bpe tokenizer; train one with 'tokenlab train')
      --tiktoken FILE     a .tiktoken rank file, split by --pattern (gpt2, cl100k_base, o200k_base
                          or a Python regex), instead of --tokenizer
      --tokenizer-json FILE  a Hugging Face tokenizer.json (byte-level BPE), instead of --tokenizer
      --corpus LANG       en or ar: the bundled corpus the bpe-N tokenizers train on (default en)
      --spans             print [start, end) spans and ids with each token
      --json              print one JSON array of tokens for the whole input
      --jsonl             each line (of the FILEs, or stdin) is a JSON string; each output line is the JSON array of its tokens
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
  -h, --help              show this help

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
      corpus: { type: 'string' },
      spans: { type: 'boolean' },
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
      ...INPUT_DECODING_OPTIONS,
      ...URL_INPUT_OPTIONS,
    });
    const settings = values as TokenizerSettings;
    const fromFile = await modelFileTokenizer(values);
    const entries = fromFile ? [] : parseTokenizerNames(String(values.tokenizer));
    if (!fromFile) requireUsedSettings(values, entries);
    const tokenizers = fromFile
      ? [fromFile]
      : await Promise.all(entries.map((entry) => createTokenizer(entry.name, settings)));
    const names = fromFile ? [fromFile.name] : entries.map((entry) => entry.name);
    const spans = Boolean(values.spans);
    const several = tokenizers.length > 1;
    if (values.jsonl) {
      for await (const record of readJsonlRecords(inputLines(positionals, io))) {
        const { text, lineNumber } = record;
        const results = atLine(record, () => tokenizers.map((tokenizer) => tokenizer.tokenize(text)));
        if (!several) await writeLine(io.stdout, JSON.stringify(tokenJson(results[0]!, spans, text)));
        else
          for (const [index, tokens] of results.entries())
            await writeLine(
              io.stdout,
              JSON.stringify({
                tokenizer: names[index],
                line: lineNumber,
                tokens: tokenJson(tokens, spans, text),
              }),
            );
      }
      return 0;
    }
    const options = inputOptionsFrom(values);
    if (options.web?.feed) {
      // One line per feed entry (and tokenizer), naming the entry.
      for (const document of await readInputDocuments(positionals, io, options))
        for (const [index, tokenizer] of tokenizers.entries()) {
          const tokens = tokenizer.tokenize(document.text);
          const texts = new TokenTexts(document.text);
          const which = several ? { tokenizer: names[index] } : {};
          await writeDocumentLine(
            io,
            document,
            { ...which, tokens: tokenJson(tokens, spans, document.text) },
            [...(several ? [names[index]!] : []), ...tokens.map((token) => tokenCell(token, texts, spans))],
            Boolean(values.json),
          );
        }
      return 0;
    }
    if (!several && !fromFile && (entries[0]!.streamable || entries[0]!.lastCut)) {
      await runStreaming(tokenizers[0]!, positionals, io, values, entries[0]!.lastCut);
      return 0;
    }
    const text = await readInputText(positionals, io, options);
    const results = tokenizers.map((tokenizer) => tokenizer.tokenize(text));
    if (values.json) {
      if (!several) await writeLine(io.stdout, JSON.stringify(tokenJson(results[0]!, spans, text)));
      else
        for (const [index, tokens] of results.entries())
          await writeLine(
            io.stdout,
            JSON.stringify({ tokenizer: names[index], tokens: tokenJson(tokens, spans, text) }),
          );
      return 0;
    }
    const texts = new TokenTexts(text);
    const lines = several
      ? sideBySide(names, text, results, spans, stdoutIsTerminal(io))
      : results[0]!.map((token) => tokenLine(token, texts.of(token), spans));
    await writeLines(io.stdout, lines);
    return 0;
  },
};

/**
 * Refuse a setting none of the chosen tokenizers reads (`-t word --pattern P`): it was ignored, and
 * the tokens were not what the setting asked for.
 */
function requireUsedSettings(values: Record<string, unknown>, entries: readonly TokenizerEntry[]): void {
  const setting = unreadSetting(values, entries);
  if (setting === undefined) return;
  const readers = settingReaders(setting);
  const which =
    readers.length === 1 && readers[0] === 'bpe-N'
      ? 'the bpe-N tokenizers'
      : `the ${readers.join(' or ')} tokenizer`;
  throw new UsageError(
    `--${setting} applies to ${which}, and -t ${entries.map((entry) => entry.name).join(',')} has none: it would be ignored`,
  );
}
