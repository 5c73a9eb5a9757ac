import { GPT2_PYTHON_PATTERN, GPT4_PYTHON_PATTERN, MAX_TOKEN_ID, RegexTokenizer } from '@tokenlab/bpe';
import { compilePythonPattern, PythonPatternError } from '@tokenlab/pattern';
import { decodeInput } from '../input-decoding.js';
import { readFileBytes, readOptionFile } from '../io.js';
import { findJsonProblem, shorten } from './json-problem.js';

/**
 * A `tokenizer.json` that cannot be loaded: the message names the file and the place, a JSON path
 * (`model.merges[3]`) or a line and column.
 *
 * @example
 * ```ts
 * try { tokenizerFromJson('{"model": 1}', 'x.json'); } catch (e) { (e as TokenizerJsonError).place; } // 'model'
 * ```
 */
export class TokenizerJsonError extends Error {
  constructor(
    readonly file: string,
    readonly place: string,
    what: string,
  ) {
    super(`${file}: ${place}: ${what}`);
    this.name = 'TokenizerJsonError';
  }
}

/** GPT-2's byte-to-character table, as Hugging Face's byte-level models store bytes: character → byte. */
function unicodeToByte(): Map<string, number> {
  const table = new Map<string, number>();
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    const direct = (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
    table.set(String.fromCharCode(direct ? b : 256 + extra++), b);
  }
  return table;
}

type Json = unknown;

/** `value` as a plain object (not an array, not null), or undefined. */
function asObject(value: Json): Record<string, Json> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, Json>)
    : undefined;
}

/** Reads one parsed `tokenizer.json`, throwing {@link TokenizerJsonError}s that name `file` and a JSON path. */
class Reader {
  constructor(readonly file: string) {}

  fail(place: string, what: string): never {
    throw new TokenizerJsonError(this.file, place, what);
  }

  object(value: Json, place: string): Record<string, Json> {
    return asObject(value) ?? this.fail(place, `expected an object, got ${kind(value)}`);
  }

  array(value: Json, place: string): Json[] {
    return Array.isArray(value) ? value : this.fail(place, `expected an array, got ${kind(value)}`);
  }

  string(value: Json, place: string): string {
    return typeof value === 'string' ? value : this.fail(place, `expected a string, got ${kind(value)}`);
  }

  /** A token id: an integer in [0, MAX_TOKEN_ID), the bound the BPE tables are sized by. */
  id(value: Json, place: string): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= MAX_TOKEN_ID)
      this.fail(
        place,
        `expected a token id (an integer from 0 to ${MAX_TOKEN_ID - 1}), got ${shorten(value)}`,
      );
    return value;
  }
}

/** `message` cut to 200 characters: a message may quote an enormous pattern. */
function cut(message: string): string {
  return message.length > 200 ? `${message.slice(0, 197)}...` : message;
}

