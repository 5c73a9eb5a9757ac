/**
 * The text numpy 1.x gives for `repr(numpy.float32(value))`, which gensim writes into word2vec text files:
 * the fewest significant digits that read back to the same float32, positional between 1e-4 and 1e16
 * (`0.1`, `-2.5`, `100.0`) and scientific outside (`1e-05`, `1.5e+16`).
 *
 * @example
 * ```ts
 * float32Repr(Math.fround(0.1)); // '0.1'
 * float32Repr(0.00001); // '1e-05'
 * ```
 */
export function float32Repr(value: number): string {
  const x = Math.fround(value);
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(x);
  // The fewest digits that read back, by bisection: if d digits read back, so do d + 1 (they are
  // nearer), and 9 always do. Three or four tries instead of up to nine (most float32 need 7 to 9).
  let low = 1;
  let high = 9;
  let shortest = magnitude.toExponential(8);
  while (low < high) {
    const digits = (low + high) >> 1;
    const candidate = magnitude.toExponential(digits - 1);
    if (Math.fround(Number(candidate)) === magnitude) {
      high = digits;
      shortest = candidate;
    } else low = digits + 1;
  }
  const exponential = halfEven(magnitude, high, shortest);
  const sign = x < 0 ? '-' : '';
  const [mantissa = '', exponentText = '0'] = exponential.split('e');
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  const exponent = Number(exponentText);
  if (magnitude >= 1e-4 && magnitude < 1e16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    return `${sign}${whole}.${fraction || '0'}`;
  }
  const fraction = digits.slice(1);
  const exponentDigits = String(Math.abs(exponent)).padStart(2, '0');
  return `${sign}${digits[0]}${fraction ? `.${fraction}` : ''}e${exponent < 0 ? '-' : '+'}${exponentDigits}`;
}

/**
 * `toExponential` rounds a tie away from zero; numpy's Dragon4 rounds it to the even digit
 * (524086.625 prints as 524086.62). A tie is a value whose exact expansion stops at the next digit, a 5.
 */
function halfEven(magnitude: number, digits: number, rounded: string): string {
  const longer = magnitude.toExponential(digits);
  const [longMantissa = '', exponent = ''] = longer.split('e');
  if (!longMantissa.endsWith('5') || Number(longer) !== magnitude) return rounded;
  const truncated = `${longMantissa.slice(0, -1).replace(/\.$/, '')}e${exponent}`;
  const lastDigit = Number(truncated.split('e')[0]?.slice(-1));
  return lastDigit % 2 === 0 ? truncated : rounded;
}
