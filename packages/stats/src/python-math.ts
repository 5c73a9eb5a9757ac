/**
 * Correctly rounded natural and base-2 logarithms.
 *
 * NLTK's scores go through C's `log`/`log2` (glibc), which round correctly in all but a vanishing
 * fraction of cases; V8's `Math.log` is off by one unit in the last place for about 4% of inputs
 * (`Math.log2` for about 1%). One ulp is far inside any tolerance, but it decides the order of
 * mathematically tied scores (NLTK sorts by `(-score, ngram)`), so for parity we compute the
 * logarithm in double-double arithmetic (~100 bits) and round once.
 */

const SPLITTER = 134217729; // 2^27 + 1, Veltkamp's splitting constant

/** `[hi, lo]` with `hi + lo = a * b` exactly. */
function twoProduct(a: number, b: number, out: Float64Array): void {
  const product = a * b;
  let t = SPLITTER * a;
  const aHi = t - (t - a);
  const aLo = a - aHi;
  t = SPLITTER * b;
  const bHi = t - (t - b);
  const bLo = b - bHi;
  out[0] = product;
  out[1] = aHi * bHi - product + aHi * bLo + aLo * bHi + aLo * bLo;
}

const scratch = new Float64Array(2);
const bitsBuffer = new ArrayBuffer(8);
const bitsFloat = new Float64Array(bitsBuffer);
const bitsWords = new Uint32Array(bitsBuffer);
/** Index of the high (sign/exponent) word of a double in `bitsWords`, by platform endianness. */
const HIGH = new Uint8Array(Float64Array.of(1).buffer)[7] === 0x3f ? 1 : 0;

/** `1/(2k+1)` as double-doubles, for the atanh series. */
const RECIPROCALS_HI: number[] = [];
const RECIPROCALS_LO: number[] = [];
for (let k = 0; k <= 24; k++) {
  const d = 2 * k + 1;
  const hi = 1 / d;
  twoProduct(hi, d, scratch);
  RECIPROCALS_HI.push(hi);
  RECIPROCALS_LO.push((1 - scratch[0]! - scratch[1]!) / d);
}
const LN2_HI = Math.LN2;
const LN2_LO = 2.3190468138462996e-17;

/** ln(m) for m in [1/√2, √2] as a double-double by the plain atanh series (slow; builds the table). */
function lnSeries(m: number, out: Float64Array): void {
  const numerator = m - 1; // exact (Sterbenz)
  const denominatorHi = m + 1;
  const denominatorLo = m - (denominatorHi - 1);
  atanhTimesTwo(numerator, denominatorHi, denominatorLo, 22, 11, out);
}

/**
 * `2·atanh(s)` for `s = numerator / (denominatorHi + denominatorLo)`, as a double-double:
 * `2s·Σ s^(2k)/(2k+1)`, Horner from term `last`, terms below `doubleFrom` in double-double.
 */
function atanhTimesTwo(
  numerator: number,
  denominatorHi: number,
  denominatorLo: number,
  last: number,
  doubleFrom: number,
  out: Float64Array,
): void {
  const sHi = numerator / denominatorHi;
  twoProduct(sHi, denominatorHi, scratch);
  const sLo = (numerator - scratch[0]! - scratch[1]! - sHi * denominatorLo) / denominatorHi;
  twoProduct(sHi, sHi, scratch);
  const s2Hi = scratch[0]!;
  const s2Lo = scratch[1]! + 2 * sHi * sLo;
  let tail = RECIPROCALS_HI[last]!;
  for (let k = last - 1; k >= doubleFrom; k--) tail = tail * s2Hi + RECIPROCALS_HI[k]!;
  let pHi = tail;
  let pLo = 0;
  for (let k = doubleFrom - 1; k >= 0; k--) {
    twoProduct(pHi, s2Hi, scratch);
    let hi = scratch[0]!;
    let lo = scratch[1]! + pHi * s2Lo + pLo * s2Hi;
    const sum = hi + RECIPROCALS_HI[k]!;
    const v = sum - hi;
    lo += hi - (sum - v) + (RECIPROCALS_HI[k]! - v) + RECIPROCALS_LO[k]!;
    hi = sum + lo;
    pLo = lo - (hi - sum);
    pHi = hi;
  }
  twoProduct(sHi, pHi, scratch);
  out[0] = 2 * scratch[0]!;
  out[1] = 2 * (scratch[1]! + sHi * pLo + sLo * pHi);
}

