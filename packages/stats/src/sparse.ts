/**
 * One row of a {@link CsrMatrix}: column indices (ascending) and their values, as views.
 *
 * @example
 * ```ts
 * const row: SparseRow = CsrMatrix.fromRows([[[1, 2]], [[0, 5], [2, 1]]], 3).getRow(1);
 * row.indices; // Int32Array [0, 2]
 * row.data;    // Float64Array [5, 1]
 * ```
 */
export interface SparseRow {
  /** Column indices of the stored entries. */
  indices: Int32Array;
  /** The values at those columns. */
  data: Float64Array;
}

/**
 * A compressed sparse row matrix on typed arrays, laid out as SciPy's `csr_matrix`: row `i`'s
 * entries are `indices[indptr[i] .. indptr[i+1])` with values `data[...]`, columns ascending.
 *
 * @example
 * ```ts
 * const m = CsrMatrix.fromRows([[[1, 2]], [[0, 5], [2, 1]]], 3); // rows of [column, value]
 * m.shape;     // [2, 3]
 * m.nnz;       // 3
 * m.toDense(); // [[0, 2, 0], [5, 0, 1]]
 * m.get(1, 2); // 1
 * ```
 */
export class CsrMatrix {
  /** Row start offsets into `indices`/`data`; length rows + 1. */
  readonly indptr: Int32Array;
  /** Column of each stored entry. */
  readonly indices: Int32Array;
  /** Value of each stored entry. */
  readonly data: Float64Array;
  /** `[rows, columns]`. */
  readonly shape: readonly [number, number];

  /** Wrap existing arrays (not copied); `indices` must be ascending within each row. */
  constructor(indptr: Int32Array, indices: Int32Array, data: Float64Array, shape: readonly [number, number]) {
    if (indptr.length !== shape[0] + 1)
      throw new RangeError(
        `indptr has ${indptr.length} entries; a ${shape[0]}-row matrix needs ${shape[0] + 1}`,
      );
    if (indices.length !== data.length)
      throw new RangeError(`indices (${indices.length}) and data (${data.length}) differ in length`);
    this.indptr = indptr;
    this.indices = indices;
    this.data = data;
    this.shape = shape;
  }

  /** Build from rows of `[column, value]` pairs (any order; zeros kept as given). */
  static fromRows(rows: readonly (readonly (readonly [number, number])[])[], columns: number): CsrMatrix {
    const indptr = new Int32Array(rows.length + 1);
    let nnz = 0;
    rows.forEach((row, i) => {
      nnz += row.length;
      indptr[i + 1] = nnz;
    });
    const indices = new Int32Array(nnz);
    const data = new Float64Array(nnz);
    rows.forEach((row, i) => {
      const sorted = [...row].sort((a, b) => a[0] - b[0]);
      sorted.forEach(([column, value], k) => {
        if (column < 0 || column >= columns)
          throw new RangeError(`column ${column} outside 0..${columns - 1}`);
        indices[indptr[i]! + k] = column;
        data[indptr[i]! + k] = value;
      });
    });
    return new CsrMatrix(indptr, indices, data, [rows.length, columns]);
  }

  /** The number of stored entries. */
  get nnz(): number {
    return this.indptr[this.shape[0]]!;
  }

  /** Row `i` as views into `indices` and `data`. */
  getRow(i: number): SparseRow {
    this.checkRow(i);
    const start = this.indptr[i]!;
    const end = this.indptr[i + 1]!;
    return { indices: this.indices.subarray(start, end), data: this.data.subarray(start, end) };
  }

  /** The value at `(i, j)` (0 when not stored). */
  get(i: number, j: number): number {
    this.checkRow(i);
    let low = this.indptr[i]!;
    let high = this.indptr[i + 1]! - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const column = this.indices[middle]!;
      if (column === j) return this.data[middle]!;
      if (column < j) low = middle + 1;
      else high = middle - 1;
    }
    return 0;
  }

  /** The dense matrix as rows of numbers (mind the size: rows × columns). */
  toDense(): number[][] {
    const [rows, columns] = this.shape;
    const dense: number[][] = [];
    for (let i = 0; i < rows; i++) {
      const row = new Array<number>(columns).fill(0);
      for (let k = this.indptr[i]!; k < this.indptr[i + 1]!; k++) row[this.indices[k]!] = this.data[k]!;
      dense.push(row);
    }
    return dense;
  }

  private checkRow(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.shape[0])
      throw new RangeError(`row ${i} outside 0..${this.shape[0] - 1}`);
  }
}

/** A growable Int32Array / Float64Array pair, for building CSR data without arrays of objects. */
export class EntryBuffer {
  indices = new Int32Array(1024);
  data = new Float64Array(1024);
  length = 0;

  push(index: number, value: number): void {
    if (this.length === this.indices.length) this.grow();
    this.indices[this.length] = index;
    this.data[this.length] = value;
    this.length++;
  }

  private grow(): void {
    const indices = new Int32Array(this.indices.length * 2);
    indices.set(this.indices);
    this.indices = indices;
    const data = new Float64Array(this.data.length * 2);
    data.set(this.data);
    this.data = data;
  }
}
