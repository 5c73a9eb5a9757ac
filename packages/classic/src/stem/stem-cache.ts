/**
 * A bounded memo of stems. Text repeats its words (in 200,000 tokens of English prose there are
 * about 15,000 distinct ones), and a stemmer is a pure function of the word, so each stemmer keeps
 * the last words it stemmed. The memo is emptied when it reaches its size, which keeps memory bounded
 * whatever the input; `0` turns it off.
 */
export class StemCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #size: number;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 0)
      throw new RangeError(`cacheSize must be a whole number ≥ 0, not ${size}`);
    this.#size = size;
  }

  get(word: string): V | undefined {
    return this.#entries.get(word);
  }

  set(word: string, value: V): void {
    if (this.#size === 0) return;
    if (this.#entries.size >= this.#size) this.#entries.clear();
    this.#entries.set(word, value);
  }
}

/** How many words each stemmer remembers unless told otherwise. */
export const DEFAULT_STEM_CACHE_SIZE = 50_000;
