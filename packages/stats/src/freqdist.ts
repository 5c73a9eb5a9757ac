import { codePointLength } from '@tokenlab/core';
import { comparePython, formatPythonInt, padPython, pythonStr } from './python-format.js';
import { lineChartSvg } from './svg-chart.js';

/**
 * Options of {@link FreqDist.tabulate}.
 *
 * @example
 * ```ts
 * const options: TabulateOptions<string> = { samples: ['the', 'cat'], cumulative: true };
 * new FreqDist('the cat and the hat'.split(' ')).tabulate(undefined, options);
 * // 'the cat \n  2   3 \n'
 * ```
 */
export interface TabulateOptions<T> {
  /** The samples to show, in this order (default: the `n` most common). */
  samples?: readonly T[];
  /** Show running totals instead of counts. */
  cumulative?: boolean;
}

/**
 * Options of {@link FreqDist.plot}.
 *
 * @example
 * ```ts
 * const options: PlotOptions = { cumulative: true, title: 'Top words', width: 400 };
 * const svg = new FreqDist('the cat and the hat'.split(' ')).plot(2, options); // '<svg xmlns=...'
 * ```
 */
export interface PlotOptions {
  /** Plot running totals (NLTK's `cumulative=True`). */
  cumulative?: boolean;
  /** Plot percentages of `N` instead of counts. */
  percents?: boolean;
  /** Title above the chart. */
  title?: string;
  /** Drawing-area width in pixels. */
  width?: number;
  /** Drawing-area height in pixels. */
  height?: number;
}

/**
 * How often each sample occurred, as NLTK's `FreqDist` (a Python `Counter`). Counts live in a `Map`,
 * so any string is a safe key (`'constructor'` and `'__proto__'` included). Samples are compared as
 * `Map` keys: use strings, and join n-grams (`gram.join(' ')`) to count them.
 *
 * Order matters for parity: {@link mostCommon} is a stable sort by count, so ties keep the order in
 * which samples were first seen, as `Counter.most_common` does.
 *
 * @example
 * ```ts
 * const fd = new FreqDist('the cat and the hat'.split(' '));
 * fd.N();             // 5
 * fd.B();             // 4
 * fd.get('the');      // 2
 * fd.mostCommon(2);   // [['the', 2], ['cat', 1]]
 * fd.hapaxes();       // ['cat', 'and', 'hat']
 * ```
 */
export class FreqDist<T = string> implements Iterable<T> {
  /** Counts by sample, in first-seen order. */
  readonly counts = new Map<T, number>();
  private total: number | undefined = 0;

  /** Count every sample of `samples` (if given). */
  constructor(samples?: Iterable<T>) {
    if (samples) this.update(samples);
  }

