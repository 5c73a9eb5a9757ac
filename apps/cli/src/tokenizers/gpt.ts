import type { Tokenizer } from '@tokenlab/core';
import { type EncodingName, getEncoding, lastSafeCut, wordEdges } from '@tokenlab/gpt';
import type { TokenizerEntry } from './registry.js';

const DESCRIPTIONS: Record<string, string> = {
  gpt2: "GPT-2's byte-level BPE, ids equal to tiktoken's gpt2",
  r50k_base: 'GPT-3 (davinci) byte-level BPE, ids equal to tiktoken',
  p50k_base: 'Codex / text-davinci-003 byte-level BPE, ids equal to tiktoken',
  cl100k_base: 'GPT-4 / GPT-3.5 byte-level BPE, ids equal to tiktoken',
  o200k_base: 'GPT-4o / o1 / GPT-5 byte-level BPE, ids equal to tiktoken',
};

/** Each loaded encoding's word edges (`wordEdges` of its special tokens), for {@link gptLastCut}. */
const edgesOf = new Map<EncodingName, Uint8Array>();

/**
 * The last place in `text` at or after `from` where a cut cannot change an id of encoding `name`
 * (`lastSafeCut` of @tokenlab/gpt: before white space that follows a non-space, and, once the encoding
 * is loaded, between an ASCII letter or digit and the punctuation after it, outside special tokens),
 * or -1.
 */
function gptLastCut(name: EncodingName): (text: string, from: number) => number {
  return (text, from) => lastSafeCut(text, from, edgesOf.get(name));
}

/** The encoding as a tokenizer whose special tokens (e.g. `<|endoftext|>`) show as themselves. */
async function encodingTokenizer(name: EncodingName): Promise<Tokenizer> {
  const encoding = await getEncoding(name);
  if (!edgesOf.has(name)) edgesOf.set(name, wordEdges(encoding.specialTokens.keys()));
  return {
    name,
    tokenize: (text) => encoding.encodeWithOffsets(text, { allowedSpecial: 'all' }),
    encode: (text) => encoding.encode(text, { allowedSpecial: 'all' }),
    decode: (ids) => encoding.decode(ids),
  };
}

/** tiktoken's encodings from @tokenlab/gpt. */
export const gptTokenizers: TokenizerEntry[] = (
  ['gpt2', 'r50k_base', 'p50k_base', 'cl100k_base', 'o200k_base'] as const
).map((name) => ({
  name,
  family: 'gpt' as const,
  description: `${DESCRIPTIONS[name]} (special tokens allowed)`,
  lastCut: gptLastCut(name),
  create: () => encodingTokenizer(name),
}));
