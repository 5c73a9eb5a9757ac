import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { loadTiktokenBpeFile } from '../node.js';
import { getEncoding } from '../registry.js';
import { decodeBase64, encodeBase64 } from './base64.js';
import { loadTiktokenBpe } from './load-tiktoken-bpe.js';
import { NO_RANK, RankTable } from './rank-table.js';

/** The table written back out in `.tiktoken` form, byte for byte what OpenAI publishes. */
function toTiktokenFile(table: RankTable): string {
  const lines: string[] = [];
  for (let rank = 0; rank < table.rankCount; rank++)
    if (table.has(rank)) lines.push(`${encodeBase64(table.tokenBytes(rank))} ${rank}\n`);
  return lines.join('');
}

const README = readFileSync(fixturePath('ranks', 'README.md'), 'utf8');
const EXPECTED_SHA256 = Object.fromEntries(
  [...README.matchAll(/\| (\w+)\.tiktoken \| ([0-9a-f]{64}) \|/g)].map((match) => [match[1]!, match[2]!]),
);

describe('the shipped rank data', () => {
  it('has the four published hashes to check against', () => {
    expect(Object.keys(EXPECTED_SHA256).sort()).toEqual([
      'cl100k_base',
      'o200k_base',
      'p50k_base',
      'r50k_base',
    ]);
  });
  for (const name of ['r50k_base', 'p50k_base', 'cl100k_base', 'o200k_base'] as const) {
    it(`${name}: re-serialised, it has OpenAI's sha256`, async () => {
      const encoding = await getEncoding(name);
      const file = toTiktokenFile(encoding.ranks);
      expect(createHash('sha256').update(file).digest('hex')).toBe(EXPECTED_SHA256[name]);
    });
  }
  it('gpt2 shares r50k_base ranks and p50k_edit shares p50k_base ranks', async () => {
    expect((await getEncoding('gpt2')).ranks).toBe((await getEncoding('r50k_base')).ranks);
    expect((await getEncoding('p50k_edit')).ranks).toBe((await getEncoding('p50k_base')).ranks);
  });
});