/** What `value` is, for messages. */
function kind(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${shorten(value)}`;
}

/** A JSON path step for `key` (`.name` or `["odd key"]`). */
function member(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `[${shorten(key)}]`;
}

/** The split pattern a byte-level pre-tokenizer applies, or a "not supported yet" error naming the part. */
function splitPattern(reader: Reader, pre: Json): string {
  const place = 'pre_tokenizer';
  const top = pre === null || pre === undefined ? {} : reader.object(pre, place);
  const steps =
    top.type === 'Sequence'
      ? reader
          .array(top.pretokenizers, `${place}.pretokenizers`)
          .map(
            (step, i) =>
              [reader.object(step, `${place}.pretokenizers[${i}]`), `${place}.pretokenizers[${i}]`] as const,
          )
      : [[top, place] as const];
  let pattern: string | undefined;
  let byteLevel = false;
  for (const [step, where] of steps) {
    if (step.type === 'ByteLevel') {
      if (step.add_prefix_space) reader.fail(where, 'ByteLevel with add_prefix_space is not supported yet');
      if (step.use_regex !== false) pattern ??= 'gpt2';
      byteLevel = true;
    } else if (step.type === 'Split') {
      const regex = asObject(step.pattern)?.Regex;
      if (typeof regex !== 'string' || step.behavior !== 'Isolated' || step.invert)
        reader.fail(where, 'only an isolated Split with a Regex pattern is supported yet');
      try {
        compilePythonPattern(regex);
      } catch (error) {
        if (!(error instanceof PythonPatternError)) throw error;
        const what = error.message.slice(0, error.message.lastIndexOf(' in pattern '));
        reader.fail(`${where}.pattern.Regex`, `${cut(what)} in ${shorten(regex)}`);
      }
      pattern = regex;
    } else reader.fail(where, `the ${shorten(step.type)} pre-tokenizer is not supported yet`);
  }
  if (!byteLevel) reader.fail(place, 'only byte-level BPE models are supported yet (no ByteLevel step)');
  if (pattern === undefined) return WHOLE_TEXT;
  // The built-in patterns match every character, so they keep their fast built-in form.
  if (pattern === 'gpt2' || pattern === GPT2_PYTHON_PATTERN || pattern === GPT4_PYTHON_PATTERN)
    return pattern;
  // An isolated Split keeps the text between matches as pieces too; findall would drop it. Gaps
  // become the second alternative; the third takes one character where the pattern matched empty.
  return `(?:${pattern})|(?:(?!(?:${pattern}))[\\s\\S])+|[\\s\\S]`;
}

/** No split at all (a byte-level step without its regex): the whole text is one piece. */
const WHOLE_TEXT = '[\\s\\S]+';

/** The vocabulary as a map, refusing non-ids and two tokens sharing one id. */
function readVocab(reader: Reader, value: Json): Map<string, number> {
  const vocab = new Map<string, number>();
  const tokenOf = new Map<number, string>();
  for (const [token, id] of Object.entries(reader.object(value ?? {}, 'model.vocab'))) {
    const place = `model.vocab${member(token)}`;
    reader.id(id, place);
    const other = tokenOf.get(id as number);
    if (other !== undefined) reader.fail(place, `id ${id} is already the id of ${shorten(other)}`);
    tokenOf.set(id as number, token);
    vocab.set(token, id as number);
  }
  return vocab;
}

/** The two parts of merge `entry` ("a b" or ["a", "b"]). */
function mergeParts(reader: Reader, entry: Json, place: string): [string, string] {
  if (typeof entry === 'string') {
    const parts = entry.split(' ');
    if (parts.length !== 2) reader.fail(place, `expected "left right" (one space), got ${shorten(entry)}`);
    return parts as [string, string];
  }
  const parts = reader.array(entry, place);
  if (parts.length !== 2) reader.fail(place, `expected two tokens, got ${parts.length}`);
  return [reader.string(parts[0], `${place}[0]`), reader.string(parts[1], `${place}[1]`)];
}

/**
 * A Hugging Face `tokenizer.json` text holding a byte-level BPE model (GPT-2 style: a `ByteLevel` step,
 * optionally after an isolated `Split`), as a minbpe-style tokenizer with the same ids. WordPiece,
 * Unigram and other models, normalizers and other pre-tokenizers are refused with "not supported yet".
 * Every other fault (bad JSON, a key twice, wrong types, ids out of range or shared, merges naming
 * unknown tokens or out of order, a bad pattern) throws a {@link TokenizerJsonError} naming `file` and
 * the place.
 *
 * @example
 * ```ts
 * const tokenizer = tokenizerFromJson(readFileSync('gpt2.tokenizer.json', 'utf8'), 'gpt2.tokenizer.json');
 * tokenizer.encode('hello');
 * ```
 */
export function tokenizerFromJson(text: string, file: string): RegexTokenizer {
  const reader = new Reader(file);
  const problem = findJsonProblem(text);
  if (problem) reader.fail(`line ${problem.line}, column ${problem.column}`, problem.message);
  const json = reader.object(JSON.parse(text), '(top level)');
  const model = reader.object(json.model, 'model');
  if (model.type !== 'BPE')
    reader.fail(
      'model.type',
      `${typeof model.type === 'string' ? model.type.slice(0, 40) : shorten(model.type)} models are not supported yet (only byte-level BPE)`,
    );
  if (json.normalizer !== undefined && json.normalizer !== null)
    reader.fail('normalizer', 'normalizers are not supported yet');
  const pattern = splitPattern(reader, json.pre_tokenizer);
  const vocab = readVocab(reader, model.vocab);
  // Each byte's id: a permutation of 0..255 (minbpe's byte shuffle) when the bytes are not ids 0..255.
  const shuffle = new Array<number>(256);
  for (const [char, byte] of unicodeToByte()) {
    const id = vocab.get(char);
    shuffle[byte] =
      id !== undefined && id <= 255
        ? id
        : reader.fail(
            `model.vocab${member(char)}`,
            `byte ${byte} must have an id below 256, got ${id ?? 'none'}`,
          );
  }
  const merges: [number, number, number][] = [];
  let previous = 255;
  for (const [index, entry] of reader.array(model.merges ?? [], 'model.merges').entries()) {
    const place = `model.merges[${index}]`;
    const [left, right] = mergeParts(reader, entry, place);
    const ids = [left, right, `${left}${right}`].map((token) => {
      const id = vocab.get(token);
      return id === undefined
        ? reader.fail(place, `names ${shorten(token)}, which the vocabulary lacks`)
        : id;
    }) as [number, number, number];
    const [a, b, merged] = ids;
    if (merged <= previous)
      reader.fail(
        place,
        `makes id ${merged}, not above the previous merge's ${previous}; merges whose ids are not in merge order are not supported yet`,
      );
    if (a >= merged || b >= merged) reader.fail(place, `makes id ${merged} from a part with a higher id`);
    previous = merged;
    merges.push([a, b, merged]);
  }
  const specialTokens: Record<string, number> = {};
  for (const [index, token] of reader.array(json.added_tokens ?? [], 'added_tokens').entries()) {
    const place = `added_tokens[${index}]`;
    const { content, id } = reader.object(token, place);
    const name = reader.string(content, `${place}.content`);
    if (name === '') reader.fail(`${place}.content`, 'a special token cannot be the empty string');
    reader.id(id, `${place}.id`);
    if (Object.hasOwn(specialTokens, name))
      reader.fail(`${place}.content`, `${shorten(name)} is added twice`);
    specialTokens[name] = id as number;
  }
  const identity = shuffle.every((id, byte) => id === byte);
  try {
    return RegexTokenizer.fromMerges(merges, {
      pattern,
      specialTokens,
      name: file,
      ...(identity ? {} : { byteShuffle: shuffle }),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const place = /special token/i.test(message)
      ? 'added_tokens'
      : /pattern|group/i.test(message) || !/^merge|byteShuffle/.test(message)
        ? 'pre_tokenizer'
        : 'model';
    return reader.fail(place, cut(message));
  }
}

/**
 * Read a Hugging Face `tokenizer.json` file (valid UTF-8, at most the CLI's input size limit) as
 * {@link tokenizerFromJson} does.
 *
 * @example
 * ```ts
 * const tokenizer = await loadTokenizerJson('gpt2.tokenizer.json');
 * ```
 */
export async function loadTokenizerJson(file: string): Promise<RegexTokenizer> {
  const bytes = await readOptionFile(file, '--tokenizer-json', readFileBytes);
  return tokenizerFromJson(await decodeInput(bytes, file, {}), file);
}
