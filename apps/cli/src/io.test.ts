import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, ftruncateSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES, writeLines } from './io.js';
import { runCapture } from './testing.js';

const dir = mkdtempSync(join(tmpdir(), 'tokenlab-io-'));
const latin1 = join(dir, 'latin1.txt');
writeFileSync(latin1, Buffer.from('caf\xe9 na\xefve\n', 'latin1'));

describe('input encodings', () => {
  it('reports invalid UTF-8 with the file, the byte offset of the first bad sequence and the count', async () => {
    // Read whole (treebank): the count of bad sequences too.
    const run = await runCapture(['tokenize', '-t', 'treebank', latin1]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${latin1}: not valid utf-8 at byte 3 (2 invalid sequences)`);
    expect(run.stderr).toContain('--input-encoding');
    const stdin = await runCapture(['encode', '-e', 'cl100k_base'], Buffer.from([0x61, 0xff, 0x62]));
    expect(stdin.stderr).toContain('stdin: not valid utf-8 at byte 1 (1 invalid sequence)');
  });

  it('reads Latin-1, UTF-16 and others with --input-encoding', async () => {
    const run = await runCapture([
      'tokenize',
      '-t',
      'whitespace',
      '--json',
      '--input-encoding',
      'latin1',
      latin1,
    ]);
    expect(JSON.parse(run.stdout)).toEqual(['café', 'naïve']);
    const utf16 = join(dir, 'utf16.txt');
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('سلام عليكم', 'utf16le')]));
    const arabic = await runCapture([
      'tokenize',
      '-t',
      'arabic',
      '--json',
      '--input-encoding',
      'utf-16le',
      utf16,
    ]);
    expect(JSON.parse(arabic.stdout)).toEqual(['سلام', 'عليكم']);
    // The streamed tokenizers decode the same way.
    const bytes = await runCapture([
      'tokenize',
      '-t',
      'codepoints',
      '--json',
      '--input-encoding',
      'latin1',
      latin1,
    ]);
    expect(JSON.parse(bytes.stdout).slice(0, 4)).toEqual(['c', 'a', 'f', 'é']);
    const unknown = await runCapture(['tokenize', '--input-encoding', 'klingon', latin1]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown encoding 'klingon'");
  });

  it('replaces invalid bytes only when asked, and says so', async () => {
    const run = await runCapture(['tokenize', '-t', 'whitespace', '--json', '--replace-invalid', latin1]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(['caf\uFFFD', 'na\uFFFDve']);
    expect(run.stderr).toContain('warning');
    expect(run.stderr).toContain('at byte 3 (2 invalid sequences); replaced with U+FFFD');
  });

  it('stops a streamed tokenizer at invalid UTF-8 too, and warns as for a whole input when asked to replace', async () => {
    const run = await runCapture(['tokenize', '-t', 'utf8', latin1]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${latin1}: not valid utf-8 at byte 3`);
    // A streamed input replaced its bad bytes without a word.
    const replaced = await runCapture(['tokenize', '-t', 'chars', '--json', '--replace-invalid', latin1]);
    expect(replaced.code).toBe(0);
    expect(JSON.parse(replaced.stdout).slice(0, 4)).toEqual(['c', 'a', 'f', '\uFFFD']);
    expect(replaced.stderr).toBe(
      `tokenlab: warning: ${latin1}: not valid utf-8 at byte 3 (2 invalid sequences); replaced with U+FFFD (--replace-invalid)\n`,
    );
  });
});

describe('files that cannot be read', () => {
  it('names a directory and a missing file', async () => {
    for (const argv of [
      ['tokenize', '-t', 'utf8'],
      ['tokenize', '-t', 'whitespace'],
      ['stats', 'freq'],
    ]) {
      const run = await runCapture([...argv, dir]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`cannot read '${dir}': is a directory, not a file (EISDIR)`);
    }
    const missing = await runCapture(['encode', '-e', 'gpt2', join(dir, 'nope.txt')]);
    expect(missing.stderr).toContain(`cannot read '${join(dir, 'nope.txt')}': no such file (ENOENT)`);
  });

  it('names the file and the limit for an input over 512 MB (a sparse file, nothing is read)', async () => {
    const huge = join(dir, 'huge.txt');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, MAX_INPUT_BYTES + 1);
    closeSync(fd);
    const run = await runCapture(['tokenize', '-t', 'treebank', huge]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`'${huge}' is 512 MB, over the 512 MB a command reads at once`);
  });
});

