import { KERNELS_WASM, KERNELS_WASM_SHARED } from './word2vec-kernels-wasm.js';

/**
 * The vector loops of word2vec training over f32 values in one memory: addresses are byte offsets into
 * it, lengths counts of values. WebAssembly SIMD when the platform has it, else the same loops in
 * JavaScript.
 *
 * @example
 * ```ts
 * const { kernels } = createTrainingMemory(1024, false);
 * kernels.axpy(0, 400, 100, 1); // values 100..199 += values 0..99
 * ```
 */
export interface Word2VecKernels {
  /** Σ a[k]·b[k] over n values. */
  dot(a: number, b: number, n: number): number;
  /** y[k] += alpha·x[k]. */
  axpy(x: number, y: number, n: number, alpha: number): void;
  /** work[k] += g·row[k], then row[k] += g·hidden[k]: one logistic step of `hidden` against an output row. */
  step(hidden: number, work: number, row: number, n: number, g: number): void;
  /** x[k] ·= factor. */
  scale(x: number, n: number, factor: number): void;
  /**
   * WebAssembly only: writes the table of σ that `predict` interpolates (8,193 f64, 65,544 bytes) at
   * `table`, and makes this instance read it there. Call before `predict`.
   */
  useSigmoidTable?(table: number): void;
  /**
   * Trains the vector at `hidden` to predict the `count` output rows listed at `pairs` (two int32 each: the
   * row's byte offset and its label, 1 or 0): for a dot product within ±6, g = (label − σ(dot)) · alpha, then
   * {@link Word2VecKernels.step}. Returns 0, or 1 + the index of a pair whose dot product is not finite.
   */
  predict(hidden: number, work: number, n: number, pairs: number, count: number, alpha: number): number;
  /** The vector at `target` becomes the sum of the `count` rows whose byte offsets are listed (int32) at `rows`. */
  gather(rows: number, count: number, target: number, n: number): void;
  /** Each of the `count` rows listed at `rows` takes share · the vector at `source`. */
  scatter(source: number, rows: number, count: number, n: number, share: number): void;
  /**
   * CBOW with negative sampling over a sentence, random draws included (WebAssembly only): the thread's
   * parameter block at `block` (see `word2vec-trainer.ts`) says where everything is. Returns 0, or 1 when
   * training diverged.
   */
  cbowSentence?(block: number, length: number, alpha: number): number;
  /** Skip-gram with negative sampling over a sentence, as {@link Word2VecKernels.cbowSentence}. */
  skipGramSentence?(block: number, length: number, alpha: number): number;
}

/**
 * A memory holding a model's weights during training, and the kernels working on it.
 *
 * @example
 * ```ts
 * const { buffer, kernels, simd } = createTrainingMemory(4096, false);
 * ```
 */
export interface TrainingMemory {
  /** The bytes (a `SharedArrayBuffer` when shared). */
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
  /** What a worker thread needs to attach to the same memory (see {@link attachTrainingMemory}). */
  readonly handle: TrainingMemoryHandle;
  /** The kernels over `buffer`. */
  readonly kernels: Word2VecKernels;
  /** Whether the kernels are WebAssembly SIMD (false: the JavaScript fallback). */
  readonly simd: boolean;
}

/**
 * A training memory as another thread receives it: a `WebAssembly.Memory` (shared) or a
 * `SharedArrayBuffer` (the JavaScript fallback).
 *
 * @example
 * ```ts
 * const handle: TrainingMemoryHandle = createTrainingMemory(4096, true).handle;
 * ```
 */
export type TrainingMemoryHandle = object;

/** The parts of the WebAssembly API used here, typed locally (the package compiles without the DOM library). */
interface WasmMemory {
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
}
interface WasmApi {
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
  validate(bytes: Uint8Array): boolean;
}
const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

const PAGE = 65_536;

/**
 * A zeroed memory of at least `bytes` bytes, shared between threads or not, with its kernels; SIMD unless
 * `simd` is false or the platform lacks WebAssembly SIMD (or the memory is beyond its 4 GiB).
 *
 * @example
 * ```ts
 * const memory = createTrainingMemory(2 * 14_787 * 100 * 4 + 800, true);
 * ```
 */
export function createTrainingMemory(bytes: number, shared: boolean, simd = true): TrainingMemory {
  const pages = Math.max(1, Math.ceil(bytes / PAGE));
  const module = simd && pages <= 65_536 ? kernelModule(shared) : undefined;
  if (module && wasm) {
    try {
      const memory = new wasm.Memory({ initial: pages, maximum: pages, shared });
      return attachTrainingMemory(memory);
    } catch {
      // No memory of that size for WebAssembly here: the plain buffer below may still be possible.
    }
  }
  const buffer = shared ? new SharedArrayBuffer(pages * PAGE) : new ArrayBuffer(pages * PAGE);
  return attachTrainingMemory(buffer);
}

