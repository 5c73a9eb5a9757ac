import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWord2VecText } from '@tokenlab/vectors';
import { loadModel } from '@tokenlab/vectors/node';
import { describe, expect, it } from 'vitest';
import { PARSED_OPTION_SPECS } from '../command.js';
import { runCapture, runThroughPipe } from '../testing.js';
import { embedCommand } from './embed.js';

/** Two topics whose words never share a sentence: each word's neighbours are of its own topic. */
function corpus(): string {
  const topics = [
    ['cat', 'dog', 'cow', 'horse', 'sheep', 'goat'],
    ['apple', 'pear', 'plum', 'grape', 'lemon', 'melon'],
  ];
  const lines: string[] = [];
  for (let s = 0; s < 600; s++) {
    const topic = topics[s % 2] as string[];
    lines.push(
      Array.from({ length: 8 }, (_, i) => topic[(s * 7 + i * 5 + Math.floor(s / 3)) % topic.length]).join(
        ' ',
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('tokenlab embed', () => {
  it('trains on two worker threads (--workers 2)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'embed-'));
    const input = join(dir, 'corpus.txt');
    await writeFile(input, corpus());
    const out = join(dir, 'v.txt');
    const trained = await runCapture([
      'embed',
      'train',
      '--out',
      out,
      '--vector-size',
      '16',
      '--window',
      '3',
      '--min-count',
      '1',
      '--sample',
      '0',
      '--workers',
      '2',
      input,
    ]);
    expect(trained.stderr).toContain('epoch 5/5: 24000 tokens trained');
    expect(trained.code).toBe(0);
    const kv = parseWord2VecText(await readFile(out));
    const nearest = kv.mostSimilar({ positive: ['cat'], topn: 3 }).map((s) => s.word);
    expect(nearest.every((word) => ['dog', 'cow', 'horse', 'sheep', 'goat'].includes(word))).toBe(true);
    const refused = await runCapture(['embed', 'train', '--out', out, '--workers', 'two', input]);
    expect(refused.stderr).toContain("--workers must be a whole number, got 'two'");
  });

  it('trains, saves gensim text vectors and answers nearest words and analogies', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'embed-'));
    const out = join(dir, 'v.txt');
    const trained = await runCapture(
      [
        'embed',
        'train',
        '--out',
        out,
        '--sg',
        '--vector-size',
        '16',
        '--window',
        '3',
        '--min-count',
        '1',
        '--sample',
        '0',
      ],
      corpus(),
    );
    expect(trained.stderr).toContain('epoch 5/5');
    expect(trained.code).toBe(0);
    const kv = parseWord2VecText(await readFile(out));
    expect(kv.size).toBe(12);
    expect(kv.vectorSize).toBe(16);

    const similar = await runCapture(['embed', 'similar', '--vectors', out, '--topn', '3', 'cat']);
    expect(similar.code).toBe(0);
    const words = similar.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[0]);
    expect(words).toHaveLength(3);
    for (const word of words) expect(['dog', 'cow', 'horse', 'sheep', 'goat']).toContain(word);

    const unknown = await runCapture(['embed', 'similar', '--vectors', out, 'zebra']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('word "zebra" not in vocabulary');

    const analogy = await runCapture([
      'embed',
      'analogy',
      '--vectors',
      out,
      '--topn',
      '1',
      'cat',
      'dog',
      'apple',
    ]);
    expect(analogy.code).toBe(0);
    expect(analogy.stdout).toMatch(/^\S+\t-?\d\.\d{4}\n$/);
    const json = await runCapture(['embed', 'similar', '--vectors', out, '--topn', '2', '--json', 'pear']);
    const parsed = JSON.parse(json.stdout) as { word: string; score: number }[];
    expect(
      parsed.map((s) => s.word).every((w) => ['apple', 'plum', 'grape', 'lemon', 'melon'].includes(w)),
    ).toBe(true);
    expect(parsed).toHaveLength(2);
  });

  it('reports bad usage and errors clearly', async () => {
    expect((await runCapture(['embed'])).stderr).toContain(
      'choose an action: train, count, similar, analogy or evaluate',
    );
    expect((await runCapture(['embed', 'train'], 'a b')).stderr).toContain('--out FILE');
    const empty = await runCapture(['embed', 'train', '--out', join(tmpdir(), 'never.txt')], '\n');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('empty corpus');
    const unknown = await runCapture([
      'embed',
      'similar',
      '--vectors',
      join(import.meta.dirname, 'missing.txt'),
      'x',
    ]);
    expect(unknown.code).toBe(1);
    expect((await runCapture(['embed', 'analogy', '--vectors', 'v.txt', 'a', 'b'])).stderr).toContain(
      'three words',
    );
  });

  it("refuses option values the library cannot take as usage errors, in the flags' names (exit code 1 before)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'embed-'));
    const input = join(dir, 'corpus.txt');
    await writeFile(input, corpus());
    const out = join(dir, 'v.txt');
    const cases: [string[], string][] = [
      [
        ['train', '--vector-size', '1000000000'],
        '--vector-size must be an integer in [1, 10000], got 1000000000',
      ],
      [['train', '--window', '0'], '--window must be an integer in [1, '],
      [['train', '--max-final-vocab', '0'], '--max-final-vocab must be an integer in [1, '],
      [['train', '--alpha', '0'], '--alpha must be greater than 0'],
      [['train', '--negative', '0'], 'nothing to train with: set negative above 0 or hs to true'],
      [['count', '--window', '0'], '--window must be an integer ≥ 1, got 0'],
      [['count', '--smoothing', '2'], '--smoothing must be in (0, 1], got 2'],
      // Known only once the words are counted: still the option's fault.
      [
        ['count', '--dimensions', '500'],
        '--dimensions must be an integer in [1, 12] (the number of rows), got 500',
      ],
    ];
    for (const [[action, ...options], message] of cases) {
      const result = await runCapture(['embed', action as string, '--out', out, ...options, input]);
      expect(result.stderr, options.join(' ')).toContain(`tokenlab embed: ${message}`);
      expect(result.code, options.join(' ')).toBe(2);
    }
    const vectors = join(dir, 'counted.txt');
    expect((await runCapture(['embed', 'count', '--out', vectors, input])).code).toBe(0);
    const evaluate = await runCapture([
      'embed',
      'evaluate',
      '--vectors',
      vectors,
      '--builtin',
      'en',
      '--restrict-vocab',
      '0',
    ]);
    expect(evaluate.stderr).toContain('--restrict-vocab must be a positive integer, got 0');
    expect(evaluate.code).toBe(2);
    // Other errors keep their own code.
    const empty = await runCapture(['embed', 'count', '--out', out], '\n');
    expect(empty.stderr).toContain('empty corpus');
    expect(empty.code).toBe(1);
  });

  it('streams files, trains with hierarchical softmax, saves and resumes a model', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'embed-'));
    const input = join(dir, 'corpus.txt');
    await writeFile(input, corpus());
    const model = join(dir, 'm.w2v');
    const common = ['--hs', '--negative', '0', '--vector-size', '8', '--min-count', '1', '--epochs', '4'];
    const first = await runCapture([
      'embed',
      'train',
      '--model',
      model,
      ...common,
      '--max-final-vocab',
      '10',
      input,
    ]);
    expect(first.stderr).toContain(`model saved to ${model}`);
    expect(first.code).toBe(0);
    const saved = await loadModel(model);
    expect(saved.wv.size).toBe(10);
    expect(saved.options.hs).toBe(true);
    const out = join(dir, 'v.bin');
    const resumed = await runCapture([
      'embed',
      'train',
      '--resume',
      model,
      '--epochs',
      '1',
      '--out',
      out,
      '--binary',
      input,
    ]);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('epoch 1/1');
    const refused = await runCapture(['embed', 'train', '--resume', model, '--sg', '--out', out, input]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--resume keeps the saved model's parameters; drop --sg");
  });

  it('trains on stdin named as - or as a pipe (/dev/stdin) as on the file itself', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'embed-'));
    const input = join(dir, 'corpus.txt');
    await writeFile(input, corpus());
    const common = ['--vector-size', '8', '--min-count', '1', '--epochs', '2', '--workers', '1'];
    const fromFile = await runCapture(['embed', 'train', ...common, '--out', join(dir, 'file.txt'), input]);
    const fromDash = await runCapture(
      ['embed', 'train', ...common, '--out', join(dir, 'dash.txt'), '-'],
      corpus(),
    );
    // A pipe can be read only once: it was read again for each epoch, and the second read found nothing.
    const fromPipe = runThroughPipe(
      ['embed', 'train', ...common, '--out', join(dir, 'pipe.txt'), '/dev/stdin'],
      corpus(),
    );
    for (const run of [fromFile, fromDash, fromPipe]) expect(run.code, run.stderr).toBe(0);
    const vectors = await readFile(join(dir, 'file.txt'), 'utf8');
    expect(await readFile(join(dir, 'dash.txt'), 'utf8')).toBe(vectors);
    expect(await readFile(join(dir, 'pipe.txt'), 'utf8')).toBe(vectors);
  });

  it("splits a sentence's words where Python's str.split() does, from a file or stdin (gensim's LineSentence)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'embed-'));
    // U+001C-U+001F and U+0085 separate words in Python; U+FEFF does not (a BOM at the start is dropped).
    const text = `\uFEFF${'running\u001cjumps\u0085ran\u001fcats a\uFEFFb\r\n'.repeat(3)}`;
    const input = join(dir, 'separators.txt');
    await writeFile(input, text);
    const common = ['--vector-size', '4', '--min-count', '1', '--epochs', '1', '--workers', '1'];
    const words = async (out: string) =>
      (await readFile(out, 'utf8'))
        .split('\n')
        .slice(1, -1)
        .map((line) => line.split(' ')[0])
        .sort();
    const expected = ['a\uFEFFb', 'cats', 'jumps', 'ran', 'running'];
    const fromFile = await runCapture(['embed', 'train', ...common, '--out', join(dir, 'file.txt'), input]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(await words(join(dir, 'file.txt'))).toEqual(expected);
    const fromStdin = await runCapture(['embed', 'train', ...common, '--out', join(dir, 'stdin.txt')], text);
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(await words(join(dir, 'stdin.txt'))).toEqual(expected);
    const counted = await runCapture(['embed', 'count', '--out', join(dir, 'count.txt')], text);
    expect(counted.code, counted.stderr).toBe(0);
    expect(await words(join(dir, 'count.txt'))).toEqual(expected);
  });

  it('takes --input-encoding and --replace-invalid, which its hint for bytes that are not UTF-8 names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'embed-'));
    const latin1 = Buffer.from('café crème\ncafé thé\n'.repeat(5), 'latin1');
    const input = join(dir, 'latin1.txt');
    await writeFile(input, latin1);
    const common = ['--vector-size', '4', '--min-count', '1', '--epochs', '1', '--workers', '1'];
    const fromStdin = await runCapture(['embed', 'train', ...common, '--out', join(dir, 'v.txt')], latin1);
    expect(fromStdin.code).toBe(1);
    expect(fromStdin.stderr).toContain('Name its encoding with --input-encoding');
    const fromFile = await runCapture(['embed', 'train', ...common, '--out', join(dir, 'v.txt'), input]);
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toContain(`'${input}' line 1: not valid UTF-8`);
    expect(fromFile.stderr).toContain('--replace-invalid');
    for (const args of [
      ['--input-encoding', 'latin1', input],
      ['--replace-invalid', input],
    ]) {
      const run = await runCapture(['embed', 'train', ...common, '--out', join(dir, 'ok.txt'), ...args]);
      expect(run.code, run.stderr).toBe(0);
    }
    const kv = parseWord2VecText(await readFile(join(dir, 'ok.txt')));
    expect(kv.size).toBe(3);
    const counted = await runCapture(
      ['embed', 'count', '--out', join(dir, 'count.txt'), '--input-encoding', 'latin1'],
      latin1,
    );
    expect(counted.code, counted.stderr).toBe(0);
    expect((await readFile(join(dir, 'count.txt'), 'utf8')).split('\n')[1]).toMatch(/^café /);
  });

  it('count-based vectors, and analogy evaluation on shipped or given questions', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'embed-'));
    const out = join(dir, 'ppmi.txt');
    const counted = await runCapture(
      ['embed', 'count', '--out', out, '--window', '2', '--dimensions', '4'],
      corpus(),
    );
    expect(counted.code).toBe(0);
    const kv = parseWord2VecText(await readFile(out));
    expect([kv.size, kv.vectorSize]).toEqual([12, 4]);
    const questions = join(dir, 'q.txt');
    await writeFile(questions, ': animals\ncat dog cow horse\ncat dog zebra lion\n: bad\n');
    const evaluated = await runCapture([
      'embed',
      'evaluate',
      '--vectors',
      out,
      '--questions',
      questions,
      '--json',
    ]);
    expect(evaluated.code).toBe(0);
    const result = JSON.parse(evaluated.stdout);
    expect(result.questions).toBe(2);
    expect(result.outOfVocabulary).toBe(1);
    expect(result.sections.map((s: { section: string }) => s.section)).toEqual([
      'animals',
      'bad',
      'Total accuracy',
    ]);
    const builtin = await runCapture(['embed', 'evaluate', '--vectors', out, '--builtin', 'en']);
    expect(builtin.code).toBe(0);
    expect(builtin.stdout).toMatch(/^capital-country\s+0\.0% {2}\(0\/0\)$/m);
    expect(builtin.stdout).toContain('questions with out-of-vocabulary words: 4180 of 4180 (100.0%)');
    const neither = await runCapture(['embed', 'evaluate', '--vectors', out]);
    expect(neither.stderr).toContain('--questions FILE or --builtin en|ar');
  });

  it('lists the options of every action in --help', async () => {
    const actions: [string, string[]][] = [
      ['count', []],
      ['similar', []],
      ['analogy', []],
      ['evaluate', []],
    ];
    for (const [action, lead] of actions) {
      const run = await runCapture(['embed', action, ...lead, '--no-such-option']);
      expect(run.code, action).toBe(2);
      for (const name of Object.keys(PARSED_OPTION_SPECS.get('embed') ?? {})) {
        expect(embedCommand.help, `${action} --${name}`).toMatch(new RegExp(`(^|[\\s,(])--${name}\\b`, 'm'));
      }
    }
  });
});

