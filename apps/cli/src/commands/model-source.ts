import { readFile } from 'node:fs/promises';
import { RegexTokenizer } from '@tokenlab/bpe';
import type { Tokenizer } from '@tokenlab/core';
import {
  CL100K_PATTERN_SOURCE,
  Encoding,
  loadTiktokenBpe,
  O200K_PATTERN_SOURCE,
  R50K_PATTERN_SOURCE,
} from '@tokenlab/gpt';
import { compilePythonPattern } from '@tokenlab/pattern';
import { UsageError } from '../io.js';

/** Split patterns known by name for `--pattern`; anything else is read as a Python `regex` pattern. */
const NAMED_PATTERNS: Record<string, string> = {
  gpt2: R50K_PATTERN_SOURCE,
  r50k_base: R50K_PATTERN_SOURCE,
  gpt4: CL100K_PATTERN_SOURCE,
  cl100k_base: CL100K_PATTERN_SOURCE,
  o200k_base: O200K_PATTERN_SOURCE,
};

/** The JavaScript source of `--pattern` (a name above or a Python pattern). */
function patternSource(pattern: string): string {
  return NAMED_PATTERNS[pattern] ?? compilePythonPattern(pattern).regexp.source;
}

/**
 * A `.tiktoken` rank file (`base64(bytes) rank` lines) with the split pattern it was made for, as
 * tiktoken runs it: merges by the rank of the merged bytes. No special tokens (the file has none).
 */
export async function loadTiktokenFile(path: string, pattern: string | undefined): Promise<Encoding> {
  if (pattern === undefined)
    throw new UsageError(
      `--tiktoken needs --pattern: a .tiktoken file holds ranks only (use gpt2, cl100k_base, o200k_base or a Python regex)`,
    );
  let ranks: ReturnType<typeof loadTiktokenBpe>;
  try {
    ranks = loadTiktokenBpe(await readFile(path));
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return new Encoding({ name: path, patternSource: patternSource(pattern), ranks, specialTokens: {} });
}

/** GPT-2's byte-to-character table, as Hugging Face's byte-level models store bytes. */
function unicodeToByte(): Map<string, number> {
  const direct: number[] = [];
  for (let b = 0x21; b <= 0x7e; b++) direct.push(b);
  for (let b = 0xa1; b <= 0xac; b++) direct.push(b);
  for (let b = 0xae; b <= 0xff; b++) direct.push(b);
  const table = new Map<string, number>();
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    if (direct.includes(b)) table.set(String.fromCharCode(b), b);
    else table.set(String.fromCharCode(256 + extra++), b);
  }
  return table;
}

interface HfJson {
  model?: { type?: string; vocab?: Record<string, number>; merges?: Array<string | [string, string]> };
  normalizer?: unknown;
  pre_tokenizer?: { type?: string; pretokenizers?: unknown[]; [key: string]: unknown } | null;
  added_tokens?: Array<{ id: number; content: string }>;
}

/** The split pattern a byte-level pre-tokenizer applies, or a "not supported yet" error naming the part. */
function splitPattern(path: string, pre: HfJson['pre_tokenizer']): string {
  const steps = pre?.type === 'Sequence' ? (pre.pretokenizers as Record<string, unknown>[]) : [pre ?? {}];
  let pattern: string | undefined;
  let byteLevel = false;
  for (const step of steps) {
    if (step.type === 'ByteLevel') {
      if (step.add_prefix_space)
        throw new Error(`${path}: ByteLevel with add_prefix_space is not supported yet`);
      if (step.use_regex !== false) pattern ??= 'gpt2';
      byteLevel = true;
    } else if (step.type === 'Split') {
      const regex = (step.pattern as { Regex?: string } | undefined)?.Regex;
      if (typeof regex !== 'string' || step.behavior !== 'Isolated' || step.invert)
        throw new Error(`${path}: only an isolated Split with a Regex pattern is supported yet`);
      pattern = regex;
    } else throw new Error(`${path}: the ${String(step.type)} pre-tokenizer is not supported yet`);
  }
  if (!byteLevel)
    throw new Error(`${path}: only byte-level BPE models are supported yet (no ByteLevel step)`);
  return pattern ?? '';
}