/** `ln(1 + i/128)` for i = 0..128 as double-doubles: the table that makes the series short. */
const TABLE_SIZE = 128;
const LOG_TABLE_HI = new Float64Array(TABLE_SIZE + 1);
const LOG_TABLE_LO = new Float64Array(TABLE_SIZE + 1);
{
  const value = new Float64Array(2);
  for (let i = 0; i <= TABLE_SIZE; i++) {
    const c = 1 + i / TABLE_SIZE;
    if (c <= Math.SQRT2) lnSeries(c, value);
    else {
      // ln(c) = ln 2 + ln(c/2), c/2 exact and in [1/√2, 1].
      lnSeries(c / 2, value);
      const sum = LN2_HI + value[0]!;
      const v = sum - LN2_HI;
      const err = LN2_HI - (sum - v) + (value[0]! - v) + LN2_LO + value[1]!;
      value[0] = sum + err;
      value[1] = err - (value[0]! - sum);
    }
    LOG_TABLE_HI[i] = value[0]!;
    LOG_TABLE_LO[i] = value[1]!;
  }
}

const series = new Float64Array(2);

/** ln(x) as a double-double, written into `out`; x must be positive and finite. */
function lnDoubleDouble(x: number, out: Float64Array): void {
  // m = c · (m / c) with c = 1 + i/128 nearest: ln(m/c) = 2 atanh((m - c)/(m + c)), |s| <= 1/512.
  reduce(x);
  const { exponent, index: i, numerator, sumHi, sumLo } = reduced;
  atanhTimesTwo(numerator, sumHi, sumLo, 6, 3, series);
  // ln(x) = exponent·ln 2 + ln(c) + ln(m/c), summed in double-double.
  let hi = LOG_TABLE_HI[i]!;
  let lo = LOG_TABLE_LO[i]!;
  let sum = hi + series[0]!;
  let v = sum - hi;
  lo += hi - (sum - v) + (series[0]! - v) + series[1]!;
  hi = sum;
  if (exponent !== 0) {
    twoProduct(exponent, LN2_HI, scratch);
    sum = scratch[0]! + hi;
    v = sum - scratch[0]!;
    lo += scratch[0]! - (sum - v) + (hi - v) + scratch[1]! + exponent * LN2_LO;
    hi = sum;
  }
  const total = hi + lo;
  out[0] = total;
  out[1] = lo - (total - hi);
}

const result = new Float64Array(2);

function special(x: number): number | undefined {
  if (x === 1) return 0;
  if (!(x > 0)) return x === 0 ? Number.NEGATIVE_INFINITY : Number.NaN;
  if (x === Number.POSITIVE_INFINITY) return x;
  return undefined;
}

/** `value` with its low `bitsToClear` mantissa bits zeroed, so small integer multiples are exact. */
function truncateMantissa(value: number, bitsToClear: number): number {
  bitsFloat[0] = value;
  bitsWords[1 - HIGH] = (bitsWords[1 - HIGH]! >>> bitsToClear) << bitsToClear;
  return bitsFloat[0]!;
}

// ln 2 and 1/ln 2 split for the fast path: k · LN2_SPLIT is exact for |k| < 2^12.
const LN2_SPLIT = truncateMantissa(LN2_HI, 16);
const LN2_SPLIT_LO = LN2_HI - LN2_SPLIT + LN2_LO;
const INV_LN2_HI = 1 / LN2_HI;
const INV_LN2_LO = (() => {
  // 1/ln2 = INV_LN2_HI + lo, with lo = (1 - INV_LN2_HI·ln2)/ln2.
  twoProduct(INV_LN2_HI, LN2_HI, scratch);
  return (1 - scratch[0]! - scratch[1]! - INV_LN2_HI * LN2_LO) / LN2_HI;
})();
/** `log2(1 + i/128)` as double-doubles. */
const LOG2_TABLE_HI = new Float64Array(TABLE_SIZE + 1);
const LOG2_TABLE_LO = new Float64Array(TABLE_SIZE + 1);
for (let i = 0; i <= TABLE_SIZE; i++) {
  const hi = LOG_TABLE_HI[i]!;
  const lo = LOG_TABLE_LO[i]!;
  twoProduct(hi, INV_LN2_HI, scratch);
  const productHi = scratch[0]!;
  const productLo = scratch[1]! + hi * INV_LN2_LO + lo * INV_LN2_HI;
  LOG2_TABLE_HI[i] = productHi + productLo;
  LOG2_TABLE_LO[i] = productLo - (LOG2_TABLE_HI[i]! - productHi);
}

