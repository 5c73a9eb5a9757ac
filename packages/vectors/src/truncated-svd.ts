import { OptionError, shownValue } from './option-error.js';
import { SeededRandom } from './random.js';

/**
 * A sparse matrix in compressed rows: row `r` holds `data[k]` at column `indices[k]` for `k` in
 * `indptr[r] … indptr[r + 1]`.
 *
 * @example
 * ```ts
 * const m: SparseRows = { rows: 2, columns: 2, indptr: Int32Array.of(0, 1, 2), indices: Int32Array.of(1, 0), data: Float64Array.of(3, 4) };
 * ```
 */
export interface SparseRows {
  /** Number of rows. */
  rows: number;
  /** Number of columns. */
  columns: number;
  /** Row starts, `rows + 1` entries. */
  indptr: Int32Array;
  /** Column of each stored value. */
  indices: Int32Array;
  /** The stored values. */
  data: Float64Array;
}

/**
 * Options of {@link truncatedSvd}.
 *
 * @example
 * ```ts
 * const options: TruncatedSvdOptions = { iterations: 10, oversampling: 10, seed: 1 };
 * ```
 */
export interface TruncatedSvdOptions {
  /** Power iterations (default 8); more sharpens the smaller singular values. */
  iterations?: number;
  /** Extra directions carried along and dropped at the end (default 10). */
  oversampling?: number;
  /** Seed of the random start (default 1). */
  seed?: number;
}

/**
 * The `k` largest singular values of a sparse matrix and their left singular vectors, by randomized subspace
 * (block power) iteration: `Q ← orth(A Aᵀ Q)` from a random start, then an exact eigen-decomposition of the
 * small `Qᵀ A Aᵀ Q` by Jacobi rotations. Cost per iteration: two sparse products with `k + oversampling`
 * columns and an orthonormalisation of `rows × (k + oversampling)` values, so it suits matrices of some
 * thousands of rows and a few hundred dimensions, not millions; singular values close together converge
 * slowly (their vectors are then approximate, their span good).
 *
 * @example
 * ```ts
 * const { values, vectors } = truncatedSvd(matrix, 2); // vectors: rows × 2, row-major
 * ```
 */
export function truncatedSvd(
  matrix: SparseRows,
  k: number,
  options: TruncatedSvdOptions = {},
): {
  /** The `k` largest singular values, descending. */
  values: Float64Array;
  /** Their left singular vectors, `rows × k`, row-major. */
  vectors: Float64Array;
} {
  const { rows } = matrix;
  if (!Number.isInteger(k) || k < 1 || k > rows)
    throw new OptionError(
      'dimensions',
      `dimensions must be an integer in [1, ${rows}] (the number of rows), got ${shownValue(k)}`,
    );
  const iterations = options.iterations ?? 8;
  const width = Math.min(rows, k + (options.oversampling ?? 10));
  const random = new SeededRandom(options.seed ?? 1);
  let basis: Float64Array = new Float64Array(rows * width);
  for (let i = 0; i < basis.length; i++) basis[i] = random.nextFloat() * 2 - 1;
  orthonormalise(basis, rows, width);
  for (let step = 0; step < iterations; step++) {
    basis = multiplyGram(matrix, basis, width);
    orthonormalise(basis, rows, width);
  }
  // Small problem: T = Qᵀ (A Aᵀ Q), symmetric width × width.
  const image = multiplyGram(matrix, basis, width);
  // Row by row, so that both matrices are read in memory order; each entry still adds its terms in
  // row order, so the sums are the same.
  const small = new Float64Array(width * width);
  for (let r = 0; r < rows; r++) {
    const row = r * width;
    for (let a = 0; a < width; a++) {
      const left = basis[row + a] as number;
      const at = a * width;
      for (let b = 0; b < width; b++)
        small[at + b] = (small[at + b] as number) + left * (image[row + b] as number);
    }
  }
  const { values: eigenvalues, vectors: eigenvectors } = jacobiEigen(small, width);
  const order = Array.from({ length: width }, (_, i) => i).sort(
    (a, b) => (eigenvalues[b] as number) - (eigenvalues[a] as number),
  );
  const values = new Float64Array(k);
  const vectors = new Float64Array(rows * k);
  for (let j = 0; j < k; j++) values[j] = Math.sqrt(Math.max(0, eigenvalues[order[j] as number] as number));
  // Row by row: each row of the basis is read once, not once per dimension.
  for (let r = 0; r < rows; r++) {
    for (let j = 0; j < k; j++) {
      const column = order[j] as number;
      let sum = 0;
      for (let a = 0; a < width; a++)
        sum += (basis[r * width + a] as number) * (eigenvectors[a * width + column] as number);
      vectors[r * k + j] = sum;
    }
  }
  return { values, vectors };
}

