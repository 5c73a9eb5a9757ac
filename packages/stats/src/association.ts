import { pythonLog, pythonLog2 } from './python-math.js';
/**
 * Association measures for collocations, with NLTK's formulas (`nltk/metrics/association.py`) and
 * the same order of floating-point operations, so scores agree to the last bit where the platform's
 * `log` does. Each measure takes the marginals of a contingency table:
 *
 * - bigrams: `(n_ii, [n_ix, n_xi], n_xx)` — the pair's count, each word's count, the total;
 * - trigrams: `(n_iii, [n_iix, n_ixi, n_xii], [n_ixx, n_xix, n_xxi], n_xxx)`.
 *
 * Where NLTK raises (a `log` of zero or of a negative cell, a division by zero) we return a number
 * instead; each measure's comment says which.
 */

/**
 * NLTK's smoothing constant, added where a division or `log` could otherwise fail.
 *
 * @example
 * ```ts
 * SMALL; // 1e-20
 * ```
 */
export const SMALL = 1e-20;

/**
 * A bigram measure: `(n_ii, [n_ix, n_xi], n_xx) → score`.
 *
 * @example
 * ```ts
 * const overlap: BigramScoreFn = (nii, [nix, nxi]) => nii / Math.min(nix, nxi);
 * const finder = BigramCollocationFinder.fromWords('this this is is a a test test'.split(' '));
 * finder.scoreNgrams(overlap)[0]; // [['a', 'a'], 0.5]
 * ```
 */
export type BigramScoreFn = (nii: number, marginals: readonly [number, number], nxx: number) => number;

/**
 * A trigram measure: `(n_iii, [n_iix, n_ixi, n_xii], [n_ixx, n_xix, n_xxi], n_xxx) → score`.
 *
 * @example
 * ```ts
 * const share: TrigramScoreFn = (niii, _pairs, _singles, nxxx) => niii / nxxx;
 * TrigramCollocationFinder.fromWords('a b c a b c'.split(' ')).scoreNgrams(share)[0];
 * // [['a', 'b', 'c'], 0.3333333333333333]
 * ```
 */
export type TrigramScoreFn = (
  niii: number,
  pairs: readonly [number, number, number],
  singles: readonly [number, number, number],
  nxxx: number,
) => number;

function product(values: readonly number[]): number {
  let result = values[0]!;
  for (let i = 1; i < values.length; i++) result *= values[i]!;
  return result;
}

/** `total^(order - 1)` for the small integer orders used here, by multiplication (exact for counts). */
function power(total: number, order: number): number {
  let result = total;
  for (let i = 2; i < order; i++) result *= total;
  return result;
}

/** Python's `sum`: left to right from 0. */
function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** Shared by both arities: the formulas written once over (count, unigram counts, total, order). */
function studentT(count: number, unigrams: readonly number[], total: number, order: number): number {
  return (count - product(unigrams) / power(total, order)) / Math.sqrt(count + SMALL);
}

function pmi(count: number, unigrams: readonly number[], total: number, order: number): number {
  return pythonLog2(count * power(total, order)) - pythonLog2(product(unigrams));
}

/**
 * PMI divided by its largest possible value `(n - 1)·(-log2 p(ngram))`: 1 for words that only occur
 * together, 0 for independence (for bigrams this is Bouma's NPMI in `[-1, 1]`). When the n-gram is
 * the whole corpus (`p = 1`) the ratio is 0/0; we return 1.
 */
function npmi(count: number, unigrams: readonly number[], total: number, order: number): number {
  const denominator = -(order - 1) * pythonLog2(count / total);
  if (denominator === 0) return 1;
  return pmi(count, unigrams, total, order) / denominator;
}

function poissonStirling(count: number, unigrams: readonly number[], total: number, order: number): number {
  const expected = product(unigrams) / power(total, order);
  return count * (pythonLog2(count / expected) - 1);
}

function miLike(count: number, unigrams: readonly number[], power: number): number {
  return count ** power / product(unigrams);
}

/**
 * Expected cell counts under independence, for any order: cell `i` (bit `j` set = word `j` absent)
 * gets the product over words of the row sums that agree with `i` on that word, over `N^(n-1)`.
 */
function expectedValues(cells: readonly number[], order: number): number[] {
  const total = sum(cells);
  const result: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    let value = 1;
    for (let bit = 0; bit < order; bit++) {
      const mask = 1 << bit;
      let marginal = 0;
      for (let x = 0; x < cells.length; x++) if ((x & mask) === (i & mask)) marginal += cells[x]!;
      value = bit === 0 ? marginal : value * marginal;
    }
    result.push(value / power(total, order));
  }
  return result;
}