describe('loadTiktokenBpe', () => {
  it('reads the standard files into the same table as the shipped data', async () => {
    const shipped = (await getEncoding('cl100k_base')).ranks;
    // The file OpenAI publishes, byte for byte (its sha256 is checked first).
    const published = toTiktokenFile(shipped);
    expect(createHash('sha256').update(published).digest('hex')).toBe(EXPECTED_SHA256.cl100k_base);
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-ranks-'));
    try {
      writeFileSync(join(dir, 'cl100k_base.tiktoken'), published);
      const fromFile = await loadTiktokenBpeFile(join(dir, 'cl100k_base.tiktoken'));
      expect(fromFile.size).toBe(shipped.size);
      expect(fromFile.bytes).toEqual(shipped.bytes);
      expect(fromFile.offsets).toEqual(shipped.offsets);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('accepts text or bytes; ranks number the entries, so a gap is a rank out of range', () => {
    const table = loadTiktokenBpe(new TextEncoder().encode('Ig== 1\nIQ== 0\n'));
    expect(table.rankOf(new Uint8Array([33]), 0, 1)).toBe(0);
    expect(table.rankOf(new Uint8Array([34]), 0, 1)).toBe(1);
    expect(table.rankOf(new Uint8Array([35]), 0, 1)).toBe(NO_RANK);
    expect(() => loadTiktokenBpe('IQ== 0\nIg== 2\n')).toThrow(
      '.tiktoken line 2: rank 2 is out of range: a file of 2 entries numbers its tokens 0..1',
    );
  });
  it('names the bad line', () => {
    expect(() => loadTiktokenBpe('IQ== 0\nnot-a-line\n')).toThrow(/line 2/);
    expect(() => loadTiktokenBpe('IQ== 0\n#### 1\n')).toThrow(/line 2: invalid base64 character "#"/);
    expect(() => loadTiktokenBpe('IQ== 0\nIg== 0\n')).toThrow(
      '.tiktoken line 2: rank 0 appears twice (first at line 1)',
    );
  });
  it('names the lines of both entries when two ranks hold the same bytes, in either rank order', () => {
    expect(() => loadTiktokenBpe('IQ== 0\nIg== 1\n\nIQ== 2\n')).toThrow(
      ".tiktoken line 4: rank 2 repeats the bytes of rank 0 (line 1); each token's bytes must appear once",
    );
    // The later line holds the lower rank: still named as the later line.
    expect(() => loadTiktokenBpe('IQ== 2\nIg== 1\nIQ== 0\n')).toThrow(
      ".tiktoken line 3: rank 0 repeats the bytes of rank 2 (line 1); each token's bytes must appear once",
    );
  });
  it('names the file and both lines in Node', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-ranks-'));
    const file = join(dir, 'twice.tiktoken');
    writeFileSync(file, 'IQ== 0\nIg== 1\nIQ== 2\n');
    try {
      await expect(loadTiktokenBpeFile(file)).rejects.toThrow(
        `${file}: .tiktoken line 3: rank 2 repeats the bytes of rank 0 (line 1)`,
      );
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
  it('names the file in Node', async () => {
    await expect(loadTiktokenBpeFile(fixturePath('ranks', 'README.md'))).rejects.toThrow(
      /README\.md: .*line 1/,
    );
  });
});

describe('base64', () => {
  it('round-trips every length', () => {
    for (let length = 0; length < 10; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + 13) & 255);
      const text = encodeBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(decodeBase64(text)).toEqual(bytes);
      // Unpadded, and from the middle of a longer string, as the .tiktoken reader calls it.
      const bare = text.replace(/=+$/, '');
      expect(decodeBase64(`xx${bare} 7`, 2, 2 + bare.length)).toEqual(bytes);
    }
  });
  it('names a character outside the alphabet, in a whole quad or in the tail', () => {
    expect(() => decodeBase64('QUJD#UJD')).toThrow('invalid base64 character "#" at position 4');
    expect(() => decodeBase64('QUJDQU.')).toThrow('invalid base64 character "." at position 6');
    expect(() => decodeBase64('QUJDQ\u00e9==')).toThrow(/"é" at position 5/);
  });
});

describe('RankTable', () => {
  it('looks up slices of any buffer', () => {
    const table = RankTable.fromTokens([
      new Uint8Array([104]),
      new Uint8Array([105]),
      new Uint8Array([104, 105]),
    ]);
    const buffer = new TextEncoder().encode('xhix');
    expect(table.rankOf(buffer, 1, 3)).toBe(2);
    expect(table.rankOf(buffer, 0, 2)).toBe(NO_RANK);
    expect(table.tokenBytes(2)).toEqual(new Uint8Array([104, 105]));
  });

  it('shares its built arrays: a table over them answers every rank the same, with no rebuild', async () => {
    const table = (await getEncoding('cl100k_base')).ranks;
    const shared = table.share();
    expect(shared.slots.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(table.share()).toBe(shared);
    const again = RankTable.fromShared(shared);
    expect(again.size).toBe(table.size);
    for (let rank = 0; rank < table.rankCount; rank++) {
      if (!table.has(rank)) continue;
      const bytes = table.tokenBytes(rank);
      expect(again.rankOf(bytes, 0, bytes.length)).toBe(rank);
    }
    const missing = new TextEncoder().encode('no such token, surely');
    expect(again.rankOf(missing, 0, missing.length)).toBe(NO_RANK);
    expect(() => RankTable.fromShared({ ...shared, slots: shared.slots.subarray(4) })).toThrow(
      /needs \d+ slot ints/,
    );
  });
});

describe('RankTable lookups (the token filter never hides a token)', () => {
  /** A reference answer: token bytes (as latin1 text) to rank. */
  function referenceOf(table: RankTable): Map<string, number> {
    const reference = new Map<string, number>();
    for (let rank = 0; rank < table.rankCount; rank++)
      if (table.has(rank)) reference.set(Buffer.from(table.tokenBytes(rank)).toString('latin1'), rank);
    return reference;
  }

  for (const name of ['r50k_base', 'p50k_base', 'cl100k_base', 'o200k_base'] as const) {
    it(`${name}: every token is found, built or shared, and other byte strings agree with a map`, async () => {
      const table = (await getEncoding(name)).ranks;
      const copies = [table, new RankTable(table.bytes, table.offsets), RankTable.fromShared(table.share())];
      const reference = referenceOf(table);
      for (const copy of copies) {
        let found = 0;
        for (let rank = 0; rank < table.rankCount; rank++) {
          if (!table.has(rank)) continue;
          const bytes = table.tokenBytes(rank);
          if (copy.rankOf(bytes, 0, bytes.length) !== rank)
            throw new Error(`${name}: rank ${rank} not found`);
          found++;
        }
        expect(found).toBe(table.size);
        // Two tokens joined (what a merge asks) and random bytes: mostly no token, sometimes one.
        let seed = 7;
        const next = (n: number): number => {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          return (seed >>> 8) % n;
        };
        // Tokens cut in two parts that are tokens: the joined rank is the token's.
        let tokens = 0;
        for (let rank = 0; rank < table.rankCount; rank += 7) {
          if (!table.has(rank) || table.tokenLength(rank) < 2) continue;
          const bytes = table.tokenBytes(rank);
          const cut = 1 + next(bytes.length - 1);
          const left = reference.get(Buffer.from(bytes.subarray(0, cut)).toString('latin1'));
          const right = reference.get(Buffer.from(bytes.subarray(cut)).toString('latin1'));
          if (left === undefined || right === undefined) continue;
          if (copy.rankOfJoined(left, right) !== rank)
            throw new Error(`${name}: ${left} + ${right} is not ${rank}`);
          tokens++;
        }
        expect(tokens).toBeGreaterThan(1000);
        for (let trial = 0; trial < 5_000; trial++) {
          const left = next(table.rankCount);
          const right = next(table.rankCount);
          if (!table.has(left) || !table.has(right)) continue;
          const joined = new Uint8Array([...table.tokenBytes(left), ...table.tokenBytes(right)]);
          const expected = reference.get(Buffer.from(joined).toString('latin1')) ?? NO_RANK;
          expect(copy.rankOf(joined, 0, joined.length)).toBe(expected);
          expect(copy.rankOfJoined(left, right)).toBe(expected);
          const random = Uint8Array.from({ length: 1 + next(4) }, () => next(256));
          const randomRank = reference.get(Buffer.from(random).toString('latin1')) ?? NO_RANK;
          expect(copy.rankOf(random, 0, random.length)).toBe(randomRank);
        }
      }
    });
  }
});
