import {
  CharTokenizer,
  CodePointTokenizer,
  type Token,
  type Tokenizer,
  Utf8ByteTokenizer,
} from '@tokenlab/core';

/** The package a tokenizer comes from, used to group the picker. */
export type Family = 'core' | 'classic' | 'bpe' | 'gpt' | 'natural';

/** One tokenizer the playground can show as a column. */
export interface PlaygroundTokenizer {
  /** Stable id, used in share links and by the tests. */
  id: string;
  /** Short name shown in the column header. */
  label: string;
  /** Where it comes from. */
  family: Family;
  /** One line on what it does. */
  description: string;
  /** Build it; packages and data load only now, so unused tokenizers cost nothing. */
  load(): Promise<Tokenizer>;
}

/** Human titles of the families, in picker order. */
export const FAMILIES: Readonly<Record<Family, string>> = {
  core: 'Characters and bytes',
  classic: 'Classic (NLTK-style)',
  bpe: 'Byte-level BPE',
  gpt: 'GPT encodings',
  natural: 'natural (baselines)',
};

/** The character tokenizer of the seeds, its vocabulary learned from the very text it cuts. */
class LearnedCharTokenizer implements Tokenizer {
  readonly name = 'chars';
  tokenize(text: string): Token[] {
    return CharTokenizer.fromText(text).tokenize(text);
  }
}

/** Every tokenizer in the playground, in picker order. */
export const TOKENIZERS: readonly PlaygroundTokenizer[] = [
  {
    id: 'chars',
    label: 'chars',
    family: 'core',
    description: 'one token per character; ids index the sorted characters of this text',
    load: async () => new LearnedCharTokenizer(),
  },
  {
    id: 'codepoints',
    label: 'code points',
    family: 'core',
    description: 'one token per Unicode code point, id = the code point',
    load: async () => new CodePointTokenizer(),
  },
  {
    id: 'utf8',
    label: 'UTF-8 bytes',
    family: 'core',
    description: 'one token per UTF-8 byte, id = the byte; an Arabic letter is two',
    load: async () => new Utf8ByteTokenizer(),
  },
];

/** The columns shown on a first visit. */
export const DEFAULT_TOKENIZERS: readonly string[] = ['codepoints', 'utf8'];

/** The tokenizer with this id, or `undefined`. */
export function findTokenizer(id: string): PlaygroundTokenizer | undefined {
  return TOKENIZERS.find((entry) => entry.id === id);
}

const loaded = new Map<string, Promise<Tokenizer>>();

/** Load (once) the tokenizer with this id; an unknown id is an error listing the known ones. */
export function loadTokenizer(id: string): Promise<Tokenizer> {
  const entry = findTokenizer(id);
  if (!entry) {
    return Promise.reject(
      new Error(`unknown tokenizer '${id}'. Available: ${TOKENIZERS.map((t) => t.id).join(', ')}`),
    );
  }
  let promise = loaded.get(id);
  if (!promise) {
    promise = entry.load();
    // A failed load (offline, say) may be retried later.
    promise.catch(() => loaded.delete(id));
    loaded.set(id, promise);
  }
  return promise;
}
