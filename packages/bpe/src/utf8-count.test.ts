import { FUZZ_RUNS, hostileText, readFixtureText } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteChunkStore, utf8ChunkHash } from './byte-chunk-store.js';
import { ChunkStore } from './chunk-store.js';
import { GPT2_SPLIT_PATTERN, GPT4_SPLIT_PATTERN } from './patterns.js';
import { type PieceScanner, scanCl100kPiece, scanR50kPiece } from './piece-scanners.js';
import { positionedRows } from './test-positioned.js';
import { countUtf8Chunks } from './utf8-count.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The chunks countUtf8Chunks cuts from `text`'s UTF-8, each checked to carry its hash and byte position. */
function byteChunks(text: string, scanner: 'gpt2' | 'gpt4', offset = 0): string[] {
  const bytes = encoder.encode(text);
  const chunks: string[] = [];
  let expected = 0;
  countUtf8Chunks(
    bytes,
    bytes.length,
    scanner,
    {
      addHashed(chunkBytes, start, end, hash, position) {
        expect(chunkBytes).toBe(bytes);
        expect(start).toBe(expected);
        expect(end).toBeGreaterThan(start);
        expect(hash).toBe(utf8ChunkHash(bytes, start, end));
        expect(position).toBe(offset + start);
        chunks.push(decoder.decode(bytes.subarray(start, end)));
        expected = end;
      },
    },
    offset,
  );
  expect(expected).toBe(bytes.length);
  return chunks;
}

