import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { readChunkCountsParquet } from '../chunk-counts-parquet.js';
import { runCapture } from '../testing.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tokenlab-count-shards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The reduction the guide shows, with its paths pointed at this test's files. */
function guideSql(shards: string, out: string): string {
  const guide = readFileSync(join(ROOT, 'docs/sharded-counts.md'), 'utf8');
  const block = /```sql\n(-- reduce\.sql[\s\S]*?)```/.exec(guide)?.[1];
  expect(block, 'docs/sharded-counts.md shows the reduce.sql block').toBeDefined();
  expect(block).toContain("read_parquet('counts/*.parquet')");
  expect(block).toContain("TO 'counts.parquet'");
  return block!
    .replace("read_parquet('counts/*.parquet')", `read_parquet('${shards}')`)
    .replace("TO 'counts.parquet'", `TO '${out}'`);
}

/** Run the built `tokenlab` in a process of its own. */
function tokenlab(argv: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [MAIN, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

/** A text of about 1.3 MB: English prose, Arabic news with Windows line ends, a song article. */
function corpus(): Buffer {
  const data = join(ROOT, 'packages/corpora/data');
  const english = readFileSync(join(data, 'en/austen-emma.txt'), 'utf8');
  const arabic = readFileSync(join(data, 'ar/farasa-wikinews.undiacritized.txt'), 'utf8').replace(
    /\n/g,
    '\r\n',
  );
  const songs = readFileSync(join(data, 'en/taylorswift.txt'), 'utf8');
  return Buffer.from(`${english}\n${arabic}\r\nEmoji 🎉🎉 and tabs\t\there.\n${songs}`, 'utf8');
}

async function rows(file: string): Promise<Map<string, [number, number]>> {
  const found = new Map<string, [number, number]>();
  await readChunkCountsParquet(file, ({ chunks, counts, firsts }) => {
    chunks.forEach((chunk, i) => {
      found.set(Buffer.from(chunk).toString('hex'), [counts[i]!, firsts[i]!]);
    });
  });
  return found;
}

describe('counting in shards', () => {
  it('4 processes count 4 ranges, DuckDB reduces them, training gives the whole-file merges', async () => {
    const text = join(dir, 'corpus.txt');
    const bytes = corpus();
    writeFileSync(text, bytes);
    const size = bytes.length;
    const shards = join(dir, 'shards');
    mkdirSync(shards);

    const counted = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        tokenlab([
          'count',
          text,
          '--range',
          `${Math.floor((size * i) / 4)}:${Math.floor((size * (i + 1)) / 4)}`,
          '--out',
          join(shards, `${i}.parquet`),
          '--json',
        ]),
      ),
    );
    for (const run of counted) expect(run.stderr).toBe('');
    const summaries = counted.map((run) => JSON.parse(run.stdout));
    // The cuts tile the file: each range starts where the one before it ends.
    expect(summaries[0].range.start).toBe(0);
    for (let i = 1; i < 4; i++) expect(summaries[i].range.start).toBe(summaries[i - 1].range.end);
    expect(summaries[3].range.end).toBe(size);
    for (let i = 1; i < 4; i++) expect(summaries[i].range.start).toBeGreaterThan(0);

    const reduced = join(dir, 'reduced.parquet');
    const duck = await DuckDBInstance.create(':memory:');
    const connection = await duck.connect();
    await connection.run(guideSql(join(shards, '*.parquet'), reduced));
    // The same counts as other writers compress them; ZSTD is refused by name.
    for (const codec of ['gzip', 'brotli', 'zstd'])
      await connection.run(
        `COPY (SELECT * FROM read_parquet('${reduced}')) TO '${join(dir, `${codec}.parquet`)}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 2048)`,
      );
    connection.closeSync();

    const whole = await runCapture([
      'train',
      '--vocab-size',
      '600',
      '--out',
      join(dir, 'whole'),
      text,
      '--json',
    ]);
    expect(whole.stderr).toBe('');
    expect(whole.code).toBe(0);
    const fromReduced = await runCapture([
      'train',
      '--counts',
      '--vocab-size',
      '600',
      '--out',
      join(dir, 'reduced'),
      reduced,
      '--json',
    ]);
    expect(fromReduced.stderr).toBe('');
    const fromShards = await runCapture([
      'train',
      '--counts',
      '--vocab-size',
      '600',
      '--out',
      join(dir, 'shards'),
      ...[0, 1, 2, 3].map((i) => join(shards, `${i}.parquet`)),
    ]);
    expect(fromShards.stderr).toBe('');
    expect(JSON.parse(whole.stdout).merges).toBe(344);
    for (const prefix of ['reduced', 'shards']) {
      for (const extension of ['model', 'vocab'])
        expect(readFileSync(join(dir, `${prefix}.${extension}`), 'utf8'), `${prefix}.${extension}`).toBe(
          readFileSync(join(dir, `whole.${extension}`), 'utf8'),
        );
    }
    expect(JSON.parse(fromReduced.stdout).uniqueChunks).toBe(JSON.parse(whole.stdout).uniqueChunks);
    for (const codec of ['gzip', 'brotli']) {
      const run = await runCapture([
        'train',
        '--counts',
        '--vocab-size',
        '600',
        '--out',
        join(dir, codec),
        join(dir, `${codec}.parquet`),
      ]);
      expect(run.stderr).toBe('');
      expect(readFileSync(join(dir, `${codec}.model`), 'utf8')).toBe(
        readFileSync(join(dir, 'whole.model'), 'utf8'),
      );
    }
    const zstd = await runCapture([
      'train',
      '--counts',
      '-v',
      '600',
      '-o',
      join(dir, 'zstd'),
      join(dir, 'zstd.parquet'),
    ]);
    expect(zstd.code).toBe(1);
    expect(zstd.stderr).toContain(
      `${join(dir, 'zstd.parquet')}: compressed with ZSTD, which tokenlab does not read`,
    );

    // The reduced shards are, row for row, the counts of the whole file in one piece.
    const one = join(dir, 'one.parquet');
    const single = await runCapture(['count', text, '--out', one]);
    expect(single.code).toBe(0);
    expect(await rows(reduced)).toEqual(await rows(one));
  });
});
