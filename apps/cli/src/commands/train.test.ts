import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countChunks, GPT2_PYTHON_PATTERN, RegexTokenizer, vocabFileText } from '@tokenlab/bpe';
import { loadModelFile } from '@tokenlab/bpe/node';
import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { runCapture, runThroughPipe } from '../testing.js';

interface Row {
  training_text_id: string;
  tokenizer: string;
  vocab_size: number;
  error?: string;
  expected?: { model_file: string; vocab_file: string };
}

const texts = new Map(
  readGolden<{ id: string; text: string }>('minbpe_training_texts').map((r) => [r.id, r.text]),
);
const rows = readGolden<Row>('minbpe');
const dir = mkdtempSync(join(tmpdir(), 'tokenlab-train-'));

/**
 * Write `count` words of `shortest` to `shortest + spread - 1` characters of `letters`, joined by
 * spaces, to `name` in the test folder, and return its path. The seed is fixed, so every run trains
 * on the same words.
 */
function writeRandomWords(
  name: string,
  seed: number,
  count: number,
  letters: string,
  shortest: number,
  spread: number,
): string {
  const next = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % n;
  };
  const words = Array.from({ length: count }, () =>
    Array.from({ length: shortest + next(spread) }, () => letters[next(letters.length)]).join(''),
  );
  const path = join(dir, name);
  writeFileSync(path, words.join(' '));
  return path;
}

