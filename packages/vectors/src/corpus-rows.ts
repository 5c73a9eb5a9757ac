/**
 * The corpus of one epoch as vocabulary rows, kept so that the later epochs of a training call train from
 * memory instead of reading (and looking up) the corpus again. It holds pieces in reading order: each
 * piece's known rows and how many corpus words it read (unknown words included, for the learning-rate
 * schedule and progress), so that replaying the pieces repeats exactly what reading did. It stops keeping
 * (and frees what it held) once it would pass `limitBytes`: a corpus larger than that is read every epoch.
 *
 * @example
 * ```ts
 * const rows = new CorpusRows(1 << 20);
 * rows.add(Int32Array.of(4, 0, 2), 3, 4); // three known words of a sentence of four
 * rows.seal();
 * rows.complete; // true
 * ```
 */
export class CorpusRows {
  private words: Int32Array = new Int32Array(0);
  private wordCount = 0;
  /** Per piece: the end of its rows in `words`, then the corpus words it read. */
  private pieces: Int32Array = new Int32Array(0);
  private pieceCount = 0;
  private state: 'filling' | 'complete' | 'dropped';

  /**
   * Keeps at most `limitBytes` (4 bytes a word, 8 a piece); 0 keeps nothing.
   *
   * @example
   * ```ts
   * const rows = new CorpusRows(0); // reads every epoch
   * ```
   */
  constructor(private readonly limitBytes: number) {
    this.state = limitBytes > 0 ? 'filling' : 'dropped';
  }

  /** Whether a whole epoch is held (after {@link CorpusRows.seal}). */
  get complete(): boolean {
    return this.state === 'complete';
  }

  /** Pieces held. */
  get length(): number {
    return this.pieceCount;
  }

  /**
   * Appends a piece: the first `known` rows of `rows`, read from `read` corpus words.
   *
   * @example
   * ```ts
   * rows.add(buffer, known, end - start);
   * ```
   */
  add(rows: Int32Array, known: number, read: number): void {
    if (this.state !== 'filling') return;
    const words = this.wordCount + known;
    const pieces = this.pieceCount + 1;
    if (words * 4 + pieces * 8 > this.limitBytes) {
      this.drop();
      return;
    }
    const most = Math.floor(this.limitBytes / 4);
    if (words > this.words.length) this.words = grow(this.words, words, most);
    if (2 * pieces > this.pieces.length) this.pieces = grow(this.pieces, 2 * pieces, most);
    this.words.set(rows.subarray(0, known), this.wordCount);
    this.wordCount = words;
    this.pieces[2 * this.pieceCount] = words;
    this.pieces[2 * this.pieceCount + 1] = read;
    this.pieceCount = pieces;
  }

  /**
   * Ends the filling epoch: what was kept is the whole epoch (unless it was dropped).
   *
   * @example
   * ```ts
   * rows.seal();
   * ```
   */
  seal(): void {
    if (this.state === 'filling') this.state = 'complete';
  }

  /**
   * Frees what is held; nothing more is kept.
   *
   * @example
   * ```ts
   * rows.drop();
   * ```
   */
  drop(): void {
    this.state = 'dropped';
    this.words = new Int32Array(0);
    this.pieces = new Int32Array(0);
    this.wordCount = 0;
    this.pieceCount = 0;
  }

  /**
   * Calls `visit` with each piece in order: all rows, the piece's [from, to) in them, and its words read.
   *
   * @example
   * ```ts
   * rows.forEach((words, from, to, read) => train(words.subarray(from, to), read));
   * ```
   */
  forEach(visit: (words: Int32Array, from: number, to: number, read: number) => void): void {
    const { words, pieces } = this;
    let from = 0;
    for (let p = 0; p < this.pieceCount; p++) {
      const to = pieces[2 * p] as number;
      visit(words, from, to, pieces[2 * p + 1] as number);
      from = to;
    }
  }

  /**
   * Like {@link CorpusRows.forEach}, awaiting each visit that returns a promise.
   *
   * @example
   * ```ts
   * await rows.forEachAsync(async (words, from, to, read) => send(words, from, to, read));
   * ```
   */
  async forEachAsync(
    visit: (words: Int32Array, from: number, to: number, read: number) => Promise<void> | undefined,
  ): Promise<void> {
    const { words, pieces } = this;
    let from = 0;
    for (let p = 0; p < this.pieceCount; p++) {
      const to = pieces[2 * p] as number;
      const waiting = visit(words, from, to, pieces[2 * p + 1] as number);
      if (waiting) await waiting;
      from = to;
    }
  }
}

/** A copy of `array` with room for `needed` values: twice its length, within `most`. */
function grow(array: Int32Array, needed: number, most: number): Int32Array {
  const grown = new Int32Array(Math.min(Math.max(needed, 2 * array.length, 1024), most));
  grown.set(array);
  return grown;
}
