import { optionNames, requireOptionNames, requireOptions } from '@tokenlab/core';
import { binomialUpTo, checkNgramItems, gramItems } from './ngram-limit.js';

/**
 * Padding options shared by {@link ngrams} and friends, named as in NLTK.
 *
 * @example
 * ```ts
 * const options: PaddingOptions<string> = { padLeft: true, padRight: true, leftPadSymbol: '<s>', rightPadSymbol: '</s>' };
 * ngrams(['a', 'b'], 2, options); // [['<s>', 'a'], ['a', 'b'], ['b', '</s>']]
 * ```
 */
export interface PaddingOptions<P = null> {
  /** Add `n - 1` copies of `leftPadSymbol` before the sequence. */
  padLeft?: boolean;
  /** Add `n - 1` copies of `rightPadSymbol` after the sequence. */
  padRight?: boolean;
  /** The left padding item (NLTK's default is `None`; ours is `null`). */
  leftPadSymbol?: P;
  /** The right padding item (default `null`). */
  rightPadSymbol?: P;
}

/** Every option of {@link PaddingOptions}, for the check of unknown names (NLTK's `pad_left` and so on). */
const PADDING_OPTIONS = optionNames<PaddingOptions>()([
  'padLeft',
  'padRight',
  'leftPadSymbol',
  'rightPadSymbol',
]);

function checkOrder(name: string, value: number, minimum: number): void {
  if (!Number.isInteger(value) || value < minimum)
    throw new RangeError(`${name} must be an integer >= ${minimum}, got ${value}`);
}

/**
 * The sequence with `n - 1` pad symbols added on the left and/or right, as NLTK's `pad_sequence`.
 *
 * @example
 * ```ts
 * padSequence([1, 2, 3], 2, { padLeft: true, leftPadSymbol: '<s>' }); // ['<s>', 1, 2, 3]
 * ```
 */
export function padSequence<T, P = null>(
  sequence: Iterable<T>,
  n: number,
  options: PaddingOptions<P> = {},
): (T | P)[] {
  return padded(sequence, n, options, 'padSequence');
}

/** {@link padSequence}, naming `where` (the function the caller called) in its refusal. */
function padded<T, P>(
  sequence: Iterable<T>,
  n: number,
  options: PaddingOptions<P>,
  where: string,
): (T | P)[] {
  requireOptions(options, where, '{ padLeft: true }');
  requireOptionNames(options, PADDING_OPTIONS, where);
  const items: (T | P)[] = [...sequence];
  const count = Math.max(0, n - 1);
  const sides = (options.padLeft ? 1 : 0) + (options.padRight ? 1 : 0);
  checkNgramItems(where, items.length + sides * count, `padding with n = ${n}`);
  if (options.padLeft) items.unshift(...new Array<P>(count).fill((options.leftPadSymbol ?? null) as P));
  if (options.padRight) items.push(...new Array<P>(count).fill((options.rightPadSymbol ?? null) as P));
  return items;
}

/**
 * Every run of `n` consecutive items, in order, as NLTK's `ngrams` (padding optional).
 *
 * @example
 * ```ts
 * ngrams(['a', 'b', 'c'], 2);                   // [['a', 'b'], ['b', 'c']]
 * ngrams(['a', 'b'], 2, { padRight: true });    // [['a', 'b'], ['b', null]]
 * ```
 */
export function ngrams<T, P = null>(
  sequence: Iterable<T>,
  n: number,
  options: PaddingOptions<P> = {},
): (T | P)[][] {
  checkOrder('n', n, 1);
  const items = padded(sequence, n, options, 'ngrams');
  checkNgramItems('ngrams', gramItems(items.length, n, n), `${n}-grams of ${items.length} items`);
  const result: (T | P)[][] = [];
  for (let i = 0; i + n <= items.length; i++) result.push(items.slice(i, i + n));
  return result;
}

/**
 * The pairs of consecutive items, as NLTK's `bigrams`.
 *
 * @example
 * ```ts
 * bigrams(['to', 'be', 'or']); // [['to', 'be'], ['be', 'or']]
 * ```
 */
export function bigrams<T, P = null>(sequence: Iterable<T>, options: PaddingOptions<P> = {}): (T | P)[][] {
  return ngrams(sequence, 2, options);
}

