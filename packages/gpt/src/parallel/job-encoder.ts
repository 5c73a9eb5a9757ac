import type { Encoding } from '../encoding.js';
import { IdBuffer } from './id-buffer.js';
import { type EncodeJob, type EncodeReply, failureOf } from './protocol.js';

/**
 * Encodes jobs into one id buffer kept for all of them (so no job pays for a fresh, zeroed buffer of
 * its size); each reply's ids are a copy of their exact size. A worker answers its jobs with it, and
 * the calling thread encodes its own share of a text with it, so both report ids and errors alike.
 *
 * @example
 * ```ts
 * const encoder = new JobEncoder(enc);
 * encoder.encode({ id: 0, texts: ['hello world'], ordinary: true, options: {} });
 * // { id: 0, ids: Uint32Array [15339, 1917], lengths: Uint32Array [2] }
 * ```
 */
export class JobEncoder {
  private readonly buffer = new IdBuffer(1 << 16);

  constructor(private readonly encoding: Encoding) {}

  /** The job's ids, or the first error as the job's failure (with the failing text's index). */
  encode(job: EncodeJob): EncodeReply {
    const { buffer, encoding } = this;
    buffer.length = 0;
    const lengths = new Uint32Array(job.texts.length);
    for (let t = 0; t < job.texts.length; t++) {
      const text = job.texts[t]!;
      const before = buffer.length;
      try {
        if (job.ordinary) encoding.encodeOrdinaryInto(text, 0, text.length, buffer);
        else encoding.encodeInto(text, job.options, buffer);
      } catch (error) {
        return { id: job.id, error: failureOf(error, t) };
      }
      lengths[t] = buffer.length - before;
    }
    return { id: job.id, ids: buffer.ids().slice(), lengths };
  }
}
