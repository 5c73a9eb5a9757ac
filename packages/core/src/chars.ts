import { requireText } from './require-text.js';
import type { Token, Tokenizer } from './token.js';

/**
 * Thrown when {@link CharTokenizer.encode} meets a character outside its vocabulary.
 *
 * @example
 * ```ts
 * try { CharTokenizer.fromText('ab').encode('abc'); }
 * catch (e) { if (e instanceof UnknownCharacterError) console.log(e.char, e.index); } // 'c' 2
 * ```
 */
export class UnknownCharacterError extends Error {
  /** The character that is not in the vocabulary. */
  readonly char: string;
  /** Its UTF-16 index in the encoded text. */
  readonly index: number;
  /** Creates the error with a message that names the character, its code point and position. */
  constructor(char: string, index: number) {
    const point = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    super(`unknown character ${JSON.stringify(char)} (U+${point}) at index ${index}: not in the vocabulary`);
    this.name = 'UnknownCharacterError';
    this.char = char;
    this.index = index;
  }
}

/**
 * The saved form of a {@link CharTokenizer}: its characters in id order.
 *
 * @example
 * ```ts
 * const saved: CharVocabulary = JSON.parse(CharTokenizer.fromText('ba').save());
 * saved.chars; // ['a', 'b']
 * ```
 */
export interface CharVocabulary {
  /** Format marker, so a wrong file is recognised. */
  format: 'tokenlab-chars';
  /** Format version. */
  version: 1;
  /** `chars[id]` is the character with that id. */
  chars: string[];
}

/** Compare two strings by code point, as Python's `sorted` does (JS's default compares UTF-16 units). */
function byCodePoint(a: string, b: string): number {
  return a.codePointAt(0)! - b.codePointAt(0)!;
}

/**
 * The character-level tokenizer of the seeds: the vocabulary is the sorted set of characters
 * (code points) of a training text, `encode` maps characters to their index, `decode` maps back.
 *
 * @example
 * ```ts
 * const chars = CharTokenizer.fromText('hello world');
 * chars.vocabulary;            // [' ', 'd', 'e', 'h', 'l', 'o', 'r', 'w']
 * chars.encode('hold');        // [3, 5, 4, 1]
 * chars.decode([3, 5, 4, 1]);  // 'hold'
 * ```
 */
export class CharTokenizer implements Tokenizer {
  /** Always `'chars'`. */
  readonly name = 'chars';
  /** `vocabulary[id]` is the character with that id (`itos` in the seeds). */
  readonly vocabulary: readonly string[];
  /** Character to id (`stoi` in the seeds). */
  readonly ids: ReadonlyMap<string, number>;

  /** A tokenizer over exactly these characters, ids in the given order. */
  constructor(vocabulary: readonly string[]) {
    if (!Array.isArray(vocabulary))
      throw new TypeError(
        'CharTokenizer: expected the vocabulary as an array of characters (CharTokenizer.fromText(text) learns one)',
      );
    const ids = new Map<string, number>();
    vocabulary.forEach((char, id) => {
      if ([...char].length !== 1)
        throw new Error(`vocabulary entry ${id} is not one character: ${JSON.stringify(char)}`);
      if (ids.has(char)) throw new Error(`vocabulary entry ${id} repeats ${JSON.stringify(char)}`);
      ids.set(char, id);
    });
    this.vocabulary = [...vocabulary];
    this.ids = ids;
  }

  /** Learn the vocabulary from `text`: its distinct characters, sorted by code point. */
  static fromText(text: string): CharTokenizer {
    requireText(text, 'CharTokenizer.fromText');
    return new CharTokenizer([...new Set(text)].sort(byCodePoint));
  }

  /** How many characters the vocabulary holds. */
  get size(): number {
    return this.vocabulary.length;
  }

  /** One token per character; `id` is set for characters in the vocabulary. */
  tokenize(text: string): Token[] {
    requireText(text, 'CharTokenizer.tokenize');
    const tokens: Token[] = [];
    let start = 0;
    for (const char of text) {
      const token: Token = { text: char, start, end: start + char.length };
      const id = this.ids.get(char);
      if (id !== undefined) token.id = id;
      tokens.push(token);
      start += char.length;
    }
    return tokens;
  }

  /** The ids of the characters of `text`; an unknown character throws {@link UnknownCharacterError}. */
  encode(text: string): number[] {
    requireText(text, 'CharTokenizer.encode');
    const out: number[] = [];
    let index = 0;
    for (const char of text) {
      const id = this.ids.get(char);
      if (id === undefined) throw new UnknownCharacterError(char, index);
      out.push(id);
      index += char.length;
    }
    return out;
  }

  /** The text of `ids`; an id outside the vocabulary throws a `RangeError` naming it. */
  decode(ids: readonly number[]): string {
    let text = '';
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      // Whole numbers only: a string such as 'length' would read a property of the array.
      const char = Number.isInteger(id) ? this.vocabulary[id] : undefined;
      if (char === undefined)
        throw new RangeError(`id ${ids[i]} at position ${i} is not in the vocabulary (size ${this.size})`);
      text += char;
    }
    return text;
  }

  /** The vocabulary as a JSON string, for saving to a file. */
  save(): string {
    const saved: CharVocabulary = { format: 'tokenlab-chars', version: 1, chars: [...this.vocabulary] };
    return `${JSON.stringify(saved)}\n`;
  }

  /** Read a vocabulary written by {@link CharTokenizer.save}; `source` names the file in errors. */
  static load(json: string, source = 'vocabulary'): CharTokenizer {
    let saved: unknown;
    try {
      saved = JSON.parse(json);
    } catch (error) {
      throw new Error(`${source}: not JSON (${(error as Error).message})`);
    }
    const vocabulary = saved as Partial<CharVocabulary>;
    if (
      vocabulary?.format !== 'tokenlab-chars' ||
      vocabulary.version !== 1 ||
      !Array.isArray(vocabulary.chars)
    ) {
      throw new Error(
        `${source}: not a tokenlab character vocabulary (expected format "tokenlab-chars", version 1)`,
      );
    }
    return new CharTokenizer(vocabulary.chars);
  }
}
