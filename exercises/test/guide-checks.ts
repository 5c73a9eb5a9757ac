// The checkers that a guide's stated results turn into (see guide-code.ts).
import { expect } from 'vitest';

/** Typed arrays compare as arrays of numbers, Maps and Sets as arrays of their entries. */
function comparable(value: unknown): unknown {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Array.from(value as Uint8Array);
  if (value instanceof Map || value instanceof Set) return [...value];
  return value;
}

/** `// → value`: deep equality with the value the guide states. */
export function __equal(actual: unknown, expected: unknown, where: string): void {
  const value = Array.isArray(expected) || typeof expected !== 'object' ? comparable(actual) : actual;
  expect.soft(value, `${where}: the guide states a different result`).toEqual(expected);
}

/** `// ≈ 1.2345`: numbers equal to the decimals the guide writes (arrays element by element). */
export function __approx(actual: unknown, expected: string, where: string): void {
  const stated: unknown = JSON.parse(expected);
  const pairs: [unknown, unknown][] = Array.isArray(stated)
    ? (comparable(actual) as unknown[]).map((value, i) => [value, stated[i]])
    : [[actual, stated]];
  if (Array.isArray(stated)) {
    expect((comparable(actual) as unknown[]).length, `${where}: wrong number of values`).toBe(stated.length);
  }
  const written = expected.match(/-?\d+(?:\.(\d+))?/g) ?? [];
  pairs.forEach(([value, want], i) => {
    const decimals = written[i]?.split('.')[1]?.length ?? 0;
    expect(typeof value, `${where}: not a number`).toBe('number');
    expect(
      Math.abs((value as number) - (want as number)),
      `${where}: ${value} is not ≈ ${want}`,
    ).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-12);
  });
}

/** `// throws: text`: the statement throws (or rejects) with an error whose message contains the text. */
export async function __throws(run: () => Promise<void>, fragment: string, where: string): Promise<void> {
  let error: unknown;
  try {
    await run();
  } catch (caught) {
    error = caught;
  }
  expect(error, `${where}: the guide says this throws, but it returned`).toBeInstanceOf(Error);
  expect
    .soft((error as Error).message, `${where}: the error message differs from the guide`)
    .toContain(fragment);
}
