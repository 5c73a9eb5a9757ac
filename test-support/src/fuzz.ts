import fc from 'fast-check';

/** Cases per fuzz property: short in `pnpm test`, long when `pnpm test:fuzz` sets `FUZZ_RUNS`. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Time limit of one fuzz test, generous enough for the long run. */
export const FUZZ_TIMEOUT = 600_000;

/** The awkward pieces every fuzzed input may hold: a combining mark, RTL, Arabic with marks, NUL, astral, a lone surrogate, dotted İ. */
const AWKWARD = ['\u0301', '\u200f', 'بِسْمِ', '\0', '😀', '\ud800', 'İ'];

/**
 * Random Unicode with the awkward cases weighted in: random UTF-16 units (lone surrogates included),
 * the shared awkward pieces plus `pieces` that matter to the code under test, and long runs of each
 * of `runs` (`runLength` repeats), joined from up to 20 parts.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(hostileText({ pieces: ["'s"], runs: [' ', '😀'] }), (text) => { tokenize(text); }));
 * ```
 */
export function hostileText(options: {
  pieces?: readonly string[];
  runs: readonly string[];
  runLength?: number;
}): fc.Arbitrary<string> {
  const { pieces = [], runs, runLength = 200 } = options;
  return fc
    .array(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 6 }),
        fc.constantFrom(...AWKWARD, ...pieces),
        fc.constantFrom(...runs).map((c) => c.repeat(runLength)),
      ),
      { maxLength: 20 },
    )
    .map((parts) => parts.join(''));
}
