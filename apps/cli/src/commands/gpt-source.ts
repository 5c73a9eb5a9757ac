import { BasicTokenizer } from '@tokenlab/bpe';
import { loadModelFile } from '@tokenlab/bpe/node';
import { ENCODING_NAMES, type Encoding, getEncoding, isEncodingName } from '@tokenlab/gpt';
import { encodeParallel } from '@tokenlab/gpt/node';
import { readOptionFile, UsageError } from '../io.js';
import { loadTiktokenFile } from './model-source.js';
import { loadTokenizerJson } from './tokenizer-json.js';

/** What `encode` and `decode` run: a tiktoken encoding or a minbpe model, behind one shape. */
export interface IdCodec {
  /** Encode with the given special tokens allowed (`undefined`: none, and their text is an error unless `asText`). */
  encode(text: string, allowedSpecial: 'all' | string[] | undefined, asText?: boolean): number[];
  /** Count without keeping the ids where the codec can. */
  count(text: string, allowedSpecial: 'all' | string[] | undefined, asText?: boolean): number;
  /** Decode ids to text (invalid UTF-8 becomes U+FFFD). */
  decode(ids: number[]): string;
  /** The bytes of the ids' tokens (for decoding a long run of ids a batch at a time). */
  decodeBytes(ids: number[]): Uint8Array;
  /** The tiktoken encoding behind the codec (`--encoding` or `--tiktoken`); absent for minbpe models. */
  readonly encoding?: Encoding;
  /**
   * `encode` on `threads` worker threads (same ids), for the codecs that can cut a text safely: the
   * tiktoken encodings. Absent for the others.
   */
  encodeParallel?(
    text: string,
    allowedSpecial: 'all' | string[] | undefined,
    asText: boolean | undefined,
    threads: number,
  ): Promise<Uint32Array>;
}

/** The codec chosen by `--encoding NAME` or `--model PATH` (exactly one of them). */
export async function codecFromOptions(values: Record<string, unknown>, command: string): Promise<IdCodec> {
  const encodingName = values.encoding;
  const model = values.model;
  const tokenizerJson = values['tokenizer-json'];
  const tiktoken = values.tiktoken;
  // The pattern splits a .tiktoken file's text; an encoding or a model file carries its own.
  if (values.pattern !== undefined && typeof tiktoken !== 'string')
    throw new UsageError(
      '--pattern applies to --tiktoken FILE (an encoding or a model has its own): it would be ignored',
    );
  const sources = [encodingName, model, tokenizerJson, tiktoken].filter((value) => typeof value === 'string');
  if (sources.length > 1)
    throw new UsageError(
      `give either --encoding or --model (or --tiktoken or --tokenizer-json), only one of them`,
    );
  if (typeof model === 'string' || typeof tokenizerJson === 'string') {
    const tokenizer =
      typeof model === 'string'
        ? await readOptionFile(model, '--model', loadModelFile)
        : await loadTokenizerJson(String(tokenizerJson));
    const basicSpecials =
      tokenizer instanceof BasicTokenizer && tokenizer.specialTokens.size > 0
        ? tokenizer.specialTokens
        : undefined;
    const encode = (text: string, allowed: 'all' | string[] | undefined, asText?: boolean) => {
      if (basicSpecials !== undefined && !asText)
        refuseBasicSpecials(String(model), basicSpecials, text, allowed);
      return explainSpecial(() =>
        tokenizer.encode(text, { allowedSpecial: allowed ?? (asText ? 'none' : 'none_raise') }),
      );
    };
    return {
      encode,
      count: (text, allowed, asText) => encode(text, allowed, asText).length,
      decode: (ids) => tokenizer.decode(ids),
      decodeBytes: (ids) => tokenizer.decodeBytes(ids),
    };
  }
  if (typeof encodingName !== 'string' && typeof tiktoken !== 'string')
    throw new UsageError(
      `tokenlab ${command} needs --encoding NAME (${ENCODING_NAMES.join(', ')}), --model PREFIX.model, ` +
        `--tiktoken FILE --pattern P or --tokenizer-json FILE`,
    );
  if (typeof encodingName === 'string' && !isEncodingName(encodingName))
    throw new UsageError(`unknown encoding '${encodingName}'. Available: ${ENCODING_NAMES.join(', ')}`);
  const encoding =
    typeof tiktoken === 'string'
      ? await loadTiktokenFile(
          tiktoken,
          // Decoding does not split, so any pattern does.
          typeof values.pattern === 'string' ? values.pattern : command === 'decode' ? 'gpt2' : undefined,
        )
      : await getEncoding(String(encodingName));
  const options = (allowed: 'all' | string[] | undefined, asText?: boolean) => ({
    allowedSpecial: allowed ?? [],
    ...(asText ? { disallowedSpecial: [] } : {}),
  });
  return {
    encoding,
    encode: (text, allowed, asText) => explainSpecial(() => encoding.encode(text, options(allowed, asText))),
    count: (text, allowed, asText) =>
      explainSpecial(() => encoding.countTokens(text, options(allowed, asText))),
    decode: (ids) => encoding.decode(ids),
    decodeBytes: (ids) => encoding.decodeBytes(ids),
    encodeParallel: async (text, allowed, asText, threads) => {
      try {
        return await encodeParallel(encoding, text, { ...options(allowed, asText), threads });
      } catch (error) {
        return explainSpecial(() => {
          throw error;
        });
      }
    },
  };
}

