import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  describeNeedsShared,
  FUZZ_RUNS,
  hostileText,
  readFixtureText,
  sharedPath,
} from '@tokenlab/test-support';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Encoding } from '../encoding.js';
import { getEncoding } from '../registry.js';
import { DisallowedSpecialTokenError } from '../special-tokens.js';
import { EncodePool } from './encode-pool.js';
import { encodeBatch, encodeParallel, encodeStreamParallel, pieceCuts } from './parallel-encode.js';
import { cutsBySize, isSafeCut, nextSafeCut, safeCuts, wordEdges, wordEdgesOf } from './safe-cuts.js';

const NAMES = ['gpt2', 'cl100k_base', 'o200k_base'] as const;

/** Texts that stress the cut rules: long white-space runs, CRLF, no newlines at all, no spaces at all. */
function adversarial(): Record<string, string> {
  const words = 'one two  three\tfour.\nFive\n\nsix 7 88 999 ٱلرَّحْمَٰنِ 😀x\u00a0y\u3000z';
  return {
    'long white-space runs':
      `a${' '.repeat(3000)}b${'\t \u00a0'.repeat(2000)}c\n${' '.repeat(5000)}\nD${'\n'.repeat(3000)}E`.repeat(
        4,
      ),
    CRLF: 'Line one.\r\nLine two\r\n\r\nThird line, end.\r\n'.repeat(3000),
    'lone CR': 'abc\rDef ghi\r\rJkl\r'.repeat(4000),
    'no newlines at all': 'the quick brown fox, jumps over the lazy dog; '.repeat(2000),
    'no white space at all': 'بِسْمِٱللَّهِٱلرَّحْمَٰنِٱلرَّحِيمِ'.repeat(3000),
    'newline then letter only': 'x\nY'.repeat(20000),
    mixed: `${words} `.repeat(3000),
    'astral letters after newlines': '.\n𝐀𝐁 \n𐐷b '.repeat(8000),
  };
}

/** The text cut at `cuts`, each piece encoded alone, ids joined. */
function encodePiecewise(enc: Encoding, text: string, cuts: number[]): number[] {
  const out: number[] = [];
  let start = 0;
  for (const cut of [...cuts, text.length]) {
    out.push(...enc.encodeOrdinary(text.slice(start, cut)));
    start = cut;
  }
  return out;
}

