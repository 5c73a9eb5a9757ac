import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logsBySlowPath, pythonLog, pythonLog2 } from './python-math.js';

describe('correctly rounded logarithms', () => {
  it('gives values Python prints (glibc)', () => {
    expect(pythonLog(10)).toBe(Math.LN10);
    expect(pythonLog(1291)).toBe(7.1631723908466425);
    expect(pythonLog2(10)).toBe(3.321928094887362);
    expect(pythonLog2(3)).toBe(1.584962500721156);
    expect(pythonLog(Number.MIN_VALUE)).toBe(-744.4400719213812);
    expect(pythonLog(Number.MAX_VALUE)).toBe(709.782712893384);
  });
  it('is exact on powers of two and handles the edges', () => {
    for (let k = -1074; k <= 1023; k += 7) expect(pythonLog2(2 ** k)).toBe(k);
    expect(pythonLog(1)).toBe(0);
    expect(pythonLog(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(pythonLog(-1)).toBeNaN();
    expect(pythonLog(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
  it('stays within one ulp of Math.log', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1e300, noNaN: true }), (x) => {
        const ours = pythonLog(x);
        const native = Math.log(x);
        expect(Math.abs(ours - native)).toBeLessThanOrEqual(Math.abs(native) * 2.3e-16 + 1e-300);
      }),
    );
  });
  it('has a fast path that agrees with the exact double-double path', () => {
    const near1 = fc.double({ min: 0.999, max: 1.001, noNaN: true });
    const wide = fc.double({ min: 1e-300, max: 1e300, noNaN: true });
    const counts = fc.integer({ min: 1, max: 2 ** 40 }).map((n) => n * 1);
    fc.assert(
      fc.property(fc.oneof(near1, wide, counts), (x) => {
        const [ln, log2] = logsBySlowPath(x);
        expect(pythonLog(x)).toBe(ln);
        expect(pythonLog2(x)).toBe(log2);
      }),
      { numRuns: 3000 },
    );
  });
});