/**
 * The correctly rounded `y` from an unevaluated sum `hi + lo` known to within `error`, or NaN when
 * the true value may lie too close to a rounding boundary to decide (then the slow path decides).
 */
function roundChecked(hi: number, lo: number, error: number): number {
  const y = hi + lo;
  const v = y - hi;
  const residual = hi - (y - v) + (lo - v);
  bitsFloat[0] = y;
  const high = bitsWords[HIGH]!;
  const low = bitsWords[1 - HIGH]!;
  const biased = (high >>> 20) & 0x7ff;
  // Half an ulp of y is 2^(exponent - 53): a double with biased exponent `biased - 53`.
  if (biased <= 54) return Number.NaN; // tiny results: let the slow path decide
  bitsWords[HIGH] = (biased - 53) << 20;
  bitsWords[1 - HIGH] = 0;
  let halfUlp = bitsFloat[0]!;
  // Just below a power of two the spacing halves.
  if (low === 0 && (high & 0xfffff) === 0 && residual * y < 0) halfUlp /= 2;
  return Math.abs(residual) + error < halfUlp ? y : Number.NaN;
}

/** A bound on the fast path's error, relative to the size of its terms (~2^-100, with margin). */
const ERROR_SCALE = 2 ** -96;

/** Split x into 2^exponent · m, m in [1, 2), and m = c·(1 + r) with c = 1 + i/128 (shared by both logs). */
const reduced = { exponent: 0, index: 0, numerator: 0, sumHi: 0, sumLo: 0, sHi: 0, sLo: 0 };
function reduce(x: number): void {
  let exponent = 0;
  if (x < 2.2250738585072014e-308) {
    x *= 18014398509481984; // 2^54
    exponent = -54;
  }
  bitsFloat[0] = x;
  const high = bitsWords[HIGH]!;
  exponent += ((high >>> 20) & 0x7ff) - 1023;
  bitsWords[HIGH] = (high & 0x800fffff) | 0x3ff00000;
  const m = bitsFloat[0]!;
  const index = Math.round((m - 1) * TABLE_SIZE);
  const c = 1 + index / TABLE_SIZE;
  // s = (m - c)/(m + c) as a double-double; m - c is exact.
  const numerator = m - c;
  const sumHi = m + c;
  const sumLo = m - (sumHi - c);
  const sHi = numerator / sumHi;
  twoProduct(sHi, sumHi, scratch);
  reduced.exponent = exponent;
  reduced.index = index;
  reduced.numerator = numerator;
  reduced.sumHi = sumHi;
  reduced.sumLo = sumLo;
  reduced.sHi = sHi;
  reduced.sLo = (numerator - scratch[0]! - scratch[1]! - sHi * sumLo) / sumHi;
}

/** ln(m/c) − 2·sHi: the small part of the atanh series (|s| <= 1/512). */
function seriesTail(): number {
  const { sHi, sLo } = reduced;
  const s2 = sHi * sHi;
  return 2 * sLo + 2 * sHi * s2 * (1 / 3 + s2 * (1 / 5 + s2 * (1 / 7)));
}

// Scores take logs of counts and of products of counts, which repeat a lot: a small direct-mapped
// cache of recent arguments (keyed by the bits of the double) skips most of the work.
const CACHE_SIZE = 1 << 14;
const LN_CACHE_KEYS = new Float64Array(CACHE_SIZE).fill(Number.NaN);
const LN_CACHE_VALUES = new Float64Array(CACHE_SIZE);
const LOG2_CACHE_KEYS = new Float64Array(CACHE_SIZE).fill(Number.NaN);
const LOG2_CACHE_VALUES = new Float64Array(CACHE_SIZE);

function cacheSlot(x: number): number {
  bitsFloat[0] = x;
  return (
    (Math.imul(bitsWords[0]! ^ Math.imul(bitsWords[1]!, 0x9e3779b1), 0x85ebca6b) >>> 18) & (CACHE_SIZE - 1)
  );
}

