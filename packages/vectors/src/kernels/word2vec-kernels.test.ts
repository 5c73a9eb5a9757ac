import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../random.js';
import { createTrainingMemory, type TrainingMemory } from './word2vec-kernels.js';

/** Both implementations over memories filled with the same values. */
function memories(values: number): TrainingMemory[] {
  const made = [
    createTrainingMemory(values * 4, false, true),
    createTrainingMemory(values * 4, false, false),
  ];
  for (const memory of made) {
    const random = new SeededRandom(9);
    const view = new Float32Array(memory.buffer, 0, values);
    for (let i = 0; i < values; i++) view[i] = random.nextFloat() * 2 - 1;
  }
  return made;
}

const floats = (memory: TrainingMemory, from: number, count: number) =>
  Array.from(new Float32Array(memory.buffer, from, count));

describe('word2vec kernels', () => {
  it('are WebAssembly SIMD here, and JavaScript when asked', () => {
    const [simd, plain] = memories(16);
    expect(simd?.simd).toBe(true);
    expect(plain?.simd).toBe(false);
  });

  // 103 values: the four-lane loops and the scalar tail both run.
  for (const n of [103, 8, 3]) {
    it(`agree with the JavaScript loops on ${n} values: dot, axpy, step, scale`, () => {
      const results = memories(4 * 256).map(({ kernels, buffer }) => {
        const dot = kernels.dot(0, 1024, n);
        kernels.axpy(0, 1024, n, 0.5);
        kernels.step(2048, 3072, 1024, n, -0.25);
        kernels.scale(0, n, 3);
        return { dot, values: Array.from(new Float32Array(buffer, 0, 1024)) };
      });
      const [simd, plain] = results as [(typeof results)[0], (typeof results)[0]];
      expect(simd.dot).toBeCloseTo(plain.dot, 5);
      simd.values.forEach((value, i) => {
        expect(value).toBeCloseTo(plain.values[i] as number, 5);
      });
    });
  }

  it('predict: σ within 1e-7 of Math.exp’s, no update beyond ±6, divergence reported', () => {
    const results = memories(8192 * 4).map((memory) => {
      const { kernels, buffer } = memory;
      kernels.useSigmoidTable?.(8192 * 4);
      const ints = new Int32Array(buffer);
      const values = new Float32Array(buffer);
      // Rows at 400, 800, 1200 (100 values each); hidden at 0, work at 4000, pairs at 6000.
      values.fill(0, 1000, 1100);
      ints.set([400, 1, 800, 0, 1200, 0], 6000 / 4);
      values.fill(0, 300, 400);
      values[350] = 10; // row 1200 · hidden grows large
      const first = kernels.predict(0, 4000, 100, 6000, 3, 0.025);
      const hiddenAt1200 = floats(memory, 1200, 100);
      values[0] = Number.NaN;
      const failed = kernels.predict(0, 4000, 100, 6000, 3, 0.025);
      return { first, failed, work: floats(memory, 4000, 100), rows: floats(memory, 400, 300), hiddenAt1200 };
    });
    const [simd, plain] = results as [(typeof results)[0], (typeof results)[0]];
    expect(simd.first).toBe(0);
    expect(plain.first).toBe(0);
    expect(simd.failed).toBe(1);
    expect(plain.failed).toBe(1);
    simd.work.forEach((value, i) => {
      expect(value).toBeCloseTo(plain.work[i] as number, 6);
    });
    simd.rows.forEach((value, i) => {
      expect(value).toBeCloseTo(plain.rows[i] as number, 6);
    });
  });

  it('gather sums listed rows into a vector; scatter adds a vector to listed rows', () => {
    const results = memories(2048).map((memory) => {
      const { kernels, buffer } = memory;
      new Int32Array(buffer).set([0, 800, 2000], 7000 / 4);
      kernels.gather(7000, 3, 4000, 50);
      const gathered = floats(memory, 4000, 50);
      kernels.scatter(4000, 7000, 2, 50, 0.5);
      return { gathered, rows: floats(memory, 0, 500) };
    });
    const [simd, plain] = results as [(typeof results)[0], (typeof results)[0]];
    const source = memories(2048)[1] as TrainingMemory;
    const expected = Array.from({ length: 50 }, (_, k) =>
      [0, 800, 2000].reduce((sum, at) => sum + (new Float32Array(source.buffer, at, 50)[k] as number), 0),
    );
    simd.gathered.forEach((value, i) => {
      expect(value).toBeCloseTo(expected[i] as number, 5);
    });
    simd.rows.forEach((value, i) => {
      expect(value).toBeCloseTo(plain.rows[i] as number, 5);
    });
  });

  it('the committed WebAssembly is the compiled .wat', () => {
    const script = fileURLToPath(new URL('../../scripts/build-kernels.mjs', import.meta.url));
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