/**
 * The triples of consecutive items, as NLTK's `trigrams`.
 *
 * @example
 * ```ts
 * trigrams(['a', 'b', 'c', 'd']); // [['a', 'b', 'c'], ['b', 'c', 'd']]
 * ```
 */
export function trigrams<T, P = null>(sequence: Iterable<T>, options: PaddingOptions<P> = {}): (T | P)[][] {
  return ngrams(sequence, 3, options);
}

/**
 * All n-grams with `minLen <= n <= maxLen`, in NLTK 3.8's order: for each start position, the
 * n-grams starting there from shortest to longest. `maxLen` defaults to the sequence length, and
 * padding uses `maxLen - 1` pad symbols, as NLTK does.
 *
 * @example
 * ```ts
 * everygrams(['a', 'b', 'c'], 1, 2); // [['a'], ['a', 'b'], ['b'], ['b', 'c'], ['c']]
 * ```
 */
export function everygrams<T, P = null>(
  sequence: Iterable<T>,
  minLen = 1,
  maxLen = -1,
  options: PaddingOptions<P> = {},
): (T | P)[][] {
  const source = [...sequence];
  if (maxLen === -1) maxLen = source.length;
  checkOrder('minLen', minLen, 1);
  const items = padded(source, maxLen, options, 'everygrams');
  checkNgramItems(
    'everygrams',
    gramItems(items.length, minLen, maxLen),
    `${minLen}- to ${maxLen}-grams of ${items.length} items`,
  );
  const result: (T | P)[][] = [];
  for (let start = 0; start < items.length; start++) {
    const available = Math.min(maxLen, items.length - start);
    for (let length = minLen; length <= available; length++) result.push(items.slice(start, start + length));
  }
  return result;
}

/**
 * The n-grams that may skip up to `k` items, as NLTK's `skipgrams`: for each start, the first item
 * followed by every choice of `n - 1` of the next `n + k - 1` items, in combination order.
 * (NLTK raises an `IndexError` for `n = 1`; here `n = 1` gives the unigrams.)
 *
 * @example
 * ```ts
 * skipgrams(['a', 'b', 'c', 'd'], 2, 1); // [['a','b'], ['a','c'], ['b','c'], ['b','d'], ['c','d']]
 * ```
 */
export function skipgrams<T, P = null>(
  sequence: Iterable<T>,
  n: number,
  k: number,
  options: PaddingOptions<P> = {},
): (T | P)[][] {
  checkOrder('n', n, 1);
  checkOrder('k', k, 0);
  requireOptions(options, 'skipgrams', '{ padLeft: true }');
  requireOptionNames(options, PADDING_OPTIONS, 'skipgrams');
  const items =
    options.padLeft || options.padRight ? padded(sequence, n, options, 'skipgrams') : [...sequence];
  // Each start's skip-grams are the (n - 1)-combinations of the positions after it, up to n + k - 1
  // ahead and inside the sequence (NLTK pads with a sentinel and drops the combinations that reach it).
  const choose = n - 1;
  const lastOf = (start: number) => Math.min(items.length - 1, start + n + k - 1);
  let total = 0;
  for (let start = 0; start < items.length && total <= Number.MAX_SAFE_INTEGER; start++)
    total += n * binomialUpTo(lastOf(start) - start, choose, Number.MAX_SAFE_INTEGER);
  checkNgramItems('skipgrams', total, `${n}-grams skipping up to ${k} of ${items.length} items`);
  const result: (T | P)[][] = [];
  const chosen = new Array<number>(choose);
  for (let start = 0; start < items.length; start++) {
    const last = lastOf(start);
    if (last - start < choose) continue;
    // The combinations in lexicographic order, without recursion (n may be in the thousands).
    for (let i = 0; i < choose; i++) chosen[i] = start + 1 + i;
    for (;;) {
      result.push([items[start]!, ...chosen.map((position) => items[position]!)]);
      let i = choose - 1;
      while (i >= 0 && chosen[i] === last - (choose - 1 - i)) i--;
      if (i < 0) break;
      chosen[i]!++;
      for (let j = i + 1; j < choose; j++) chosen[j] = chosen[j - 1]! + 1;
    }
  }
  return result;
}