/**
 * The log-likelihood ratio `2 Σ obs·ln(obs/(exp+SMALL) + SMALL)`. NLTK crashes with a math domain
 * error when a cell is negative — which happens when marginals overlap, e.g. a word paired with
 * itself in a short text. We drop such terms (they contribute 0, the limit of `x ln x` at 0) and
 * so always return a finite number.
 */
function likelihoodRatio(cells: readonly number[], expected: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < cells.length; i++) {
    const observed = cells[i]!;
    const argument = observed / (expected[i]! + SMALL) + SMALL;
    total += argument > 0 ? observed * pythonLog(argument) : 0;
  }
  return 2 * total;
}

function chiSqGeneric(cells: readonly number[], expected: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < cells.length; i++) total += (cells[i]! - expected[i]!) ** 2 / (expected[i]! + SMALL);
  return total;
}

/** The bigram contingency cells `(n_ii, n_oi, n_io, n_oo)` from the marginals. */
function bigramContingency(nii: number, [nix, nxi]: readonly [number, number], nxx: number): number[] {
  const noi = nxi - nii;
  const nio = nix - nii;
  return [nii, noi, nio, nxx - nii - noi - nio];
}

function bigramExpected(cells: readonly number[]): number[] {
  const nxx = sum(cells);
  const result: number[] = [];
  for (let i = 0; i < 4; i++) result.push(((cells[i]! + cells[i ^ 1]!) * (cells[i]! + cells[i ^ 2]!)) / nxx);
  return result;
}

/**
 * The squared phi coefficient. NLTK unpacks the cells as `(n_ii, n_io, n_oi, n_oo)` although they
 * come as `(n_ii, n_oi, n_io, n_oo)`; the value is symmetric, and we keep its operation order so the
 * bits agree. A zero row or column (NLTK: ZeroDivisionError) gives 0: no evidence of association.
 */
function phiSq(nii: number, marginals: readonly [number, number], nxx: number): number {
  const [a, b, c, d] = bigramContingency(nii, marginals, nxx) as [number, number, number, number];
  const denominator = (a + b) * (a + c) * (b + d) * (c + d);
  if (denominator === 0) return 0;
  return (a * d - b * c) ** 2 / denominator;
}

/**
 * NLTK's `BigramAssocMeasures`, plus `npmi`. Pass a measure to a finder's `scoreNgrams`, or call it
 * on the marginals directly.
 *
 * @example
 * ```ts
 * BigramAssocMeasures.pmi(1, [1, 1], 2);                      // 1
 * BigramAssocMeasures.studentT(8, [15828, 4675], 14307668);   // 0.99993...
 * BigramAssocMeasures.likelihoodRatio(150, [12593, 932], 14307668); // 1291.319...
 * ```
 */
export const BigramAssocMeasures = {
  /** The relative frequency `n_ii / n_xx`. */
  rawFreq: ((nii, _marginals, nxx) => nii / nxx) as BigramScoreFn,
  /** Student's t against independence (Manning & Schütze 5.3.1). */
  studentT: ((nii, marginals, nxx) => studentT(nii, marginals, nxx, 2)) as BigramScoreFn,
  /** Pearson's chi-square, `n_xx · phiSq` (Manning & Schütze 5.3.3); 0 when a row or column is empty. */
  chiSq: ((nii, marginals, nxx) => nxx * phiSq(nii, marginals, nxx)) as BigramScoreFn,
  /** The squared phi coefficient; 0 when a row or column of the table is empty. */
  phiSq: phiSq as BigramScoreFn,
  /** `n_ii^power / (n_ix · n_xi)` (power 3 by default; no log). */
  miLike: ((nii, marginals, _nxx, power = 3) => miLike(nii, marginals, power)) as (
    nii: number,
    marginals: readonly [number, number],
    nxx: number,
    power?: number,
  ) => number,
  /** Pointwise mutual information, `log2(n_ii·n_xx) − log2(n_ix·n_xi)`. */
  pmi: ((nii, marginals, nxx) => pmi(nii, marginals, nxx, 2)) as BigramScoreFn,
  /** Normalised PMI in `[-1, 1]` (Bouma 2009), not in NLTK; 1 when the pair is the whole corpus. */
  npmi: ((nii, marginals, nxx) => npmi(nii, marginals, nxx, 2)) as BigramScoreFn,
  /** Dunning's log-likelihood ratio; terms of negative cells (NLTK: crash) count 0. */
  likelihoodRatio: ((nii, marginals, nxx) => {
    const cells = bigramContingency(nii, marginals, nxx);
    return likelihoodRatio(cells, bigramExpected(cells));
  }) as BigramScoreFn,
  /** The Poisson–Stirling measure `n_ii·(log2(n_ii/exp) − 1)`. */
  poissonStirling: ((nii, marginals, nxx) => poissonStirling(nii, marginals, nxx, 2)) as BigramScoreFn,
  /** The Jaccard index `n_ii / (n_ii + n_oi + n_io)`. */
  jaccard: ((nii, marginals, nxx) => {
    const cells = bigramContingency(nii, marginals, nxx);
    return cells[0]! / sum(cells.slice(0, -1));
  }) as BigramScoreFn,
  /** The Dice coefficient `2·n_ii / (n_ix + n_xi)`. */
  dice: ((nii, [nix, nxi]) => (2 * nii) / (nix + nxi)) as BigramScoreFn,
  /** The contingency cells `(n_ii, n_oi, n_io, n_oo)`. */
  contingency: bigramContingency,
  /** The marginals `(n_ii, [n_ix, n_xi], n_xx)` back from the cells. */
  marginals(nii: number, noi: number, nio: number, noo: number): [number, [number, number], number] {
    return [nii, [noi + nii, nio + nii], noo + noi + nio + nii];
  },
};