describe('tokenlab embed options that would be ignored', () => {
  it('refuses --binary without --out, and --cosmul or --topn in evaluate; similar takes --cosmul', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tokenlab-embed-ignored-'));
    const input = join(dir, 'corpus.txt');
    await writeFile(input, corpus());
    const binary = await runCapture(['embed', 'train', '--model', join(dir, 'm.w2v'), '--binary', input]);
    expect(binary.code).toBe(2);
    expect(binary.stderr).toContain('--binary applies to --out FILE');
    const vectors = join(dir, 'v.txt');
    const trained = await runCapture([
      'embed',
      'train',
      '--out',
      vectors,
      '--min-count',
      '1',
      '--vector-size',
      '4',
      '--epochs',
      '1',
      input,
    ]);
    expect(trained.code).toBe(0);
    for (const flag of [['--cosmul'], ['--topn', '3']]) {
      const run = await runCapture(['embed', 'evaluate', '--vectors', vectors, '--builtin', 'en', ...flag]);
      expect(run.code, flag[0]).toBe(2);
      expect(run.stderr, flag[0]).toContain(`${flag[0]} applies to similar and analogy`);
    }
    const similar = await runCapture([
      'embed',
      'similar',
      '--vectors',
      vectors,
      '--cosmul',
      '--topn',
      '2',
      'cat',
    ]);
    expect(similar.code).toBe(0);
    expect(similar.stdout.trim().split('\n')).toHaveLength(2);
  });
});