/**
 * A special token in the text, not allowed: a failure (exit code 1: the input's content, not how the
 * command was called, is at fault) that names the command-line fixes.
 */
function explainSpecial<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    const { token, index } = error as { token?: unknown; index?: unknown };
    if (typeof token !== 'string' || typeof index !== 'number') throw error;
    throw new Error(specialTokenProblem(token, index));
  }
}

/**
 * What `encode` says of a special token found in the text and not allowed: where it is, what else
 * happened (`alsoSaid`, a clause), and the command-line fixes.
 *
 * @example
 * ```ts
 * specialTokenProblem('<|endoftext|>', 12); // 'the text contains the special token <|endoftext|> (at character offset 12). Pass ...'
 * ```
 */
export function specialTokenProblem(token: string, index: number, alsoSaid = ''): string {
  return (
    `the text contains the special token ${token} (at character offset ${index})${alsoSaid ? `; ${alsoSaid}` : ''}. ` +
    `Pass --allowed-special '${token}' (or all) to encode it as the special token, or --special-as-text to encode it as ordinary text.`
  );
}

/**
 * A basic model (minbpe's `BasicTokenizer`) has special tokens in its file but encodes their text as
 * ordinary text, as minbpe does: rather than let `--allowed-special` do nothing, or let such text
 * through where a regex model would stop, say so and name the fix.
 */
function refuseBasicSpecials(
  model: string,
  specials: ReadonlyMap<string, number>,
  text: string,
  allowed: 'all' | string[] | undefined,
): void {
  if (allowed !== undefined)
    throw new UsageError(
      `${model} is a basic model (minbpe's BasicTokenizer), which encodes special tokens as ordinary text: ` +
        '--allowed-special cannot apply (a regex model can: tokenlab train --tokenizer regex --special ...)',
    );
  let first: [string, number] | undefined;
  for (const token of specials.keys()) {
    const at = text.indexOf(token);
    if (at >= 0 && (first === undefined || at < first[1])) first = [token, at];
  }
  if (first !== undefined)
    throw new Error(
      `the text contains the special token ${first[0]} (at character offset ${first[1]}), which ${model}, a basic ` +
        "model (minbpe's BasicTokenizer), encodes as ordinary text. Pass --special-as-text to encode it so.",
    );
}

/** `--allowed-special all|TOKEN,...` as the codec takes it. */
export function parseAllowedSpecial(value: unknown): 'all' | string[] | undefined {
  if (typeof value !== 'string') return undefined;
  if (value === 'all') return 'all';
  return value
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '');
}
