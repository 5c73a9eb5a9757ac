import { MAX_STRING_LENGTH, renderToken } from '@tokenlab/core';
import { BasicTokenizer } from './basic.js';
import type { BpeTokenizer } from './bpe-tokenizer.js';
import { findRepeatedPair, MAX_TOKEN_ID } from './pair.js';
import { RegexTokenizer } from './regex-tokenizer.js';
import { SplitPattern } from './split-pattern.js';
import { VocabLines } from './vocab-lines.js';

/**
 * The first line of every minbpe `.model` file.
 *
 * @example
 * ```ts
 * MODEL_VERSION; // 'minbpe v1'
 * modelFileText(tokenizer).startsWith(`${MODEL_VERSION}\n`); // true
 * ```
 */
export const MODEL_VERSION = 'minbpe v1';

/**
 * What a `.model` file holds.
 *
 * @example
 * ```ts
 * const model: ParsedModel = parseModel(modelFileText(tokenizer), 'toy.model');
 * model.merges; // [[97, 97], [256, 97], [257, 98]]
 * ```
 */
export interface ParsedModel {
  /** The split pattern (`''` for a BasicTokenizer). */
  pattern: string;
  /** Special tokens, in file order. */
  specialTokens: Map<string, number>;
  /** Merges in order; merge `i` makes id `256 + i`. */
  merges: Array<[number, number]>;
}

/**
 * A `.model` file that cannot be read: `source` and `line` say where.
 *
 * @example
 * ```ts
 * try {
 *   parseModel('minbpe v2\n', 'bad.model');
 * } catch (error) {
 *   if (error instanceof ModelFileError) error.line; // 1 (message 'bad.model:1: unknown version header ...')
 * }
 * ```
 */
export class ModelFileError extends Error {
  /** The file (or other source name) given to {@link parseModel}. */
  readonly source: string;
  /** 1-based line number. */
  readonly line: number;
  /** Creates the error; the message is prefixed with `source:line`. */
  constructor(source: string, line: number, message: string) {
    super(`${source}:${line}: ${message}`);
    this.name = 'ModelFileError';
    this.source = source;
    this.line = line;
  }
}

/**
 * The text of minbpe's `.model` file for `tokenizer`, byte for byte what minbpe's `save` writes:
 * version, pattern, the special tokens, then one `left right` line per merge.
 *
 * @example
 * ```ts
 * const t = new BasicTokenizer();
 * t.train('aaab', 257);
 * modelFileText(t); // 'minbpe v1\n\n0\n97 97\n'
 * ```
 */