/**
 * A Hugging Face `tokenizer.json` holding a byte-level BPE model (GPT-2 style: a `ByteLevel` step,
 * optionally after an isolated `Split`), as a minbpe-style tokenizer with the same ids. WordPiece,
 * Unigram and other models, normalizers and other pre-tokenizers are refused with "not supported yet".
 */
export async function loadTokenizerJson(path: string): Promise<RegexTokenizer> {
  let json: HfJson;
  try {
    json = JSON.parse(await readFile(path, 'utf8')) as HfJson;
  } catch (error) {
    throw new Error(`${path}: not a JSON file (${error instanceof Error ? error.message : String(error)})`);
  }
  const model = json.model;
  if (model?.type !== 'BPE')
    throw new Error(`${path}: ${String(model?.type)} models are not supported yet (only byte-level BPE)`);
  if (json.normalizer) throw new Error(`${path}: normalizers are not supported yet`);
  const pattern = splitPattern(path, json.pre_tokenizer);
  const vocab = model.vocab ?? {};
  const toByte = unicodeToByte();
  // Each byte's id: a permutation of 0..255 (minbpe's byte shuffle) when the bytes are not ids 0..255.
  const shuffle = new Array<number>(256);
  for (const [char, byte] of toByte) {
    const id = vocab[char];
    if (id === undefined || id > 255) throw new Error(`${path}: byte ${byte} must have an id below 256`);
    shuffle[byte] = id;
  }
  const merges: [number, number, number][] = [];
  let previous = 255;
  for (const [index, entry] of (model.merges ?? []).entries()) {
    const [left, right] = typeof entry === 'string' ? entry.split(' ') : entry;
    const ids = [vocab[left ?? ''], vocab[right ?? ''], vocab[`${left}${right}`]];
    if (ids.some((id) => id === undefined))
      throw new Error(
        `${path}: merge ${index + 1} ("${left} ${right}") names a token missing from the vocabulary`,
      );
    const [a, b, merged] = ids as [number, number, number];
    if (merged <= previous)
      throw new Error(
        `${path}: merge ${index + 1} makes id ${merged}, not above the previous; merges whose ids are not in merge order are not supported yet`,
      );
    previous = merged;
    merges.push([a, b, merged]);
  }
  const identity = shuffle.every((id, byte) => id === byte);
  const specialTokens = Object.fromEntries(
    (json.added_tokens ?? []).map((token) => [token.content, token.id]),
  );
  return RegexTokenizer.fromMerges(merges, {
    pattern,
    specialTokens,
    name: path,
    ...(identity ? {} : { byteShuffle: shuffle }),
  });
}

/**
 * The tokenizer `--tiktoken FILE --pattern P` or `--tokenizer-json FILE` name, for `tokenlab tokenize`
 * (special tokens show as themselves); `undefined` when neither is given.
 */
export async function modelFileTokenizer(values: Record<string, unknown>): Promise<Tokenizer | undefined> {
  const tiktoken = values.tiktoken;
  const tokenizerJson = values['tokenizer-json'];
  if (typeof tiktoken === 'string' && typeof tokenizerJson === 'string')
    throw new UsageError('give either --tiktoken or --tokenizer-json, not both');
  if (typeof tokenizerJson === 'string') return loadTokenizerJson(tokenizerJson);
  if (typeof tiktoken !== 'string') return undefined;
  const encoding = await loadTiktokenFile(
    tiktoken,
    typeof values.pattern === 'string' ? values.pattern : undefined,
  );
  return {
    name: tiktoken,
    tokenize: (text) => encoding.encodeWithOffsets(text, { allowedSpecial: 'all' }),
    encode: (text) => encoding.encode(text, { allowedSpecial: 'all' }),
    decode: (ids) => encoding.decode(ids),
  };
}
