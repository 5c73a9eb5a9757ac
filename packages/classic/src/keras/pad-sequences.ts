import { optionNames, requireOptionNames, requireOptions } from '@tokenlab/core';
import { checkMatrixSize } from './matrix-size.js';

/**
 * Options of {@link padSequences}, named as in Keras.
 *
 * @example
 * ```ts
 * const options: PadSequencesOptions = { maxlen: 4, padding: 'post', truncating: 'pre', value: 0 };
 * ```
 */
export interface PadSequencesOptions {
  /** The length of every row; default: the longest sequence. */
  maxlen?: number;
  /** Where padding goes: `'pre'` (default, Keras' choice) or `'post'`. */
  padding?: 'pre' | 'post';
  /** Which end a too-long sequence loses: `'pre'` (default) or `'post'`. */
  truncating?: 'pre' | 'post';
  /** The padding value (default 0). */
  value?: number;
}

/** Every option of {@link PadSequencesOptions}, for the check of unknown names. */
const PAD_SEQUENCES_OPTIONS = optionNames<PadSequencesOptions>()([
  'maxlen',
  'padding',
  'truncating',
  'value',
]);

/**
 * Keras' `pad_sequences`: make every sequence `maxlen` long by padding with `value` and cutting
 * the extra. Defaults are Keras' (pad and truncate at the front, pad with 0). Rows are plain
 * arrays of numbers rather than an int32 matrix, so `value` is kept as given.
 *
 * Deviations, where Keras has no useful answer: no sequences give `[]` (Keras raises on the empty
 * max), and `maxlen: 0` gives empty rows (Keras' `s[-0:]` keeps the whole sequence and then fails
 * to fit it).
 *
 * @example
 * ```ts
 * padSequences([[1, 2, 3], [4]], { maxlen: 2 });                    // [[2, 3], [0, 4]]
 * padSequences([[1, 2, 3], [4]], { padding: 'post', value: -1 });    // [[1, 2, 3], [4, -1, -1]]
 * padSequences([[1, 2, 3]], { maxlen: 2, truncating: 'post' });      // [[1, 2]]
 * ```
 */
export function padSequences(
  sequences: readonly (readonly number[])[],
  options: PadSequencesOptions = {},
): number[][] {
  requireOptions(options, 'padSequences', '{ maxlen: 10 }');
  requireOptionNames(options, PAD_SEQUENCES_OPTIONS, 'padSequences');
  const padding = options.padding ?? 'pre';
  const truncating = options.truncating ?? 'pre';
  const value = options.value ?? 0;
  if (padding !== 'pre' && padding !== 'post')
    throw new Error(`padding must be 'pre' or 'post', got '${padding}'`);
  if (truncating !== 'pre' && truncating !== 'post') {
    throw new Error(`truncating must be 'pre' or 'post', got '${truncating}'`);
  }
  sequences.forEach((sequence, index) => {
    if (!Array.isArray(sequence)) throw new Error(`sequences[${index}] is not an array of numbers`);
  });
  const maxlen =
    options.maxlen ?? sequences.reduce((longest, sequence) => Math.max(longest, sequence.length), 0);
  if (!Number.isInteger(maxlen) || maxlen < 0)
    throw new Error(`maxlen must be a non-negative integer, got ${maxlen}`);
  checkMatrixSize(
    'padSequences',
    sequences.length,
    maxlen,
    options.maxlen === undefined ? 'the longest sequence' : 'maxlen',
    options.maxlen === undefined ? 'give a smaller maxlen' : 'lower maxlen or pad fewer sequences at a time',
  );

  return sequences.map((sequence) => {
    const kept =
      sequence.length <= maxlen
        ? sequence
        : truncating === 'pre'
          ? sequence.slice(sequence.length - maxlen)
          : sequence.slice(0, maxlen);
    const fill = new Array<number>(maxlen - kept.length).fill(value);
    return padding === 'pre' ? [...fill, ...kept] : [...kept, ...fill];
  });
}
