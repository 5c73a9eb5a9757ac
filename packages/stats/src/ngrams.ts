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
  const items: (T | P)[] = [...sequence];
  const count = Math.max(0, n - 1);
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
  const items = padSequence(sequence, n, options);
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
  const items = padSequence(source, maxLen, options);
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
  const items = options.padLeft || options.padRight ? padSequence(sequence, n, options) : [...sequence];
  const result: (T | P)[][] = [];
  const chosen = new Array<number>(n - 1);
  for (let start = 0; start < items.length; start++) {
    const last = Math.min(items.length - 1, start + n + k - 1);
    // Combinations of n - 1 positions in (start, start + n + k - 1], in lexicographic order, keeping
    // only those inside the sequence (NLTK pads with a sentinel and drops those that reach it).
    const emit = (depth: number, from: number): void => {
      if (depth === n - 1) {
        result.push([items[start]!, ...chosen.map((position) => items[position]!)]);
        return;
      }
      const window = start + n + k - 1;
      for (let position = from; position <= window - (n - 2 - depth); position++) {
        // Positions only grow, so once one is past the sequence every later combination ends there
        // too: NLTK pads with a sentinel and drops exactly those.
        if (position > last) return;
        chosen[depth] = position;
        emit(depth + 1, position + 1);
      }
    };
    emit(0, start + 1);
  }
  return result;
}