/**
 * ln(x) and log2(x) by the slow double-double path alone (the fast path's fallback), for tests that
 * check the two agree.
 * @internal
 */
export function logsBySlowPath(x: number): [number, number] {
  const value = special(x);
  if (value !== undefined) return [value, value];
  lnDoubleDouble(x, result);
  const lnHi = result[0]!;
  const lnLo = result[1]!;
  const q1 = lnHi / LN2_HI;
  twoProduct(q1, LN2_HI, scratch);
  const remainder = lnHi - scratch[0]! - scratch[1]! + lnLo - q1 * LN2_LO;
  return [lnHi, q1 + remainder / LN2_HI];
}

/**
 * The natural logarithm, correctly rounded (as glibc's `log`, which Python's `math.log` calls).
 *
 * @example
 * ```ts
 * pythonLog(Math.E); // 1
 * pythonLog(10);     // 2.302585092994046
 * ```
 */
export function pythonLog(x: number): number {
  const slot = cacheSlot(x);
  if (LN_CACHE_KEYS[slot] === x) return LN_CACHE_VALUES[slot]!;
  const y = computeLog(x);
  LN_CACHE_KEYS[slot] = x;
  LN_CACHE_VALUES[slot] = y;
  return y;
}

const sum = new Float64Array(2);

/**
 * `(a + b) + c` rounded into `out[0]`, and the exact rounding errors of both additions summed into
 * `out[1]` (Knuth's two-sum), so the caller can carry them into the low part.
 */
function threeSum(a: number, b: number, c: number, out: Float64Array): void {
  const ab = a + b;
  let v = ab - a;
  const abError = a - (ab - v) + (b - v);
  const hi = ab + c;
  v = hi - ab;
  out[0] = hi;
  out[1] = abError + (ab - (hi - v) + (c - v));
}

function computeLog(x: number): number {
  const value = special(x);
  if (value !== undefined) return value;
  reduce(x);
  const { exponent, index, sHi } = reduced;
  // hi: exponent·ln2 (exact) + ln c + 2s, summed exactly; lo: everything small.
  const a = exponent * LN2_SPLIT;
  const b = LOG_TABLE_HI[index]!;
  const c = 2 * sHi;
  threeSum(a, b, c, sum);
  const hi = sum[0]!;
  const lo = sum[1]! + exponent * LN2_SPLIT_LO + LOG_TABLE_LO[index]! + seriesTail();
  const error = ERROR_SCALE * (Math.abs(a) + Math.abs(b) + Math.abs(c)) + 1e-300;
  const y = roundChecked(hi, lo, error);
  if (!Number.isNaN(y)) return y;
  lnDoubleDouble(x, result);
  return result[0]!;
}

/**
 * The base-2 logarithm, correctly rounded (as glibc's `log2`, which Python's `math.log2` calls);
 * exact for powers of two.
 *
 * @example
 * ```ts
 * pythonLog2(8);  // 3
 * pythonLog2(10); // 3.321928094887362
 * ```
 */
export function pythonLog2(x: number): number {
  const slot = cacheSlot(x);
  if (LOG2_CACHE_KEYS[slot] === x) return LOG2_CACHE_VALUES[slot]!;
  const y = computeLog2(x);
  LOG2_CACHE_KEYS[slot] = x;
  LOG2_CACHE_VALUES[slot] = y;
  return y;
}

function computeLog2(x: number): number {
  const value = special(x);
  if (value !== undefined) return value;
  reduce(x);
  const { exponent, index, sHi } = reduced;
  // log2 x = exponent + log2 c + ln(m/c)/ln 2
  const b = LOG2_TABLE_HI[index]!;
  twoProduct(2 * sHi, INV_LN2_HI, scratch);
  const c = scratch[0]!;
  const cLo = scratch[1]! + 2 * sHi * INV_LN2_LO + seriesTail() * INV_LN2_HI;
  threeSum(exponent, b, c, sum);
  const hi = sum[0]!;
  const lo = sum[1]! + LOG2_TABLE_LO[index]! + cLo;
  const error = ERROR_SCALE * (Math.abs(exponent) + Math.abs(b) + Math.abs(c)) + 1e-300;
  const y = roundChecked(hi, lo, error);
  if (!Number.isNaN(y)) return y;
  return logsBySlowPath(x)[1];
}
