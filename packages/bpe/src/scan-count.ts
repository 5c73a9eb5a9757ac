import { type PieceScanner, scanCl100kPiece, scanR50kPiece } from './piece-scanners.js';

/**
 * Distinct chunks of a text in first-appearance order, with their counts.
 *
 * @example
 * ```ts
 * const { chunks, counts }: ScannedCounts = scanCountChunks('the cat the', { scanner: 'gpt4' });
 * chunks; // ['the', ' cat', ' the']
 * counts; // Float64Array [1, 1, 1]
 * ```
 */
export interface ScannedCounts {
  /** The distinct chunks, in order of first appearance. */
  chunks: string[];
  /** `counts[i]` is how often `chunks[i]` occurs. */
  counts: Float64Array;
}

/**
 * How {@link scanCountChunks} splits: with the hand-written scanner of minbpe's GPT-2 or GPT-4 pattern
 * (the ones `@tokenlab/gpt` encodes with), or else with a regex (source and flags) whose whole match is
 * the chunk.
 *
 * @example
 * ```ts
 * const gpt4: ScanSpec = { scanner: 'gpt4' };
 * const words: ScanSpec = { source: '\\w+', flags: 'gu' };
 * ```
 */
export interface ScanSpec {
  /** The pattern whose hand-written scanner splits (wins over `source`). */
  scanner?: 'gpt2' | 'gpt4';
  /** A regex source, for other patterns. */
  source?: string;
  /** The regex's flags (`g` is added). Default `gu`. */
  flags?: string;
}

const SCANNERS: Record<'gpt2' | 'gpt4', PieceScanner> = { gpt2: scanR50kPiece, gpt4: scanCl100kPiece };

/**
 * Split `text` into chunks and count them without allocating a string per chunk: chunks are hashed
 * straight from the text and compared with their first occurrence, and only distinct chunks become
 * strings. The GPT-2 and GPT-4 patterns are cut by the hand-written scanners of `piece-scanners.ts`
 * (the GPT-4 one is tiktoken's cl100k scanner: minbpe's `\s*[\r\n]` and cl100k's `\s*[\r\n]+` end at
 * the same place); any other pattern by its regex.
 *
 * @example
 * ```ts
 * scanCountChunks('the cat the', { scanner: 'gpt4' }); // { chunks: ['the', ' cat', ' the'], counts: [1, 1, 1] }
 * ```
 */
export function scanCountChunks(text: string, scan: ScanSpec): ScannedCounts {
  const table = new ChunkHashTable(text);
  const scanner = scan.scanner === undefined ? undefined : SCANNERS[scan.scanner];
  const n = text.length;
  if (scanner !== undefined) {
    for (let start = 0; start < n; ) {
      const end = scanner(text, start, n);
      table.add(start, end);
      start = end;
    }
  } else {
    if (scan.source === undefined) throw new TypeError('scanCountChunks: give a scanner or a regex source');
    const flags = scan.flags ?? 'gu';
    const regexp = new RegExp(scan.source, flags.includes('g') ? flags : `${flags}g`);
    for (let match = regexp.exec(text); match !== null; match = regexp.exec(text)) {
      const length = match[0].length;
      if (length === 0) regexp.lastIndex++;
      table.add(match.index, match.index + length);
    }
  }
  return table.result();
}

/** Open-addressing table of the distinct chunks of one text, each kept as its first (start, length). */
class ChunkHashTable {
  private readonly text: string;
  private slots = new Int32Array(1 << 12);
  private mask = (1 << 12) - 1;
  private starts = new Int32Array(1 << 11);
  private lengths = new Int32Array(1 << 11);
  private hashes = new Int32Array(1 << 11);
  private counts = new Float64Array(1 << 11);
  private distinct = 0;

  constructor(text: string) {
    this.text = text;
  }

  /** Count the chunk `text[start, end)`. */
  add(start: number, end: number): void {
    const { text } = this;
    let hash = 0x811c9dc5;
    for (let p = start; p < end; p++) hash = Math.imul(hash ^ text.charCodeAt(p), 0x01000193);
    const length = end - start;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) {
        this.insert(slot, start, length, hash);
        return;
      }
      const c = entry - 1;
      if (
        this.hashes[c] === hash &&
        this.lengths[c] === length &&
        this.sameText(this.starts[c]!, start, length)
      ) {
        this.counts[c]!++;
        return;
      }
    }
  }

  private sameText(first: number, start: number, length: number): boolean {
    const { text } = this;
    for (let k = 0; k < length; k++)
      if (text.charCodeAt(first + k) !== text.charCodeAt(start + k)) return false;
    return true;
  }

  private insert(slot: number, start: number, length: number, hash: number): void {
    const c = this.distinct;
    if (c === this.starts.length) {
      this.starts = grow(this.starts);
      this.lengths = grow(this.lengths);
      this.hashes = grow(this.hashes);
      this.counts = grow(this.counts);
    }
    this.starts[c] = start;
    this.lengths[c] = length;
    this.hashes[c] = hash;
    this.counts[c] = 1;
    this.slots[slot] = ++this.distinct;
    if (this.distinct * 2 > this.slots.length) this.rehash();
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let c = 0; c < this.distinct; c++) {
      let slot = this.hashes[c]! & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = c + 1;
    }
  }

  result(): ScannedCounts {
    const chunks: string[] = new Array(this.distinct);
    for (let c = 0; c < this.distinct; c++)
      chunks[c] = this.text.slice(this.starts[c]!, this.starts[c]! + this.lengths[c]!);
    return { chunks, counts: this.counts.slice(0, this.distinct) };
  }
}

function grow<T extends Int32Array | Float64Array>(array: T): T {
  const grown = new (array.constructor as new (size: number) => T)(array.length * 2);
  grown.set(array);
  return grown;
}