  /** Add one to the count of each sample. */
  update(samples: Iterable<T>): this {
    const counts = this.counts;
    for (const sample of samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
    this.total = undefined;
    return this;
  }

  /** Add `by` (default 1) to the count of `sample`. */
  increment(sample: T, by = 1): this {
    this.counts.set(sample, (this.counts.get(sample) ?? 0) + by);
    if (this.total !== undefined) this.total += by;
    return this;
  }

  /** The count of `sample`; 0 when unseen. */
  get(sample: T): number {
    return this.counts.get(sample) ?? 0;
  }

  /** Set the count of `sample` (a new sample goes to the end of the first-seen order). */
  set(sample: T, count: number): this {
    this.counts.set(sample, count);
    this.total = undefined;
    return this;
  }

  /** Remove `sample`; true if it was there. */
  delete(sample: T): boolean {
    this.total = undefined;
    return this.counts.delete(sample);
  }

  /** Whether `sample` has a count. */
  has(sample: T): boolean {
    return this.counts.has(sample);
  }

  /** The total number of outcomes (sum of the counts). */
  N(): number {
    if (this.total === undefined) {
      let total = 0;
      for (const count of this.counts.values()) total += count;
      this.total = total;
    }
    return this.total;
  }

  /** The number of distinct samples ("bins"). */
  B(): number {
    return this.counts.size;
  }

  /** The relative frequency `count / N` of `sample` (0 when nothing was counted). */
  freq(sample: T): number {
    const n = this.N();
    return n === 0 ? 0 : this.get(sample) / n;
  }

  /**
   * The `n` most common samples with their counts (all when `n` is omitted), ties in first-seen order.
   */
  mostCommon(n?: number): [T, number][] {
    const entries = [...this.counts.entries()];
    entries.sort((a, b) => b[1] - a[1]);
    return n === undefined ? entries : entries.slice(0, Math.max(0, n));
  }

  /** The most common sample; throws on an empty distribution, as NLTK does. */
  max(): T {
    if (this.counts.size === 0)
      throw new Error('A FreqDist must have at least one sample before max is defined.');
    let best: T | undefined;
    let bestCount = Number.NEGATIVE_INFINITY;
    for (const [sample, count] of this.counts) {
      if (count > bestCount) {
        best = sample;
        bestCount = count;
      }
    }
    return best as T;
  }

  /** The samples seen exactly once, in first-seen order. */
  hapaxes(): T[] {
    const result: T[] = [];
    for (const [sample, count] of this.counts) if (count === 1) result.push(sample);
    return result;
  }

  /** How many samples occur exactly `r` times (`r = 0` gives `bins - B()`, or 0 without `bins`). */
  Nr(r: number, bins?: number): number {
    return this.rNr(bins).get(r) ?? 0;
  }

  /** The frequency of frequencies: count → number of samples with that count. */
  rNr(bins?: number): Map<number, number> {
    const result = new Map<number, number>();
    for (const count of this.counts.values()) result.set(count, (result.get(count) ?? 0) + 1);
    result.set(0, bins === undefined ? 0 : bins - this.B());
    return result;
  }

  /** Running totals of the counts of `samples`, in order. */
  cumulativeFrequencies(samples: Iterable<T>): number[] {
    let total = 0;
    const result: number[] = [];
    for (const sample of samples) {
      total += this.get(sample);
      result.push(total);
    }
    return result;
  }

  /**
   * The text table NLTK's `tabulate` prints: the samples on one line, their counts (or running
   * totals) below, each right-aligned to a common width and followed by a space.
   *
   * @param n - how many of the most common samples (default all)
   */
  tabulate(n?: number, options: TabulateOptions<T> = {}): string {
    const samples = options.samples ?? this.mostCommon(n).map(([sample]) => sample);
    if (samples.length === 0) return '\n\n';
    const freqs = options.cumulative ? this.cumulativeFrequencies(samples) : samples.map((s) => this.get(s));
    const labels = samples.map(pythonStr);
    const numbers = freqs.map(formatPythonInt);
    let width = 0;
    for (const text of [...labels, ...numbers]) width = Math.max(width, codePointLength(text));
    const line = (cells: string[]) => `${cells.map((cell) => `${padPython(cell, width)} `).join('')}\n`;
    return line(labels) + line(numbers);
  }

  /**
   * An SVG line chart of the `n` most common samples (all by default), plain or cumulative, in
   * counts or percents: NLTK's `plot` without matplotlib.
   */
  plot(n?: number, options: PlotOptions = {}): string {
    const samples = this.mostCommon(n).map(([sample]) => sample);
    let values = options.cumulative ? this.cumulativeFrequencies(samples) : samples.map((s) => this.get(s));
    if (options.percents) values = values.map((value) => (value / this.N()) * 100);
    const yLabel = `${options.cumulative ? 'Cumulative ' : ''}${options.percents ? 'Percents' : 'Counts'}`;
    return lineChartSvg({
      labels: samples.map(pythonStr),
      series: [{ values }],
      yLabel,
      ...(options.title === undefined ? {} : { title: options.title }),
      ...(options.width === undefined ? {} : { width: options.width }),
      ...(options.height === undefined ? {} : { height: options.height }),
    });
  }

  /** A copy with the same counts in the same order. */
  copy(): FreqDist<T> {
    const result = new FreqDist<T>();
    for (const [sample, count] of this.counts) result.counts.set(sample, count);
    result.total = this.total;
    return result;
  }

  /** Counts added (`Counter.__add__`): keeps positive counts. */
  add(other: FreqDist<T>): FreqDist<T> {
    return this.combine(other, (a, b) => a + b);
  }

  /** Counts subtracted, keeping only positive results (`Counter.__sub__`). */
  subtract(other: FreqDist<T>): FreqDist<T> {
    return this.combine(other, (a, b) => a - b);
  }

  /** The larger count of each sample (`Counter.__or__`). */
  union(other: FreqDist<T>): FreqDist<T> {
    return this.combine(other, Math.max);
  }

  /** The smaller count of each sample (`Counter.__and__`). */
  intersection(other: FreqDist<T>): FreqDist<T> {
    return this.combine(other, Math.min);
  }

  private combine(other: FreqDist<T>, fn: (a: number, b: number) => number): FreqDist<T> {
    const result = new FreqDist<T>();
    const keys = new Set([...this.counts.keys(), ...other.counts.keys()]);
    for (const key of keys) {
      const value = fn(this.get(key), other.get(key));
      if (value > 0) result.counts.set(key, value);
    }
    result.total = undefined;
    return result;
  }

  /** NLTK's `pformat`: `FreqDist({'the': 2, 'cat': 1, ...})` with up to `maxlen` items. */
  pformat(maxlen = 10): string {
    const items = this.mostCommon(maxlen).map(([sample, count]) => `${pythonRepr(sample)}: ${count}`);
    if (this.B() > maxlen) items.push('...');
    return `FreqDist({${items.join(', ')}})`;
  }

  /** `<FreqDist with B samples and N outcomes>`, as NLTK's `str()`. */
  toString(): string {
    return `<FreqDist with ${this.B()} samples and ${this.N()} outcomes>`;
  }

  /** The samples from most to least common (NLTK iterates a FreqDist in this order). */
  *[Symbol.iterator](): Iterator<T> {
    for (const [sample] of this.mostCommon()) yield sample;
  }
}

function pythonRepr(value: unknown): string {
  if (typeof value === 'string')
    return value.includes("'") && !value.includes('"') ? `"${value}"` : `'${value}'`;
  return pythonStr(value);
}

/**
 * Options of {@link ConditionalFreqDist.tabulate} and {@link ConditionalFreqDist.plot}.
 *
 * @example
 * ```ts
 * const cfd = new ConditionalFreqDist([['news', 'the'], ['news', 'a'], ['fiction', 'the']]);
 * const options: ConditionalTableOptions<string, string> = { conditions: ['news'], samples: ['the', 'a'] };
 * cfd.tabulate(options); // '     the   a \nnews   1   1 \n'
 * ```
 */
export interface ConditionalTableOptions<C, T> {
  /** Which conditions, in this order (default: all, sorted as Python sorts them). */
  conditions?: readonly C[];
  /** Which samples, in this order (default: every sample seen under those conditions, sorted). */
  samples?: readonly T[];
  /** Running totals instead of counts. */
  cumulative?: boolean;
}

/**
 * One {@link FreqDist} per condition, as NLTK's `ConditionalFreqDist`: built from
 * `[condition, sample]` pairs, e.g. word lengths by genre or words by the word before them.
 *
 * @example
 * ```ts
 * const cfd = new ConditionalFreqDist([['news', 'the'], ['news', 'a'], ['fiction', 'the']]);
 * cfd.get('news').get('the'); // 1
 * cfd.conditions();           // ['news', 'fiction']
 * cfd.N();                    // 3
 * ```
 */
export class ConditionalFreqDist<C = string, T = string> {
  private readonly byCondition = new Map<C, FreqDist<T>>();

