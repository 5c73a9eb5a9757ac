import { readFileSync } from 'node:fs';
import { PassThrough, Readable, Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { displayWidth } from '../display-width.js';
import { trainModels } from '../report/bpe-sweep.js';
import { buildCandidates, COMPARE_VARIANTS } from '../report/candidates.js';
import { loadLanguageTexts } from '../report/inputs.js';
import { Progress } from '../report/progress.js';
import { runCapture } from '../testing.js';
import { TokenTexts } from '../token-text.js';

describe('one vocabulary of tokenizer names', () => {
  it('every row name of the compare report works as tokenize -t NAME', async () => {
    const { candidates } = await buildCandidates();
    const names = [...candidates.map((candidate) => candidate.name), ...COMPARE_VARIANTS.map((v) => v.name)];
    expect(names).toContain('arabic-clitics');
    // The trained BPE rows (bpe-512, bpe-1024, bpe-4096 by default) are checked below, smaller.
    names.push('bpe-257');
    for (const name of new Set(names)) {
      const run = await runCapture(['tokenize', '-t', name, '--json'], 'والكتاب text');
      expect(run.stderr, name).toBe('');
      expect(run.code, name).toBe(0);
      expect(JSON.parse(run.stdout).length, name).toBeGreaterThan(0);
    }
  });

  it("bpe-N trains as the report's bpe-N rows do, on English or Arabic", async () => {
    const [english, arabic] = await loadLanguageTexts([{ language: 'en' }, { language: 'ar' }]);
    const { models } = trainModels([english!, arabic!], [300], new Progress(new PassThrough(), false));
    for (const [language, sample] of [
      ['en', 'Taylor Swift released her album.'],
      ['ar', 'قال الرئيس في المؤتمر الصحفي'],
    ] as const) {
      const run = await runCapture(['tokenize', '-t', 'bpe-300', '--corpus', language, '--json'], sample);
      expect(run.code, run.stderr).toBe(0);
      // Each token's own text: a token that holds part of a character as its bytes.
      const texts = new TokenTexts(sample);
      const expected = models
        .get(language)!
        .get(300)!
        .tokenize(sample)
        .map((token) => texts.own(token));
      expect(JSON.parse(run.stdout), language).toEqual(expected);
      expect(expected.length).toBeLessThan(sample.length);
    }
    const bad = await runCapture(['tokenize', '-t', 'bpe-300', '--corpus', 'xx'], 'a');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--corpus: 'xx' has no bundled corpus");
  });

  it('every tokenizer of the playground works as tokenize -t NAME, but its live-trained BPE', async () => {
    const source = readFileSync(new URL('../../../web/src/tokenizers.ts', import.meta.url), 'utf8');
    const ids = [...source.matchAll(/^\s+id: '([^']+)',$/gm)].map((match) => match[1]!);
    expect(ids).toContain('wordpunct-unicode');
    const live = ids.filter((id) => /^bpe-(basic|regex)-/.test(id));
    expect(live.length).toBeGreaterThan(0);
    // The playground's stemmed view is `tokenlab stem` on the command line, not a tokenizer.
    const views = ['stems'];
    expect(ids).toEqual(expect.arrayContaining(views));
    for (const id of ids.filter((name) => !live.includes(name) && !views.includes(name))) {
      const run = await runCapture(['tokenize', '-t', id, '--json'], 'Hi there. مُحَمَّد قال.');
      expect(run.stderr, id).toBe('');
      expect(run.code, id).toBe(0);
    }
    const unicode = await runCapture(['tokenize', '-t', 'wordpunct-unicode', '--json'], 'مُحَمَّد-x');
    expect(JSON.parse(unicode.stdout)).toEqual(['مُحَمَّد', '-', 'x']);
    const punkt = await runCapture(['tokenize', '-t', 'punkt-en', '--json'], 'Mr. Smith came. He left.');
    expect(JSON.parse(punkt.stdout)).toEqual(['Mr. Smith came.', 'He left.']);
  });

  it('arabic-clitics is -t arabic --clitics', async () => {
    const named = await runCapture(['tokenize', '-t', 'arabic-clitics', '--json'], 'والكتاب');
    const flagged = await runCapture(['tokenize', '-t', 'arabic', '--clitics', '--json'], 'والكتاب');
    expect(JSON.parse(named.stdout)).toEqual(['و', 'ال', 'كتاب']);
    expect(named.stdout).toBe(flagged.stdout);
  });
});

describe('tokenize -t a,b,c', () => {
  it('prints one JSON object per tokenizer with --json', async () => {
    const run = await runCapture(['tokenize', '-t', 'whitespace,treebank', '--json'], "Don't stop.");
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { tokenizer: 'whitespace', tokens: ["Don't", 'stop.'] },
      { tokenizer: 'treebank', tokens: ['Do', "n't", 'stop', '.'] },
    ]);
  });

  it('prints one object per tokenizer and line with --jsonl', async () => {
    const run = await runCapture(['tokenize', '-t', 'whitespace, wordpunct', '--jsonl'], '"a-b c"\n');
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { tokenizer: 'whitespace', line: 1, tokens: ['a-b', 'c'] },
      { tokenizer: 'wordpunct', line: 1, tokens: ['a', '-', 'b', 'c'] },
    ]);
  });

  it('aligns columns on a terminal, by display width (Arabic marks take no column)', async () => {
    const run = await runCapture(['tokenize', '-t', 'whitespace,wordpunct'], 'مُحَمَّد-x y', {
      stdoutTTY: true,
    });
    const rows = run.stdout.trimEnd().split('\n');
    const json = await runCapture(['tokenize', '-t', 'whitespace,wordpunct', '--json'], 'مُحَمَّد-x y');
    const [spaces, punct] = json.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { tokens: string[] }).tokens);
    // Python's \w leaves the marks out, so wordpunct cuts the word at every mark.
    expect(punct!.length).toBeGreaterThan(8);
    // A cell with Arabic letters stands in a first-strong isolate, so a bidi terminal keeps the columns in order.
    const isolated = (cell: string) => (/\p{Script=Arabic}/u.test(cell) ? `\u2068${cell}\u2069` : cell);
    expect(rows).toEqual([
      'whitespace  wordpunct',
      ...punct!.map((token, row) => {
        const first = spaces![row] ?? '';
        return `${isolated(first)}${' '.repeat(12 - displayWidth(first))}${isolated(token)}`;
      }),
    ]);
    expect(displayWidth(spaces![0]!)).toBe(6);
    const piped = await runCapture(['tokenize', '-t', 'whitespace,wordpunct'], 'مُحَمَّد-x y');
    expect(piped.stdout).not.toMatch(/[\u2068\u2069]/);
  });

  it('writes tab-separated columns under a header when piped', async () => {
    const run = await runCapture(['tokenize', '-t', 'whitespace,wordpunct'], 'a-b c');
    expect(run.stdout).toBe('whitespace\twordpunct\na-b\ta\nc\t-\n\tb\n\tc\n');
  });

  it('rejects an unknown name in the list and a repeated -t', async () => {
    const unknown = await runCapture(['tokenize', '-t', 'whitespace,nope'], 'x');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown tokenizer 'nope'");
    const twice = await runCapture(['tokenize', '-t', 'whitespace', '-t', 'treebank'], 'x');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('--tokenizer given twice (-t and -t)');
    expect(twice.stderr).toContain('-t a,b,c');
  });
});