/**
 * The kernels over an existing memory (as another thread receives it).
 *
 * @example
 * ```ts
 * const same = attachTrainingMemory(memory.handle);
 * ```
 */
export function attachTrainingMemory(handle: TrainingMemoryHandle): TrainingMemory {
  if (wasm && handle instanceof wasm.Memory) {
    const { buffer } = handle as WasmMemory;
    const shared = typeof SharedArrayBuffer !== 'undefined' && buffer instanceof SharedArrayBuffer;
    const module = kernelModule(shared);
    if (!module) throw new Error('this platform has no WebAssembly SIMD for a memory made with it');
    const instance = new wasm.Instance(module, { env: { memory: handle } });
    return { buffer, handle, kernels: instance.exports as Word2VecKernels, simd: true };
  }
  const buffer = handle as ArrayBuffer | SharedArrayBuffer;
  return { buffer, handle, kernels: javascriptKernels(buffer), simd: false };
}

const modules = new Map<boolean, object | undefined>();

/** The compiled kernels (cached), or undefined when WebAssembly SIMD is missing. */
function kernelModule(shared: boolean): object | undefined {
  if (!modules.has(shared)) {
    let module: object | undefined;
    try {
      const bytes = Uint8Array.from(atob(shared ? KERNELS_WASM_SHARED : KERNELS_WASM), (c) =>
        c.charCodeAt(0),
      );
      if (wasm?.validate(bytes)) module = new wasm.Module(bytes);
    } catch {
      module = undefined;
    }
    modules.set(shared, module);
  }
  return modules.get(shared);
}

/** The kernels in plain JavaScript over `buffer` (f32 and int32 views, byte offsets divided by 4). */
function javascriptKernels(buffer: ArrayBuffer | SharedArrayBuffer): Word2VecKernels {
  const values = new Float32Array(buffer);
  const integers = new Int32Array(buffer);
  const kernels: Word2VecKernels = {
    dot(a, b, n) {
      let i = a >> 2;
      let j = b >> 2;
      const end = i + n;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (; i + 3 < end; i += 4, j += 4) {
        s0 += (values[i] as number) * (values[j] as number);
        s1 += (values[i + 1] as number) * (values[j + 1] as number);
        s2 += (values[i + 2] as number) * (values[j + 2] as number);
        s3 += (values[i + 3] as number) * (values[j + 3] as number);
      }
      for (; i < end; i++, j++) s0 += (values[i] as number) * (values[j] as number);
      return s0 + s1 + (s2 + s3);
    },
    axpy(x, y, n, alpha) {
      let i = x >> 2;
      let j = y >> 2;
      const end = i + n;
      for (; i < end; i++, j++) values[j] = (values[j] as number) + alpha * (values[i] as number);
    },
    step(hidden, work, row, n, g) {
      let h = hidden >> 2;
      let w = work >> 2;
      let r = row >> 2;
      const end = r + n;
      for (; r < end; r++, h++, w++) {
        const weight = values[r] as number;
        values[w] = (values[w] as number) + g * weight;
        values[r] = weight + g * (values[h] as number);
      }
    },
    scale(x, n, factor) {
      const start = x >> 2;
      for (let i = start; i < start + n; i++) values[i] = (values[i] as number) * factor;
    },
    predict(hidden, work, n, pairs, count, alpha) {
      for (let i = 0; i < count; i++) {
        const row = integers[(pairs >> 2) + 2 * i] as number;
        const dot = kernels.dot(hidden, row, n);
        if (!(Math.abs(dot) < 6)) {
          if (!(Math.abs(dot) < Number.POSITIVE_INFINITY)) return i + 1;
          continue;
        }
        const label = integers[(pairs >> 2) + 2 * i + 1] as number;
        kernels.step(hidden, work, row, n, (label - 1 / (1 + Math.exp(-dot))) * alpha);
      }
      return 0;
    },
    gather(rows, count, target, n) {
      values.fill(0, target >> 2, (target >> 2) + n);
      for (let i = 0; i < count; i++) kernels.axpy(integers[(rows >> 2) + i] as number, target, n, 1);
    },
    scatter(source, rows, count, n, share) {
      for (let i = 0; i < count; i++) kernels.axpy(source, integers[(rows >> 2) + i] as number, n, share);
    },
  };
  return kernels;
}
