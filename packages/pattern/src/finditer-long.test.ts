import { describe, expect, it } from 'vitest';
import { finditer } from './match.js';

/** `[start, end]` of every match, as Python's `re.finditer` would list them. */
function spans(pattern: string, text: string): Array<[number, number]> {
  return Array.from(finditer(pattern, text), (match) => [match.start, match.end]);
}

/** The first place where two span lists differ, or `null` (cheaper than a deep equality on 200,000 pairs). */
function difference(actual: Array<[number, number]>, expected: Array<[number, number]>): string | null {
  for (let i = 0; i < Math.max(actual.length, expected.length); i++) {
    const [a, b] = [actual[i], expected[i]];
    if (a?.[0] !== b?.[0] || a?.[1] !== b?.[1])
      return `match ${i} of ${actual.length}: ${JSON.stringify(a)}, expected ${JSON.stringify(b)} (of ${expected.length})`;
  }
  return null;
}

/** `[start, end]` pairs for `count` repetitions of `unit`, each repetition contributing `perUnit` offsets. */
function repeated(count: number, width: number, perUnit: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < count; i++)
    for (const [start, end] of perUnit) out.push([i * width + start, i * width + end]);
  return out;
}

// Empty-matching alternatives on 200,000 characters. Python's rule (3.7+): after an empty match at a
// spot, a non-empty match may start at the same spot. These ran in time quadratic in the text (each
// retry looked at the whole rest of the text); the sizes here finish at once when the retry is linear.
describe('finditer with empty-matching alternations on long text', () => {
  const N = 50_000;

  it('\\B|\\w+ on "ab  " repeated: the word, then the empty match between the spaces', () => {
    const text = 'ab  '.repeat(N);
    expect(
      difference(spans(String.raw`\B|\w+`, text), [
        ...repeated(N, 4, [
          [0, 2],
          [3, 3],
        ]),
        [4 * N, 4 * N],
      ]),
    ).toBeNull();
  });

  it('\\B|\\w+ on 200,000 spaces: an empty match at every spot', () => {
    const text = ' '.repeat(4 * N);
    const result = spans(String.raw`\B|\w+`, text);
    expect(result).toHaveLength(4 * N + 1);
    expect(result.every(([start, end], i) => start === i && end === i)).toBe(true);
  });

  it('(?m)^|x on "x\\n" repeated: the empty line start, then the x at the same spot', () => {
    const text = 'x\n'.repeat(2 * N);
    expect(
      difference(spans('(?m)^|x', text), [
        ...repeated(2 * N, 2, [
          [0, 0],
          [0, 1],
        ]),
        [4 * N, 4 * N],
      ]),
    ).toBeNull();
  });

  it('(?=a)|b on "ab" repeated: the empty look-ahead match, then b', () => {
    const text = 'ab'.repeat(2 * N);
    expect(
      difference(
        spans('(?=a)|b', text),
        repeated(2 * N, 2, [
          [0, 0],
          [1, 2],
        ]),
      ),
    ).toBeNull();
  });

  it('|a (an empty first alternative) on 200,000 a: empty, then a, at every spot', () => {
    const text = 'a'.repeat(4 * N);
    expect(
      difference(spans('|a', text), [
        ...repeated(4 * N, 1, [
          [0, 0],
          [0, 1],
        ]),
        [4 * N, 4 * N],
      ]),
    ).toBeNull();
  });
});
