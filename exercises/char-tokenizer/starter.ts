// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// Exercise: a character-level tokenizer and context/target pairs.
// The task, background and hints: docs/exercises/char-tokenizer.md
// Check your work with: pnpm exercise char-tokenizer
import { Todo } from '../implementation.js';

/** The vocabulary: the distinct characters of `text`, sorted by code point (Python's `sorted(set(text))`). */
export function buildVocabulary(text: string): string[] {
  // TODO: the distinct characters of `text`, sorted by code point.
  throw new Todo('buildVocabulary: return the distinct characters of the text, sorted by code point');
}

/** `stoi` of the seeds: character → its index in the vocabulary. */
export function charToIndex(vocabulary: readonly string[]): Map<string, number> {
  // TODO: map each character to its position in `vocabulary`.
  throw new Todo('charToIndex: map each character to its index in the vocabulary');
}

/** The ids of the characters of `text`; a character outside the vocabulary is an error that names it. */
export function encode(vocabulary: readonly string[], text: string): number[] {
  // TODO: one id per character (code point) of `text`; throw an Error naming an unknown character.
  throw new Todo('encode: turn each character into its index in the vocabulary');
}

/** The text of `ids`: the inverse of {@link encode}. */
export function decode(vocabulary: readonly string[], ids: readonly number[]): string {
  // TODO: look each id up in `vocabulary` and join the characters.
  throw new Todo('decode: turn each id back into its character and join them');
}

/** The first `fraction` of the data for training, the rest for validation (`n = int(0.9 * len(data))`). */
export function splitTrainVal<T>(data: readonly T[], fraction = 0.9): [T[], T[]] {
  // TODO: cut `data` at n = floor(fraction * length).
  throw new Todo('splitTrainVal: cut the data at n = floor(fraction * data.length)');
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
  // TODO: for t = 0 .. blockSize-1: context = data[0..t], target = data[t+1].
  throw new Todo('contextTargetPairs: for each t, the context data[0..t] predicts the target data[t+1]');
}
