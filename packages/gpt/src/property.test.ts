import fc from 'fast-check';
import { get_encoding } from 'tiktoken';
import { describe, expect, it } from 'vitest';
import { getEncoding } from './index.js';
import { stressText } from './test-strings.js';

describe('property: equal ids to the tiktoken package on generated text', () => {
  for (const name of ['r50k_base', 'p50k_base', 'cl100k_base', 'o200k_base'] as const) {
    it(name, async () => {
      const ours = await getEncoding(name);
      const wasm = get_encoding(name);
      try {
        fc.assert(
          fc.property(stressText, (sample) => {
            expect(ours.encodeOrdinary(sample)).toEqual([...wasm.encode_ordinary(sample)]);
          }),
          { numRuns: 1500 },
        );
      } finally {
        wasm.free();
      }
    });
  }
});
