// Reference solution of docs/exercises/char-tokenizer.md.

/** The vocabulary: the distinct characters of `text`, sorted by code point (Python's `sorted(set(text))`). */
export function buildVocabulary(text: string): string[] {
  // Spreading a string iterates code points, so an emoji is one character, not two surrogates.
  return [...new Set(text)].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
}

/** `stoi` of the seeds: character → its index in the vocabulary. */
export function charToIndex(vocabulary: readonly string[]): Map<string, number> {
  return new Map(vocabulary.map((char, index) => [char, index]));
}

/** The ids of the characters of `text`; a character outside the vocabulary is an error that names it. */
export function encode(vocabulary: readonly string[], text: string): number[] {
  const stoi = charToIndex(vocabulary);
  return [...text].map((char, position) => {
    const id = stoi.get(char);
    if (id === undefined)
      throw new Error(`character ${JSON.stringify(char)} at ${position} is not in the vocabulary`);
    return id;
  });
}

/** The text of `ids`: the inverse of {@link encode}. */
export function decode(vocabulary: readonly string[], ids: readonly number[]): string {
  return ids.map((id) => vocabulary[id]).join('');
}

/** The first `fraction` of the data for training, the rest for validation (`n = int(0.9 * len(data))`). */
export function splitTrainVal<T>(data: readonly T[], fraction = 0.9): [T[], T[]] {
  const n = Math.floor(fraction * data.length);
  return [data.slice(0, n), data.slice(n)];
}

/** One training example: the model sees `context` and must predict `target`. */
export interface Example {
  context: number[];
  target: number;
}

/**
 * The examples hidden in one block: `x = data[:blockSize]`, `y = data[1:blockSize+1]`, and for every
 * `t` the context `x[:t+1]` with target `y[t]`. A block of `blockSize + 1` ids gives `blockSize` examples.
 */
export function contextTargetPairs(data: readonly number[], blockSize: number): Example[] {
  const examples: Example[] = [];
  for (let t = 0; t < blockSize && t + 1 < data.length; t++) {
    examples.push({ context: data.slice(0, t + 1), target: data[t + 1]! });
  }
  return examples;
}
