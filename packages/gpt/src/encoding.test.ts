import { type Token, toBytes } from '@tokenlab/core';
import fc from 'fast-check';
import { get_encoding } from 'tiktoken';
import { describe, expect, it } from 'vitest';
import {
  CL100K_PATTERN,
  DisallowedSpecialTokenError,
  Encoding,
  encodeStream,
  encodingForModel,
  encodingNameForModel,
  getEncoding,
  lastSafeCut,
  O200K_PATTERN,
  R50K_PATTERN,
  StreamEncoder,
  wordEdges,
} from './index.js';
import { stressText } from './test-strings.js';

const cl100k = await getEncoding('cl100k_base');
const o200k = await getEncoding('o200k_base');
const r50k = await getEncoding('r50k_base');

describe("tiktoken's own test vectors", () => {
  it('gpt2', async () => {
    const gpt2 = await getEncoding('gpt2');
    expect(gpt2.encode('hello world')).toEqual([31373, 995]);
    expect(gpt2.encode('hello <|endoftext|>', { allowedSpecial: 'all' })).toEqual([31373, 220, 50256]);
    const zeros = [
      [15],
      [405],
      [830],
      [2388],
      [20483],
      [10535],
      [24598],
      [8269],
      [10535, 830],
      [8269, 405],
      [8269, 830],
      [8269, 2388],
      [8269, 20483],
      [8269, 10535],
      [8269, 24598],
      [25645],
      [8269, 10535, 830],
    ];
    for (const [i, ids] of zeros.entries()) expect(gpt2.encode('0'.repeat(i + 1))).toEqual(ids);
    expect(gpt2.encode('')).toEqual([]);
  });
  it('cl100k_base', () => {
    expect(cl100k.encode('hello world')).toEqual([15339, 1917]);
    expect(cl100k.encode('hello <|endoftext|>', { allowedSpecial: 'all' })).toEqual([15339, 220, 100257]);
    expect(cl100k.encode('rer')).toEqual([38149]);
    expect(cl100k.encode("'rer")).toEqual([2351, 81]);
    expect(cl100k.encode('today\n ')).toEqual([31213, 198, 220]);
    expect(cl100k.encode('today\n \n')).toEqual([31213, 27907]);
    expect(cl100k.encode('today\n  \n')).toEqual([31213, 14211]);
    expect(cl100k.encode(' \x850')).toEqual([220, 126, 227, 15]);
    expect(cl100k.encode('  \ufeffx')).toEqual([220, 76880, 87]);
    expect(cl100k.encode('👍')).toEqual([9468, 239, 235]);
  });
  it("o200k_base's special tokens are tiktoken's", () => {
    expect(o200k.encode('<|endofprompt|>', { allowedSpecial: 'all' })).toEqual([200018]);
    expect(o200k.encode('<|endoftext|>', { allowedSpecial: 'all' })).toEqual([199999]);
    expect(o200k.specialTokens.size).toBe(2);
  });
  it('p50k_edit has the fill-in-the-middle tokens', async () => {
    const edit = await getEncoding('p50k_edit');
    expect(edit.encode('<|fim_prefix|><|fim_middle|><|fim_suffix|>', { allowedSpecial: 'all' })).toEqual([
      50281, 50282, 50283,
    ]);
  });
  it('repetitive inputs equal tiktoken (4 KB; long pieces take the heap path) and round-trip at 100 KB', () => {
    const patterns = ['x', ' ', '0', 'بسم', "'s", '\n', 'ab '];
    for (const name of ['r50k_base', 'cl100k_base', 'o200k_base'] as const) {
      // The tiktoken package's merge is quadratic in the piece length, so it is compared on 4 KB only.
      const wasm = get_encoding(name);
      const ours = name === 'r50k_base' ? r50k : name === 'cl100k_base' ? cl100k : o200k;
      for (const unit of patterns) {
        const small = unit.repeat(Math.ceil(4000 / unit.length));
        expect(ours.encode(small), `${name} ${JSON.stringify(unit)}`).toEqual([...wasm.encode(small)]);
        const large = unit.repeat(Math.ceil(100_000 / unit.length));
        const ids = ours.encode(large);
        expect(ours.decode(ids)).toBe(large);
        expect(ids.length).toBeLessThanOrEqual(large.length);
      }
      wasm.free();
    }
  });
});

