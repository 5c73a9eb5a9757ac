import { closeSync, openSync } from 'node:fs';
import type { Encoding } from '../encoding.js';
import { safeByteCut } from './byte-cuts.js';
import { decodeFileText, FileTextError, readFileBytes } from './file-text.js';
import { IdBuffer } from './id-buffer.js';
import { type EncodeJob, type EncodeReply, type FileRange, failureOf, type TextPart } from './protocol.js';
import { wordEdgesOf } from './safe-cuts.js';

/**
 * Encodes jobs into one id buffer kept for all of them (so no job pays for a fresh, zeroed buffer of
 * its size); each reply's ids are a copy of their exact size. A worker answers its jobs with it, and
 * the calling thread encodes its own share of a text with it, so both report ids and errors alike. A
 * job of a file range is read, cut and decoded here, by the thread that encodes it.
 *
 * @example
 * ```ts
 * const encoder = new JobEncoder(enc);
 * encoder.encode({ id: 0, texts: ['hello world'], ordinary: true, options: {} });
 * // { id: 0, ids: Uint32Array [15339, 1917], lengths: Uint32Array [2], units: 11 }
 * ```
 */
export class JobEncoder {
  private readonly buffer = new IdBuffer(1 << 16);
  /** The bytes of the last file range read, kept for the next one. */
  private bytes = new Uint8Array(0);

  constructor(private readonly encoding: Encoding) {}

  /** The job's ids, or the first error as the job's failure (with the failing text's index). */
  encode(job: EncodeJob): EncodeReply {
    let texts = job.texts;
    if (job.range !== undefined)
      try {
        texts = [this.textOf(job.range)];
      } catch (error) {
        return { id: job.id, error: failureOf(error, 0) };
      }
    const { buffer, encoding } = this;
    buffer.length = 0;
    const lengths = new Uint32Array(texts.length);
    let units = 0;
    for (let t = 0; t < texts.length; t++) {
      const text = texts[t]!;
      const before = buffer.length;
      try {
        if (job.ordinary) encoding.encodeOrdinaryInto(text, 0, text.length, buffer);
        else encoding.encodeInto(text, job.options, buffer);
      } catch (error) {
        return { id: job.id, error: failureOf(error, t) };
      }
      lengths[t] = buffer.length - before;
      units += text.length;
    }
    return { id: job.id, ids: buffer.ids().slice(), lengths, units };
  }

  /**
   * A part of a text this thread holds, encoded in place as `encodeOrdinary` encodes the part alone
   * (no copy of it is made), with the reply `encode` gives.
   */
  encodeOrdinaryPart(id: number, part: TextPart): EncodeReply {
    const { buffer, encoding } = this;
    buffer.length = 0;
    try {
      encoding.encodeOrdinaryInto(part.text, part.start, part.end, buffer);
    } catch (error) {
      return { id, error: failureOf(error, 0) };
    }
    return {
      id,
      ids: buffer.ids().slice(),
      lengths: Uint32Array.of(buffer.length),
      units: part.end - part.start,
    };
  }

  /** Read the file range's bytes between its two safe cuts and decode them. */
  private textOf(range: FileRange): string {
    const { path, textStart, textEnd } = range;
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      throw new FileTextError((error as Error).message);
    }
    try {
      const read = (start: number, end: number) => readFileBytes(fd, path, start, end);
      // A part with no cut of its own is empty: the part before runs on to the next cut. Only that
      // part reads on, so a long stretch without cuts is read twice, not once per part it spans.
      const edges = wordEdgesOf(this.encoding);
      const first =
        range.start <= textStart
          ? textStart
          : safeByteCut(read, textStart, textEnd, range.start, range.end, edges);
      if (first >= range.end) return '';
      const last =
        range.end >= textEnd ? textEnd : safeByteCut(read, textStart, textEnd, range.end, textEnd, edges);
      if (this.bytes.length < last - first) this.bytes = new Uint8Array(last - first + ((last - first) >> 3));
      const bytes = readFileBytes(fd, path, first, last, this.bytes);
      try {
        return decodeFileText(bytes, path, first);
      } catch (error) {
        if (error instanceof FileTextError) throw error;
        // More than a string holds, and no place to cut it short of that.
        throw new FileTextError(
          `${path}: bytes ${first} to ${last} hold no place where the text can be cut (white space, or an ASCII letter or digit before punctuation) and are more than a JavaScript string holds: the split pattern may make all of it one piece, so it cannot be encoded in parts (${(error as Error).message})`,
        );
      }
    } finally {
      closeSync(fd);
    }
  }
}