describe('tokenize on a stream', () => {
  it('gives the same tokens and spans as on the whole text when chunks cut characters', async () => {
    const text = 'aé😀ب\n'.repeat(5000);
    const bytes = Buffer.from(text);
    // Chunks of 7 bytes cut through every multi-byte character somewhere.
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    for (const name of ['utf8', 'codepoints', 'chars']) {
      const whole = await runCapture(['tokenize', '-t', name, '--json', '--spans'], text);
      const out: Buffer[] = [];
      const code = await runCli(['tokenize', '-t', name, '--json', '--spans'], {
        stdin: Readable.from(chunks),
        stdout: new Writable({
          write(chunk, _encoding, done) {
            out.push(chunk);
            done();
          },
        }),
        stderr: new Writable({ write: (_chunk, _encoding, done) => done() }),
        isTTY: false,
      });
      expect(code).toBe(0);
      expect(JSON.parse(Buffer.concat(out).toString()), name).toEqual(JSON.parse(whole.stdout));
    }
  });

  it('tokenizes 4 MB into bytes without holding the tokens in memory', async () => {
    // The heap is measured right after a full collection, so uncollected garbage (which depends on the
    // machine's load and V8's mood) does not count: only what the command still holds.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const chunk = Buffer.from('سلام hello '.repeat(4000));
    const total = 4 * 1024 * 1024;
    const chunks = Array.from({ length: Math.ceil(total / chunk.length) }, () => chunk);
    let lines = 0;
    let writes = 0;
    let peak = 0;
    collect();
    const before = process.memoryUsage().heapUsed;
    const code = await runCli(['tokenize', '-t', 'utf8'], {
      stdin: Readable.from(chunks),
      stdout: new Writable({
        write(data: Buffer, _encoding, done) {
          for (const byte of data) if (byte === 0x0a) lines++;
          if (writes++ % 64 === 0) {
            collect();
            peak = Math.max(peak, process.memoryUsage().heapUsed - before);
          }
          done();
        },
      }),
      stderr: new Writable({ write: (_chunk, _encoding, done) => done() }),
      isTTY: false,
    });
    expect(code).toBe(0);
    expect(lines).toBe(chunks.length * chunk.length);
    expect(writes).toBeGreaterThan(64);
    // Holding 4 M token objects (with their byte ranges) would take most of a gigabyte; streaming holds
    // a chunk's worth.
    expect(peak).toBeLessThan(128 * 1024 * 1024);
  });
});