export function modelFileText(tokenizer: BpeTokenizer): string {
  if (/[\r\n]/.test(tokenizer.pattern))
    throw new Error(
      'a split pattern containing a line break cannot be written to a .model file (one line holds it)',
    );
  const lines = [MODEL_VERSION, tokenizer.pattern, String(tokenizer.specialTokens.size)];
  for (const [token, id] of tokenizer.specialTokens) {
    if (/\s/u.test(token) || token.length === 0)
      throw new Error(
        `special token ${JSON.stringify(token)} contains white space; a .model file cannot hold it`,
      );
    lines.push(`${token} ${id}`);
  }
  if (tokenizer.byteShuffle)
    throw new Error('a tokenizer with a byte shuffle cannot be written as a minbpe .model file');
  const merges = tokenizer.merges;
  for (let i = 0; i < merges.length; i++) {
    const merge = merges[i]!;
    if (merge[2] !== 256 + i)
      throw new Error(`merge ${i} has id ${merge[2]}; a .model file implies ids 256, 257, ... in order`);
    lines.push(`${merge[0]} ${merge[1]}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The text of minbpe's `.vocab` file for `tokenizer` (for people to read; never loaded): one line per
 * vocabulary entry, `[left][right] -> [token] id` for merges and `[token] id` for the rest, tokens
 * rendered with `renderToken`. A text longer than a string holds (a corpus that is one long word makes
 * tokens of hundreds of megabytes) is an error that says so: `save` writes such a file in parts.
 *
 * @example
 * ```ts
 * vocabFileText(new BasicTokenizer()).split('\n')[65]; // '[A] 65'
 * ```
 */
export function vocabFileText(tokenizer: BpeTokenizer): string {
  const parts = [...vocabFileParts(tokenizer)];
  let units = 0;
  for (const part of parts) units += part.length;
  if (units > MAX_STRING_LENGTH)
    throw new RangeError(
      `the .vocab text of this tokenizer has ${units} characters, more than a string holds (${MAX_STRING_LENGTH}); save() writes it to a file in parts`,
    );
  return parts.join('');
}

/**
 * {@link vocabFileText} in parts to write one after another, none longer than a string holds when the
 * vocabulary is the 256 bytes and merges numbered from 256 (what training and minbpe's files give).
 */
export function vocabFileParts(tokenizer: BpeTokenizer): Iterable<string> {
  if (!tokenizer.vocabListsSpecials || tokenizer.specialTokens.size === 0) {
    const merges = tokenizer.merges;
    let numbered = true;
    for (let i = 0; i < merges.length && numbered; i++) numbered = merges[i]![2] === 256 + i;
    if (numbered) {
      // minbpe's numbering (every trained or loaded tokenizer): built merge by merge, most tokens
      // rendered from their parts' renders without decoding.
      const lines = new VocabLines();
      for (let i = 0; i < merges.length; i++) lines.add(merges[i]![0], merges[i]![1]);
      return lines.parts();
    }
    return [bytesAndMergesText(tokenizer)];
  }
  return [listedVocabText(tokenizer)];
}

/** The `.vocab` text of a tokenizer whose `vocab` lists its special tokens: the vocabulary in its order. */
function listedVocabText(tokenizer: BpeTokenizer): string {
  const vocab = tokenizer.vocab;
  // Merged id to its merge's index: no pair array per merge.
  const merges = tokenizer.merges;
  const mergeOf = new Map<number, number>();
  for (let i = 0; i < merges.length; i++) mergeOf.set(merges[i]![2], i);
  // Each token is rendered once, not again as the part of every merge that uses it: a 32K vocabulary
  // would otherwise decode and scan about 100K tokens instead of 32K.
  const rendered = new Map<number, string>();
  const render = (id: number): string => {
    let text = rendered.get(id);
    if (text === undefined) {
      text = renderToken(vocab.get(id)!);
      rendered.set(id, text);
    }
    return text;
  };
  const lines: string[] = [];
  for (const id of vocab.keys()) {
    const merge = mergeOf.get(id);
    const pair = merge === undefined ? undefined : merges[merge]!;
    lines.push(
      pair
        ? `[${render(pair[0])}][${render(pair[1])}] -> [${render(id)}] ${id}\n`
        : `[${render(id)}] ${id}\n`,
    );
  }
  return lines.join('');
}

/**
 * The `.vocab` text when the vocabulary is the 256 bytes and merges numbered otherwise than minbpe's
 * 256, 257, ... (merges given to `fromMerges` with ids of their own): each line written straight from
 * the merge list, each token rendered once into an array by id. Merges are read by index: this runs
 * once per file, mostly as cold code, where destructuring each of tens of thousands of merges goes
 * through the iterator protocol.
 */
function bytesAndMergesText(tokenizer: BpeTokenizer): string {
  const merges = tokenizer.merges;
  let maxId = 255;
  for (let i = 0; i < merges.length; i++) maxId = Math.max(maxId, merges[i]![2]);
  const rendered = new Array<string | undefined>(maxId + 1);
  const render = (id: number): string => {
    let text = rendered[id];
    if (text === undefined) {
      text = renderToken(tokenizer.vocabBytes(id));
      rendered[id] = text;
    }
    return text;
  };
  const lines: string[] = [];
  for (let id = 0; id < 256; id++) lines.push(`[${render(id)}] ${id}\n`);
  for (let i = 0; i < merges.length; i++) {
    const merge = merges[i]!;
    const id = merge[2];
    lines.push(`[${render(merge[0])}][${render(merge[1])}] -> [${render(id)}] ${id}\n`);
  }
  return lines.join('');
}

const INTEGER = /^\d+$/;

/**
 * Parse the text of a minbpe `.model` file. Lines are read as minbpe reads them (`\r\n` counts as
 * `\n`), except that the pattern line is kept as written, white space included: minbpe strips it,
 * which loses a pattern's leading or trailing space (`\w+|[^\w ]+| ` would then decode without
 * spaces). Errors name `source` and the line: a duplicate merge, a duplicate special token name or id,
 * a special id below `256 + merges` or at least 2^21, more merges than 2^21 - 256 ids allow.
 *
 * @example
 * ```ts
 * parseModel('minbpe v1\n\n0\n97 97\n', 'tiny.model').merges; // [[97, 97]]
 * ```
 */
export function parseModel(text: string, source: string): ParsedModel {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const line = (index: number, what: string): string => {
    const value = lines[index];
    if (value === undefined)
      throw new ModelFileError(source, index + 1, `file ends early: expected ${what} (truncated file?)`);
    return value;
  };
  const version = line(0, `the version header '${MODEL_VERSION}'`).trim();
  if (version !== MODEL_VERSION)
    throw new ModelFileError(
      source,
      1,
      `unknown version header ${JSON.stringify(version)}; expected '${MODEL_VERSION}'`,
    );
  const pattern = line(1, 'the split pattern (an empty line for a BasicTokenizer)');
  const countText = line(2, 'the number of special tokens').trim();
  if (!INTEGER.test(countText))
    throw new ModelFileError(
      source,
      3,
      `expected the number of special tokens, got ${JSON.stringify(countText)}`,
    );
  const specialCount = Number(countText);
  const specialTokens = new Map<string, number>();
  const specialLines = new Map<number, number>();
  // A count larger than the file's special tokens reads merges ('32 116') as special tokens: a problem
  // found on such a line says so, rather than only that a token named "32" is listed twice.
  const countHint = (index: number, name: string): string =>
    INTEGER.test(name)
      ? `; line ${index + 1} looks like a merge ('LEFT RIGHT'): is the count of special tokens on line 3 (${countText}) too large?`
      : '';
  for (let k = 0; k < specialCount; k++) {
    const index = 3 + k;
    if (index >= lines.length)
      throw new ModelFileError(
        source,
        index + 1,
        `file ends early: expected special token ${k + 1} of ${specialCount} as 'TOKEN ID', but line 3 says ` +
          `${countText} special tokens and only ${lines.length - 3} line${lines.length - 3 === 1 ? '' : 's'} follow it (a wrong count, or a truncated file)`,
      );
    const fields = line(index, `special token ${k + 1} of ${specialCount} as 'TOKEN ID'`)
      .trim()
      .split(/\s+/);
    if (fields.length !== 2 || !INTEGER.test(fields[1]!))
      throw new ModelFileError(
        source,
        index + 1,
        `expected 'TOKEN ID' for special token ${k + 1} of ${specialCount}`,
      );
    const [name, idText] = fields as [string, string];
    const id = Number(idText);
    if (specialTokens.has(name))
      throw new ModelFileError(
        source,
        index + 1,
        `special token ${JSON.stringify(name)} is listed twice (also on line ${specialLines.get(specialTokens.get(name)!)})${countHint(index, name)}`,
      );
    if (specialLines.has(id))
      throw new ModelFileError(
        source,
        index + 1,
        `special token ${JSON.stringify(name)} has id ${id}, already given on line ${specialLines.get(id)}${countHint(index, name)}`,
      );
    if (id >= MAX_TOKEN_ID)
      throw new ModelFileError(
        source,
        index + 1,
        `special token ${JSON.stringify(name)} has id ${idText}; ids must be below ${MAX_TOKEN_ID}${countHint(index, name)}`,
      );
    specialTokens.set(name, id);
    specialLines.set(id, index + 1);
  }
  const merges: Array<[number, number]> = [];
  for (let index = 3 + specialCount; index < lines.length; index++) {
    const fields = lines[index]!.trim().split(/\s+/);
    const id = 256 + merges.length;
    if (id >= MAX_TOKEN_ID)
      throw new ModelFileError(
        source,
        index + 1,
        `too many merges: ids must be below ${MAX_TOKEN_ID}, so a model holds at most ${MAX_TOKEN_ID - 256} merges`,
      );
    if (fields.length !== 2 || !INTEGER.test(fields[0]!) || !INTEGER.test(fields[1]!))
      throw new ModelFileError(
        source,
        index + 1,
        `expected a merge 'LEFT RIGHT' (two ids), got ${JSON.stringify(lines[index])}`,
      );
    const left = Number(fields[0]);
    const right = Number(fields[1]);
    if (left >= id || right >= id)
      throw new ModelFileError(
        source,
        index + 1,
        `merge ${merges.length} (id ${id}) refers to id ${Math.max(left, right)}, which is not defined before it`,
      );
    merges.push([left, right]);
  }
  const twice = findRepeatedPair(merges);
  if (twice) {
    const [first, second] = twice;
    const [left, right] = merges[first]!;
    const lineOf = (merge: number) => 3 + specialCount + merge + 1;
    throw new ModelFileError(
      source,
      lineOf(second),
      `the pair ${left} ${right} is merged twice (first on line ${lineOf(first)}); each pair has one merge`,
    );
  }
  for (const [token, id] of specialTokens)
    if (id < 256 + merges.length)
      throw new ModelFileError(
        source,
        specialLines.get(id)!,
        `special token ${JSON.stringify(token)} has id ${id}, which is a byte or merge id (ids below ${256 + merges.length} are taken)${countHint(specialLines.get(id)! - 1, token)}`,
      );
  return { pattern, specialTokens, merges };
}

/**
 * A tokenizer from the text of a minbpe `.model` file: a {@link BasicTokenizer} when the pattern line
 * is empty, else a {@link RegexTokenizer} with that pattern. (minbpe's `load` keeps using the GPT-4
 * regex whatever the file says; this uses the file's pattern.)
 *
 * @example
 * ```ts
 * const tokenizer = loadModel(text, 'tok.model');
 * ```
 */
export function loadModel(text: string, source: string): BasicTokenizer | RegexTokenizer {
  const model = parseModel(text, source);
  if (model.pattern === '') return BasicTokenizer.fromModel(model.merges, model.specialTokens);
  let pattern: SplitPattern;
  try {
    pattern = SplitPattern.from(model.pattern);
  } catch (error) {
    throw new ModelFileError(source, 2, `bad split pattern: ${(error as Error).message}`);
  }
  return RegexTokenizer.fromModel(pattern, model.merges, model.specialTokens);
}