/** `A Aᵀ X` for a dense `rows × width` X (row-major). */
function multiplyGram(matrix: SparseRows, x: Float64Array, width: number): Float64Array {
  const { rows, columns, indptr, indices, data } = matrix;
  const middle = new Float64Array(columns * width); // Aᵀ X
  for (let r = 0; r < rows; r++) {
    for (let p = indptr[r] as number; p < (indptr[r + 1] as number); p++) {
      const c = indices[p] as number;
      const value = data[p] as number;
      for (let j = 0; j < width; j++)
        middle[c * width + j] = (middle[c * width + j] as number) + value * (x[r * width + j] as number);
    }
  }
  const out = new Float64Array(rows * width);
  for (let r = 0; r < rows; r++) {
    for (let p = indptr[r] as number; p < (indptr[r + 1] as number); p++) {
      const c = indices[p] as number;
      const value = data[p] as number;
      for (let j = 0; j < width; j++)
        out[r * width + j] = (out[r * width + j] as number) + value * (middle[c * width + j] as number);
    }
  }
  return out;
}

/**
 * Modified Gram–Schmidt on the columns (twice, for stability); a column that vanishes is left zero.
 * It works on a column-major copy: walking a column of the row-major matrix reads one value per cache
 * line, and the matrix does not fit in the cache (23,000 rows × 110 columns took 16 s instead of 1).
 * The operations and their order are those of the row-major loops, so the result is the same.
 */
function orthonormalise(x: Float64Array, rows: number, width: number): void {
  const columns = new Float64Array(rows * width);
  for (let r = 0; r < rows; r++)
    for (let j = 0; j < width; j++) columns[j * rows + r] = x[r * width + j] as number;
  for (let pass = 0; pass < 2; pass++) {
    for (let j = 0; j < width; j++) {
      const column = columns.subarray(j * rows, (j + 1) * rows);
      for (let i = 0; i < j; i++) subtractProjection(column, columns.subarray(i * rows, (i + 1) * rows));
      let norm = 0;
      for (let r = 0; r < rows; r++) norm += (column[r] as number) ** 2;
      norm = Math.sqrt(norm);
      for (let r = 0; r < rows; r++) column[r] = norm > 1e-300 ? (column[r] as number) / norm : 0;
    }
  }
  for (let r = 0; r < rows; r++)
    for (let j = 0; j < width; j++) x[r * width + j] = columns[j * rows + r] as number;
}

/** `column -= (column · unit) unit`. */
function subtractProjection(column: Float64Array, unit: Float64Array): void {
  let dot = 0;
  for (let r = 0; r < column.length; r++) dot += (unit[r] as number) * (column[r] as number);
  for (let r = 0; r < column.length; r++) column[r] = (column[r] as number) - dot * (unit[r] as number);
}

/** Eigenvalues and eigenvectors (columns) of a symmetric `n × n` matrix by cyclic Jacobi rotations. */
function jacobiEigen(matrix: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  let total = 0;
  for (const value of a) total += value * value;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += (a[p * n + q] as number) ** 2;
    if (off <= 1e-28 * total) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q] as number;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = ((a[q * n + q] as number) - (a[p * n + p] as number)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let r = 0; r < n; r++) {
          const arp = a[r * n + p] as number;
          const arq = a[r * n + q] as number;
          a[r * n + p] = c * arp - s * arq;
          a[r * n + q] = s * arp + c * arq;
        }
        for (let r = 0; r < n; r++) {
          const apr = a[p * n + r] as number;
          const aqr = a[q * n + r] as number;
          a[p * n + r] = c * apr - s * aqr;
          a[q * n + r] = s * apr + c * aqr;
        }
        for (let r = 0; r < n; r++) {
          const vrp = v[r * n + p] as number;
          const vrq = v[r * n + q] as number;
          v[r * n + p] = c * vrp - s * vrq;
          v[r * n + q] = s * vrp + c * vrq;
        }
      }
    }
  }
  return { values: Float64Array.from({ length: n }, (_, i) => a[i * n + i] as number), vectors: v };
}