describe('tokenlab train', () => {
  it('writes minbpe-identical .model and .vocab files (regex gpt4 and basic, from files)', async () => {
    for (const row of rows.filter((r) => r.vocab_size === 320 && r.tokenizer !== 'regex_gpt2').slice(0, 4)) {
      const input = join(dir, `${row.training_text_id}.txt`);
      writeFileSync(input, texts.get(row.training_text_id)!);
      const prefix = join(dir, `${row.training_text_id}-${row.tokenizer}`);
      const kind = row.tokenizer === 'basic' ? 'basic' : 'regex';
      const run = await runCapture([
        'train',
        '-t',
        kind,
        '--vocab-size',
        '320',
        '--out',
        prefix,
        '--workers',
        '2',
        input,
      ]);
      // The texts are far below one piece of input per worker, so the second worker is not started.
      expect(run.stderr).toMatch(
        /^tokenlab train: --workers 2 capped at 1: the input \(.+\) keeps at most 1 worker busy/,
      );
      expect(run.code).toBe(0);
      expect(readFileSync(`${prefix}.model`, 'utf8')).toBe(row.expected!.model_file);
      expect(readFileSync(`${prefix}.vocab`, 'utf8')).toBe(row.expected!.vocab_file);
    }
  });

  it('refuses a bad --pattern (a mistyped name, a broken regex) as a usage error naming the flag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenlab-train-pattern-'));
    const input = join(dir, 'in.txt');
    writeFileSync(input, 'hello world\n');
    for (const [pattern, reason] of [
      ['GPT4', "split pattern 'GPT4' is not a pattern name"],
      ['(', 'missing ), unterminated subpattern'],
    ]) {
      const run = await runCapture([
        'train',
        '-p',
        pattern!,
        '-v',
        '300',
        '-o',
        join(dir, 'm'),
        '--quiet',
        input,
      ]);
      expect(run.code, pattern).toBe(2);
      expect(run.stderr, pattern).toContain(`tokenlab train: --pattern: ${reason}`);
    }
  });

  it('counts a file for the GPT-2 pattern named or written out, minbpe-identically', async () => {
    const row = rows.find((r) => r.vocab_size === 320 && r.tokenizer === 'regex_gpt2')!;
    const input = join(dir, `${row.training_text_id}-gpt2.txt`);
    writeFileSync(input, texts.get(row.training_text_id)!);
    for (const pattern of ['gpt2', GPT2_PYTHON_PATTERN]) {
      const prefix = join(dir, `gpt2-${pattern.length}`);
      const run = await runCapture(['train', '-p', pattern, '-v', '320', '-o', prefix, '--quiet', input]);
      expect(run.code).toBe(0);
      expect(readFileSync(`${prefix}.model`, 'utf8')).toBe(row.expected!.model_file);
      expect(readFileSync(`${prefix}.vocab`, 'utf8')).toBe(row.expected!.vocab_file);
    }
  });

  it('names a missing file, and the file and byte of invalid UTF-8, from the counting workers', async () => {
    // In the words every command uses for a file it cannot read, with any pattern and trainer.
    const missing = join(dir, 'no-such-file.txt');
    for (const options of [[], ['-p', 'gpt2'], ['--reference'], ['-t', 'basic']]) {
      const absent = await runCapture(['train', ...options, '-v', '300', '-o', join(dir, 'absent'), missing]);
      expect(absent.code, options.join(' ')).toBe(1);
      expect(absent.stderr, options.join(' ')).toBe(
        `tokenlab train: cannot read '${missing}': no such file (ENOENT)\n`,
      );
    }
    const folder = await runCapture(['train', '-v', '300', '-o', join(dir, 'absent'), dir]);
    expect(folder.stderr).toBe(`tokenlab train: cannot read '${dir}': is a directory, not a file (EISDIR)\n`);
    const bad = join(dir, 'bad-utf8.txt');
    writeFileSync(
      bad,
      Buffer.concat([Buffer.from('fine\nText '), Buffer.from([0xe2, 0x28]), Buffer.from('\n')]),
    );
    // Every trainer: the reference one read the file as text with the bad bytes as U+FFFD.
    for (const options of [['-p', 'gpt4'], ['-p', 'gpt2'], ['--reference'], ['-t', 'basic']]) {
      const run = await runCapture(['train', ...options, '-v', '300', '-o', join(dir, 'bad'), bad]);
      expect(run.code, options.join(' ')).toBe(1);
      expect(run.stderr, options.join(' ')).toContain(`${bad}: not valid UTF-8 at byte 10`);
    }
  });

  it('reads stdin, registers special tokens and prints a JSON summary', async () => {
    const row = rows.find((r) => r.tokenizer === 'regex_gpt2' && r.vocab_size === 320)!;
    const prefix = join(dir, 'stdin');
    const run = await runCapture(
      [
        'train',
        '--vocab-size',
        '320',
        '--pattern',
        'gpt2',
        '--special',
        '<|endoftext|>=100257',
        '--json',
        '-o',
        prefix,
      ],
      texts.get(row.training_text_id)!,
    );
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary).toMatchObject({ tokenizer: 'regex', vocabSize: 320, merges: 64, exhausted: false });
    expect(summary.specialTokens).toEqual({ '<|endoftext|>': 100257 });
    const model = readFileSync(`${prefix}.model`, 'utf8');
    expect(model).toBe(row.expected!.model_file.replace('\n0\n', '\n1\n<|endoftext|> 100257\n'));
  });

  it('trains on a pipe named as a file (/dev/stdin, <(...)) as on the file itself', async () => {
    const text = [...texts.values()].join('\n');
    const file = join(dir, 'piped.txt');
    writeFileSync(file, text);
    const extra = join(dir, 'piped-extra.txt');
    writeFileSync(extra, 'وَرَحْمَةُ ٱللَّهِ 12 and more words');
    for (const [name, args] of [
      ['regex', []],
      ['basic', ['-t', 'basic']],
      ['gpt2', ['-p', 'gpt2']],
    ] as const) {
      const fromFile = await runCapture([
        'train',
        ...args,
        '-v',
        '400',
        '-o',
        join(dir, `file-${name}`),
        file,
        extra,
      ]);
      const fromPipe = runThroughPipe(
        ['train', ...args, '-v', '400', '-o', join(dir, `pipe-${name}`), '/dev/stdin', extra],
        text,
      );
      expect(fromFile.code).toBe(0);
      expect(fromPipe).toMatchObject({ code: 0, stderr: '' });
      expect(fromPipe.stdout).toContain(': 144 merges,');
      for (const ext of ['model', 'vocab'])
        expect(readFileSync(join(dir, `pipe-${name}.${ext}`), 'utf8')).toBe(
          readFileSync(join(dir, `file-${name}.${ext}`), 'utf8'),
        );
    }
  });

  it('drops a byte order mark from a FILE, /dev/stdin and stdin, as every command does', async () => {
    // Short: ties between pairs seen once go to the first seen, so a BOM kept would be merged (239 187).
    const text = 'Hello world. This is Mr. Smith.\r\nend\r';
    const withBom = join(dir, 'bom.txt');
    writeFileSync(withBom, `\uFEFF${text}`);
    const plain = join(dir, 'no-bom.txt');
    writeFileSync(plain, text);
    const second = join(dir, 'bom-second.txt');
    writeFileSync(second, '\uFEFFsecond file');
    const secondPlain = join(dir, 'no-bom-second.txt');
    writeFileSync(secondPlain, 'second file');
    for (const [name, args] of [
      ['basic', ['-t', 'basic']],
      ['gpt4', []],
      ['gpt2', ['-p', 'gpt2']],
      ['reference', ['--reference']],
      ['words', ['-p', '\\w+|\\s+|[^\\w\\s]+']],
    ] as const) {
      const train = async (prefix: string, files: string[], stdin = '') => {
        const out = join(dir, prefix);
        const run = await runCapture(['train', ...args, '-v', '270', '-o', out, ...files], stdin);
        expect(run.code, `${name} ${prefix}: ${run.stderr}`).toBe(0);
        const model = readFileSync(`${out}.model`, 'utf8');
        expect(model, `${name} ${prefix}`).not.toMatch(/^239 187$/m);
        return model;
      };
      const expected = await train(`bom-${name}-plain`, [plain]);
      expect(await train(`bom-${name}-file`, [withBom]), name).toBe(expected);
      expect(await train(`bom-${name}-stdin`, [], `\uFEFF${text}`), name).toBe(expected);
      // Each file's own BOM goes, not only the first file's.
      expect(await train(`bom-${name}-two`, [withBom, second]), name).toBe(
        await train(`bom-${name}-two-plain`, [plain, secondPlain]),
      );
    }
    const piped = runThroughPipe(
      ['train', '-t', 'basic', '-v', '270', '-o', join(dir, 'bom-pipe'), '/dev/stdin'],
      `\uFEFF${text}`,
    );
    expect(piped).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(join(dir, 'bom-pipe.model'), 'utf8')).toBe(
      readFileSync(join(dir, 'bom-basic-plain.model'), 'utf8'),
    );
  });

  it('takes --input-encoding and --replace-invalid, which its hint for bytes that are not UTF-8 names', async () => {
    const text = 'café crème brûlée, déjà vu, naïve façade\n'.repeat(20);
    const latin1 = join(dir, 'latin1.txt');
    writeFileSync(latin1, Buffer.from(text, 'latin1'));
    const utf8 = join(dir, 'utf8.txt');
    writeFileSync(utf8, text);
    for (const args of [['-t', 'basic'], [], ['--reference']]) {
      const bad = await runCapture(['train', ...args, '-v', '280', '-o', join(dir, 'l1'), latin1]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('Name its encoding with --input-encoding');
      const fromStdin = await runCapture(
        ['train', ...args, '-v', '280', '-o', join(dir, 'l1')],
        Buffer.from(text, 'latin1'),
      );
      expect(fromStdin.code).toBe(1);
      expect(fromStdin.stderr).toContain('--replace-invalid');
      const good = await runCapture([
        'train',
        ...args,
        '-v',
        '280',
        '--input-encoding',
        'latin1',
        '-o',
        join(dir, 'l1'),
        latin1,
      ]);
      expect(good.code, good.stderr).toBe(0);
      const reference = await runCapture(['train', ...args, '-v', '280', '-o', join(dir, 'u8'), utf8]);
      expect(reference.code).toBe(0);
      expect(readFileSync(join(dir, 'l1.model'), 'utf8')).toBe(readFileSync(join(dir, 'u8.model'), 'utf8'));
      const replaced = await runCapture(
        ['train', ...args, '-v', '280', '--replace-invalid', '-o', join(dir, 'rep')],
        Buffer.from(text, 'latin1'),
      );
      expect(replaced.code, replaced.stderr).toBe(0);
      expect(replaced.stderr).toContain('replaced with U+FFFD (--replace-invalid)');
      const replacedFile = await runCapture([
        'train',
        ...args,
        '-v',
        '280',
        '--replace-invalid',
        '-o',
        join(dir, 'rep-file'),
        latin1,
      ]);
      expect(replacedFile.code, replacedFile.stderr).toBe(0);
      expect(replacedFile.stderr).toContain(`${latin1}: not valid utf-8 at byte 3`);
      expect(readFileSync(join(dir, 'rep-file.model'), 'utf8')).toBe(
        readFileSync(join(dir, 'rep.model'), 'utf8'),
      );
    }
  });

  it('counts one merge as one merge in what it says', async () => {
    const run = await runCapture(['train', '-v', '300', '-o', join(dir, 'one-merge')], 'ab');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('ran out of pairs after 1 merge; vocabulary size 257 (asked for 300)');
    expect(run.stdout).toContain(': 1 merge, vocabulary size 257 (');
  });

  it('stops cleanly where minbpe crashes, and says how far it got', async () => {
    const row = rows.find((r) => r.error)!;
    const run = await runCapture(
      [
        'train',
        '--vocab-size',
        String(row.vocab_size),
        '--pattern',
        'gpt2',
        '--json',
        '-o',
        join(dir, 'short'),
      ],
      texts.get(row.training_text_id)!,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/ran out of pairs after \d+ merges/);
    expect(JSON.parse(run.stdout).exhausted).toBe(true);
  });

  it('writes a .vocab that renders its .model exactly for thousands of merges', async () => {
    const letters = 'abcdefghijklmnopqrstuvwxyzابتثجحخدذرزسشصضطظعغفقكلمنهوي\t\u0007';
    const input = writeRandomWords('words.txt', 7, 30000, letters, 2, 8);
    const prefix = join(dir, 'words');
    const run = await runCapture([
      'train',
      '--vocab-size',
      '6000',
      '--special',
      '<|end|>=6000',
      '--json',
      '-o',
      prefix,
      input,
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).merges).toBe(5744);
    const tokenizer = await loadModelFile(`${prefix}.model`);
    expect(tokenizer.specialTokens.get('<|end|>')).toBe(6000);
    const trained = RegexTokenizer.fromMerges(tokenizer.merges, { pattern: 'gpt4' });
    expect(readFileSync(`${prefix}.vocab`, 'utf8')).toBe(vocabFileText(trained));
  });

  it('trains a large chunk table with a merge helper thread, to the files one thread writes', async () => {
    // 4 MiB or more of distinct chunks is trained with a second thread for the long occurrence lists
    // (not with --workers 1); both must write the same files.
    const input = writeRandomWords('many-words.txt', 11, 700_000, 'abcdeابتثجحخ', 3, 9);
    const table = countChunks(readFileSync(input, 'utf8'), 'gpt4');
    let tableBytes = 0;
    for (const chunk of table.keys()) tableBytes += Buffer.byteLength(chunk);
    expect(tableBytes).toBeGreaterThanOrEqual(4 << 20);
    const files: string[] = [];
    for (const workers of [[], ['--workers', '1']]) {
      const prefix = join(dir, `many-words${workers.length}`);
      const run = await runCapture(['train', '-v', '700', '--quiet', ...workers, '-o', prefix, input]);
      expect(run.code, run.stderr).toBe(0);
      files.push(readFileSync(`${prefix}.model`, 'utf8') + readFileSync(`${prefix}.vocab`, 'utf8'));
    }
    expect(files[0]).toBe(files[1]);
  });

  it('rejects bad usage with a clear message', async () => {
    const small = await runCapture(['train', '--vocab-size', '100', '-o', join(dir, 'x')], 'abc');
    expect(small.code).toBe(2);
    expect(small.stderr).toMatch(/at least 256/);
    const noOut = await runCapture(['train', '--vocab-size', '300'], 'abc');
    expect(noOut.stderr).toMatch(/--out PREFIX is required/);
    const special = await runCapture(
      ['train', '--vocab-size', '300', '-o', join(dir, 'y'), '--special', 'x'],
      'abc',
    );
    expect(special.stderr).toMatch(/TOKEN=ID/);
    const twice = await runCapture(
      ['train', '--vocab-size', '300', '-o', join(dir, 'z'), '--special', 'x=300', '--special', 'x=301'],
      'abc',
    );
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("--special gives 'x' twice (ids 300 and 301)");
  });
});