describe('pieces around the cache and heap lengths', () => {
  // 64 bytes is the longest piece the piece cache keeps, 128 the first that merges with the heap.
  const lengths = [1, 2, 63, 64, 65, 66, 100, 126, 127, 128, 129, 200];
  const units = ['ab', 'x', 'بس', '=', '中', '🙂', 'aé'];
  for (const name of ['r50k_base', 'cl100k_base', 'o200k_base'] as const) {
    it(`${name}: pieces of 1 to 200 bytes, each alone, all in one text and again, equal tiktoken`, async () => {
      const wasm = get_encoding(name);
      try {
        const ours = await getEncoding(name);
        const pieces: string[] = [];
        for (const unit of units) {
          const unitBytes = new TextEncoder().encode(unit).length;
          for (const length of lengths) {
            let piece = unit.repeat(Math.max(1, Math.floor(length / unitBytes)));
            // Odd lengths of a two-byte unit end in a one-byte letter.
            if (new TextEncoder().encode(piece).length < length && unit !== '=') piece += 'q';
            pieces.push(piece);
          }
        }
        for (const piece of pieces) expect(ours.encode(piece), piece).toEqual([...wasm.encode(piece)]);
        const text = pieces.join(' ');
        expect(ours.encode(text)).toEqual([...wasm.encode(text)]);
        expect(ours.encode(text)).toEqual([...wasm.encode(text)]);
      } finally {
        wasm.free();
      }
    });
  }

  it('several encodings over one rank table each give the same ids (each has its own piece cache)', async () => {
    const text = `${'=-'.repeat(40)} hello world مرحبا بالعالم ${'ab'.repeat(70)} ${'🙂'.repeat(20)}`;
    const expected = o200k.encode(text);
    for (let copy = 0; copy < 3; copy++) {
      const again = new Encoding({
        name: `o200k_base copy ${copy}`,
        patternSource: o200k.patternSource,
        ranks: o200k.ranks,
        specialTokens: {},
      });
      expect(again.encodeOrdinary(text)).toEqual(expected);
      expect(again.encodeOrdinary(text)).toEqual(expected);
    }
  });
});

describe('encodeOrdinaryInto of a part of a text', () => {
  const idsOf = (enc: Encoding, text: string, from: number, to: number) => {
    const ids: number[] = [];
    enc.encodeOrdinaryInto(text, from, to, { push: (id) => ids.push(id) });
    return ids;
  };
  // A custom pattern has no scanner: the regex cuts a slice of the part.
  const custom = new Encoding({
    name: 'words',
    patternSource: "\\w+|'[a-z]+|\\s+|[^\\w\\s]+",
    ranks: cl100k.ranks,
    specialTokens: {},
  });

  for (const enc of [r50k, cl100k, o200k, custom])
    it(`${enc.name}: in place, the ids of the part alone (nothing after it counts)`, () => {
      fc.assert(
        fc.property(
          stressText,
          fc.constantFrom("'re", "'LL", ' x', '  y', '\udc00', "'", 'ab', '🙂'),
          fc.nat(),
          fc.nat(),
          (head, tail, a, b) => {
            const text = head + tail;
            const [from, to] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y) as [
              number,
              number,
            ];
            expect(idsOf(enc, text, from, to)).toEqual(enc.encodeOrdinary(text.slice(from, to)));
          },
        ),
        { numRuns: 300 },
      );
    });

  it('cuts a contraction, a run of spaces and a surrogate pair at the end of the part as the part alone', () => {
    const text = "we're  here 🙂 it'll";
    for (let to = 0; to <= text.length; to++)
      for (const enc of [r50k, cl100k, o200k])
        expect(idsOf(enc, text, 1, to), `${enc.name} [1, ${to})`).toEqual(
          enc.encodeOrdinary(text.slice(1, to)),
        );
  });
});

describe('texts longer than one run of the piece loop (16,384 UTF-16 units)', () => {
  const RUN = 1 << 14;
  // Each long piece starts a few units before a multiple of the run, so it ends past the run's end.
  const longPieces = [
    ' '.repeat(300),
    'Tokenization'.repeat(20),
    '\u064e\u0628'.repeat(150),
    '🙂'.repeat(100),
    '9'.repeat(50),
  ];
  let text = '';
  for (const piece of longPieces) {
    const filler = 'The cat sat. قال الكاتب: 12, ok!\n';
    const cut = (Math.floor(text.length / RUN) + 1) * RUN - 7;
    while (text.length < cut) text += filler;
    text = text.slice(0, cut) + piece;
  }
  text += ' end';
  for (const name of ['r50k_base', 'cl100k_base', 'o200k_base'] as const) {
    it(`${name}: pieces across the runs' ends equal tiktoken, and a count limit stops in a later run`, async () => {
      const wasm = get_encoding(name);
      try {
        const ours = await getEncoding(name);
        const expected = [...wasm.encode_ordinary(text)];
        expect(text.length).toBeGreaterThan(longPieces.length * RUN);
        expect(expected.length).toBeGreaterThan(RUN);
        expect(ours.encodeOrdinary(text)).toEqual(expected);
        expect(ours.encodeOrdinary(text)).toEqual(expected);
        expect(ours.isWithinTokenLimit(text, expected.length)).toBe(expected.length);
        expect(ours.isWithinTokenLimit(text, expected.length - 1)).toBe(false);
        expect(ours.isWithinTokenLimit(text, RUN)).toBe(false);
      } finally {
        wasm.free();
      }
    });
  }
});

