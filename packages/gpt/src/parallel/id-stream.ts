/**
 * What a producer hands each array of ids to: it resolves when the consumer has room for more, so a
 * producer that awaits it runs at most a few arrays ahead of its consumer.
 *
 * @example
 * ```ts
 * const produce = async (onIds: IdsCallback) => { await onIds(Uint32Array.of(1, 2)); };
 * ```
 */
export type IdsCallback = (ids: Uint32Array) => Promise<void>;

/** What a producer's callback throws once its consumer has stopped reading. */
class ConsumerGone extends Error {}

/** Arrays that may wait for the consumer before the producer is held back. */
const DEFAULT_AHEAD = 4;

/**
 * The arrays `produce` hands to its callback, in order, as an async generator. While `ahead` arrays
 * wait for the consumer, the callback's promise waits too: a slow consumer (a pipe, a disk) holds the
 * producer back, so memory stays a few arrays whatever the input's size, instead of every id that
 * is ready before it is written. A producer's error comes after the arrays it handed on before it.
 * A consumer that stops early (`break`) stops the producer: its next callback throws, and the
 * generator returns once the producer has ended (a pool it started is closed).
 *
 * @example
 * ```ts
 * const parts = idStream(async (onIds) => {
 *   await onIds(Uint32Array.of(1, 2));
 *   await onIds(Uint32Array.of(3));
 * });
 * for await (const ids of parts) console.log(ids); // Uint32Array [1, 2], then [3]
 * ```
 */
export async function* idStream(
  produce: (onIds: IdsCallback) => Promise<void>,
  ahead = DEFAULT_AHEAD,
): AsyncGenerator<Uint32Array> {
  const waiting: Uint32Array[] = [];
  let wakeConsumer: (() => void) | undefined;
  let wakeProducer: (() => void) | undefined;
  let ended = false;
  let failure: { error: unknown } | undefined;
  let gone = false;
  const onIds: IdsCallback = async (ids) => {
    if (gone) throw new ConsumerGone('the consumer stopped reading');
    waiting.push(ids);
    wakeConsumer?.();
    while (waiting.length >= ahead && !gone)
      await new Promise<void>((resolve) => {
        wakeProducer = resolve;
      });
    if (gone) throw new ConsumerGone('the consumer stopped reading');
  };
  const end = (error?: { error: unknown }) => {
    if (error !== undefined && !(error.error instanceof ConsumerGone)) failure = error;
    ended = true;
    wakeConsumer?.();
  };
  // Started in a later turn, so that a producer that throws at once still runs under the finally below.
  const work = Promise.resolve()
    .then(() => produce(onIds))
    .then(
      () => end(),
      (error: unknown) => end({ error }),
    );
  try {
    for (;;) {
      while (waiting.length > 0) {
        const ids = waiting.shift()!;
        const wake = wakeProducer;
        wakeProducer = undefined;
        wake?.();
        yield ids;
      }
      if (ended) break;
      await new Promise<void>((resolve) => {
        wakeConsumer = resolve;
      });
      wakeConsumer = undefined;
    }
  } finally {
    gone = true;
    wakeProducer?.();
    await work;
  }
  if (failure !== undefined) throw failure.error;
}
