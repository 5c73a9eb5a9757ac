/**
 * The most cells (rows × columns) a Keras matrix or padded batch is made with: 2^27, a gibibyte of
 * numbers. The width comes from a number (`numWords`, `maxlen`, a saved tokenizer's `num_words`, the
 * longest sequence) rather than from the data, so a bound keeps memory from following that number
 * into an out-of-memory crash. Keras' own use stays far below it (10,000 words × 10,000 texts is 10^8).
 *
 * @example
 * ```ts
 * MAX_MATRIX_CELLS; // 134217728
 * new KerasTokenizer({ numWords: 1e9 }).sequencesToMatrix([[1]]); // throws RangeError: 1 row × 1,000,000,000 columns ...
 * ```
 */
export const MAX_MATRIX_CELLS = 2 ** 27;

/**
 * Refuse a matrix of `rows` × `columns` above {@link MAX_MATRIX_CELLS}, naming `where`, `cause` (what set
 * the width) and `fix`.
 */
export function checkMatrixSize(
  where: string,
  rows: number,
  columns: number,
  cause: string,
  fix: string,
): void {
  if (rows * columns <= MAX_MATRIX_CELLS) return;
  const format = (n: number) => n.toLocaleString('en-US');
  throw new RangeError(
    `${where}: ${format(rows)} ${rows === 1 ? 'row' : 'rows'} × ${format(columns)} columns (${cause}) is more than ` +
      `MAX_MATRIX_CELLS (${format(MAX_MATRIX_CELLS)}) cells; ${fix}`,
  );
}