describe('files that cannot be written', () => {
  // Each command checks where its result goes before the work: a training ended in ENOENT on a
  // temporary file's name once it was done.
  it('are named before any work, for every command that writes a file or folder', async () => {
    const corpus = join(dir, 'corpus.txt');
    writeFileSync(corpus, 'the cat sat on the mat\n'.repeat(50));
    const model = join(dir, 'small');
    expect((await runCapture(['train', '-v', '260', '-o', model, corpus])).code).toBe(0);
    const missing = join(dir, 'no-such-folder');
    const noFolder = (path: string) => `'${path}': there is no folder '${missing}'`;
    const cases: [string[], string][] = [
      [['train', '-v', '300', '-o', join(missing, 'tok'), corpus], noFolder(join(missing, 'tok.model'))],
      [
        ['train', '-v', '300', '-o', join(corpus, 'tok'), corpus],
        `'${join(corpus, 'tok.model')}': '${corpus}' is a file, not a folder`,
      ],
      [['count', '-o', join(missing, 'c.parquet'), corpus], noFolder(join(missing, 'c.parquet'))],
      [['count', '-o', dir, corpus], `'${dir}': it is a folder`],
      [
        ['embed', 'train', '--min-count', '1', '--out', join(missing, 'v.txt'), corpus],
        noFolder(join(missing, 'v.txt')),
      ],
      [
        ['embed', 'train', '--min-count', '1', '--out', join(dir, 'v.txt'), '--model', dir, corpus],
        `'${dir}': it is a folder`,
      ],
      [['embed', 'count', '--out', join(missing, 'v.txt'), corpus], noFolder(join(missing, 'v.txt'))],
      [
        ['export', '--format', 'hf', '--model', `${model}.model`, '--out', join(missing, 'tokenizer.json')],
        noFolder(join(missing, 'tokenizer.json')),
      ],
      [
        ['compare', '--en', corpus, '--out', join(corpus, 'report')],
        `'${join(corpus, 'report')}': '${corpus}' is a file, not a folder`,
      ],
    ];
    for (const [argv, says] of cases) {
      const run = await runCapture(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      // Said before the work: no epoch, merge or progress line comes first.
      expect(run.stderr, argv.join(' ')).toBe(`tokenlab ${argv[0]}: cannot write ${says}\n`);
    }
    expect(existsSync(missing)).toBe(false);
  });
});

describe('JSONL input', () => {
  it('accepts a byte order mark on the first line', async () => {
    const run = await runCapture(['encode', '-e', 'cl100k_base', '--jsonl'], '\uFEFF"Hello world"\n"hi"\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('[9906,1917]\n[6151]\n');
    const decode = await runCapture(['decode', '-e', 'cl100k_base', '--jsonl'], '\uFEFF[9906, 1917]\n');
    expect(decode.stdout).toBe('"Hello world"\n');
  });

  it('names the line of a bad record, not an index into it', async () => {
    const special = await runCapture(['encode', '-e', 'gpt2', '--jsonl'], '"ok"\n\n"a<|endoftext|>"\n');
    // A fault of the record's text, not of the command line: exit code 1 (it was 2).
    expect(special.code).toBe(1);
    expect(special.stderr).toMatch(/^tokenlab encode: stdin line 3: the text contains the special token/);
    const id = await runCapture(['decode', '-e', 'gpt2', '--jsonl'], '[1]\n[99999999999999999999]\n');
    expect(id.stderr).toMatch(/^tokenlab decode: stdin line 2: '99999999999999999999' is too large/);
    const range = await runCapture(['decode', '-e', 'gpt2', '--jsonl'], '[1]\n[1, 2]\n[60000]\n');
    expect(range.stderr).toMatch(/^tokenlab decode: stdin line 3: /);
    const bytes = await runCapture(['tokenize', '--jsonl'], Buffer.from('"a"\n"\xff"\n', 'latin1'));
    expect(bytes.stderr).toContain('stdin line 2: not valid UTF-8');
  });
});

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describe.runIf(existsSync('/dev/full'))('writing the output', () => {
  it('reports a full device in one line, without a stack trace', () => {
    expect(existsSync(main), 'build the CLI first (pnpm build)').toBe(true);
    const result = spawnSync(
      'sh',
      ['-c', `printf 'hello world' | node "${main}" tokenize -t whitespace > /dev/full`],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('tokenlab: cannot write the output: no space left on device (ENOSPC)\n');
  });
});

describe('writeLines', () => {
  it('writes every line with its newline, in batches rather than a write per line', async () => {
    const chunks: string[] = [];
    const sink = new Writable({
      highWaterMark: 1024,
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        setImmediate(done); // slow enough that back-pressure is met
      },
    });
    const lines = Array.from({ length: 100_000 }, (_, i) => (i % 7 === 0 ? '' : `line ${i} ٣`));
    await writeLines(sink, lines);
    expect(chunks.join('')).toBe(`${lines.join('\n')}\n`);
    expect(chunks.length).toBeLessThan(lines.length / 100);
    const none: string[] = [];
    const quiet = new Writable({
      write(chunk, _encoding, done) {
        none.push(String(chunk));
        done();
      },
    });
    await writeLines(quiet, []);
    expect(none).toEqual([]);
  });
});

describe('stdin typed at a terminal', () => {
  it('says once that it waits for text and how to end it; piped stdin says nothing', async () => {
    const typed = await runCapture(['tokenize', '-t', 'whitespace'], 'hello world\n', { stdinTTY: true });
    expect(typed.code).toBe(0);
    expect(typed.stdout).toBe('hello\nworld\n');
    expect(typed.stderr).toBe(
      'tokenlab: reading the text typed here (no FILE was given); end it with Ctrl-D on a new line (Ctrl-Z, then Enter, on Windows)\n',
    );
    for (const argv of [
      ['encode', '-e', 'gpt2'],
      ['stem', '--stemmer', 'porter'],
      ['sentences', '--jsonl'],
    ]) {
      const run = await runCapture(argv, argv.includes('--jsonl') ? '"a b"\n' : 'a b\n', { stdinTTY: true });
      expect(run.stderr, argv.join(' ')).toContain('reading the text typed here');
    }
    const piped = await runCapture(['tokenize', '-t', 'whitespace'], 'hello world\n');
    expect(piped.stderr).toBe('');
  });
});
