import { loadModelFile } from '@tokenlab/bpe/node';
import { ENCODING_NAMES, getEncoding, isEncodingName } from '@tokenlab/gpt';
import { UsageError } from '../io.js';

/** What `encode` and `decode` run: a tiktoken encoding or a minbpe model, behind one shape. */
export interface IdCodec {
  /** Encode with the given special tokens allowed (`undefined`: none, and their text is an error). */
  encode(text: string, allowedSpecial: 'all' | string[] | undefined): number[];
  /** Count without keeping the ids where the codec can. */
  count(text: string, allowedSpecial: 'all' | string[] | undefined): number;
  /** Decode ids to text (invalid UTF-8 becomes U+FFFD). */
  decode(ids: number[]): string;
}

/** The codec chosen by `--encoding NAME` or `--model PATH` (exactly one of them). */
export async function codecFromOptions(values: Record<string, unknown>, command: string): Promise<IdCodec> {
  const encodingName = values.encoding;
  const model = values.model;
  if (typeof encodingName === 'string' && typeof model === 'string')
    throw new UsageError(`give either --encoding or --model, not both`);
  if (typeof model === 'string') {
    const tokenizer = await loadModelFile(model);
    return {
      encode: (text, allowed) => tokenizer.encode(text, { allowedSpecial: allowed ?? 'none_raise' }),
      count: (text, allowed) => tokenizer.encode(text, { allowedSpecial: allowed ?? 'none_raise' }).length,
      decode: (ids) => tokenizer.decode(ids),
    };
  }
  if (typeof encodingName !== 'string')
    throw new UsageError(
      `tokenlab ${command} needs --encoding NAME (${ENCODING_NAMES.join(', ')}) or --model PREFIX.model`,
    );
  if (!isEncodingName(encodingName))
    throw new UsageError(`unknown encoding '${encodingName}'. Available: ${ENCODING_NAMES.join(', ')}`);
  const encoding = await getEncoding(encodingName);
  return {
    encode: (text, allowed) => encoding.encode(text, { allowedSpecial: allowed ?? [] }),
    count: (text, allowed) => encoding.countTokens(text, { allowedSpecial: allowed ?? [] }),
    decode: (ids) => encoding.decode(ids),
  };
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
