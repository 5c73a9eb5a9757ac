import type { BpeTokenizer } from './bpe-tokenizer.js';
import { GPT2_PYTHON_PATTERN, GPT4_PYTHON_PATTERN } from './patterns.js';

/**
 * GPT-2's map from bytes to printable characters (`bytes_to_unicode`), which byte-level tokenizers in
 * Hugging Face format use to write byte strings as text: printable Latin-1 bytes stand for themselves,
 * the other 68 bytes become U+0100 onwards (so a space is `Ġ`).
 *
 * @example
 * ```ts
 * byteToUnicode()[32]; // 'Ġ'
 * byteToUnicode()[65]; // 'A'
 * ```
 */
export function byteToUnicode(): string[] {
  const map: string[] = [];
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    const printable = (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
    map[b] = String.fromCharCode(printable ? b : 256 + extra++);
  }
  return map;
}

/** The tokens of a tokenizer's vocabulary in id order, refusing two ids with the same bytes. */
function distinctTokens(tokenizer: BpeTokenizer): Array<[number, Uint8Array]> {
  if (tokenizer.byteShuffle) throw new Error('export of a tokenizer with a byte shuffle is not supported');
  const seen = new Map<string, number>();
  const tokens: Array<[number, Uint8Array]> = [];
  for (let id = 0; id < 256; id++) tokens.push([id, Uint8Array.of(id)]);
  const vocab = tokenizer.vocab;
  for (const [, , id] of tokenizer.merges) tokens.push([id, vocab.get(id)!]);
  for (const [id, bytes] of tokens) {
    const key = latin1(bytes);
    const other = seen.get(key);
    if (other !== undefined)
      throw new Error(
        `tokens ${other} and ${id} have the same bytes; formats keyed by bytes (tiktoken, Hugging Face) cannot hold both`,
      );
    seen.set(key, id);
  }
  return tokens;
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64[n >> 18]! + BASE64[(n >> 12) & 63]!;
    out += b === undefined ? '=' : BASE64[(n >> 6) & 63]!;
    out += c === undefined ? '=' : BASE64[n & 63]!;
  }
  return out;
}

/**
 * What {@link tiktokenExport} gives: the parts of a tiktoken encoding.
 *
 * @example
 * ```ts
 * const { ranks, pattern, specialTokens } = tiktokenExport(tokenizer);
 * ranks.split('\n')[0]; // 'AA== 0'
 * ```
 */
export interface TiktokenExport {
  /** The `.tiktoken` file text: `base64(bytes) rank` per line, ranks = ids. */
  ranks: string;
  /** The split pattern (Python `regex` syntax; `''` for a BasicTokenizer). */
  pattern: string;
  /** Special tokens, token to id. */
  specialTokens: Record<string, number>;
}

/**
 * A tiktoken rank file (`.tiktoken`: one `base64(token bytes) rank` line per token, rank = id) for a
 * trained tokenizer, with the split pattern to use beside it. tiktoken merges by the rank of a pair's
 * *bytes*, minbpe by the pair itself; they agree when every token's bytes, merged tiktoken's way with
 * lower ranks only, come apart into exactly its two parts. This is checked, and an error names the first
 * token for which it fails.
 *
 * @example
 * ```ts
 * const { ranks, pattern } = tiktokenExport(tokenizer);
 * ranks.split('\n')[0]; // 'AA== 0'
 * ```
 */
export function tiktokenExport(tokenizer: BpeTokenizer): TiktokenExport {
  const tokens = distinctTokens(tokenizer);
  const rankOf = new Map(tokens.map(([id, bytes]) => [latin1(bytes), id]));
  const vocab = tokenizer.vocab;
  for (const [left, right, id] of tokenizer.merges) {
    const parts = bytePairMerge(vocab.get(id)!, rankOf, id);
    if (parts.length !== 2 || parts[0] !== left || parts[1] !== right)
      throw new Error(
        `token ${id} = (${left}, ${right}) is not what tiktoken's byte-level merging gives (${parts.join(', ')}); ` +
          'a .tiktoken file would encode differently',
      );
  }
  const ranks = `${tokens.map(([id, bytes]) => `${base64(bytes)} ${id}`).join('\n')}\n`;
  const pattern = tokenizer.pattern === '' ? '' : tokenizer.pattern;
  return { ranks, pattern, specialTokens: Object.fromEntries(tokenizer.specialTokens) };
}

/** tiktoken's merge loop on `bytes`, using only ranks below `maxRank`; returns the ranks of the parts. */
function bytePairMerge(bytes: Uint8Array, rankOf: ReadonlyMap<string, number>, maxRank: number): number[] {
  let parts = Array.from(bytes, (b) => String.fromCharCode(b));
  for (;;) {
    let best = -1;
    let bestRank = maxRank;
    for (let i = 0; i + 1 < parts.length; i++) {
      const rank = rankOf.get(parts[i]! + parts[i + 1]!);
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        best = i;
      }
    }
    if (best < 0) break;
    parts = [...parts.slice(0, best), parts[best]! + parts[best + 1]!, ...parts.slice(best + 2)];
  }
  return parts.map((part) => rankOf.get(part)!);
}

