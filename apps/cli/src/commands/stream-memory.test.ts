import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'tokenlab-stream-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Preloaded into the child: prints its peak resident memory (kilobytes) to stderr as it exits. */
const REPORT = join(scratch, 'report-max-rss.cjs');
writeFileSync(
  REPORT,
  `process.on('exit', () => require('node:fs').writeSync(2, '\\nmaxRSS ' + process.resourceUsage().maxRSS + '\\n'));\n`,
);

/** A file of about `bytes` bytes of Arabic, English and emoji (1-, 2- and 4-byte UTF-8). */
function inputFile(name: string, bytes: number): { path: string; size: number } {
  const piece = Buffer.from('سلام hello 😀 '.repeat(4000));
  const path = join(scratch, name);
  const fd = openSync(path, 'w');
  let size = 0;
  while (size < bytes) size += writeSync(fd, piece);
  closeSync(fd);
  return { path, size };
}

/**
 * Run the built CLI (with Node's `nodeArgs`) in a child process that reports its own peak resident
 * memory on exit; the output is counted (newlines), not kept.
 */
async function run(
  args: string[],
  nodeArgs: string[] = [],
): Promise<{ code: number | null; lines: number; maxRssMb: number }> {
  const child = spawn(process.execPath, [...nodeArgs, '--require', REPORT, MAIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) lines++;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const kilobytes = Number(/maxRSS (\d+)/.exec(stderr)?.[1]);
  expect(kilobytes, stderr).toBeGreaterThan(0);
  return { code, lines, maxRssMb: kilobytes / 1024 };
}

// The peak memory of `tokenize -t utf8` stays near what the CLI needs to start plus the garbage of one
// 64 KB chunk's tokens, whatever the input size: 6 times the input, about the same peak. Holding the
// tokens of 6 MB (6 M objects) would take over 600 MB. docs/limits.md lists the figures measured
// on 50 MB. Sizes are kept small so the test stays quick on a shared machine.
const BOUND_MB = 350;

describe('tokenize -t utf8 streams in bounded memory', () => {
  it(`1 MB and 6 MB: one line per byte, peak RSS under ${BOUND_MB} MB both times and not growing with the input`, async () => {
    const small = inputFile('small.txt', 1 << 20);
    const large = inputFile('large.txt', 6 << 20);
    const first = await run(['tokenize', '-t', 'utf8', small.path]);
    const second = await run(['tokenize', '-t', 'utf8', large.path]);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(first.lines).toBe(small.size);
    expect(second.lines).toBe(large.size);
    expect(first.maxRssMb).toBeLessThan(BOUND_MB);
    expect(second.maxRssMb).toBeLessThan(BOUND_MB);
    // 5 MB more input; the tokens would add hundreds of MB. (V8 sizes its heap with some play, so
    // the two peaks differ by some tens of MB from run to run.)
    expect(second.maxRssMb - first.maxRssMb).toBeLessThan(100);
  }, 120_000);
});

// `compare` measures each tokenizer document by document and keeps only the texts or ids the
// statistics use: holding every token object of the corpus per tokenizer, 1 MB of each language
// needed more than a 200 MB heap, 10 MB more than 3 GB. The bundled texts, six times over.
describe('compare holds one document of tokens at a time', () => {
  it('reports on 1 MB of English and 1 MB of Arabic in a 150 MB heap', async () => {
    const corpus = (name: string) =>
      readFileSync(
        fileURLToPath(new URL(`../../../../packages/corpora/data/${name}`, import.meta.url)),
        'utf8',
      );
    const en = join(scratch, 'en-1mb.txt');
    const ar = join(scratch, 'ar-1mb.txt');
    writeFileSync(en, corpus('en/taylorswift.txt').repeat(6));
    writeFileSync(ar, corpus('ar/farasa-wikinews.undiacritized.txt').repeat(6));
    const child = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=150',
        MAIN,
        'compare',
        '--en',
        en,
        '--ar',
        ar,
        '--out',
        join(scratch, 'report'),
        '--quiet',
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(child.stderr).not.toContain('heap out of memory');
    expect(child.status, child.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(scratch, 'report', 'report.json'), 'utf8'));
    // Both texts measured whole (their lines, without the newlines), every tokenizer's row there.
    for (const section of report.languages as { size: { bytes: number }; rows: { available: boolean }[] }[]) {
      expect(section.size.bytes).toBeGreaterThan(1_000_000);
      expect(section.rows.filter((row) => row.available).length).toBeGreaterThan(20);
    }
  }, 120_000);
});

// `encode` of a large stdin streams it: decoded chunk by chunk, cut into pieces, encoded on the
// threads and printed as it comes. Read whole, 40 MB of text is a string of that many characters (and
// more while it is decoded), which a 32 MB heap cannot hold: the command used to fail there (and past
// 512 MB in any heap).
describe('encode streams a large stdin', () => {
  it('encodes 40 MB from stdin in a 32 MB heap, the same ids as the file read by the threads', async () => {
    const input = inputFile('stdin.txt', 40 << 20);
    const stdinRun = (args: string[]) => {
      const fd = openSync(input.path, 'r');
      try {
        return spawnSync(process.execPath, ['--max-old-space-size=32', MAIN, ...args], {
          stdio: [fd, 'pipe', 'pipe'],
          encoding: 'utf8',
          maxBuffer: 1 << 28,
          timeout: 120_000,
        });
      } finally {
        closeSync(fd);
      }
    };
    const counted = stdinRun(['encode', '-e', 'cl100k_base', '--count']);
    expect(counted.stderr).not.toContain('heap out of memory');
    expect(counted.status, counted.stderr).toBe(0);
    const fromFile = spawnSync(process.execPath, [MAIN, 'encode', '-e', 'cl100k_base', input.path], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      timeout: 120_000,
    });
    expect(fromFile.status, fromFile.stderr).toBe(0);
    const ids = fromFile.stdout.trim().split(' ').length;
    expect(counted.stdout).toBe(`${ids}\n`);
    const printed = stdinRun(['encode', '-e', 'cl100k_base']);
    expect(printed.status, printed.stderr).toBe(0);
    expect(printed.stdout).toBe(fromFile.stdout);
  }, 120_000);
});

// `tokenize` with whitespace or WordPunct streams its input too, cut after spaces (no token of theirs
// holds one): read whole, 40 MB of text does not fit a 32 MB heap.
describe('tokenize -t wordpunct streams', () => {
  it('tokenizes 40 MB in a 32 MB heap, one line per token', async () => {
    const input = inputFile('wordpunct.txt', 40 << 20);
    const result = await run(['tokenize', '-t', 'wordpunct', input.path], ['--max-old-space-size=32']);
    expect(result.code).toBe(0);
    // Each 'سلام hello 😀 ' is three tokens (WordPunct: a word, a word, the emoji).
    expect(result.lines).toBe((input.size / Buffer.byteLength('سلام hello 😀 ')) * 3);
  }, 120_000);
});
