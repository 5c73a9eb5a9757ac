import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { countChunks, SplitPattern } from '@tokenlab/bpe';
import { CorpusBytes, rangeCut } from '@tokenlab/bpe/node';
import { type ColumnSource, parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { readChunkCountsParquet } from '../chunk-counts-parquet.js';
import { countByteRange } from '../range-counts.js';
import { runCapture, runThroughPipe } from '../testing.js';

const dir = mkdtempSync(join(tmpdir(), 'tokenlab-count-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Lines that end in spaces, Windows and old Mac line ends, Arabic, digits, emoji, blank lines. */
const TRICKY = [
  'The cat sat.\n',
  "It's 2024, isn't it?  \n",
  'Windows line\r\nand another\r\n\r\n',
  'مرحبا بالعالم، كيف الحال؟\n',
  '  indented line\n',
  'lone\rcarriage return\n',
  '🎉🎉 party 123456 times\n',
  '...punctuation first\n',
  'tab\tseparated\tvalues\n',
  '\n\n\nafter blank lines\n',
  'ümlaut über\n',
  'zero\uFEFFwidth no-break space\n',
].join('');

function makeFile(name: string, text: string): { path: string; bytes: Buffer } {
  const path = join(dir, name);
  const bytes = Buffer.from(text.repeat(20), 'utf8');
  writeFileSync(path, bytes);
  return { path, bytes };
}

/** A repeatable stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('countByteRange', () => {
  it('drops a byte order mark at the start of the file, as train does, wherever the ranges are cut', async () => {
    // The mark changes the first chunks, not only the first: "\uFEFF'" is one punctuation run, where
    // "'t" is a contraction without it.
    const text = `'tis a test.\r\nHello\r\n${TRICKY}`;
    const plain = join(dir, 'without-bom.txt');
    writeFileSync(plain, text.repeat(3));
    const marked = join(dir, 'with-bom.txt');
    writeFileSync(marked, `\uFEFF${text.repeat(3)}`);
    const size = Buffer.byteLength(`\uFEFF${text.repeat(3)}`);
    for (const pattern of ['gpt4', 'gpt2'] as const) {
      const split = SplitPattern.from(pattern);
      const expected = await countByteRange(plain, split);
      const whole = await countByteRange(marked, split, { offset: 1000 });
      expect(whole.chunks, pattern).toEqual(expected.chunks);
      expect(whole.chunks, pattern).not.toContain("\uFEFF'");
      expect(whole.counts, pattern).toEqual(expected.counts);
      // Bytes of the file as it is: three more for the mark.
      expect(whole.firsts, pattern).toEqual(expected.firsts.map((first) => first + 3 + 1000));
      expect([whole.start, whole.end, whole.size]).toEqual([0, size, size]);
      for (const at of [1, 2, 3, 4, 25, size >> 1]) {
        const shards = [
          await countByteRange(marked, split, { end: at, offset: 1000 }),
          await countByteRange(marked, split, { start: at, offset: 1000 }),
        ];
        const added = new Map<string, [number, number]>();
        for (const shard of shards)
          shard.chunks.forEach((chunk, i) => {
            const [count, first] = added.get(chunk) ?? [0, Number.POSITIVE_INFINITY];
            added.set(chunk, [count + shard.counts[i]!, Math.min(first, shard.firsts[i]!)]);
          });
        const sorted = [...added].sort((a, b) => a[1][1] - b[1][1]);
        expect(
          sorted.map(([chunk]) => chunk),
          `${pattern} at ${at}`,
        ).toEqual(whole.chunks);
        expect(sorted.map(([, [count]]) => count)).toEqual(whole.counts);
        expect(sorted.map(([, [, first]]) => first)).toEqual(whole.firsts);
      }
    }
  });

  for (const pattern of ['gpt4', 'gpt2'] as const) {
    it(`${pattern}: any three ranges add up to the whole file, in the whole file's order`, async () => {
      const { path, bytes } = makeFile(`tricky-${pattern}.txt`, TRICKY);
      const split = SplitPattern.from(pattern);
      const expected = countChunks(bytes.toString('utf8').replace(/\r\n?/g, '\n'), split);
      const whole = await countByteRange(path, split);
      expect(whole.chunks).toEqual([...expected.keys()]);
      expect(whole.counts).toEqual([...expected.values()]);
      // Read in small blocks, the text is counted piece by piece, cut at safe places: the same counts.
      expect(await countByteRange(path, split, { blockSize: 37 })).toEqual(whole);
      // Each first position is where the chunk stands in the file (chunks without a translated newline).
      whole.chunks.forEach((chunk, i) => {
        if (chunk.includes('\n')) return;
        const length = Buffer.byteLength(chunk);
        expect(bytes.subarray(whole.firsts[i]!, whole.firsts[i]! + length).toString('utf8')).toBe(chunk);
      });
      const next = random(pattern === 'gpt4' ? 7 : 11);
      for (let round = 0; round < 25; round++) {
        const [a, b] = [Math.floor(next() * bytes.length), Math.floor(next() * bytes.length)].sort(
          (x, y) => x - y,
        );
        const parts = [
          await countByteRange(path, split, { start: 0, end: a! }),
          await countByteRange(path, split, { start: a!, end: b! }),
          await countByteRange(path, split, { start: b!, end: bytes.length + 100 }),
        ];
        expect(parts[0]!.end).toBe(parts[1]!.start);
        expect(parts[1]!.end).toBe(parts[2]!.start);
        const sums = new Map<string, [number, number]>();
        for (const part of parts)
          part.chunks.forEach((chunk, i) => {
            const seen = sums.get(chunk);
            const count = part.counts[i]!;
            const first = part.firsts[i]!;
            sums.set(chunk, seen ? [seen[0] + count, Math.min(seen[1], first)] : [count, first]);
          });
        const ordered = [...sums].sort((x, y) => x[1][1] - y[1][1]);
        expect(ordered.map(([chunk]) => chunk)).toEqual(whole.chunks);
        expect(ordered.map(([, [count]]) => count)).toEqual(whole.counts);
        expect(ordered.map(([, [, first]]) => first)).toEqual(whole.firsts);
      }
    });
  }

  it('adds --offset to every first position', async () => {
    const { path } = makeFile('offset.txt', TRICKY);
    const split = SplitPattern.from('gpt4');
    const plain = await countByteRange(path, split);
    const shifted = await countByteRange(path, split, { offset: 1000 });
    expect(shifted.firsts).toEqual(plain.firsts.map((first) => first + 1000));
  });

  it('cuts only after a line that ends in no space, before a letter', async () => {
    const path = join(dir, 'cuts.txt');
    const text = 'one.\ntwo  \nthree\r\nfour\n5 five\nsix';
    writeFileSync(path, text);
    const corpus = new CorpusBytes([path]);
    const size = Buffer.byteLength(text);
    try {
      expect(rangeCut(corpus, 0)).toBe(0);
      expect(rangeCut(corpus, 1)).toBe(5); // before 'two'
      expect(rangeCut(corpus, 5)).toBe(5);
      // Not after 'two  ' (spaces), not inside '\r\n', not before '5': before 'six'.
      expect(rangeCut(corpus, 6)).toBe(text.indexOf('six'));
      expect(rangeCut(corpus, size - 1)).toBe(size);
      expect(rangeCut(corpus, size + 10)).toBe(size);
    } finally {
      corpus.close();
    }
  });
});

describe('tokenlab count', () => {
  it('writes plain Parquet: required columns, PLAIN encoding, read back by DuckDB as counted', async () => {
    const { path } = makeFile('duck.txt', TRICKY);
    const out = join(dir, 'duck.parquet');
    const run = await runCapture(['count', path, '--out', out, '--json']);
    expect(run.stderr).toBe('');
    const summary = JSON.parse(run.stdout);
    const counted = await countByteRange(path, SplitPattern.from('gpt4'));
    expect(summary.distinctChunks).toBe(counted.chunks.length);

    const duck = await DuckDBInstance.create(':memory:');
    const connection = await duck.connect();
    const schema = await connection.runAndReadAll(
      `SELECT name, type, repetition_type FROM parquet_schema('${out}') WHERE type IS NOT NULL`,
    );
    expect(schema.getRows()).toEqual([
      ['chunk', 'BYTE_ARRAY', 'REQUIRED'],
      ['count', 'INT64', 'REQUIRED'],
      ['first', 'INT64', 'REQUIRED'],
    ]);
    const encodings = await connection.runAndReadAll(
      `SELECT DISTINCT encodings FROM parquet_metadata('${out}')`,
    );
    expect(encodings.getRows()).toEqual([['PLAIN']]);
    const rows = await connection.runAndReadAll(
      `SELECT hex(chunk), count, first FROM read_parquet('${out}') ORDER BY first`,
    );
    expect(rows.getRows()).toEqual(
      counted.chunks.map((chunk, i) => [
        Buffer.from(chunk).toString('hex').toUpperCase(),
        BigInt(counted.counts[i]!),
        BigInt(counted.firsts[i]!),
      ]),
    );
    connection.closeSync();
  });

  it('writes an empty file for a range without chunks', async () => {
    const { path } = makeFile('empty-range.txt', TRICKY);
    const out = join(dir, 'empty.parquet');
    const run = await runCapture(['count', path, '--range', '3:4', '--out', out, '--json']);
    expect(run.stderr).toBe('');
    const { range, distinctChunks } = JSON.parse(run.stdout);
    expect(range.start).toBe(range.end);
    expect(distinctChunks).toBe(0);
    let seen = 0;
    await readChunkCountsParquet(out, ({ chunks }) => {
      seen += chunks.length;
    });
    expect(seen).toBe(0);
  });

  it('stops with the file and bytes on invalid UTF-8, and on bad options', async () => {
    const bad = join(dir, 'bad.txt');
    writeFileSync(
      bad,
      Buffer.concat([Buffer.from('fine text\n'), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]),
    );
    const out = join(dir, 'bad.parquet');
    const invalid = await runCapture(['count', bad, '--out', out]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain(`${bad}: not valid UTF-8`);
    const cases: [string[], RegExp][] = [
      [['count', bad, '--range', '9:3', '--out', out], /--range expects START:END/],
      [['count', bad, '--range', 'a:3', '--out', out], /--range expects START:END/],
      [['count', bad, '--offset', '1.5', '--out', out], /--offset must be a non-negative integer/],
      [['count', bad, '--pattern', '\\w+', '--out', out], /gpt4 or gpt2 pattern only/],
      [['count', bad], /--out COUNTS.parquet is required/],
      [['count', bad, bad, '--out', out], /give one FILE/],
    ];
    for (const [argv, message] of cases) {
      const run = await runCapture(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr, argv.join(' ')).toMatch(message);
    }
    const missing = await runCapture(['count', join(dir, 'nope.txt'), '--out', out]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `tokenlab count: cannot read '${join(dir, 'nope.txt')}': no such file (ENOENT)\n`,
    );
    const folder = await runCapture(['count', dir, '--out', out]);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toBe(`tokenlab count: cannot read '${dir}': is a directory, not a file (EISDIR)\n`);
    // A pipe has no byte ranges: it once read as no bytes, and an empty count was written.
    const piped = runThroughPipe(['count', '/dev/stdin', '--out', join(dir, 'piped.parquet')], 'some text');
    expect(piped).toMatchObject({ code: 2, stdout: '' });
    expect(piped.stderr).toBe(
      "tokenlab count: '/dev/stdin' is a pipe, socket or device: count reads byte ranges of a file (the shards of a corpus); save it to a file first\n",
    );
    expect(existsSync(join(dir, 'piped.parquet'))).toBe(false);
  });
});

describe('tokenlab train --counts', () => {
  const trainArgs = (file: string, ...more: string[]) => [
    'train',
    '--counts',
    '--vocab-size',
    '300',
    '--out',
    join(dir, 'tok'),
    ...more,
    file,
  ];

  function writeParquet(name: string, columnData: ColumnSource[]) {
    const path = join(dir, name);
    writeFileSync(path, new Uint8Array(parquetWriteBuffer({ columnData })));
    return path;
  }

  it('names the file when it is corrupt, truncated, or has the wrong columns or values', async () => {
    const { path } = makeFile('good.txt', TRICKY);
    const good = join(dir, 'good.parquet');
    expect((await runCapture(['count', path, '--out', good])).code).toBe(0);
    const bytes = readFileSync(good);
    const truncated = join(dir, 'truncated.parquet');
    writeFileSync(truncated, bytes.subarray(0, bytes.length >> 1));
    const garbage = join(dir, 'garbage.parquet');
    writeFileSync(garbage, 'not parquet at all, just some text long enough to have a footer');
    // The footer intact, the data pages overwritten.
    const scrambled = join(dir, 'scrambled.parquet');
    const copy = Buffer.from(bytes);
    copy.fill(0xa5, 4, copy.length - 8 - copy.readUInt32LE(copy.length - 8));
    writeFileSync(scrambled, copy);
    const chunk: ColumnSource = {
      name: 'chunk',
      data: [Buffer.from('ab'), Buffer.from('cd')],
      type: 'BYTE_ARRAY',
    };
    const first: ColumnSource = { name: 'first', data: [0n, 2n], type: 'INT64' };
    const double = writeParquet('double.parquet', [
      chunk,
      { name: 'count', data: [1, 2], type: 'DOUBLE' },
      first,
    ]);
    const noFirst = writeParquet('nofirst.parquet', [
      chunk,
      { name: 'count', data: [1n, 2n], type: 'INT64' },
    ]);
    const nulls = writeParquet('null.parquet', [
      chunk,
      { name: 'count', data: [1n, null], type: 'INT64' },
      first,
    ]);
    const negative = writeParquet('negative.parquet', [
      chunk,
      { name: 'count', data: [1n, -2n], type: 'INT64' },
      first,
    ]);
    const notUtf8 = writeParquet('utf8.parquet', [
      { name: 'chunk', data: [Buffer.from('ab'), Buffer.from([0xc3, 0x28])], type: 'BYTE_ARRAY' },
      { name: 'count', data: [1n, 2n], type: 'INT64' },
      first,
    ]);
    const cases: [string, RegExp][] = [
      [truncated, /not a readable Parquet file, or truncated/],
      [garbage, /not a readable Parquet file, or truncated/],
      [scrambled, /corrupt or truncated Parquet data/],
      [double, /column 'count' is DOUBLE, expected INT64 \(cast it/],
      [noFirst, /no column 'first'/],
      [nulls, /row 1: count is null/],
      [negative, /row 1: count is -2, expected a non-negative integer/],
      [notUtf8, /row 1: the chunk is not valid UTF-8/],
    ];
    for (const [file, message] of cases) {
      const run = await runCapture(trainArgs(file));
      expect(run.code, file).toBe(1);
      expect(run.stderr, file).toContain(`${file}: `);
      expect(run.stderr, file).toMatch(message);
    }
    const absent = join(dir, 'absent.parquet');
    const run = await runCapture(trainArgs(absent));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`tokenlab train: cannot read '${absent}': no such file (ENOENT)\n`);
  });

  it('trains the merges of the whole file from the counts of two ranges, byte-order marks and all', async () => {
    const { path, bytes } = makeFile('bom.txt', `\uFEFF${TRICKY}`);
    const half = bytes.length >> 1;
    const parts = [join(dir, 'bom-0.parquet'), join(dir, 'bom-1.parquet')];
    expect((await runCapture(['count', path, '--range', `0:${half}`, '--out', parts[0]!])).code).toBe(0);
    expect(
      (await runCapture(['count', path, '--range', `${half}:${bytes.length}`, '--out', parts[1]!])).code,
    ).toBe(0);
    const whole = await runCapture([
      'train',
      '--vocab-size',
      '300',
      '--out',
      join(dir, 'bom-whole'),
      path,
      '--json',
    ]);
    const counted = await runCapture([...trainArgs(parts[0]!, '--json'), parts[1]!]);
    expect(counted.stderr).toBe('');
    expect(JSON.parse(counted.stdout).uniqueChunks).toBe(JSON.parse(whole.stdout).uniqueChunks);
    for (const extension of ['model', 'vocab'])
      expect(readFileSync(join(dir, `tok.${extension}`), 'utf8')).toBe(
        readFileSync(join(dir, `bom-whole.${extension}`), 'utf8'),
      );
  });

  it('refuses overlapping counts, another pattern, and the basic tokenizer', async () => {
    const { path } = makeFile('twice.txt', TRICKY);
    const counts = join(dir, 'twice.parquet');
    expect((await runCapture(['count', path, '--out', counts])).code).toBe(0);
    const twice = await runCapture([...trainArgs(counts), counts]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/counted in .*twice\.parquet too; the files overlap/);

    const other = await runCapture(trainArgs(counts, '--pattern', 'gpt2'));
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(
      /counted with the gpt4 split pattern, but training uses gpt2 \(give the same --pattern\)/,
    );

    const basic = await runCapture(trainArgs(counts, '--tokenizer', 'basic'));
    expect(basic.code).toBe(2);
    expect(basic.stderr).toMatch(/--counts trains the regex tokenizer/);

    // Two files of a corpus, both counted from byte 0: their chunks collide at position 0 …
    const second = join(dir, 'second.parquet');
    const other2 = makeFile('second.txt', 'Another file entirely.\n');
    expect((await runCapture(['count', other2.path, '--out', second])).code).toBe(0);
    const collide = await runCapture([...trainArgs(counts), second]);
    expect(collide.code).toBe(1);
    expect(collide.stderr).toMatch(/both start at byte 0; the files overlap/);
    // … and with --offset they do not.
    const size = readFileSync(path).length;
    expect((await runCapture(['count', other2.path, '--offset', String(size), '--out', second])).code).toBe(
      0,
    );
    const apart = await runCapture([...trainArgs(counts), second]);
    expect(apart.stderr).toBe('');
    expect(apart.code).toBe(0);
  });
});