describe('tokenlab tokenize --tokenizer bpe', () => {
  it('loads a trained .model and prints tokens with ids and spans', async () => {
    const prefix = join(dir, 'for-tokenize');
    await runCapture(['train', '--vocab-size', '300', '-o', prefix], texts.values().next().value!);
    const run = await runCapture(
      ['tokenize', '-t', 'bpe', '--model', `${prefix}.model`, '--json', '--spans'],
      'First Citizen',
    );
    expect(run.code).toBe(0);
    const tokens = JSON.parse(run.stdout) as Array<{ text: string; id: number }>;
    expect(tokens.map((t) => t.text).join('')).toBe('First Citizen');
    expect(tokens.some((t) => t.id >= 256)).toBe(true);
    const missing = await runCapture(['tokenize', '-t', 'bpe'], 'x');
    expect(missing.stderr).toMatch(/needs --model/);
  });
});

describe('tokenlab train progress', () => {
  it('draws merges, rate and ETA on a terminal, and nothing with --quiet', async () => {
    const { PassThrough, Readable } = await import('node:stream');
    const { runCli } = await import('../cli.js');
    const run = async (extra: string[]) => {
      const stderr = new PassThrough();
      const chunks: Buffer[] = [];
      stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
      const input = join(dir, 'progress.txt');
      writeFileSync(input, texts.values().next().value!);
      const code = await runCli(['train', '-v', '300', '-o', join(dir, 'progress'), ...extra, input], {
        stdin: Readable.from([]),
        stdout: new PassThrough(),
        stderr,
        isTTY: true,
      });
      return { code, stderr: Buffer.concat(chunks).toString('utf8') };
    };
    const shown = await run([]);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toMatch(/44\/44 merges .* merges\/s {2}ETA/);
    expect((await run(['--quiet'])).stderr).toBe('');
  });
});
