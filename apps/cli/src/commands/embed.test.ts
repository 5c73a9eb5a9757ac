import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWord2VecText } from '@tokenlab/vectors';
import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

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
    expect((await runCapture(['embed'])).stderr).toContain('choose an action: train, similar or analogy');
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
});