describe('special tokens', () => {
  it("refuses the tiktoken package's positional allowed and disallowed specials by name (they set no option)", () => {
    const text = 'hi <|endoftext|>';
    expect(() => cl100k.encode(text, 'all' as never)).toThrow(
      "encode: the options are an object such as { allowedSpecial: 'all' }, got 'all' (tiktoken's allowed_special argument?)",
    );
    expect(() => cl100k.encode('hi', [] as never)).toThrow(
      /got an array \(tiktoken's allowed_special argument\?\)/,
    );
    expect(() => cl100k.countTokens('hi', new Set() as never)).toThrow(/got a Set/);
    expect(() => cl100k.isWithinTokenLimit('hi', 5, 'all' as never)).toThrow(
      /^encode: the options are an object/,
    );
    expect(cl100k.encode(text, { allowedSpecial: 'all' })).toEqual([6151, 220, 100257]);
  });
  it('the error names the token, where it is, and both fixes', () => {
    try {
      cl100k.encode('abc <|endoftext|>');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DisallowedSpecialTokenError);
      const { message, token, index } = error as DisallowedSpecialTokenError;
      expect([token, index]).toEqual(['<|endoftext|>', 4]);
      expect(message).toContain('The text contains a special token that is not allowed: <|endoftext|>');
      expect(message).toContain(`allowedSpecial: ["<|endoftext|>"]`);
      expect(message).toContain('disallowedSpecial: []');
    }
  });
  it('allows a subset: allowed become ids, others are checked unless disallowedSpecial says otherwise', () => {
    const text = '<|endoftext|> <|fim_prefix|>';
    expect(() => cl100k.encode(text, { allowedSpecial: ['<|endoftext|>'] })).toThrow(/<\|fim_prefix\|>/);
    const ids = cl100k.encode(text, { allowedSpecial: new Set(['<|endoftext|>']), disallowedSpecial: [] });
    expect(ids[0]).toBe(100257);
    expect(ids.slice(1)).toEqual(cl100k.encodeOrdinary(' <|fim_prefix|>'));
    // Only the listed token is checked.
    expect(() => cl100k.encode(text, { disallowedSpecial: ['<|fim_prefix|>'] })).toThrow(/<\|fim_prefix\|>/);
    expect(cl100k.encode('<|endoftext|>', { disallowedSpecial: ['<|fim_prefix|>'] })).toEqual(
      cl100k.encodeOrdinary('<|endoftext|>'),
    );
  });
  it('matches tiktoken on every combination of options', () => {
    const wasm = get_encoding('cl100k_base');
    const text = 'a<|endoftext|>b<|fim_prefix|>  <|endofprompt|>\n<|fim_suffix|><|endoftext|';
    const lists: ('all' | string[])[] = ['all', [], ['<|endoftext|>'], ['<|fim_prefix|>', '<|endofprompt|>']];
    for (const allowed of lists)
      for (const disallowed of lists) {
        let expected: number[] | string;
        try {
          expected = [...wasm.encode(text, allowed, disallowed)];
        } catch {
          expected = 'throws';
        }
        let actual: number[] | string;
        try {
          actual = cl100k.encode(text, { allowedSpecial: allowed, disallowedSpecial: disallowed });
        } catch {
          actual = 'throws';
        }
        expect(actual, JSON.stringify([allowed, disallowed])).toEqual(expected);
      }
    wasm.free();
  });
});