describe('safe cuts', () => {
  it('are the places the rules name', () => {
    expect(isSafeCut('one.\nTwo', 5)).toBe(true);
    expect(isSafeCut('one\n\nTwo', 5)).toBe(false);
    expect(isSafeCut('one \nTwo', 5)).toBe(false);
    expect(isSafeCut('one\r\nTwo', 5)).toBe(false);
    expect(isSafeCut('one\n2', 4)).toBe(false);
    expect(isSafeCut('one two', 3)).toBe(true);
    expect(isSafeCut('one  two', 4)).toBe(false);
    expect(isSafeCut('one\ntwo', 3)).toBe(false);
    expect(safeCuts('aaa bbb ccc ddd', 4)).toEqual([3, 7, 11]);
    expect(safeCuts('x'.repeat(100), 10)).toEqual([]);
    expect(cutsBySize('aaa bbb ccc ddd', (start) => (start < 4 ? 4 : 8))).toEqual([3, 7]);
    expect(nextSafeCut('aaa bbb ccc ddd', 3, 4)).toBe(7);
    expect(nextSafeCut('aaa bbbbbbbb ccc', 0, 4)).toBe(3);
    expect(nextSafeCut('aaa bbbbbbbb ccc', 3, 4)).toBe(12);
    expect(nextSafeCut('aaa bbbbbbbb', 3, 4)).toBe(-1);
  });

  it("are cut for encodeParallel in whole pieces, then the last four pieces' worth in quarters", () => {
    const text = `${readFixtureText('corpora/austen-emma.head.txt')}`.slice(0, 40_000);
    const cuts = pieceCuts(text, 4000);
    const ends = [...cuts, text.length];
    let start = 0;
    const sizes = ends.map((end) => {
      expect(end === text.length || isSafeCut(text, end), `cut at ${end}`).toBe(true);
      const size = end - start;
      start = end;
      return size;
    });
    const tail = text.length - 4 * 4000;
    const head = sizes.filter((_, i) => ends[i]! <= tail);
    expect(head.length).toBeGreaterThan(4);
    for (const size of head.slice(0, -1)) expect(size).toBeGreaterThan(2000);
    const quarters = sizes.filter((_, i) => (i === 0 ? 0 : ends[i - 1]!) >= tail);
    expect(quarters.length).toBeGreaterThan(12);
    for (const size of quarters.slice(0, -1)) expect(size).toBeLessThanOrEqual(1000 + 40);
    expect(pieceCuts('x'.repeat(100), 10)).toEqual([]);
    expect(pieceCuts('', 10)).toEqual([]);
  });

  for (const name of NAMES)
    it(`keep ${name}'s ids when the text is cut at every safe place`, async () => {
      const enc = await getEncoding(name);
      for (const [label, text] of Object.entries(adversarial())) {
        const sample = text.slice(0, 6000);
        const cuts: number[] = [];
        // With the encoding's word edges: every kind of cut.
        for (let at = 1; at < sample.length; at++) if (isSafeCut(sample, at, wordEdgesOf(enc))) cuts.push(at);
        expect(encodePiecewise(enc, sample, cuts), label).toEqual(enc.encodeOrdinary(sample));
      }
    });

  it('cut text without white space (minified JSON, numbers and commas) between a word and punctuation, never inside a special token', async () => {
    const json = '{"alpha":12,"beta":[true,false,null],"gamma_ray":"d\'e","x|y":3.5e-7}<|endoftext|>1,2,3;';
    const edges = wordEdges(['<|endoftext|>']);
    const cuts: number[] = [];
    for (let at = 1; at < json.length; at++) if (isSafeCut(json, at, edges)) cuts.push(at);
    // After "alpha", "12", "true", ... but not before the apostrophe, nor inside <|endoftext|>.
    expect(cuts).toContain(json.indexOf('alpha') + 5);
    expect(cuts).toContain(json.indexOf('12') + 2);
    expect(cuts).not.toContain(json.indexOf("'"));
    const special = json.indexOf('<|endoftext|>');
    expect(cuts.filter((cut) => cut > special && cut < special + 13)).toEqual([]);
    expect(isSafeCut(json, json.indexOf('alpha') + 5)).toBe(false); // not without edges
    for (const name of NAMES) {
      const enc = await getEncoding(name);
      const pieces: number[] = [];
      let start = 0;
      for (const cut of [...cuts, json.length]) {
        pieces.push(...enc.encode(json.slice(start, cut), { allowedSpecial: 'all' }));
        start = cut;
      }
      expect(pieces, name).toEqual(enc.encode(json, { allowedSpecial: 'all' }));
    }
    // Special tokens of another shape keep their pairs too: '</s' + '>' and 'S' + 'E' in [SEP].
    const custom = wordEdges(['</s>', '[SEP]']);
    expect(isSafeCut('a</s>b', 4, custom)).toBe(false);
    expect(isSafeCut('a</s>b', 4, wordEdges([]))).toBe(true);
    expect(isSafeCut('[SEP]', 4, custom)).toBe(false);
  });

  it('keep the ids on hostile text cut at every safe place', async () => {
    const encodings = await Promise.all(NAMES.map((name) => getEncoding(name)));
    const text = hostileText({
      pieces: ['\n', '\r\n', 'A', '\nB', ' ', "'s", '/', '{"a":1,', '9.5', '_x', '|', 'ب', '\u064e'],
      runs: [' ', '\n', '\r\n', 'x', '7', ','],
    });
    fc.assert(
      fc.property(text, (sample) => {
        const cuts: number[] = [];
        for (let at = 1; at < sample.length; at++) if (isSafeCut(sample, at, wordEdges([]))) cuts.push(at);
        for (const enc of encodings)
          expect(encodePiecewise(enc, sample, cuts)).toEqual(enc.encodeOrdinary(sample));
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});

describe('encoding on worker threads', () => {
  let pool: EncodePool;
  let enc: Encoding;
  beforeAll(async () => {
    enc = await getEncoding('o200k_base');
    pool = new EncodePool(enc, { threads: 2 });
  });
  afterAll(() => pool.close());

  const corpora: Array<[string, () => string]> = [
    ['English sample', () => readFixtureText('corpora/austen-emma.head.txt')],
    ['Arabic sample', () => readFixtureText('corpora/ud-arabic-pud.head.txt')],
  ];
  for (const [label, read] of corpora)
    it(`gives encodeOrdinary's ids on the ${label}, for every encoding`, async () => {
      const text = read();
      expect(safeCuts(text, 5000).length).toBeGreaterThan(10);
      for (const name of NAMES) {
        const encoding = await getEncoding(name);
        const ids = await encodeParallel(encoding, text, { threads: 2, pieceSize: 5000, ordinary: true });
        expect(Array.from(ids), name).toEqual(encoding.encodeOrdinary(text));
      }
    });

  it("gives encodeOrdinary's ids when the text turns denser after the first piece that sized the ids", async () => {
    // English first (about 0.25 ids a unit), then Arabic that gpt2 cuts into about one id a unit: the
    // room made from the first piece (or, in one thread, the first 64 Ki units) runs out and grows.
    const english = readFixtureText('corpora/austen-emma.head.txt');
    const arabic = readFixtureText('corpora/ud-arabic-pud.head.txt');
    const text = `${english.repeat(Math.ceil(300_000 / english.length))}\n${arabic.repeat(Math.ceil(800_000 / arabic.length))}`;
    expect(text.length).toBeGreaterThan(1 << 20);
    const gpt2 = await getEncoding('gpt2');
    const expected = gpt2.encodeOrdinary(text);
    const one = await encodeParallel(gpt2, text, { threads: 1, ordinary: true });
    expect(one.length).toBe(expected.length);
    expect(one.every((id, i) => id === expected[i])).toBe(true);
    const two = await encodeParallel(gpt2, text, { threads: 2, pieceSize: 1 << 16, ordinary: true });
    expect(two.length).toBe(expected.length);
    expect(two.every((id, i) => id === expected[i])).toBe(true);
  });

  it("gives encodeOrdinary's ids in one thread on a long text with no safe place to cut", async () => {
    // No safe cut within the first stretch: the ids are sized by a guess and the text encoded in one call.
    const text = 'x'.repeat((1 << 20) + 5);
    const gpt2 = await getEncoding('gpt2');
    const ids = await encodeParallel(gpt2, text, { threads: 1, ordinary: true });
    expect(Array.from(ids)).toEqual(gpt2.encodeOrdinary(text));
  });

  it("gives encodeOrdinary's ids on adversarial text, in small pieces", async () => {
    for (const [label, text] of Object.entries(adversarial())) {
      const ids = await encodeParallel(enc, text, { pool, pieceSize: 3000, ordinary: true });
      expect(Array.from(ids), label).toEqual(enc.encodeOrdinary(text));
    }
  });

  it("gives encodeOrdinary's ids on tiny and empty texts, and with surrogate pairs at the edges of pieces", async () => {
    for (const text of ['', 'a', ' ', '\n', '😀', ' 😀', '\n𝐀', 'a\n𝐀 𝐁\n😀 x', '𝐀\n𝐀\n𝐀\n𝐀\n𝐀'])
      for (const pieceSize of [1, 2, 3])
        expect(
          Array.from(await encodeParallel(enc, text, { pool, pieceSize, ordinary: true })),
          text,
        ).toEqual(enc.encodeOrdinary(text));
    const pieces = ['𝐀', '😀', '𐐷', ' ', '\n', '\r\n', 'a', 'Z', '\u00a0', 'ب', '\u064e', '7', '.', "'s"];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pieces), { maxLength: 300 }),
        fc.integer({ min: 2, max: 40 }),
        async (parts, pieceSize) => {
          const text = parts.join('');
          const ids = await encodeParallel(enc, text, { pool, pieceSize, ordinary: true });
          expect(Array.from(ids)).toEqual(enc.encodeOrdinary(text));
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("streams a text in chunks to encode's ids", async () => {
    const text = `${readFixtureText('corpora/austen-emma.head.txt')}<|endoftext|>${adversarial().CRLF}`;
    const chunks = function* () {
      for (let at = 0; at < text.length; at += 777) yield text.slice(at, at + 777);
    };
    for (const threads of [{ pool }, { threads: 1 }]) {
      const parts: Uint32Array[] = [];
      for await (const ids of encodeStreamParallel(enc, chunks(), {
        ...threads,
        pieceSize: 4000,
        allowedSpecial: 'all',
      }))
        parts.push(ids);
      expect(parts.flatMap((ids) => Array.from(ids))).toEqual(enc.encode(text, { allowedSpecial: 'all' }));
      // Piece by piece on one thread too: the text is never joined whole.
      expect(parts.length).toBeGreaterThan(10);
      // A special token that is not allowed: after the pieces before it, at its place in the whole text.
      const seen: number[] = [];
      const error = await (async () => {
        for await (const ids of encodeStreamParallel(enc, chunks(), { ...threads, pieceSize: 4000 }))
          seen.push(...ids);
      })().catch((e: unknown) => e);
      expect((error as DisallowedSpecialTokenError).index).toBe(text.indexOf('<|endoftext|>'));
      expect(seen.length).toBeGreaterThan(0);
      expect(seen).toEqual(enc.encode(text, { allowedSpecial: 'all' }).slice(0, seen.length));
    }
  });

  it("streams chunks of any size, long stretches without a safe place too, to encodeOrdinary's ids", async () => {
    // Minified JSON has no white space: a stream of it is one piece until a space comes.
    const pieces = ['{"alpha":12,', '[true,null]', '😀', ' ', '\n', 'ب', '\u064e', 'x', ' y', '\r\n'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pieces), { maxLength: 200 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        async (parts, sizes, pieceSize, here) => {
          const text = parts.join('');
          const chunks: string[] = [];
          for (let at = 0, i = 0; at < text.length; i++) {
            // A size of 0 is an empty chunk, then one unit.
            const size = sizes[i % sizes.length]!;
            if (size === 0) chunks.push('');
            chunks.push(text.slice(at, at + Math.max(1, size)));
            at += Math.max(1, size);
          }
          const streamed: number[] = [];
          const options = { ...(here ? { threads: 1 } : { pool }), pieceSize, ordinary: true };
          for await (const ids of encodeStreamParallel(enc, chunks, options)) streamed.push(...ids);
          expect(streamed).toEqual(enc.encodeOrdinary(text));
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('encodes a batch in order, like encode and encodeOrdinary', async () => {
    const texts = [
      ...Object.values(adversarial()).map((t) => t.slice(0, 20_000)),
      '',
      'hi<|endoftext|>',
      'x',
    ];
    expect(await encodeBatch(enc, texts, { pool, ordinary: true })).toEqual(
      texts.map((t) => enc.encodeOrdinary(t)),
    );
    expect(await encodeBatch(enc, texts, { pool, allowedSpecial: 'all' })).toEqual(
      texts.map((t) => enc.encode(t, { allowedSpecial: 'all' })),
    );
    expect(await encodeBatch(enc, ['a', 'b'], { threads: 1, ordinary: true })).toEqual([[64], [65]]);
  });

  it("gives encode's ids (not encodeOrdinary's) in the calling thread too, the parallel options left out", async () => {
    // threads: 1, a text too short to cut, a pattern with no proven cut: each encodes here, where the
    // whole options object (threads, pieceSize) once reached encode and was refused as unknown.
    const text = 'hello <|endoftext|> world';
    const custom = new Encoding({
      name: 'custom',
      patternSource: `${enc.patternSource}|x`,
      ranks: enc.ranks,
      specialTokens: Object.fromEntries(enc.specialTokens),
    });
    for (const [encoding, options] of [
      [enc, { threads: 1, pieceSize: 4, allowedSpecial: 'all' }],
      [enc, { pool, allowedSpecial: 'all' }],
      [custom, { pool, pieceSize: 4, allowedSpecial: 'all' }],
    ] as const) {
      const expected = encoding.encode(text, { allowedSpecial: 'all' });
      expect(Array.from(await encodeParallel(encoding, text, options))).toEqual(expected);
      const streamed: number[] = [];
      for await (const ids of encodeStreamParallel(encoding, [text], options)) streamed.push(...ids);
      expect(streamed).toEqual(expected);
      if (!('pool' in options))
        expect(await encodeBatch(encoding, [text, text], options)).toEqual([expected, expected]);
      await expect(encodeParallel(encoding, text, { ...options, allowedSpecial: [] })).rejects.toBeInstanceOf(
        DisallowedSpecialTokenError,
      );
    }
  });

  it('reports a disallowed special token at its place in the whole text', async () => {
    const text = `${'word '.repeat(5000)}<|endoftext|> tail`;
    const error = await encodeParallel(enc, text, { pool, pieceSize: 2000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DisallowedSpecialTokenError);
    expect((error as DisallowedSpecialTokenError).index).toBe(text.indexOf('<|endoftext|>'));
    const batchError = await encodeBatch(enc, ['fine', 'x<|endoftext|>'], { pool }).catch((e: unknown) => e);
    expect((batchError as Error).message).toMatch(/^text 1: .*<\|endoftext\|> \(at index 1\)/);
  });
});

describe('the calling thread encoding alongside the workers', () => {
  let pool: EncodePool;
  let enc: Encoding;
  beforeAll(async () => {
    enc = await getEncoding('o200k_base');
    pool = new EncodePool(enc, { threads: 1 });
  });
  afterAll(() => pool.close());

  /** `count` pieces of about `size` units, cut at spaces. */
  const text = (count: number, size: number) => {
    const piece = `${'word '.repeat(size / 5 - 1)}last`;
    return Array.from({ length: count }, () => piece).join(' ');
  };

  it('encodes pieces in the calling thread too, with the one-thread ids', async () => {
    const sample = `${readFixtureText('corpora/ud-arabic-pud.head.txt')}${readFixtureText('corpora/austen-emma.head.txt')}`;
    // The calling thread's share goes through an Encoding of the pool's over the shared piece cache.
    const spy = vi.spyOn(Encoding.prototype, 'encodeOrdinaryInto');
    try {
      const ids = await encodeParallel(enc, sample, { pool, pieceSize: 2000, ordinary: true });
      // The one worker takes two pieces, then the calling thread the third (no reply can come in
      // before it yields), and so on as the worker keeps up; it encodes its pieces in place, as parts
      // of the whole text, not copies.
      expect(spy.mock.calls.length).toBeGreaterThan(0);
      expect(spy.mock.calls.every(([text, from]) => text === sample && from > 0)).toBe(true);
      spy.mockRestore();
      expect(Array.from(ids)).toEqual(enc.encodeOrdinary(sample));
    } finally {
      spy.mockRestore();
    }
  });

  it('reports the first disallowed special token in text order, whichever thread found it', async () => {
    const plain = text(8, 1000);
    const at = (piece: number) => plain.indexOf(' ', piece * 1000 + 500);
    const insert = (positions: number[]) => {
      let out = plain;
      for (const position of [...positions].sort((a, b) => b - a))
        out = `${out.slice(0, position)}<|endoftext|>${out.slice(position)}`;
      return out;
    };
    // Piece 2 is the calling thread's (the worker holds pieces 0 and 1), the others mostly the worker's.
    for (const pieces of [[2], [1, 2], [2, 5], [0], [6], [3, 7]]) {
      const sample = insert(pieces.map(at));
      const error = await encodeParallel(enc, sample, { pool, pieceSize: 1000 }).catch((e: unknown) => e);
      expect(error, String(pieces)).toBeInstanceOf(DisallowedSpecialTokenError);
      expect((error as DisallowedSpecialTokenError).index, String(pieces)).toBe(
        sample.indexOf('<|endoftext|>'),
      );
      const allowed = await encodeParallel(enc, sample, { pool, pieceSize: 1000, allowedSpecial: 'all' });
      expect(Array.from(allowed)).toEqual(enc.encode(sample, { allowedSpecial: 'all' }));
    }
  });

  it('gives the same ids with a piece cache per thread, or a shared one that is full', async () => {
    const sample = `${readFixtureText('corpora/ud-arabic-pud.head.txt')}${readFixtureText('corpora/austen-emma.head.txt')}`;
    const expected = enc.encodeOrdinary(sample);
    for (const options of [{ sharePieceCache: false }, { pieceCacheEntries: 16 }]) {
      const own = new EncodePool(enc, { threads: 2, ...options });
      try {
        for (const pass of [1, 2]) {
          const ids = await encodeParallel(enc, sample, { pool: own, pieceSize: 2000, ordinary: true });
          expect(Array.from(ids), `${JSON.stringify(options)}, pass ${pass}`).toEqual(expected);
        }
        const batch = await own.encodeTexts(sample.split('\n'), { ordinary: true });
        expect(batch.flat(), JSON.stringify(options)).toEqual(
          sample.split('\n').flatMap((line) => enc.encodeOrdinary(line)),
        );
      } finally {
        await own.close();
      }
    }
  });

  it('refuses a pool of another encoding', async () => {
    const other = await getEncoding('cl100k_base');
    await expect(encodeParallel(other, text(4, 1000), { pool, pieceSize: 1000 })).rejects.toThrow(
      /the pool encodes with o200k_base, not cl100k_base/,
    );
  });
});

describe('worker start', () => {
  it('works in a process started with process-wide Node flags', () => {
    const dist = new URL('../../dist/', import.meta.url).href;
    const script = `
      const { getEncoding } = await import('${dist}index.js');
      const { encodeParallel } = await import('${dist}node.js');
      const enc = await getEncoding('gpt2');
      const text = 'one two\\nthree '.repeat(300000);
      const ids = await encodeParallel(enc, text, { threads: 2, ordinary: true });
      console.log(ids.length === enc.encodeOrdinary(text).length);`;
    const file = join(mkdtempSync(join(tmpdir(), 'tokenlab-gpt-')), 'flags.mjs');
    writeFileSync(file, script);
    const out = execFileSync(process.execPath, ['--max-old-space-size=2048', '--expose-gc', file], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('true');
  });
});

describeNeedsShared('encoding the bench corpora on worker threads', () => {
  const head = (file: string) =>
    execFileSync('sh', ['-c', `xz -dc '${sharedPath('corpora/bench', file)}' | head -c 600000`], {
      maxBuffer: 1 << 20,
    })
      .toString('utf8')
      .replace(/[^\n]*$/, '');
  for (const file of ['gutenberg-100MB.en.txt.xz', 'openiti-0525AH-primary.ar.txt.xz'])
    it(`gives the one-thread ids on the head of ${file}`, async () => {
      const text = head(file);
      for (const name of NAMES) {
        const enc = await getEncoding(name);
        const ids = await encodeParallel(enc, text, { threads: 2, pieceSize: 20_000, ordinary: true });
        expect(Array.from(ids), name).toEqual(enc.encodeOrdinary(text));
      }
    });
});
