import { existsSync, lstatSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BasicTokenizer } from '@tokenlab/bpe';
import { save } from '@tokenlab/bpe/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

const dir = mkdtempSync(join(tmpdir(), 'tokenlab-option-files-'));
const missing = join(dir, 'missing');
const model = join(dir, 'small.model');

beforeAll(async () => {
  const tokenizer = new BasicTokenizer();
  tokenizer.train('hello hello world', 260);
  await save(tokenizer, join(dir, 'small'));
});

describe('files named by options (--model, --tiktoken, --tokenizer-json, --vectors, --resume)', () => {
  it('a missing one is named with its option, never as Node says ENOENT', async () => {
    const cases: [string[], string, string][] = [
      [['encode', '--model', `${missing}.model`], `${missing}.model`, '--model'],
      [['decode', '--model', `${missing}.model`], `${missing}.model`, '--model'],
      [['tokenize', '-t', 'bpe', '--model', `${missing}.model`], `${missing}.model`, '--model'],
      [['stats', 'freq', '-t', 'bpe', '--model', `${missing}.model`], `${missing}.model`, '--model'],
      [['export', '--format', 'hf', '--model', `${missing}.model`], `${missing}.model`, '--model'],
      [
        ['encode', '--tiktoken', `${missing}.tiktoken`, '--pattern', 'gpt2'],
        `${missing}.tiktoken`,
        '--tiktoken',
      ],
      [['decode', '--tiktoken', `${missing}.tiktoken`], `${missing}.tiktoken`, '--tiktoken'],
      [
        ['tokenize', '--tiktoken', `${missing}.tiktoken`, '--pattern', 'gpt2'],
        `${missing}.tiktoken`,
        '--tiktoken',
      ],
      [['encode', '--tokenizer-json', `${missing}.json`], `${missing}.json`, '--tokenizer-json'],
      [['embed', 'similar', '--vectors', `${missing}.txt`, 'a'], `${missing}.txt`, '--vectors'],
      [
        ['embed', 'train', '--resume', `${missing}.bin`, '--out', join(dir, 'v.txt')],
        `${missing}.bin`,
        '--resume',
      ],
    ];
    for (const [argv, file, option] of cases) {
      const run = await runCapture(argv, 'a b\n');
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.stderr, argv.join(' ')).toBe(
        `tokenlab ${argv[0]}: cannot read '${file}' (${option}): no such file (ENOENT)\n`,
      );
    }
  });

  it('a folder is named as a folder, for an option and for a FILE that is streamed', async () => {
    const cases: [string[], string][] = [
      [['encode', '-m', dir], `cannot read '${dir}' (--model): is a directory, not a file (EISDIR)`],
      [
        ['embed', 'similar', '--vectors', dir, 'a'],
        `cannot read '${dir}' (--vectors): is a directory, not a file (EISDIR)`,
      ],
      [
        ['embed', 'train', '--out', join(dir, 'z.txt'), dir],
        `cannot read '${dir}': is a directory, not a file (EISDIR)`,
      ],
    ];
    for (const [argv, message] of cases) {
      const run = await runCapture(argv, 'a b\n');
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.stderr, argv.join(' ')).toBe(`tokenlab ${argv[0]}: ${message}\n`);
    }
  });
});

describe('tokenlab export', () => {
  it('asks for --format when it is not given (it said "got \'undefined\'")', async () => {
    const run = await runCapture(['export', '--model', model]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('tokenlab export: --format is required: --format tiktoken or --format hf\n');
  });

  it('says in one line that the output cannot be written (a full device), naming the file', async () => {
    if (!existsSync('/dev/full')) return;
    for (const format of ['hf', 'tiktoken']) {
      const run = await runCapture(['export', '--format', format, '--model', model, '--out', '/dev/full']);
      expect(run.code, format).toBe(1);
      expect(run.stderr, format).toBe(
        "tokenlab export: cannot write '/dev/full': no space left on device (ENOSPC)\n",
      );
    }
  });

  it('embed and count say a full device the same way, and write into a device rather than replace it', async () => {
    if (!existsSync('/dev/full')) return;
    // Through a link of the test's own: a writer that renamed over the path would replace the link, not
    // the device, and the test would see it.
    const full = join(dir, 'full');
    symlinkSync('/dev/full', full);
    const text = 'a b c\na c b\n'.repeat(5);
    const corpus = join(dir, 'corpus.txt');
    writeFileSync(corpus, text);
    const train = ['embed', 'train', '--min-count', '1', '--vector-size', '4', '--epochs', '1'];
    for (const [argv, stdin] of [
      [['embed', 'count', '--out', full], text],
      [[...train, '--out', full], text],
      [[...train, '--model', full], text],
      [['count', '--out', full, corpus], ''],
    ] as const) {
      const run = await runCapture([...argv], stdin);
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.stderr, argv.join(' ')).toContain(
        `tokenlab ${argv[0]}: cannot write '${full}': no space left on device (ENOSPC)\n`,
      );
      expect(lstatSync(full).isSymbolicLink(), argv.join(' ')).toBe(true);
    }
  });
});

describe('a file named by an option that is not what the option takes', () => {
  it('a .vocab or other file given as --model is refused by name, the folder case apart', async () => {
    const vocab = join(dir, 'small.vocab');
    const run = await runCapture(['encode', '--model', vocab], 'a');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${vocab}: expected a minbpe .model file`);
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'hello');
    expect((await runCapture(['encode', '--model', text], 'a')).stderr).toContain(
      'expected a minbpe .model file',
    );
  });
});

describe('messages in the words of the command line', () => {
  it("a pattern's nested quantifier names the fixes a pattern can make, not an API option", async () => {
    const cases: [string[], number][] = [
      [['tokenize', '-t', 'regexp', '--pattern', '(a+)+'], 2],
      [['stats', 'freq', '-t', 'regexp', '--pattern', '(a+)+'], 2],
      [['train', '-v', '300', '-o', join(dir, 'nested'), '--pattern', '(a+)+'], 2],
      [['encode', '--tiktoken', join(dir, 'any.tiktoken'), '--pattern', '(a+)+'], 2],
    ];
    for (const [argv, code] of cases) {
      const run = await runCapture(argv, 'aaa');
      expect(run.code, argv.join(' ')).toBe(code);
      expect(run.stderr, argv.join(' ')).toContain(
        'make the inner repeat possessive (a++) or the group atomic (?>...); the outer repeat is at position 4',
      );
      expect(run.stderr, argv.join(' ')).not.toContain('allowNestedQuantifiers');
    }
  });

  it("embed count names --dimensions and --min-count, not the library's dimensions and minCount", async () => {
    const words = Array.from({ length: 4100 }, (_, i) => `w${i}`).join(' ');
    const run = await runCapture(['embed', 'count', '--out', join(dir, 'dense.txt')], words);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'tokenlab embed: 4100 words would need 4100 × 4100 PPMI values; ask for --dimensions N (a truncated SVD) or raise --min-count\n',
    );
    const empty = await runCapture(
      ['embed', 'count', '--out', join(dir, 'e.txt'), '--min-count', '9'],
      'a b',
    );
    expect(empty.stderr).toBe(
      'tokenlab embed: vocabulary empty after --min-count 9: the corpus has 2 distinct words\n',
    );
  });
});
