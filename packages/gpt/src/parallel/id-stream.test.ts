import { describe, expect, it } from 'vitest';
import { type IdsCallback, idStream } from './id-stream.js';

/** A turn of the event loop, so that a producer that is not held back runs ahead. */
const aTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** A producer of `count` arrays ([0], [1], ...) that records how many it has handed on. */
function counting(count: number) {
  const state = { handed: 0, ended: false };
  const produce = async (onIds: IdsCallback) => {
    try {
      for (let i = 0; i < count; i++) {
        state.handed++;
        await onIds(Uint32Array.of(i));
      }
    } finally {
      state.ended = true;
    }
  };
  return { state, produce };
}

describe('idStream', () => {
  it('yields the arrays in the order they were handed on', async () => {
    const { produce } = counting(50);
    const seen: number[] = [];
    for await (const ids of idStream(produce)) seen.push(...ids);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i));
    const none: Uint32Array[] = [];
    for await (const ids of idStream(async () => {})) none.push(ids);
    expect(none).toEqual([]);
  });

  it('holds the producer back while `ahead` arrays wait for a slow consumer', async () => {
    for (const ahead of [1, 2, 4]) {
      const { state, produce } = counting(40);
      let consumed = 0;
      for await (const _ of idStream(produce, ahead)) {
        consumed++;
        await aTurn();
        // The array being consumed, and at most `ahead` waiting behind it.
        expect(state.handed - consumed, `ahead ${ahead}`).toBeLessThanOrEqual(ahead);
      }
      expect(consumed).toBe(40);
    }
  });

  it("gives a producer's error after the arrays it handed on before it", async () => {
    const seen: number[] = [];
    const stream = idStream(async (onIds) => {
      await onIds(Uint32Array.of(1));
      await onIds(Uint32Array.of(2));
      throw new RangeError('part 3 failed');
    });
    await expect(
      (async () => {
        for await (const ids of stream) seen.push(...ids);
      })(),
    ).rejects.toThrow('part 3 failed');
    expect(seen).toEqual([1, 2]);
    // A producer that fails before handing on anything.
    const failing = idStream(() => Promise.reject(new Error('no file')));
    await expect(failing.next()).rejects.toThrow('no file');
  });

  it('stops the producer when the consumer stops early, and returns once it has ended', async () => {
    const { state, produce } = counting(1000);
    let consumed = 0;
    for await (const _ of idStream(produce)) {
      consumed++;
      if (consumed === 3) break;
    }
    // The producer has ended (its pool would be closed), a few arrays past what was read.
    expect(state.ended).toBe(true);
    expect(state.handed).toBeLessThan(10);
    // Nothing more is asked of it later.
    const handed = state.handed;
    await aTurn();
    expect(state.handed).toBe(handed);
  });
});