/**
 * A Hugging Face `tokenizer.json` (as an object; `JSON.stringify` it) for a trained tokenizer: a
 * byte-level BPE model with the GPT-2 byte-to-unicode alphabet (ids as here), the merges in order as
 * `"left right"` strings, a `Split` pre-tokenizer with the split pattern (isolated) followed by
 * `ByteLevel` without its own regex, a `ByteLevel` decoder, and the special tokens as added tokens.
 * A BasicTokenizer gets no `Split` (the whole text is one sequence).
 *
 * @example
 * ```ts
 * const json = JSON.stringify(huggingFaceExport(tokenizer));
 * // Tokenizer.fromString(json) with the `tokenizers` package gives the same ids
 * ```
 */
export function huggingFaceExport(tokenizer: BpeTokenizer): Record<string, unknown> {
  const byId = tokenizer.vocab;
  return byteLevelBpeJson({
    tokens: distinctTokens(tokenizer),
    merges: tokenizer.merges.map(([left, right]) => [byId.get(left)!, byId.get(right)!]),
    pattern: tokenizer.pattern,
    specialTokens: tokenizer.specialTokens,
    wholePieceFirst: false,
  });
}

/**
 * A Hugging Face `tokenizer.json` (as an object) that encodes as a tiktoken encoding does: byte-level
 * BPE whose vocabulary is the ranks (`tokens[rank]` are the token's bytes) and whose merges are found by
 * merging each token's bytes with lower ranks only, down to the two parts that make it, as Hugging
 * Face's own tiktoken converter does; the split is `pattern`, and a piece that is a whole token is taken
 * whole (`ignore_merges`), as tiktoken takes it. Throws, naming the rank, if a token is not one merge
 * of two lower ranks.
 *
 * @example
 * ```ts
 * const { ranks } = await getEncoding('cl100k_base'); // @tokenlab/gpt
 * const tokens = Array.from({ length: ranks.rankCount }, (_, rank) => ranks.tokenBytes(rank));
 * const json = JSON.stringify(huggingFaceFromRanks(tokens, CL100K_PATTERN));
 * ```
 */
export function huggingFaceFromRanks(
  tokens: ReadonlyArray<Uint8Array | undefined>,
  pattern: string,
): Record<string, unknown> {
  const rankOf = new Map<string, number>();
  const present: Array<[number, Uint8Array]> = [];
  tokens.forEach((bytes, rank) => {
    if (bytes === undefined) return;
    rankOf.set(latin1(bytes), rank);
    present.push([rank, bytes]);
  });
  const merges: Array<[Uint8Array, Uint8Array]> = [];
  for (const [rank, bytes] of present) {
    if (bytes.length < 2) continue;
    const parts = bytePairMerge(bytes, rankOf, rank);
    if (parts.length !== 2) throw new Error(`rank ${rank} is not made by one merge of lower ranks`);
    merges.push([tokens[parts[0]!]!, tokens[parts[1]!]!]);
  }
  return byteLevelBpeJson({
    tokens: present,
    merges,
    pattern,
    specialTokens: new Map(),
    wholePieceFirst: true,
  });
}

/** What {@link byteLevelBpeJson} writes: the model's tokens and merges as bytes, and how it splits. */
interface ByteLevelBpe {
  tokens: ReadonlyArray<readonly [number, Uint8Array]>;
  merges: ReadonlyArray<readonly [Uint8Array, Uint8Array]>;
  /** The split pattern (isolated); `''` for none. */
  pattern: string;
  specialTokens: ReadonlyMap<string, number>;
  /** Look a whole piece up before merging (`ignore_merges`), as tiktoken does. */
  wholePieceFirst: boolean;
}

/** The `tokenizer.json` of a byte-level BPE model, bytes spelled with GPT-2's byte-to-unicode map. */
function byteLevelBpeJson(model: ByteLevelBpe): Record<string, unknown> {
  const chars = byteToUnicode();
  const asText = (bytes: Uint8Array) => Array.from(bytes, (b) => chars[b]).join('');
  const vocab: Record<string, number> = {};
  for (const [id, bytes] of model.tokens) vocab[asText(bytes)] = id;
  // Hugging Face gives added tokens fresh ids unless the model's vocabulary already has them.
  for (const [content, id] of model.specialTokens) vocab[content] = id;
  const merges = model.merges.map(([left, right]) => `${asText(left)} ${asText(right)}`);
  const byteLevel = { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: false };
  const preTokenizer =
    model.pattern === ''
      ? byteLevel
      : {
          type: 'Sequence',
          pretokenizers: [
            { type: 'Split', pattern: { Regex: model.pattern }, behavior: 'Isolated', invert: false },
            byteLevel,
          ],
        };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [...model.specialTokens].map(([content, id]) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: null,
    pre_tokenizer: preTokenizer,
    post_processor: null,
    decoder: byteLevel,
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: false,
      byte_fallback: false,
      ignore_merges: model.wholePieceFirst,
      vocab,
      merges,
    },
  };
}

/**
 * Which of minbpe's patterns a tokenizer uses: `'gpt2'`, `'gpt4'`, `'custom'`, or `'none'` (BasicTokenizer).
 *
 * @example
 * ```ts
 * patternName(new RegexTokenizer('gpt2').pattern); // 'gpt2'
 * ```
 */
export function patternName(pattern: string): 'gpt2' | 'gpt4' | 'custom' | 'none' {
  if (pattern === '') return 'none';
  if (pattern === GPT2_PYTHON_PATTERN) return 'gpt2';
  if (pattern === GPT4_PYTHON_PATTERN) return 'gpt4';
  return 'custom';
}
