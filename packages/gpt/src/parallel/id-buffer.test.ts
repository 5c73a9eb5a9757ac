import { describe, expect, it } from 'vitest';
import { IdBuffer } from './id-buffer.js';

describe('IdBuffer', () => {
  it('keeps ids pushed and appended in order as it grows', () => {
    const buffer = new IdBuffer(16);
    const expected: number[] = [];
    for (let i = 0; i < 10; i++) {
      buffer.push(i);
      expected.push(i);
    }
    for (const size of [0, 5, 40, 1, 300]) {
      const part = Uint32Array.from({ length: size }, (_, i) => 1000 * size + i);
      buffer.append(part);
      expected.push(...part);
      buffer.push(7);
      expected.push(7);
    }
    expect(buffer.length).toBe(expected.length);
    expect(Array.from(buffer.ids())).toEqual(expected);
  });
});