/** The trigram contingency cells `(n_iii, n_oii, n_ioi, n_ooi, n_iio, n_oio, n_ioo, n_ooo)`. */
function trigramContingency(
  niii: number,
  [niix, nixi, nxii]: readonly [number, number, number],
  [nixx, nxix, nxxi]: readonly [number, number, number],
  nxxx: number,
): number[] {
  const noii = nxii - niii;
  const nioi = nixi - niii;
  const niio = niix - niii;
  const nooi = nxxi - niii - noii - nioi;
  const noio = nxix - niii - noii - niio;
  const nioo = nixx - niii - nioi - niio;
  const nooo = nxxx - niii - noii - nioi - niio - nooi - noio - nioo;
  return [niii, noii, nioi, nooi, niio, noio, nioo, nooo];
}

/**
 * NLTK's `TrigramAssocMeasures`, plus `npmi`.
 *
 * @example
 * ```ts
 * TrigramAssocMeasures.contingency(1, [1, 1, 1], [1, 73, 1], 2000); // [1, 0, 0, 0, 0, 72, 0, 1927]
 * TrigramAssocMeasures.pmi(1, [1, 1, 1], [1, 1, 1], 4);             // 4
 * ```
 */
export const TrigramAssocMeasures = {
  /** The relative frequency `n_iii / n_xxx`. */
  rawFreq: ((niii, _pairs, _singles, nxxx) => niii / nxxx) as TrigramScoreFn,
  /** Student's t against independence. */
  studentT: ((niii, _pairs, singles, nxxx) => studentT(niii, singles, nxxx, 3)) as TrigramScoreFn,
  /** Pearson's chi-square over the 8 cells. */
  chiSq: ((niii, pairs, singles, nxxx) => {
    const cells = trigramContingency(niii, pairs, singles, nxxx);
    return chiSqGeneric(cells, expectedValues(cells, 3));
  }) as TrigramScoreFn,
  /** `n_iii^power / (n_ixx · n_xix · n_xxi)` (power 3 by default). */
  miLike: ((niii, _pairs, singles, _nxxx, power = 3) => miLike(niii, singles, power)) as (
    niii: number,
    pairs: readonly [number, number, number],
    singles: readonly [number, number, number],
    nxxx: number,
    power?: number,
  ) => number,
  /** Pointwise mutual information `log2(n_iii·N²) − log2(n_ixx·n_xix·n_xxi)`. */
  pmi: ((niii, _pairs, singles, nxxx) => pmi(niii, singles, nxxx, 3)) as TrigramScoreFn,
  /** Normalised PMI, not in NLTK: PMI over its maximum `-2·log2(n_iii / N)`; 1 when that is 0. */
  npmi: ((niii, _pairs, singles, nxxx) => npmi(niii, singles, nxxx, 3)) as TrigramScoreFn,
  /** Dunning's log-likelihood ratio over the 8 cells; terms of negative cells count 0. */
  likelihoodRatio: ((niii, pairs, singles, nxxx) => {
    const cells = trigramContingency(niii, pairs, singles, nxxx);
    return likelihoodRatio(cells, expectedValues(cells, 3));
  }) as TrigramScoreFn,
  /** The Poisson–Stirling measure. */
  poissonStirling: ((niii, _pairs, singles, nxxx) =>
    poissonStirling(niii, singles, nxxx, 3)) as TrigramScoreFn,
  /** The Jaccard index: `n_iii` over all cells but `n_ooo`. */
  jaccard: ((niii, pairs, singles, nxxx) => {
    const cells = trigramContingency(niii, pairs, singles, nxxx);
    return cells[0]! / sum(cells.slice(0, -1));
  }) as TrigramScoreFn,
  /** The contingency cells `(n_iii, n_oii, n_ioi, n_ooi, n_iio, n_oio, n_ioo, n_ooo)`. */
  contingency: trigramContingency,
};
