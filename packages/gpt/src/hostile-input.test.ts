import { describe, expect, it } from 'vitest';
import { CL100K_PATTERN_SOURCE, Encoding, getEncoding, loadTiktokenBpe, RankTable } from './index.js';

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

/** A `.tiktoken` line for the one byte `value`. */
function byteLine(value: number, rank: number): string {
  return `${Buffer.from([value]).toString('base64')} ${rank}`;
}

describe('.tiktoken ranks are bounded by the number of entries', () => {
  it('refuses a rank at or past the entry count, naming the line, instead of allocating for it', () => {
    for (const rank of ['100000000', '4294967294', '4294967296', '1'])
      expect(thrown(() => loadTiktokenBpe(`IQ== ${rank}\n`)).message).toBe(
        `.tiktoken line 1: rank ${rank} is out of range: a file of 1 entries numbers its tokens 0..0`,
      );
    expect(loadTiktokenBpe('\nIQ== 1\nIg== 0\n\n').rankCount).toBe(2);
  });
});

describe('an Encoding checks its ranks and special ids', () => {
  const allBytes = Array.from({ length: 256 }, (_, value) => byteLine(value, value)).join('\n');

  it('requires every single byte, instead of emitting 2147483647 for a missing one', () => {
    const ranks = loadTiktokenBpe(
      Array.from({ length: 255 }, (_, value) => byteLine(value, value)).join('\n'),
    );
    expect(
      thrown(
        () => new Encoding({ name: 'holey', patternSource: CL100K_PATTERN_SOURCE, ranks, specialTokens: {} }),
      ).message,
    ).toBe('holey: the ranks have no token for the byte 0xff; byte-level BPE needs all 256 single bytes');
  });

  it('bounds special ids', () => {
    const ranks = loadTiktokenBpe(allBytes);
    const make = (id: number) =>
      new Encoding({
        name: 'bytes',
        patternSource: CL100K_PATTERN_SOURCE,
        ranks,
        specialTokens: { '<|x|>': id },
      });
    expect(make(256).encode('<|x|>a', { allowedSpecial: 'all' })).toEqual([256, 97]);
    expect(() => make(2 ** 31)).toThrow(/ids are integers in \[0, 2147483647\)/);
    expect(() => make(-1)).toThrow(/ids are integers/);
    expect(() => make(10)).toThrow(/reuses rank 10/);
  });

  it('a custom pattern that matches nothing or the empty string gives an error with the index', () => {
    const ranks = RankTable.fromTokens(Array.from({ length: 256 }, (_, value) => Uint8Array.of(value)));
    const encoding = new Encoding({ name: 'digits', patternSource: '\\d*', ranks, specialTokens: {} });
    expect(encoding.encode('12')).toEqual([49, 50]);
    expect(() => encoding.encode('12a')).toThrow('digits: split pattern failed at index 2');
  });
});

describe('long runs of astral characters encode without overflowing the stack', () => {
  for (const name of ['r50k_base', 'cl100k_base', 'o200k_base'] as const)
    it(`${name}: a million emoji and a million CJK Ext-B characters`, async () => {
      const encoding = await getEncoding(name);
      const emoji = '\u{1F600}'.repeat(1_000_000);
      const count = encoding.countTokens(emoji);
      expect(count).toBeGreaterThan(0);
      expect(encoding.decode(encoding.encode(emoji.slice(0, 2000)))).toBe(emoji.slice(0, 2000));
      expect(encoding.countTokens(`a${'\u{20000}'.repeat(1_000_000)}`)).toBeGreaterThan(0);
      expect(encoding.countTokens(`'${'\u{1F600}'.repeat(1_000_000)}`)).toBe(count + 1);
    });
});

describe('text that is not a string', () => {
  // From JavaScript without types, a number gave no ids at all, silently.
  it('is refused by name by every way of encoding it', async () => {
    const enc = await getEncoding('cl100k_base');
    const calls: [string, (text: never) => unknown][] = [
      ['encode', (text) => enc.encode(text)],
      ['encode', (text) => enc.countTokens(text)],
      ['encode', (text) => enc.isWithinTokenLimit(text, 10)],
      ['encode', (text) => enc.encodeWithOffsets(text)],
      ['encode', (text) => enc.tokenize(text)],
      ['encodeOrdinary', (text) => enc.encodeOrdinary(text)],
    ];
    for (const [name, call] of calls)
      for (const value of [42, null, new TextEncoder().encode('hi')])
        expect(() => call(value as never)).toThrow(
          new RegExp(`^${name}: expected the text as a string, got `),
        );
  });
});

describe("tiktoken's snake_case names for the special-token options", () => {
  it('are answered with the names they have here, where they let nothing through, silently', async () => {
    const enc = await getEncoding('cl100k_base');
    expect(() => enc.encode('hi <|endoftext|>', { allowed_special: 'all' } as never)).toThrow(
      "encode: unknown option 'allowed_special': it is written allowedSpecial here",
    );
    expect(() => enc.encode('hi', { disallowed_special: [] } as never)).toThrow(
      "encode: unknown option 'disallowed_special': it is written disallowedSpecial here",
    );
  });
});