describe('decode', () => {
  it('replaces invalid UTF-8 with U+FFFD and keeps bytes exact in decodeBytes', () => {
    const ids = cl100k.encode('👍');
    expect(cl100k.decode(ids.slice(0, 1))).toBe('\ufffd');
    expect(cl100k.decodeBytes(ids)).toEqual(toBytes('👍'));
    expect(cl100k.decodeSingleTokenBytes(100257)).toEqual(toBytes('<|endoftext|>'));
    expect(cl100k.decode([15339, 100257])).toBe('hello<|endoftext|>');
  });
  it('names an unknown id', () => {
    expect(() => cl100k.decode([100261])).toThrow(/unknown token id 100261/);
    expect(() => r50k.decode([-1])).toThrow(/unknown token id -1/);
  });
  it('refuses ids that are not whole numbers (a string id, say from a CSV, decoded the bytes of 46 tokens)', () => {
    expect(() => cl100k.decode(['5' as never])).toThrow(
      "cl100k_base: unknown token id '5' (a string) (valid ids are 0..100276)",
    );
    expect(() => cl100k.decodeBytes(['15339' as never])).toThrow(/unknown token id '15339' \(a string\)/);
    expect(() => cl100k.decode([1.5])).toThrow(/unknown token id 1.5 /);
    expect(cl100k.decode([5])).toBe('&');
  });
  it('encodes lone surrogates as U+FFFD, as the tiktoken package does', () => {
    const wasm = get_encoding('o200k_base');
    for (const text of ['a\ud800b', '\udfff', 'x\ud83d', '\ud83d\ude00\ude00']) {
      expect(o200k.encode(text)).toEqual([...wasm.encode(text)]);
      expect(o200k.decode(o200k.encode(text))).toBe(text.replace(/\p{Cs}/gu, '\ufffd'));
    }
    wasm.free();
  });
});

describe('counting and offsets', () => {
  const text = 'Hello, مرحبا 👋🏽 world!\n\n  done';
  it('countTokens and isWithinTokenLimit agree with encode', () => {
    const n = o200k.encode(text).length;
    expect(o200k.countTokens(text)).toBe(n);
    expect(o200k.isWithinTokenLimit(text, n)).toBe(n);
    expect(o200k.isWithinTokenLimit(text, n - 1)).toBe(false);
    expect(o200k.isWithinTokenLimit('', 0)).toBe(0);
    // NaN compares false with every count: every text was within it.
    expect(() => o200k.isWithinTokenLimit(text, Number.NaN)).toThrow(
      'isWithinTokenLimit: the limit must be a number, got NaN',
    );
    expect(() => o200k.isWithinTokenLimit(text, '5' as never)).toThrow(/the limit must be a number, got 5/);
    expect(o200k.isWithinTokenLimit(text, Number.POSITIVE_INFINITY)).toBe(n);
    expect(cl100k.countTokens('a<|endoftext|>b', { allowedSpecial: 'all' })).toBe(3);
  });
  it('encodeWithOffsets gives character and byte spans that cover the text', () => {
    const tokens: Token[] = o200k.encodeWithOffsets(text);
    expect(tokens.map((token) => token.id)).toEqual(o200k.encode(text));
    let byte = 0;
    for (const token of tokens) {
      expect(token.bytes![0]).toBe(byte);
      byte = token.bytes![1];
      expect(text.slice(token.start, token.end)).toBe(token.text);
    }
    expect(byte).toBe(toBytes(text).length);
    expect(tokens[0]).toEqual({ text: 'Hello', start: 0, end: 5, id: 13225, bytes: [0, 5] });
    expect(o200k.tokenize(text)).toEqual(tokens);
  });
  it('every call returns its own array of ids, past the reused buffer and past the size it keeps', () => {
    const pair = cl100k.encode(' hello world');
    expect(pair).toHaveLength(2);
    const expected = Array.from({ length: 3000 }, () => pair).flat();
    const repeated = cl100k.encode(' hello world'.repeat(3000));
    expect(repeated).toEqual(expected);
    const one = cl100k.encodeOrdinary(' a');
    expect(one).toHaveLength(1);
    const huge = cl100k.encodeOrdinary(' a'.repeat(1_100_000));
    expect(huge).toHaveLength(1_100_000);
    expect(huge.every((id) => id === one[0])).toBe(true);
    expect(cl100k.encode(' hello world')).toEqual(pair);
    expect(repeated).toEqual(expected);
    // Three ids per UTF-16 unit (a private-use character is three byte tokens): more ids than the
    // room made for the text's length at the start.
    const line = `${'\ue000'.repeat(100)} `;
    const lineIds = cl100k.encodeOrdinary(line);
    expect(lineIds).toHaveLength(301);
    const lines = cl100k.encodeOrdinary(line.repeat(3000));
    expect(lines).toHaveLength(903_000);
    expect(lines.slice(-301)).toEqual(lineIds);
    expect(lines.every((id, i) => id === lineIds[i % 301])).toBe(true);
  });
});

