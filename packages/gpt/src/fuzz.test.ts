import { FUZZ_RUNS, FUZZ_TIMEOUT, hostileText as hostileTextOf } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTiktokenBpe } from './ranks/load-tiktoken-bpe.js';
import { getEncoding } from './registry.js';

const RUNS = FUZZ_RUNS;
const TIMEOUT = FUZZ_TIMEOUT;

const hostileText = hostileTextOf({
  pieces: ['\udc00', "'s", " 'S", '\r\n', 'ſ'],
  runs: [' ', '😀', 'a', '\u{20000}', '\u0301', "'", '1'],
});

/** `text` with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

describe('fuzz: GPT encodings on hostile Unicode', () => {
  for (const name of ['r50k_base', 'p50k_base', 'cl100k_base', 'o200k_base'] as const)
    it(
      `${name}: decode(encode(text)) is the text (lone surrogates as U+FFFD), and the count agrees`,
      async () => {
        const encoding = await getEncoding(name);
        fc.assert(
          fc.property(hostileText, (text) => {
            const ids = encoding.encode(text, { disallowedSpecial: [] });
            expect(encoding.decode(ids)).toBe(wellFormed(text));
            expect(encoding.countTokens(text, { disallowedSpecial: [] })).toBe(ids.length);
          }),
          { numRuns: RUNS },
        );
      },
      TIMEOUT,
    );
});

/** `.tiktoken` text: valid lines, junk and out-of-range ranks, shuffled. */
const tiktokenText = fc
  .array(
    fc.oneof(
      fc.nat(300).map((rank) => `${Buffer.from([rank % 256, rank >> 8]).toString('base64')} ${rank}`),
      fc.constantFrom('IQ== 4294967296', 'IQ== 100000000', '#### 1', 'IQ==', ' ', 'IQ== -1', 'IQ== 1e3'),
      fc.string({ unit: 'binary', maxLength: 10 }),
    ),
    { maxLength: 20 },
  )
  .map((lines) => lines.join('\n'));

describe('fuzz: the .tiktoken loader', () => {
  it(
    'loads a table within the entry count or throws an error naming the line',
    () => {
      fc.assert(
        fc.property(fc.oneof(tiktokenText, fc.uint8Array({ maxLength: 200 })), (contents) => {
          try {
            const table = loadTiktokenBpe(contents);
            expect(table.rankCount).toBeLessThanOrEqual(
              (typeof contents === 'string' ? contents : new TextDecoder().decode(contents)).split('\n')
                .length,
            );
          } catch (error) {
            expect((error as Error).message).toMatch(/^\.tiktoken line \d+: /);
          }
        }),
        { numRuns: RUNS * 5 },
      );
    },
    TIMEOUT,
  );
});
