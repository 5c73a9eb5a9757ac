import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeIdLine } from './id-output.js';

/** A stream that keeps each write. */
function recorder(): { stream: Writable; writes: string[] } {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      writes.push(String(chunk));
      done();
    },
  });
  return { stream, writes };
}

describe('writeIdLine', () => {
  it('writes the ids as one line, space-separated or as JSON, in blocks of at most idsPerWrite ids', async () => {
    for (const length of [0, 1, 4, 5, 9, 10, 11, 23]) {
      const ids = Array.from({ length }, (_, i) => (i * 7919) % 100_277);
      for (const json of [false, true]) {
        for (const input of [ids, Uint32Array.from(ids)]) {
          const { stream, writes } = recorder();
          await writeIdLine(stream, input, json, 5);
          expect(writes.join(''), `${length} ids, json ${json}`).toBe(
            json ? `${JSON.stringify(ids)}\n` : `${ids.join(' ')}\n`,
          );
          // No write holds more than a block of ids (and its separators and brackets).
          for (const write of writes) expect(write.split(json ? ',' : ' ').length).toBeLessThanOrEqual(6);
          expect(writes.length).toBe(Math.max(1, Math.ceil(length / 5)));
        }
      }
    }
  });

  it('writes ids that come in parts as the same line, each part as it comes', async () => {
    const ids = Array.from({ length: 23 }, (_, i) => (i * 7919) % 100_277);
    for (const sizes of [[], [0], [23], [3, 0, 7, 13], [5, 5, 5, 5, 3], [1, 22]]) {
      for (const json of [false, true]) {
        const { stream, writes } = recorder();
        const given = sizes.reduce((sum, size) => sum + size, 0);
        const expected = ids.slice(0, given);
        let handedOut = 0;
        async function* parts() {
          for (const size of sizes) {
            // Every write of the parts before this one is done before it is asked for.
            expect(
              writes
                .join('')
                .split(/[ ,]/)
                .filter((id) => /\d/.test(id)).length,
            ).toBeGreaterThanOrEqual(Math.max(0, handedOut - 5));
            yield Uint32Array.from(ids.slice(handedOut, handedOut + size));
            handedOut += size;
          }
        }
        await writeIdLine(stream, parts(), json, 5);
        expect(writes.join(''), `${sizes}, json ${json}`).toBe(
          json ? `${JSON.stringify(expected)}\n` : `${expected.join(' ')}\n`,
        );
        for (const write of writes) expect(write.split(json ? ',' : ' ').length).toBeLessThanOrEqual(6);
      }
    }
  });
});