describe('models', () => {
  it("follows tiktoken's table and prefixes", async () => {
    expect(encodingNameForModel('gpt-4')).toBe('cl100k_base');
    expect(encodingNameForModel('gpt-4-0613')).toBe('cl100k_base');
    expect(encodingNameForModel('gpt-4o-2024-08-06')).toBe('o200k_base');
    expect(encodingNameForModel('ft:gpt-4o-mini:org')).toBe('o200k_base');
    expect(encodingNameForModel('text-davinci-edit-001')).toBe('p50k_edit');
    expect(encodingNameForModel('davinci')).toBe('r50k_base');
    expect((await encodingForModel('gpt-5-mini')).name).toBe('o200k_base');
    expect(() => encodingNameForModel('claude')).toThrow(/Could not map model 'claude'/);
    expect(() => encodingNameForModel('toString')).toThrow(/Could not map/);
    await expect(getEncoding('cl200k')).rejects.toThrow(/unknown encoding 'cl200k'. Available: gpt2/);
  });
});

describe('patterns as RegExps', () => {
  it('split like tiktoken, with Rust white space', () => {
    expect("I'm here  now".match(R50K_PATTERN)).toEqual(['I', "'m", ' here', ' ', ' now']);
    expect('Hello 12345!\n\n'.match(CL100K_PATTERN)).toEqual(['Hello', ' ', '123', '45', '!\n\n']);
    expect("HelloWORLD they're".match(O200K_PATTERN)).toEqual(['Hello', 'WORLD', " they're"]);
    expect(' \x850'.match(CL100K_PATTERN)).toEqual([' ', '\x85', '0']);
    expect('  \ufeffx'.match(CL100K_PATTERN)).toEqual([' ', ' \ufeff', 'x']);
  });
});

describe('streaming', () => {
  const text = "First line.\r\n\r\n  It's 12345 o'clock —  مَرْحَبًا بِكُم   \n\n\tend<|endoftext|> tail  ";
  it('any chunking gives the ids of the whole text', async () => {
    for (const encoding of [r50k, cl100k, o200k]) {
      const whole = encoding.encode(text, { allowedSpecial: 'all' });
      for (const size of [1, 2, 3, 7, 13, 1000]) {
        const chunks: string[] = [];
        for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
        const ids: number[] = [];
        for await (const batch of encodeStream(encoding, chunks, { allowedSpecial: 'all' }))
          ids.push(...batch);
        expect(ids, `${encoding.name} / ${size}`).toEqual(whole);
      }
    }
  });
  it("gives encode's ids for chunks of any size, empty ones and long stretches without a cut too", () => {
    const pieces = ['{"alpha":12,', '<|endoftext|>', '😀', ' ', '  ', '\n', 'ب', 'x', ' y', '\r\n', ''];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 120 }),
        fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 1, maxLength: 20 }),
        (parts, sizes) => {
          const text = parts.join('');
          const stream = new StreamEncoder(cl100k, { allowedSpecial: 'all' });
          const ids: number[] = [];
          for (let at = 0, i = 0; at < text.length; i++) {
            // A size of 0 is an empty chunk, then one unit.
            const size = sizes[i % sizes.length]!;
            if (size === 0) ids.push(...stream.write(''));
            ids.push(...stream.write(text.slice(at, at + Math.max(1, size))));
            at += Math.max(1, size);
          }
          ids.push(...stream.end());
          expect(ids).toEqual(cl100k.encode(text, { allowedSpecial: 'all' }));
        },
      ),
      { numRuns: 300 },
    );
  });
  it('emits ids before the end, and only cuts between non-space and space', () => {
    const stream = new StreamEncoder(cl100k);
    expect(stream.write('hello')).toEqual([]);
    expect(stream.write(' world and')).toEqual(cl100k.encode('hello world'));
    expect(stream.end()).toEqual(cl100k.encode(' and'));
    expect(lastSafeCut('ab\ncd')).toBe(-1);
    expect(lastSafeCut('ab  cd')).toBe(2);
    // Text without white space: between a word and punctuation, never inside a special token.
    const json = new StreamEncoder(cl100k, { allowedSpecial: 'all' });
    const early = json.write('{"alpha":12,"be');
    expect(early).toEqual(cl100k.encode('{"alpha":12'));
    expect([...early, ...json.write('ta":"<|endoftext|'), ...json.end()]).toEqual(
      cl100k.encode('{"alpha":12,"beta":"<|endoftext|', { allowedSpecial: 'all' }),
    );
    expect(lastSafeCut('{"a":1,"b', 1, wordEdges([]))).toBe(6);
    // Before the special token's '<', not between its 't' and '|'.
    expect(lastSafeCut('x<|endoftext|', 1, wordEdges(['<|endoftext|>']))).toBe(1);
    expect(lastSafeCut('x<|endoftext|', 1, wordEdges([]))).toBe(12);
  });
});