  /** Count each `[condition, sample]` pair, if given. */
  constructor(pairs?: Iterable<readonly [C, T]>) {
    if (pairs) for (const [condition, sample] of pairs) this.get(condition).increment(sample);
  }

  /** The distribution for `condition`, created empty on first access (NLTK's `cfd[c]`). */
  get(condition: C): FreqDist<T> {
    let fd = this.byCondition.get(condition);
    if (!fd) {
      fd = new FreqDist<T>();
      this.byCondition.set(condition, fd);
    }
    return fd;
  }

  /** Whether `condition` has been seen or accessed. */
  has(condition: C): boolean {
    return this.byCondition.has(condition);
  }

  /** The conditions in first-seen order. */
  conditions(): C[] {
    return [...this.byCondition.keys()];
  }

  /** The total number of outcomes under all conditions. */
  N(): number {
    let total = 0;
    for (const fd of this.byCondition.values()) total += fd.N();
    return total;
  }

  private table(options: ConditionalTableOptions<C, T>) {
    const conditions = options.conditions ?? this.conditions().sort(comparePython);
    const samples =
      options.samples ??
      [
        ...new Set(
          conditions.filter((c) => this.byCondition.has(c)).flatMap((c) => [...this.get(c).counts.keys()]),
        ),
      ].sort(comparePython);
    const freqs = conditions.map((c) =>
      options.cumulative
        ? this.get(c).cumulativeFrequencies(samples)
        : samples.map((s) => this.get(c).get(s)),
    );
    return { conditions, samples, freqs };
  }

  /**
   * NLTK's `tabulate`: a header of samples, then one row of counts per condition, all right-aligned.
   */
  tabulate(options: ConditionalTableOptions<C, T> = {}): string {
    const { conditions, samples, freqs } = this.table(options);
    if (samples.length === 0 || conditions.length === 0) return '';
    const labels = samples.map(pythonStr);
    const numbers = freqs.map((row) => row.map(formatPythonInt));
    let width = 0;
    for (const text of [...labels, ...numbers.flat()]) width = Math.max(width, codePointLength(text));
    const names = conditions.map(pythonStr);
    const conditionWidth = Math.max(...names.map(codePointLength));
    const cells = (items: string[]) => items.map((item) => `${padPython(item, width)} `).join('');
    let out = `${' '.repeat(conditionWidth)} ${cells(labels)}\n`;
    names.forEach((name, i) => {
      out += `${padPython(name, conditionWidth)} ${cells(numbers[i]!)}\n`;
    });
    return out;
  }

  /** An SVG chart with one line per condition over the samples (plain, cumulative or percents). */
  plot(options: ConditionalTableOptions<C, T> & PlotOptions = {}): string {
    const { conditions, samples, freqs } = this.table({
      ...options,
      conditions: options.conditions ?? this.conditions(),
    });
    const series = conditions.map((condition, i) => {
      const n = this.get(condition).N();
      const values = options.percents ? freqs[i]!.map((f) => (n === 0 ? 0 : (f / n) * 100)) : freqs[i]!;
      return { label: pythonStr(condition), values };
    });
    const yLabel = `${options.cumulative ? 'Cumulative ' : ''}${options.percents ? 'Percents' : 'Counts'}`;
    return lineChartSvg({
      labels: samples.map(pythonStr),
      series,
      yLabel,
      ...(options.title === undefined ? {} : { title: options.title }),
    });
  }
}