/** `text` with each lone surrogate (which UTF-8 cannot hold) replaced by U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

function scannerChunks(text: string, scan: PieceScanner): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; ) {
    const end = scan(text, start, text.length);
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

function regexChunks(text: string, pattern: RegExp): string[] {
  return text.match(new RegExp(pattern.source, pattern.flags)) ?? [];
}

const SCANNERS = [
  ['gpt4', scanCl100kPiece, GPT4_SPLIT_PATTERN],
  ['gpt2', scanR50kPiece, GPT2_SPLIT_PATTERN],
] as const;

// Pieces on every edge of the byte scanner: letters of each UTF-8 length (astral ones too) beside
// marks, prefixes of each length, white space outside ASCII, CR/LF runs, contractions in any case and
// `'ſ`, digits of other scripts, astral digits and symbols, the BOM, NEL.
const PIECES = [
  'a',
  'Zq',
  'é',
  'ß',
  'ب',
  'بِسْمِ',
  'ـ',
  '中文',
  '\u0301',
  '\u064e',
  ' ',
  '  ',
  '\t',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\n',
  '\r',
  '\r\n',
  '\n\n\r',
  "'",
  "'s",
  "'S",
  "'LL",
  "'lL",
  "'ve",
  "'Re",
  "'d",
  "'ſ",
  "'ſt",
  "'x",
  '1',
  '234',
  '٣',
  '٣٤٥٦',
  '۹',
  '²',
  '½',
  '.',
  ',',
  '!?',
  '"',
  '_',
  '—',
  '“',
  '€',
  '😀',
  '𝐀',
  '𝟘',
  '𐐀',
  '𐒠',
  '\ufeff',
  '\x85',
  '\u{10ffff}',
];

describe('countUtf8Chunks', () => {
  for (const [scanner, scan, pattern] of SCANNERS) {
    it(`${scanner}: cuts the UTF-8 exactly where the scanner and the pattern's regex cut the text (random pieces)`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }),
          fc.nat(1000),
          (parts, offset) => {
            const text = parts.join('');
            const chunks = byteChunks(text, scanner, offset);
            expect(chunks).toEqual(scannerChunks(text, scan));
            expect(chunks).toEqual(regexChunks(text, pattern));
          },
        ),
        { numRuns: 4000, seed: 17 },
      );
    });

    it(`${scanner}: cuts where the scanner does on hostile Unicode and long runs`, () => {
      fc.assert(
        fc.property(
          hostileText({
            pieces: PIECES,
            runs: ['a', 'ب', '😀', '𝐀', ' ', '\u3000', '\r\n', '\n', '.', '—', '1', '٣', 'é\u0301'],
          }),
          (hostile) => {
            // UTF-8 cannot hold a lone surrogate (files that would are rejected before counting).
            const text = wellFormed(hostile);
            expect(byteChunks(text, scanner)).toEqual(scannerChunks(text, scan));
          },
        ),
        { numRuns: Math.max(FUZZ_RUNS, 300), seed: 71 },
      );
    });

    it(`${scanner}: cuts random text of any code points where the scanner does`, () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (random) => {
          const text = wellFormed(random);
          expect(byteChunks(text, scanner)).toEqual(scannerChunks(text, scan));
        }),
        { numRuns: 3000, seed: 3 },
      );
    });

    it(`${scanner}: counts the English and Arabic fixtures into the same table as the string scanner and ChunkStore`, () => {
      for (const name of ['corpora/austen-emma.head.txt', 'corpora/ud-arabic-pud.head.txt']) {
        const text = readFixtureText(name);
        const bytes = encoder.encode(text);
        const fromBytes = new ByteChunkStore();
        countUtf8Chunks(bytes, bytes.length, scanner, fromBytes, 5);
        // The string scanner's chunks in a ChunkStore, each at the byte where it starts.
        const byteAt = new Float64Array(text.length + 1);
        for (let unit = 0, byte = 0; unit < text.length; unit++) {
          byteAt[unit] = byte;
          const code = text.charCodeAt(unit);
          byte +=
            code < 0x80
              ? 1
              : code < 0x800
                ? 2
                : code >= 0xd800 && code <= 0xdbff
                  ? 4
                  : code >= 0xdc00 && code <= 0xdfff
                    ? 0
                    : 3;
        }
        const fromText = new ChunkStore();
        let start = 0;
        for (const chunk of scannerChunks(text, scan)) {
          fromText.add(text, start, start + chunk.length, 5 + byteAt[start]!);
          start += chunk.length;
        }
        expect(fromBytes.distinct).toBeGreaterThan(100);
        expect(fromBytes.positioned()).toEqual(fromText.positioned());
      }
    });
  }
});

describe('ByteChunkStore', () => {
  it('keeps chunks of every length, counts them, and splits them into parts by hash as positioned() holds them', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom('a', 'the', ' cat', 'بسم', '😀', ' a longer chunk of text', ' '.repeat(17)),
          {
            minLength: 1,
            maxLength: 300,
          },
        ),
        fc.integer({ min: 1, max: 5 }),
        // One run in twenty with a mapped store (it reserves 32 MiB per array).
        fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
        (chunks, parts, mapped) => {
          const bytes = encoder.encode(chunks.join(''));
          const store = new ByteChunkStore({ mapped });
          const expected = new Map<string, { count: number; first: number }>();
          for (let i = 0, at = 0; i < chunks.length; i++) {
            const end = at + encoder.encode(chunks[i]!).length;
            store.add(bytes, at, end, at);
            const seen = expected.get(chunks[i]!);
            if (seen) seen.count++;
            else expected.set(chunks[i]!, { count: 1, first: at });
            at = end;
          }
          const table = store.positioned();
          expect(positionedRows(table)).toEqual(
            [...expected].map(([chunk, { count, first }]) => [chunk, count, first]),
          );
          const split = store.partitioned(parts).map(positionedRows);
          // Each part keeps the order, and a chunk's part is given by its hash alone.
          for (let part = 0; part < parts; part++)
            for (const [chunk] of split[part]!) {
              const chunkBytes = encoder.encode(chunk);
              expect((utf8ChunkHash(chunkBytes, 0, chunkBytes.length) >>> 0) % parts).toBe(part);
            }
          expect(split.flat().sort((a, b) => a[2] - b[2])).toEqual(positionedRows(table));
        },
      ),
      { numRuns: 300, seed: 5 },
    );
    expect(() => new ByteChunkStore().partitioned(0)).toThrow(RangeError);
  });
});
