import type { Tokenizer } from '@tokenlab/core';
import {
  CL100K_PATTERN_SOURCE,
  Encoding,
  loadTiktokenBpe,
  O200K_PATTERN_SOURCE,
  R50K_PATTERN_SOURCE,
} from '@tokenlab/gpt';
import { compilePythonPattern } from '@tokenlab/pattern';
import { readFileBytes, readOptionFile, UsageError } from '../io.js';
import { loadTokenizerJson } from './tokenizer-json.js';

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

/** `make()`, a pattern it refuses (a bad regex) being a usage error that names --pattern. */
function patternOrUsageError<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw new UsageError(`--pattern: ${error instanceof Error ? error.message : String(error)}`);
  }
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
  if (pattern === '')
    throw new UsageError(
      "--pattern '' splits nothing: give the pattern the ranks were made for (gpt2, cl100k_base, o200k_base or a Python regex; [\\s\\S]+ for a basic model that 'tokenlab export' wrote)",
    );
  const source = patternOrUsageError(() => patternSource(pattern));
  const bytes = await readOptionFile(path, '--tiktoken', readFileBytes);
  let ranks: ReturnType<typeof loadTiktokenBpe>;
  try {
    ranks = loadTiktokenBpe(bytes);
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return new Encoding({ name: path, patternSource: source, ranks, specialTokens: {} });
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
